/** The home screen's dialogs: brand distribution, bikes of a site, filing check, silent bikes, enterprise, history (rules; queries in repo.ts). */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest, forbidden } from '../../../http/envelope.js';
import { formatTime, today } from '../../../domain/time.js';
import { brandNames, brandsOf, findBrand, type BrandRow } from '../../../shared/brands.js';
import { flagLabel } from '../../../domain/siteStatus.js';
import { siteInScope } from '../../../shared/sites.js';
import { messagesBetween } from '../repo.js';
import * as repo from './repo.js';
import type { Heard, MonitorBrand, NotUploadBrand } from './schemas.js';

/** Today's site messages of the request's areas, newest first, paged. */
export async function todayMessages(database: Database, auth: Auth, page: { limit: number; offset: number }, tz: string) {
  const t = today(tz);
  return messagesBetween(database, { areaIds: auth.scopeAreaIds(), from: t.start, to: t.end, ...page }, tz);
}

/** Sites of the areas holding bikes of a brand (the snapshot), most bikes first. Counts of any brand: the big screen shows them all. */
export const brandOnlineBike = repo.brandSites;

/** Bikes parked at a site now (optionally of one brand and type), paged. */
export async function siteBikes(
  database: Database,
  auth: Auth,
  f: { siteId: string; brandId?: number; bikeType?: number; limit: number; offset: number },
  tz: string,
) {
  await siteInScope(database, auth, f.siteId);
  const { rows, total } = await repo.siteBikes(database, { ...f, brandId: auth.brandOf(f.brandId) });
  const names = await brandNames(database);
  return {
    lists: rows.map((r) => ({
      bikeId: r.bikeId,
      brandId: r.brandId,
      brandName: names.get(r.brandId)?.brandName ?? '',
      bikeType: r.bikeType,
      licenseCode: r.licenseCode,
      bikeLon: r.lon,
      bikeLat: r.lat,
      legality: r.legality,
      reportTime: formatTime(r.reportedAt, tz)!,
    })),
    total,
  };
}

const LIST_CAP = 500;

type HeardBike = Static<typeof Heard>;
type MonitorEntry = Static<typeof MonitorBrand>;
type SilentBike = Static<typeof NotUploadBrand>['list'][number];

/**
 * Filing check (稽查): what the piles heard in the last 24 h, per brand: bikes heard, those not
 * filed (warn), filed ones the platform places elsewhere (abnormal), and the MACs heard.
 */
export async function bikeMonitor(database: Database, areaIds: string[], tz: string, now = new Date()) {
  const rows = await repo.pileSightings(database, areaIds, new Date(now.getTime() - 24 * 3600_000).toISOString());
  const names = await brandNames(database);
  const out: Record<string, MonitorEntry> = {};
  const bikesOf = new Map<number, Set<string>>();
  const macsOf = new Map<number, Set<string>>();
  for (const b of await brandsOf(database, areaIds)) {
    out[b.brandId] = {
      brandId: b.brandId,
      brandName: b.brandName,
      count: 0,
      warn: [],
      abnormal: [],
      mac_count: 0,
      mac_list: [],
    };
  }
  for (const r of rows) {
    const e = (out[r.brandId] ??= {
      brandId: r.brandId,
      brandName: names.get(r.brandId)?.brandName ?? '',
      count: 0,
      warn: [],
      abnormal: [],
      mac_count: 0,
      mac_list: [],
    });
    const macs = macsOf.get(r.brandId) ?? new Set<string>();
    macsOf.set(r.brandId, macs);
    if (!macs.has(r.mac)) {
      macs.add(r.mac);
      if (e.mac_list.length < LIST_CAP) e.mac_list.push(r.mac);
    }
    if (!r.bikeId) continue;
    const seen = bikesOf.get(r.brandId) ?? new Set<string>();
    bikesOf.set(r.brandId, seen);
    if (seen.has(r.bikeId)) continue;
    seen.add(r.bikeId);
    const item: HeardBike = {
      bikeId: r.bikeId,
      mac: r.mac,
      siteId: r.siteId,
      siteName: r.siteName ?? r.siteId,
      time: formatTime(r.at, tz)!,
    };
    if (!r.filed) {
      if (e.warn.length < LIST_CAP) e.warn.push(item);
    } else if (r.liveSiteId !== r.siteId) {
      if (e.abnormal.length < LIST_CAP) e.abnormal.push({ ...item, liveSiteId: r.liveSiteId, liveSiteName: r.liveSiteName });
    }
  }
  for (const [brandId, e] of Object.entries(out)) {
    e.count = bikesOf.get(Number(brandId))?.size ?? 0;
    e.mac_count = macsOf.get(Number(brandId))?.size ?? 0;
  }
  return out;
}

/**
 * Filed bikes with no report for `staleHours` (or none ever), per brand: the ones whose last report
 * is in the areas, and those never heard of brands registered there.
 */
export async function bikeNotUpload(database: Database, areaIds: string[], staleHours: number, tz: string, now = new Date()) {
  const since = new Date(now.getTime() - staleHours * 3600_000).toISOString();
  const [counts, rows, brands] = await Promise.all([
    repo.silentCounts(database, areaIds, since),
    repo.silentBikes(database, areaIds, since, LIST_CAP),
    brandsOf(database, areaIds),
  ]);
  const names = await brandNames(database);
  const out: Record<string, { brandId: number; brandName: string; count: number; list: SilentBike[] }> = {};
  for (const b of brands) out[b.brandId] = { brandId: b.brandId, brandName: b.brandName, count: 0, list: [] };
  const entry = (id: number) => (out[id] ??= { brandId: id, brandName: names.get(id)?.brandName ?? '', count: 0, list: [] });
  for (const c of counts) entry(c.brandId).count = c.n;
  for (const r of rows) {
    entry(r.brandId).list.push({
      bikeId: r.bikeId,
      bikeType: r.bikeType,
      licenseCode: r.licenseCode,
      lastReportTime: formatTime(r.reportedAt, tz),
      bikeLon: r.lon,
      bikeLat: r.lat,
    });
  }
  return out;
}

/** Internal: the shared enterprise row (BrandRow, itself the Enterprise schema's) and whether it is in the request's areas. */
type BrandInfoRow = BrandRow & { inScope: boolean };

/** Enterprise detail of a brand of the areas (no password, ever). */
export async function brandInfo(database: Database, auth: Auth, brandId: number, tz: string) {
  const b: BrandInfoRow | undefined = await findBrand(database, brandId, auth.scopeAreaIds());
  if (!b) throw badRequest('企业信息不存在！');
  // an enterprise user reads only its own record (account, contacts); other brands' counts stay on the screen
  if (!auth.ownsBrand(b.brandId)) throw forbidden('无权查看该企业的信息');
  if (!b.inScope) throw forbidden('无权查看其他区域的企业信息');
  const { createdAt, inScope: _s, ...rest } = b;
  const areaNames = new Map((await repo.areaNames(database, [b.areaId, ...b.launchArea, ...b.operationAreaId])).map((a) => [a.id, a.name]));
  const text = (ids: string[]) => ids.map((id) => areaNames.get(id) ?? id).join('、');
  return {
    ...rest,
    areaIdText: areaNames.get(b.areaId) ?? b.areaId,
    launchAreaText: text(b.launchArea),
    operationAreaIdText: text(b.operationAreaId),
    createTime: formatTime(createdAt, tz)!,
  };
}

/** A site's history rows (each snapshot in which its counts changed), newest first. */
export async function siteHistory(database: Database, auth: Auth, f: { siteId: string; limit: number; offset: number }, tz: string) {
  await siteInScope(database, auth, f.siteId);
  const { rows, total, siteName } = await repo.siteHistory(database, f);
  return {
    lists: rows.map((r) => ({
      id: r.id,
      siteId: f.siteId,
      siteName: siteName ?? f.siteId,
      time: formatTime(r.at, tz)!,
      num: r.num,
      bikeNum: r.bikeNum,
      ebikeNum: r.ebikeNum,
      capacity: r.capacity,
      flag: r.flag,
      status: flagLabel(r.flag),
      currentBike: JSON.stringify({ ...r.currentBike, nowBike: auth.ownCounts(r.currentBike?.nowBike), nowEBike: auth.ownCounts(r.currentBike?.nowEBike) }),
    })),
    total,
  };
}
