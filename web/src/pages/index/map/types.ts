/**
 * Shapes of the calls the home map makes, derived from the generated API types (web/src/api/schema.d.ts);
 * the sites are the home screen's MapSite (one definition), the rest are the map's own choices.
 */
import type { Data, Item } from '../../../api/types';
import type { InitData, MapSite, SiteCounters } from '../types';

export interface LonLat {
  lon: number;
  lat: number;
}

/** The area's site counts by status, from the same answer (what the dispatch panel shows). */
export type AreaSiteTotals = SiteCounters;

/** The map's share of GET /api/dashboard/get: the sites on the map and the area's totals. */
export interface MapSites {
  list: MapSite[];
  totals: AreaSiteTotals | null;
}

/** Bounding box of the area's located sites (GCJ-02). */
export type Extent = NonNullable<InitData['area']['extent']>;

/** GET /api/dashboard/search */
export type SearchData = Data<'/api/dashboard/search'>;
export type FoundSite = Item<SearchData['lists']>;

/** GET /api/dashboard/getSite */
type SiteDetail = Data<'/api/dashboard/getSite'>;
export type BrandSiteNum = Item<SiteDetail['brandBike']>;
/** A ride of today: `request` is JSON {bikeLon, bikeLat} of the other end. */
export type FlowRecord = Item<SiteDetail['rentBike']>;

/** GET /api/dashboard/bike */
export type LayerBike = Item<Data<'/api/dashboard/bike'>>;

/** GET /api/area/rail */
export type AreaRail = Item<Data<'/api/area/rail'>>;

/** GET /api/forbid/ rows */
export type ForbidZone = Item<Data<'/api/forbid/'>['lists']>;

/** Search types of spec §5: 1 site name, 2 site number, 3 bike number, 6 license plate. */
export type SearchType = 1 | 2 | 3 | 6;

/** Site-count choice: 0 all, 200, 50. */
export type SiteSize = 0 | 200 | 50;

/** GET /api/externalFeed/stations: an imported GBFS feed with its stations (a read-only layer) */
export type ExternalFeed = Item<Data<'/api/externalFeed/stations'>>;
export type ExternalStation = Item<ExternalFeed['stations']>;
