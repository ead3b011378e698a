/** Types of 信息管理, taken from the generated API document (web/src/api). */
import type { Body, Data, Item } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One notice of the list (GET /api/information/getList). */
export type NoticeRow = Item<Data<'/api/information/getList'>['lists']>;
/** One notice with body, attachments and readers (GET /api/information/get). */
export type NoticeDetail = Data<'/api/information/get'>;
export type Reader = Item<NoticeDetail['readers']>;
export type NoticeBody = Body<'/api/information/add'>;
export type NoticeKey = 'title' | 'type' | 'state' | 'read' | 'startTime' | 'endTime' | 'selfAreaId';
export type NoticeFilters = Filters<NoticeKey>;
