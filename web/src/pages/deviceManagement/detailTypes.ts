/** Types of the site detail, the piles list and the site groups, taken from the generated API document. */
import type { Body, Data, Item } from '../../api/types';
import type { Filters } from '../../components/desk';

/** A site with its counts by brand (GET /api/dashboard/getSite). */
export type SiteInfo = Data<'/api/dashboard/getSite'>;
/** One snapshot of the site's status (GET /api/dashboard/siteHistory). */
export type HistoryRow = Item<Data<'/api/dashboard/siteHistory'>['lists']>;
/** Today's rents (or returns) per hour and brand (GET /api/dashboard/siteRentStatistics). */
export type HourStats = Data<'/api/dashboard/siteRentStatistics'>;
/** One abnormal message (GET /api/abnormal/getMsg). */
export type SiteMsg = Item<Data<'/api/abnormal/getMsg'>['lists']>;

/** One pile with its last power (GET /api/equipment/power/list). */
export type PileRow = Item<Data<'/api/equipment/power/list'>['lists']>;
/** The piles list's filters: `power` is a range like 0-10, sent as powerMin / powerMax. */
export type PileKey = 'equipmentMac' | 'siteId' | 'power' | 'selfAreaId';
export type PileFilters = Filters<PileKey>;
/** A pile's readings over a day or a range (GET /api/equipment/power/day, between). */
export type PowerSeries = Data<'/api/equipment/power/day'>;

/** One magnify group (GET /api/site/magnify/); appliedTime: when it last took effect in the snapshot. */
export type GroupRow = Item<Data<'/api/site/magnify/'>['lists']>;
export type GroupKey = 'alias' | 'openSwitch' | 'selfAreaId';
export type GroupFilters = Filters<GroupKey>;
export type GroupBody = Body<'/api/site/magnify/'>;
/** A site that is in another open group (GET /api/site/magnify/site/clash). */
export type ClashRow = Item<Data<'/api/site/magnify/site/clash'>>;
/** A site of a group (GET /api/site/magnify/site). */
export type GroupSite = Item<Data<'/api/site/magnify/site'>>;
/** A site of the area, for the picker (GET /api/site/rail). */
export type RailSite = Item<Data<'/api/site/rail'>>;
