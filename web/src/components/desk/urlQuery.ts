/**
 * Filters and paging <-> URL search params (pure). Parameter names are the server's
 * (`abnormalType`, `currentPage`, `pageSize`), so a link such as #/warn?abnormalType=1&handled=0
 * opens a filtered list and the same values go to the API as they are.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { FORMAT, PAGE } from '../../lib/constants';
import { type Field, paramsOf } from './fields';

export type Filters<K extends string = string> = Partial<Record<K, string>>;

export interface ListQuery<K extends string = string> {
  filters: Filters<K>;
  currentPage: number;
  pageSize: number;
}

const positive = (v: string | null, fallback: number) => (v && /^\d{1,6}$/.test(v) && Number(v) > 0 ? Number(v) : fallback);

/** The declared filters, page and size in `params`; blank values are left out. */
export function readQuery<K extends string>(params: URLSearchParams, names: readonly K[], defaultSize: number = PAGE.defaultSize): ListQuery<K> {
  const filters: Filters<K> = {};
  for (const name of names) {
    const v = params.get(name)?.trim();
    if (v) filters[name] = v;
  }
  return {
    filters,
    currentPage: positive(params.get('currentPage'), PAGE.defaultPage),
    pageSize: positive(params.get('pageSize'), defaultSize),
  };
}

/**
 * `params` with the declared filters replaced by `filters` and the page set; other parameters stay.
 * Page 1 and the default size are left out of the URL.
 */
export function writeQuery<K extends string>(
  params: URLSearchParams,
  names: readonly K[],
  next: ListQuery<K>,
  defaultSize: number = PAGE.defaultSize,
): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const name of names) {
    const v = next.filters[name]?.trim();
    if (v) out.set(name, v);
    else out.delete(name);
  }
  if (next.currentPage > 1) out.set('currentPage', String(next.currentPage));
  else out.delete('currentPage');
  if (next.pageSize !== defaultSize) out.set('pageSize', String(next.pageSize));
  else out.delete('pageSize');
  return out;
}

/** URL parameter names of declared fields. */
export function namesOf<K extends string>(fields: readonly Field<K>[]): K[] {
  return fields.flatMap((f) => paramsOf(f));
}

type FormValue = string | string[] | [Dayjs | null, Dayjs | null] | undefined;

/** URL filters as the values of the query form's controls. */
export function toFormValues<K extends string>(fields: readonly Field<K>[], filters: Filters<K>): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const f of fields) {
    if (f.type === 'dateRange') {
      const [a, b] = f.names.map((n) => (filters[n] ? dayjs(filters[n]) : null));
      out[f.name] = a || b ? [a?.isValid() ? a : null, b?.isValid() ? b : null] : undefined;
    } else if ((f.type === 'select' && f.multiple) || f.type === 'checks') {
      out[f.name] = filters[f.name] ? filters[f.name]!.split(',') : undefined;
    } else {
      out[f.name] = filters[f.name];
    }
  }
  return out;
}

const text = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

/** The query form's values as URL filters (dates as yyyy-MM-dd, several choices comma-joined). */
export function fromFormValues<K extends string>(fields: readonly Field<K>[], values: Record<string, unknown>): Filters<K> {
  const out: Filters<K> = {};
  const put = (k: K, v: string | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  for (const f of fields) {
    const v = values[f.name];
    if (f.type === 'dateRange') {
      const [a, b] = (Array.isArray(v) ? v : []) as Array<Dayjs | null | undefined>;
      put(f.names[0], a ? a.format(FORMAT.date) : undefined);
      put(f.names[1], b ? b.format(FORMAT.date) : undefined);
    } else if (Array.isArray(v)) {
      put(f.name, v.length ? v.map(String).join(',') : undefined);
    } else {
      put(f.name, text(v));
    }
  }
  return out;
}
