/** Types of 米单车管理, taken from the generated API document (web/src/api). */
import type { Data, Item, Query } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One violation report (GET /api/miApp/report/list). */
export type Report = Item<Data<'/api/miApp/report/list'>['lists']>;
/** The list's filter names: the call's query parameters. */
export type ReportKey = Exclude<keyof Query<'/api/miApp/report/list'>, 'currentPage' | 'pageSize'> & string;
export type ReportFilters = Filters<ReportKey>;
