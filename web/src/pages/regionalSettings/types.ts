/** Types of 区域设置, taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One area with its fields of spec §3 (GET /api/area/listsAll). */
export type Area = Item<Data<'/api/area/listsAll'>>;
/** The edit call's body (PUT /api/area/). */
export type AreaEdit = Body<'/api/area/', 'put'>;

/** One forbidden zone (GET /api/forbid/). */
export type Forbid = Item<Data<'/api/forbid/'>['lists']>;
/** The zone list's filter names: the list call's query parameters (paging aside). */
export type ForbidKey = Exclude<keyof Query<'/api/forbid/'> & string, 'currentPage' | 'pageSize'>;
export type ForbidFilters = Filters<ForbidKey>;
export type NewForbid = Body<'/api/forbid/', 'post'>;
export type ForbidEdit = Body<'/api/forbid/{id}', 'put'>;

/** A site of the map's orientation layer (GET /api/site/rail). */
export type RailSite = Item<Data<'/api/site/rail'>>;

/** An entry fence (GET /api/area/entryRail: several per area, named). */
export type EntryRail = Item<Data<'/api/area/entryRail'>>;
/** A new sub-area (POST /api/area/). */
export type NewArea = Body<'/api/area/', 'post'>;

/** An external GBFS feed of 外部站点 (GET /api/externalFeed/). */
export type ExternalFeed = Item<Data<'/api/externalFeed/'>['lists']>;
/** The feed list's filter names. */
export type ExternalFeedKey = Exclude<keyof Query<'/api/externalFeed/'> & string, 'currentPage' | 'pageSize'>;
/** 从文件导入's body (POST /api/externalFeed/files). */
export type FeedFiles = Body<'/api/externalFeed/files', 'post'>;
/** 从地址导入's body (POST /api/externalFeed/url). */
export type FeedUrl = Body<'/api/externalFeed/url', 'post'>;
