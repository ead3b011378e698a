/** The main dashboard call: map sites, brand statistics with the site-state counters, latest messages. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { STATUS_BY_FILTER } from '../../domain/siteStatus.js';
import type { BrandFigure, FigureCache } from './figures.js';
import { versions, type Counters, type MapCache, type MapJson } from './hot.js';
import { latestMessages } from './repo.js';

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
      .map((f) => ({ brandId: f.brandId, brandName: f.brandName, color: t === 0 ? f.bikeColor : f.ebikeColor, num: f.online[t], siteNum: f.site[t] }))
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
    const envelope = serialize({ statistical: statistical(figures, counters), siteMessage });
    // envelope is {"code":…,"message":…,"data":{"statistical":…,"siteMessage":…}}: put the map first in data
    const at = envelope.indexOf('"data":{') + '"data":{'.length;
    return `${envelope.slice(0, at)}"map":${mapJson},${envelope.slice(at)}`;
  };
  // every part changes only with the snapshot or a site edit (messages come from the snapshot):
  // answers without a free centre are kept with the snapshot's cache entry
  const query = { flag, limit: q.limit, lon: q.lon ?? null, lat: q.lat ?? null };
  const free = q.limit > 0 && q.lon !== undefined && q.lat !== undefined;
  return free ? answer(await caches.maps.sitesJson(auth.areaId, areaIds, v, query)) : caches.maps.memo(auth.areaId, areaIds, v, query, answer);
}
