/** The home screen's own calls: the main call (map, brand statistics, messages), init, search, one site with its flows, the bikes layer. Queries in repo.ts. */
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import type { LonLat } from '../../../domain/polygon.js';
import { STATUS_BY_FILTER, fullPileOf, flagLabel } from '../../../domain/siteStatus.js';
import { formatTime, today } from '../../../domain/time.js';
import { brandNames, brandsOf } from '../../../shared/brands.js';
import { likeEscape } from '../../../db/sql.js';
import { siteInScope } from '../../../shared/sites.js';
import type { BrandFigure, FigureCache } from '../figures.js';
import { latestMessages, versions } from '../repo.js';
import type { Counters, MapCache, MapJson } from './hot.js';
import * as repo from './repo.js';
import type { FoundSite } from './repo.js';
import type { SiteBrandCount } from '../../../shared/brandCounts.js';

const TOP = 10;

export function statistical(figures: BrandFigure[], counters: Counters) {
  const brands = figures.map((f) => ({
    brandId: f.brandId,
    brandName: f.brandName,
    onlineNum: f.online[0] + f.online[1],
    siteNum: f.site[0] + f.site[1],
    brandBikeNum: f.online[0],
    brandEBikeNum: f.online[1],
    bikeSiteNum: f.site[0],
    ebikeSiteNum: f.site[1],
    bikeColor: f.bikeColor,
    ebikeColor: f.ebikeColor,
    quantity_approved: f.approved[0] + f.approved[1],
    recorded_number: f.filed[0] + f.filed[1],
    warn: f.illegal,
    abnormal: f.abnormal,
  }));
  const share = (t: 0 | 1) =>
    figures
      .map((f) => ({
        brandId: f.brandId,
        brandName: f.brandName,
        color: t === 0 ? f.bikeColor : f.ebikeColor,
        num: f.online[t],
        siteNum: f.site[t],
      }))
      .sort((a, b) => b.num - a.num || b.siteNum - a.siteNum || a.brandId - b.brandId)
      .slice(0, TOP);
  const sum = (k: (f: BrandFigure) => number) => figures.reduce((t, f) => t + k(f), 0);
  return {
    brands: brands.slice(0, TOP),
    bikeNum: sum((f) => f.online[0]),
    ebikeNum: sum((f) => f.online[1]),
    bSiteNumTotal: sum((f) => f.site[0]),
    eSiteNumTotal: sum((f) => f.site[1]),
    bike: share(0),
    ebike: share(1),
    ...counters,
  };
}

/**
 * The main dashboard call. The map comes as a JSON array string made from the snapshot cache (for
 * 20,000 sites serializing objects would cost more than the whole rest of the call); `serialize`
 * turns the rest into JSON by the response schema, and the envelope is joined around both.
 */
export async function dashboardJson(
  database: Database,
  caches: { figures: FigureCache; maps: MapCache },
  auth: Auth,
  q: { limit: number; f?: number; lon?: number; lat?: number },
  tz: string,
  serialize: (rest: { statistical: ReturnType<typeof statistical>; siteMessage: Awaited<ReturnType<typeof latestMessages>> }) => string,
): Promise<string | Buffer> {
  const areaIds = auth.scopeAreaIds();
  const flag = q.f ? STATUS_BY_FILTER[q.f as 1 | 2 | 3 | 4] : null;
  const v = await versions(database);
  const answer = async ({ mapJson, counters }: MapJson) => {
    const [figures, siteMessage] = await Promise.all([caches.figures.get(auth.areaId, areaIds, v), latestMessages(database, areaIds, TOP, tz)]);
    // an enterprise account's figures are its own enterprise's (the sites' counts stay whole: the street shows them)
    const envelope = serialize({ statistical: statistical(auth.ownRows(figures), counters), siteMessage });
    // envelope is {"code":…,"message":…,"data":{"statistical":…,"siteMessage":…}}: put the map first in data
    const at = envelope.indexOf('"data":{') + '"data":{'.length;
    return `${envelope.slice(0, at)}"map":${mapJson},${envelope.slice(at)}`;
  };
  // every part changes only with the snapshot or a site edit (messages come from the snapshot):
  // answers without a free centre are kept with the snapshot's cache entry
  const query = { flag, limit: q.limit, lon: q.lon ?? null, lat: q.lat ?? null };
  const free = (q.limit > 0 && q.lon !== undefined && q.lat !== undefined) || auth.brandLimit !== null;
  return free ? answer(await caches.maps.sitesJson(auth.areaId, areaIds, v, query)) : caches.maps.memo(auth.areaId, areaIds, v, query, answer);
}

/* ------------------------------ init ------------------------------ */

const DEFAULT_CENTRE = { lon: 116.397428, lat: 39.90923 };

/** Centroid of a ring (area-weighted; the vertices' mean when degenerate). */
function ringCentroid(ring: LonLat[]): { lon: number; lat: number } | null {
  if (!ring.length) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j].lon * ring[i].lat - ring[i].lon * ring[j].lat;
    a += f;
    cx += (ring[j].lon + ring[i].lon) * f;
    cy += (ring[j].lat + ring[i].lat) * f;
  }
  if (Math.abs(a) < 1e-12) {
    return {
      lon: ring.reduce((t, p) => t + p.lon, 0) / ring.length,
      lat: ring.reduce((t, p) => t + p.lat, 0) / ring.length,
    };
  }
  return { lon: cx / (3 * a), lat: cy / (3 * a) };
}

async function areaRow(database: Database, id: string): Promise<repo.AreaRow> {
  const a = await repo.findArea(database, id);
  if (!a) throw notFound('区域');
  return a;
}

/** Spec §6: aggregation 0 without an aggregationId, or aggregation 1 with one. */
const isAggregation = (a: { aggregation: number; aggregationId: string | null }) =>
  (a.aggregation === 0 && !a.aggregationId) || (a.aggregation === 1 && !!a.aggregationId);

export async function init(database: Database, auth: Auth) {
  const areaIds = auth.scopeAreaIds();
  const [a, avg, brands] = await Promise.all([areaRow(database, auth.areaId), repo.siteExtent(database, areaIds), brandsOf(database, areaIds)]);
  const centre = avg.n > 0 ? { lon: Number(avg.lon), lat: Number(avg.lat) } : (a.gpsRail && ringCentroid(a.gpsRail)) || DEFAULT_CENTRE;
  const pile = fullPileOf(a.fullPileNum, a.fullPileName);
  return {
    area: {
      areaId: a.id,
      areaName: a.areaName,
      level: a.level,
      aggregation: a.aggregation,
      aggregationId: a.aggregationId,
      fullPileNum: pile.value,
      fullPileName: pile.alias,
      siteCount: avg.n,
      lon: centre.lon,
      lat: centre.lat,
      extent:
        avg.minLon === null
          ? null
          : {
              minLon: Number(avg.minLon),
              minLat: Number(avg.minLat),
              maxLon: Number(avg.maxLon),
              maxLat: Number(avg.maxLat),
            },
    },
    brands: auth.ownRows(brands),
    isAggregation: isAggregation(a),
  };
}

/* ------------------------------ search ------------------------------ */

const NOTHING = '搜索不到您要的信息，请重新搜索';
/** Sites a search answers at most. */
const SEARCH_LIMIT = 50;

const withStatus = (s: FoundSite) => ({ ...s, status: flagLabel(s.flag) });

export async function search(database: Database, auth: Auth, searchType: number, text: string) {
  const q = text.trim();
  if (!q) throw badRequest('参数 search 不能为空');
  const areaIds = auth.scopeAreaIds();
  if (searchType === 1 || searchType === 2) {
    const rows = await repo.searchSites(
      database,
      areaIds,
      searchType === 1 ? { namePattern: `%${likeEscape(q)}%` } : { idPattern: `${likeEscape(q)}%`, id: q },
      SEARCH_LIMIT,
    );
    if (!rows.length) throw badRequest(NOTHING);
    return { lists: rows.map(withStatus), bike: null };
  }
  const bike = await repo.liveBike(database, q, searchType === 6);
  // a bike of another area (or, for an enterprise account, another enterprise) is as unknown here as one that never reported
  if (!bike || !areaIds.includes(bike.areaId) || !auth.ownsBrand(bike.brandId)) throw badRequest(NOTHING);
  if (bike.status === 2) throw badRequest('车辆出租中无法定位');
  if (!bike.siteId) throw badRequest('该车辆不在站点');
  const site = await repo.foundSite(database, bike.siteId);
  if (!site || !areaIds.includes(site.areaId)) throw badRequest('该车辆不在站点');
  const brand = (await brandNames(database)).get(bike.brandId);
  return {
    lists: [withStatus(site)],
    bike: {
      bikeId: bike.bikeId,
      brandId: bike.brandId,
      brandName: brand?.brandName ?? '',
      bikeType: bike.bikeType,
      bikeLon: bike.lon,
      bikeLat: bike.lat,
      siteId: bike.siteId,
    },
  };
}

/* ------------------------------ one site ------------------------------ */

const brandList = (list: SiteBrandCount[] | undefined) => (list ?? []).map((b) => ({ brandId: b.brand_id, brandName: b.brand_name, siteNum: b.num }));

/** Rides of a site's flow lines drawn at most. */
const FLOW_LIMIT = 2000;

/** The site with its per-brand counts and today's rides leaving (1) or arriving (2) there. */
export async function getSite(database: Database, auth: Auth, siteId: string, flowMapType: number | undefined, tz: string) {
  await siteInScope(database, auth, siteId);
  const s = (await repo.siteDetail(database, siteId))!;
  const { currentBike, createdAt, stateAt, ...site } = s;
  const t = today(tz);
  const flows = async (kind: 'rent' | 'return') => {
    const rows = await repo.siteFlows(database, {
      siteId,
      kind,
      from: t.start.toISOString(),
      to: t.end.toISOString(),
      limit: FLOW_LIMIT,
    });
    const names = await brandNames(database);
    return auth.ownRows(rows).map((r) => ({
      orderId: r.orderId,
      bikeId: r.bikeId,
      brandId: r.brandId,
      brandName: names.get(r.brandId)?.brandName ?? '',
      bikeType: r.bikeType,
      time: formatTime(r.at, tz)!,
      request: JSON.stringify({ bikeLon: r.lon, bikeLat: r.lat }),
    }));
  };
  return {
    ...site,
    currentNum: site.num,
    status: flagLabel(s.flag),
    createTime: formatTime(createdAt, tz)!,
    stateTime: formatTime(stateAt, tz),
    brandBike: brandList(auth.ownCounts(currentBike?.nowBike)),
    brandEBike: brandList(auth.ownCounts(currentBike?.nowEBike)),
    rentBike: flowMapType === 2 ? [] : await flows('rent'),
    returnBike: flowMapType === 1 ? [] : await flows('return'),
  };
}

/* ------------------------------ bikes layer ------------------------------ */

export const BIKE_LAYER_LIMIT = 20_000;

/**
 * Bikes to draw: without `mold` the parked bikes of the legality; mold 1 today's off-site returns
 * (at the return point), 13 / 14 the bikes of open off-site / out-of-area alerts. Unplaced bikes drop.
 */
export async function bikes(database: Database, auth: Auth, f: { legality: number; mold?: number; brandId?: number }, tz: string) {
  const areaIds = auth.scopeAreaIds();
  const t = today(tz);
  const rows = await repo.layerBikes(database, {
    areaIds,
    ...f,
    brandId: auth.brandOf(f.brandId),
    from: t.start.toISOString(),
    to: t.end.toISOString(),
    limit: BIKE_LAYER_LIMIT,
  });
  const names = await brandNames(database);
  return rows
    .filter((r) => r.bikeLon !== null && r.bikeLat !== null && !(r.bikeLon === 0 && r.bikeLat === 0))
    .map((r) => ({
      bikeId: r.bikeId,
      brandId: r.brandId,
      brandName: r.brandId === null ? '' : (names.get(r.brandId)?.brandName ?? ''),
      bikeType: r.bikeType,
      bikeLon: r.bikeLon!,
      bikeLat: r.bikeLat!,
      legality: f.legality,
      time: formatTime(r.at, tz)!,
    }));
}
