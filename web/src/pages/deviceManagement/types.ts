/** Types of 站点管理, taken from the generated API document (web/src/api). */
import type { Data, Item, Query } from '../../api/types';
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
