/** Shapes of the home screen's API answers (server/src/modules/{dashboard,statistics,abnormal,…}/schemas.ts). */

export interface Paged<T> {
  lists: T[];
  total: number;
}

export interface InitData {
  area: {
    areaId: string;
    areaName: string;
    level: number;
    aggregation: number;
    aggregationId: string | null;
    fullPileNum: number;
    fullPileName: string;
    siteCount: number;
    lon: number;
    lat: number;
  };
  brands: BrandBrief[];
  isAggregation: boolean;
}

export interface BrandBrief {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
}

export interface MapSite {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  flag: number;
  status: string;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  siteBikeCeiling: number;
  capacity: number;
  bleNum: number;
  recycleSwitch: boolean;
  majorSwitch: boolean;
}

export interface BrandStat {
  brandId: number;
  brandName: string;
  onlineNum: number;
  siteNum: number;
  brandBikeNum: number;
  brandEBikeNum: number;
  bikeSiteNum: number;
  ebikeSiteNum: number;
  bikeColor: string;
  ebikeColor: string;
  quantity_approved: number;
  recorded_number: number;
  warn: number;
  abnormal: number;
}

export interface SiteCounters {
  total: number;
  full: number;
  more: number;
  normal: number;
  less: number;
  empty: number;
}

export interface Statistical extends SiteCounters {
  brands: BrandStat[];
  bikeNum: number;
  ebikeNum: number;
  bSiteNumTotal: number;
  eSiteNumTotal: number;
}

export interface SiteMessage {
  id: number;
  siteId: string;
  siteName: string;
  createTime: string;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  messageType: string;
  status: string;
  capacity: number;
  siteBikeCeiling: number;
  /** JSON text {nowBike:[{brand_id,brand_name,num}], nowEBike:[…]} */
  currentBike: string;
}

export interface DashboardData {
  map: MapSite[];
  statistical: Statistical;
  siteMessage: SiteMessage[];
}

export interface BrandPercentRow {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
  PutBikeNum: number;
  PutEBikeNum: number;
  BrandBikeNum: number;
  BrandEBikeNum: number;
  SiteBikeNum: number;
  SiteEBikeNum: number;
  brandBikePercent: number;
  brandEBikePercent: number;
}

export interface BrandPercentData {
  BrandBikeNum: number;
  BrandEBikeNum: number;
  SiteBikeNum: number;
  SiteEBikeNum: number;
  lists: BrandPercentRow[];
}

export interface BrandBikeRow {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
  onlineBikeNum: number;
  onlineEBikeNum: number;
  siteBikeNum: number;
  siteEBikeNum: number;
  filedBikeNum: number;
  filedEBikeNum: number;
  approvedBikeNum: number;
  approvedEBikeNum: number;
  illegalNum: number;
  abnormalNum: number;
}

export interface NotUploadBike {
  bikeId: string;
  bikeType: number;
  licenseCode: string | null;
  lastReportTime: string | null;
  bikeLon: number | null;
  bikeLat: number | null;
}

export interface NotUploadBrand {
  brandId: number;
  brandName: string;
  count: number;
  list: NotUploadBike[];
}

export interface HeardBike {
  bikeId: string;
  mac: string;
  siteId: string;
  siteName: string;
  time: string;
  liveSiteId?: string | null;
  liveSiteName?: string | null;
}

export interface MonitorBrand {
  brandId: number;
  brandName: string;
  count: number;
  warn: HeardBike[];
  abnormal: HeardBike[];
  mac_count: number;
  mac_list: string[];
}

/** A slot of the trend: null figures for a slot still to come or without data; partial for the slot under way. */
export interface TrendRow {
  date: string;
  hour: number | null;
  online_num: number | null;
  online_num_e: number | null;
  site_num: number | null;
  site_num_e: number | null;
  active_bike_num: number | null;
  dispatch_percent: number | null;
  rent_percent: number | null;
  value: number | null;
  partial: boolean;
}

export interface TrendBrand {
  brandId: number;
  brandName: string;
  rows: TrendRow[];
}

export interface CollectRow {
  date: string;
  brandId: number;
  brandName: string;
  onlineNum: number;
  siteNum: number;
  filedNum: number;
  approvedNum: number;
  onlineBikeNum: number;
  onlineEBikeNum: number;
  siteBikeNum: number;
  siteEBikeNum: number;
}

export interface TidalCounts {
  bike_rent_num: number;
  e_bike_rent_num: number;
  bike_return_num: number;
  e_bike_return_num: number;
  bike_num: number;
  e_bike_num: number;
}

export interface TidalData {
  mold: number | null;
  series: Array<{ date: string; hours: Array<TidalCounts & { hour: number }>; total: TidalCounts }>;
  dayTotal: (TidalCounts & { date: string }) | null;
  monthTotal: (TidalCounts & { date: string }) | null;
}

export interface FlowToday {
  date: string;
  hours: number[];
  lists: Array<{ brandId: number; brandName: string; data: number[]; total: number }>;
  total: number;
}

export interface RankRow {
  rank: number;
  siteId: string;
  siteName: string;
  rentNum: number;
  returnNum: number;
  upNum: number;
  downNum: number;
}

export interface RankData {
  lists: RankRow[];
  total: number;
  granularity: string;
  timeLabel: string;
}

export interface PendData {
  siteApplyPend: number;
  siteRolePend: number;
  maintainPend: number;
  siteLowPowerPend: number;
  accusePend: number;
  userPend: number;
  dispatchPend: number;
  supervisePend: number;
  dispatchWarnPend: number;
}

export interface AbnormalMsg {
  id: number;
  abnormalType: number;
  abnormalTypeName: string;
  brandId: number | null;
  brandName: string;
  bikeId: string | null;
  siteId: string | null;
  siteName: string;
  lon: number | null;
  lat: number | null;
  detail: string;
  createTime: string;
  updateTime: string;
  closed?: boolean;
  handled?: boolean;
}

export interface AbnormalCounts {
  lists: Array<{ abnormalType: number; abnormalTypeName: string; openNum: number; recentNum: number }>;
  openTotal: number;
  recentTotal: number;
  startTime: string;
  endTime: string;
}

export interface FullPileData {
  data: number;
  alias: string;
}

export interface BrandSite {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  num: number;
}

export interface SiteBike {
  bikeId: string;
  brandId: number;
  brandName: string;
  bikeType: number;
  licenseCode: string | null;
  bikeLon: number;
  bikeLat: number;
  legality: number;
  reportTime: string;
}

export interface HistoryRow {
  id: number;
  siteId: string;
  siteName: string;
  time: string;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  capacity: number;
  flag: number;
  status: string;
  currentBike: string;
}

/** A slot of a site's usage: null counts for a slot still to come; partial for the slot under way. */
export interface UsageRow {
  slot: number;
  time: string;
  rent_num: number | null;
  return_num: number | null;
  up_num: number | null;
  down_num: number | null;
  rent_num_per: number | null;
  return_num_per: number | null;
  partial: boolean;
}

export interface EnterpriseDetail {
  brandId: number;
  brandName: string;
  brandOperation: string;
  brandAccount: string;
  brandContactPerson: string | null;
  brandContactMobile: string | null;
  brandAddress: string | null;
  brandOperationNum: number;
  brandBikeNum: number;
  brandEBikeNum: number;
  areaIdText: string;
  launchAreaText: string;
  operationAreaIdText: string;
  brandApprovalUrl: string | null;
  brandApprovalName: string | null;
  otherUrl: string | null;
  otherName: string | null;
  maintainPersonUrl: string | null;
  bicycleUrl: string | null;
  electricVehicleUrl: string | null;
  createTime: string;
}

export interface SiteListRow {
  siteId: string;
  siteName: string;
  areaName: string;
  num: number;
  capacity: number;
  siteBikeCeiling: number;
  flag: number;
  status: string;
  fullPileNum: number | null;
}

export interface MagnifyGroup {
  id: number;
  alias: string;
  areaName: string;
  siteList: string[];
  siteCount: number;
  factor: number;
  openSwitch: boolean;
  createTime: string;
}
