/** A list's filters and page held in the URL (hash route), so links, reloads and back/forward keep them. */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE } from '../../lib/constants';
import type { Field } from './fields';
import { type Filters, type ListQuery, namesOf, readQuery, writeQuery } from './urlQuery';

export interface UrlQuery<K extends string = string> extends ListQuery<K> {
  /** replace the filters (back to page 1); a new history entry */
  setFilters: (filters: Filters<K>) => void;
  setPage: (currentPage: number, pageSize: number) => void;
  /** clear the filters and the page */
  reset: () => void;
}

export function useUrlQuery<K extends string>(fields: readonly Field<K>[], defaultSize: number = PAGE.defaultSize): UrlQuery<K> {
  const [params, setParams] = useSearchParams();
  const names = useMemo(() => namesOf(fields), [fields]);
  const key = params.toString();
  // one object per distinct URL, so it can serve as a query key and an effect dependency
  const query = useMemo(() => readQuery(new URLSearchParams(key), names, defaultSize), [key, names, defaultSize]);

  const go = useCallback(
    (next: (q: ListQuery<K>) => ListQuery<K>) => setParams((prev) => writeQuery(prev, names, next(readQuery(prev, names, defaultSize)), defaultSize)),
    [setParams, names, defaultSize],
  );
  const setFilters = useCallback((filters: Filters<K>) => go((q) => ({ ...q, filters, currentPage: 1 })), [go]);
  const setPage = useCallback(
    (currentPage: number, pageSize: number) => go((q) => ({ ...q, currentPage: pageSize === q.pageSize ? currentPage : 1, pageSize })),
    [go],
  );
  const reset = useCallback(() => go(() => ({ filters: {}, currentPage: 1, pageSize: defaultSize })), [go, defaultSize]);
  return useMemo(() => ({ ...query, setFilters, setPage, reset }), [query, setFilters, setPage, reset]);
}

/** The same query held by the component (a list embedded in another screen, whose URL is not its own): no filters, the page only. */
export function useLocalQuery(defaultSize: number = PAGE.defaultSize): UrlQuery<never> {
  const [page, setPageState] = useState<{ currentPage: number; pageSize: number }>({ currentPage: PAGE.defaultPage, pageSize: defaultSize });
  const setPage = useCallback(
    (currentPage: number, pageSize: number) => setPageState((q) => ({ currentPage: pageSize === q.pageSize ? currentPage : 1, pageSize })),
    [],
  );
  const reset = useCallback(() => setPageState({ currentPage: PAGE.defaultPage, pageSize: defaultSize }), [defaultSize]);
  const setFilters = useCallback(() => setPageState((q) => ({ ...q, currentPage: 1 })), []);
  return useMemo(() => ({ filters: NO_FILTERS, ...page, setFilters, setPage, reset }), [page, setFilters, setPage, reset]);
}
const NO_FILTERS = {};
