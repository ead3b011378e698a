/** Types of 站点管理, taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One site with its state (GET /api/site/). */
export type SiteRow = Item<Data<'/api/site/'>['lists']>;
/** The site list's filter names: the list call's query parameters (paging aside). */
export type SiteKey = Exclude<keyof Query<'/api/site/'> & string, 'currentPage' | 'pageSize' | 'flag'>;
export type SiteFilters = Filters<SiteKey>;

/** One site with its piles and their power (GET /api/device/list/get). */
export type DeviceSiteRow = Item<Data<'/api/device/list/get'>['lists']>;
export type PowerKey = Exclude<keyof Query<'/api/device/list/get'> & string, 'currentPage' | 'pageSize'>;
export type PowerFilters = Filters<PowerKey>;
export type Pile = DeviceSiteRow['piles'][number];

/** The bodies of 新增站点, 修改站点 and 批量修改. */
export type NewSite = Body<'/api/site/', 'post'>;
export type SiteEdit = Body<'/api/site/{id}', 'put'>;
export type BatchBody = Body<'/api/site/batch', 'put'>;
export type BatchFields = BatchBody['fields'];
/** A site of the map's orientation layer (GET /api/site/rail). */
export type RailSite = Item<Data<'/api/site/rail'>>;
