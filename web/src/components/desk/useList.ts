/** A list call through react-query, keyed by the URL query; the previous page stays up while the next loads. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Filters, ListQuery } from './urlQuery';

/** Paged data of the server (`{lists, total}`). */
export interface Paged<T> {
  lists: T[];
  total: number;
}

/** `R`: what the call answers, a page and whatever else it carries (totals of the filter, say). */
export function useList<T, K extends string, R extends Paged<T> = Paged<T>>(
  key: string,
  query: ListQuery<K>,
  call: (q: Filters<K> & { currentPage: number; pageSize: number }) => Promise<R>,
) {
  const { filters, currentPage, pageSize } = query;
  return useQuery({
    queryKey: ['desk', key, filters, currentPage, pageSize],
    queryFn: () => call({ ...filters, currentPage, pageSize }),
    placeholderData: keepPreviousData,
  });
}
