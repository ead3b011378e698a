/** Shapes of the calls the home map makes (server/src/modules/dashboard/schemas.ts and friends). */

export interface LonLat {
  lon: number;
  lat: number;
}

/** One site of GET /api/dashboard/get → data.map. */
export interface MapSite {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  /** 0 空桩, 1 正常, 2 满桩, 3 偏多, 4 偏少 */
  flag: number;
  status: string;
  num: number;
  currentNum: number;
  bikeNum: number;
  ebikeNum: number;
  siteBikeCeiling: number;
  capacity: number;
  bleNum: number;
  recycleSwitch: boolean;
  majorSwitch: boolean;
  /** site fence; null: a circle of `length` metres */
  gpsRail: LonLat[] | null;
  length: number;
}

/** The area's site counts by status, from the same answer (what the dispatch panel shows). */
export interface AreaSiteTotals {
  total: number;
  full: number;
  more: number;
  normal: number;
  less: number;
  empty: number;
}

export interface DashboardData {
  map: MapSite[];
  statistical?: AreaSiteTotals;
}

/** The map's share of the answer: the sites on the map and the area's totals. */
export interface MapSites {
  list: MapSite[];
  totals: AreaSiteTotals | null;
}

/** Bounding box of the area's located sites (GCJ-02). */
export interface Extent {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export interface BrandBrief {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
}

/** GET /api/dashboard/init */
export interface InitData {
  area: {
    areaId: string;
    areaName: string;
    level: number;
    siteCount: number;
    lon: number;
    lat: number;
    /** null: no located site (older servers leave it out) */
    extent?: Extent | null;
  };
  brands: BrandBrief[];
  isAggregation: boolean;
}

export interface FoundSite {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  areaId: string;
  flag: number;
  status: string;
  num: number;
  gpsRail: LonLat[] | null;
  length: number;
}

/** GET /api/dashboard/search */
export interface SearchData {
  lists: FoundSite[];
  bike: {
    bikeId: string;
    brandId: number;
    brandName: string;
    bikeType: number;
    bikeLon: number;
    bikeLat: number;
    siteId: string;
  } | null;
}

export interface BrandSiteNum {
  brandId: number;
  brandName: string;
  siteNum: number;
}

/** A ride of today: `request` is JSON {bikeLon, bikeLat} of the other end. */
export interface FlowRecord {
  orderId: string;
  bikeId: string;
  brandId: number;
  brandName: string;
  bikeType: number;
  time: string;
  request: string;
}

/** GET /api/dashboard/getSite */
export interface SiteDetail {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  areaId: string;
  bleNum: number;
  siteBikeCeiling: number;
  siteCeiling: number;
  capacity: number;
  num: number;
  currentNum: number;
  bikeNum: number;
  ebikeNum: number;
  flag: number;
  status: string;
  gpsRail: LonLat[] | null;
  length: number;
  createTime: string;
  stateTime: string | null;
  brandBike: BrandSiteNum[];
  brandEBike: BrandSiteNum[];
  rentBike: FlowRecord[];
  returnBike: FlowRecord[];
}

/** GET /api/dashboard/bike */
export interface LayerBike {
  bikeId: string;
  brandId: number | null;
  brandName: string;
  bikeType: number;
  bikeLon: number;
  bikeLat: number;
  legality: number;
  time: string;
}

export interface Paged<T> {
  lists: T[];
  total: number;
}

/** GET /api/area/rail */
export interface AreaRail {
  id: string;
  areaId: string;
  areaName: string;
  gpsRail: LonLat[];
}

/** GET /api/forbid/ rows */
export interface ForbidZone {
  id: number;
  areaId: string;
  type: number;
  alias: string;
  fence: LonLat[];
}

/** Search types of spec §5: 1 site name, 2 site number, 3 bike number, 6 license plate. */
export type SearchType = 1 | 2 | 3 | 6;

/** Site-count choice: 0 all, 200, 50. */
export type SiteSize = 0 | 200 | 50;
