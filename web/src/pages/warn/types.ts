/** Types of the abnormal list, taken from the generated API document (web/src/api). */
import type { Data, Item, Query } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One abnormal message (GET /api/abnormal/getMsg). */
export type WarnMsg = Item<Data<'/api/abnormal/getMsg'>['lists']>;
/** A page of the list, with the window the server applied (startTime null: 不限). */
export type WarnPage = Data<'/api/abnormal/getMsg'>;
/** Counts per type (GET /api/abnormal/getMsgCounts). */
export type WarnCounts = Data<'/api/abnormal/getMsgCounts'>;
/** The list's filter names: exactly the export call's query parameters. */
export type WarnKey = keyof Query<'/api/abnormal/exportMsg'> & string;
/** The filters as the URL holds them. */
export type WarnFilters = Filters<WarnKey>;
/** A brand of the area (the brand filter's options). */
