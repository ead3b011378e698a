/**
 * Shapes of the home screen's API answers, named for the screen and derived from the generated API
 * types (web/src/api/schema.d.ts, from the server's TypeBox schemas): no hand copies.
 */
import type { Data, Item } from '../../api/types';

/* ---------------- dashboard ---------------- */

export type InitData = Data<'/api/dashboard/init'>;
export type BrandBrief = Item<InitData['brands']>;

export type DashboardData = Data<'/api/dashboard/get'>;
/** One site of GET /api/dashboard/get → data.map (the home map uses the same shape). */
export type MapSite = Item<DashboardData['map']>;
type Statistical = DashboardData['statistical'];
export type BrandStat = Item<Statistical['brands']>;
/** The area's site counts by status. */
export type SiteCounters = Pick<Statistical, 'total' | 'full' | 'more' | 'normal' | 'less' | 'empty'>;
export type SiteMessage = Item<DashboardData['siteMessage']>;

export type BrandSite = Item<Data<'/api/dashboard/brandOnlineBike'>['lists']>;
export type SiteBike = Item<Data<'/api/dashboard/siteBike'>['lists']>;
export type HistoryRow = Item<Data<'/api/dashboard/siteHistory'>['lists']>;

export type MonitorBrand = Data<'/api/dashboard/bikeMonitor'>[string];
export type HeardBike = Item<MonitorBrand['warn']>;
type NotUploadBrand = Data<'/api/dashboard/bikeNotUpload'>[string];
export type NotUploadBike = Item<NotUploadBrand['list']>;

export type EnterpriseDetail = Data<'/api/dashboard/brandInfo'>;
export type FlowToday = Data<'/api/dashboard/siteRentStatistics'>;
export type CollectRow = Item<Data<'/api/dashboard/brandBikeOnlineCollect'>>;

/** The trend by brand; a slot has null figures when still to come or without data, partial when under way. */
export type TrendBrand = Data<'/api/dashboard/brandBikeOnline'>[string];

/** A slot of a site's usage: null counts for a slot still to come; partial for the slot under way. */
export type UsageRow = Item<Data<'/api/dashboard/siteStatistics'>>;

/* ---------------- statistics ---------------- */

type RankData = Data<'/api/statistics/siteRankAll'>;
export type RankRow = Item<RankData['lists']>;
export type TidalData = Data<'/api/statistics/tidal'>;
export type PendData = Data<'/api/statistics/pend'>;
export type BrandPercentData = Data<'/api/statistics/brandPercent'>;

/* ---------------- abnormal ---------------- */

export type AbnormalMsg = Item<Data<'/api/abnormal/getMsg'>['lists']>;
export type AbnormalCounts = Data<'/api/abnormal/getMsgCounts'>;

/* ---------------- config, sites ---------------- */

export type SiteListRow = Item<Data<'/api/site/'>['lists']>;
export type MagnifyGroup = Item<Data<'/api/site/magnify/'>['lists']>;
