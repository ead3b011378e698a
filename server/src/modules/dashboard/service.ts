/** The main dashboard call: map sites, brand statistics with the site-state counters, latest messages. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { STATUS_BY_FILTER } from '../../domain/siteStatus.js';
import type { BrandFigure, FigureCache } from './figures.js';
import { versions, type Counters, type MapCache } from './hot.js';
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

export async function dashboard(
  database: Database,
  caches: { figures: FigureCache; maps: MapCache },
  auth: Auth,
  q: { limit: number; f?: number; lon?: number; lat?: number },
  tz: string,
) {
  const areaIds = auth.scopeAreaIds();
  const flag = q.f ? STATUS_BY_FILTER[q.f as 1 | 2 | 3 | 4] : null;
  const v = await versions(database);
  const [{ map, counters }, figures, siteMessage] = await Promise.all([
    caches.maps.sites(auth.areaId, areaIds, v, { flag, limit: q.limit, lon: q.lon ?? null, lat: q.lat ?? null }),
    caches.figures.get(auth.areaId, areaIds, v),
    latestMessages(database, areaIds, TOP, tz),
  ]);
  return { map, statistical: statistical(figures, counters), siteMessage };
}
