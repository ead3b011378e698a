/** Types of 米单车管理 · 巡检, taken from the generated API document (web/src/api). */
import type { Data, Item, Query } from '../../../api/types';
import type { Filters } from '../../../components/desk';

/** One patrol record (GET /api/miApp/getMiInspectionRecordsList). */
export type Inspection = Item<Data<'/api/miApp/getMiInspectionRecordsList'>['lists']>;
/** One inspector's day (GET /api/miApp/getSumMiInspectionRecordsData). */
export type InspectionDay = Item<Data<'/api/miApp/getSumMiInspectionRecordsData'>['lists']>;
/** The lists' filter names: the calls' query parameters (both take the same). */
export type InspectionKey = Exclude<keyof Query<'/api/miApp/getMiInspectionRecordsList'>, 'currentPage' | 'pageSize'> & string;
export type InspectionFilters = Filters<InspectionKey>;
