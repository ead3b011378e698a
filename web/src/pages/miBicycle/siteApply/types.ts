/** Types of 米单车管理 · 站点申请, taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../../api/types';
import type { Filters } from '../../../components/desk';

/** One site application (GET /api/miApp/siteApply/list). */
export type Apply = Item<Data<'/api/miApp/siteApply/list'>['lists']>;
/** The list's filter names: the call's query parameters. */
export type ApplyKey = Exclude<keyof Query<'/api/miApp/siteApply/list'>, 'currentPage' | 'pageSize'> & string;
export type ApplyFilters = Filters<ApplyKey>;
/** 通过: the application and the site to build. */
export type ApproveBody = Body<'/api/miApp/siteApply/approve'>;
