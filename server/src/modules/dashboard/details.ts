/** The home screen's dialogs: brand distribution, bikes of a site, filing check, silent bikes, enterprise, history. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { formatTime } from '../../domain/time.js';
import { brandNames, brandsOf, findBrand, type BrandRow } from '../../shared/brands.js';
import { flagLabel } from '../../domain/siteStatus.js';
import { siteInScope } from '../../shared/sites.js';

const arrayOf = (bikeType?: number) =>
  bikeType === 0 ? `'{nowBike}'::text[]` : bikeType === 1 ? `'{nowEBike}'::text[]` : `'{nowBike,nowEBike}'::text[]`;

/** Sites of the areas holding bikes of a brand (the snapshot), most bikes first. */
export async function brandOnlineBike(database: Database, areaIds: string[], f: { brandId: number; bikeType?: number; limit: number; offset: number }) {
  const base = `from site_state st join sites s on s.id = st.site_id,
                lateral (select sum((e->>'num')::int)::int as num
                           from unnest(${arrayOf(f.bikeType)}) as k(name),
                                lateral jsonb_array_elements(coalesce(st.current_bike->k.name, '[]'::jsonb)) as e
                          where (e->>'brand_id')::int = $2) b
               where st.area_id = any($1::varchar[]) and s.deleted_at is null and b.num > 0`;
  const params = [areaIds, f.brandId];
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total ${base}`, params);
  const lists = await database.query<{ siteId: string; siteName: string; siteLon: number; siteLat: number; num: number }>(
    `select s.id as "siteId", s.site_name as "siteName", s.lon as "siteLon", s.lat as "siteLat", b.num ${base}
      order by b.num desc, s.id limit ${f.limit} offset ${f.offset}`,
    params,
  );
  return { lists, total };
}

/** Bikes parked at a site now (optionally of one brand and type), paged. */
export async function siteBikes(
  database: Database,
  auth: Auth,
  f: { siteId: string; brandId?: number; bikeType?: number; limit: number; offset: number },
  tz: string,
) {
  await siteInScope(database, auth, f.siteId);
  const params: unknown[] = [f.siteId];
  let cond = 'l.site_id = $1 and l.status = 1';
  if (f.brandId !== undefined) {
    params.push(f.brandId);
    cond += ` and l.brand_id = $${params.length}`;
  }
  if (f.bikeType !== undefined) {
    params.push(f.bikeType);
    cond += ` and l.bike_type = $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from bike_live l where ${cond}`, params);
  const rows = await database.query<{
    bikeId: string;
    brandId: number;
    bikeType: number;
    lon: number;
    lat: number;
    legality: number;
    reportedAt: Date;
    licenseCode: string | null;
  }>(
    `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.lon, l.lat, l.legality,
            l.reported_at as "reportedAt", b.license_code as "licenseCode"
       from bike_live l left join bikes b on b.bike_id = l.bike_id and b.withdrawn_at is null
      where ${cond} order by l.brand_id, l.bike_type, l.bike_id limit ${f.limit} offset ${f.offset}`,
    params,
  );
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

interface HeardBike {
  bikeId: string;
  mac: string;
  siteId: string;
  siteName: string;
  time: string;
  liveSiteId?: string | null;
  liveSiteName?: string | null;
}

interface MonitorEntry {
  brandId: number;
  brandName: string;
  count: number;
  warn: HeardBike[];
  abnormal: HeardBike[];
  mac_count: number;
  mac_list: string[];
}

interface SilentBike {
  bikeId: string;
  bikeType: number;
  licenseCode: string | null;
  lastReportTime: string | null;
  bikeLon: number | null;
  bikeLat: number | null;
}

/**
 * Filing check (稽查): what the piles heard in the last 24 h, per brand: bikes heard, those not
 * filed (warn), filed ones the platform places elsewhere (abnormal), and the MACs heard.
 */
export async function bikeMonitor(database: Database, areaIds: string[], tz: string, now = new Date()) {
  const rows = await database.query<{
    siteId: string;
    siteName: string | null;
    mac: string;
    bikeId: string | null;
    brandId: number;
    at: Date;
    filed: boolean;
    liveSiteId: string | null;
    liveSiteName: string | null;
  }>(
    `select p.site_id as "siteId", s.site_name as "siteName", p.mac, p.bike_id as "bikeId", p.brand_id as "brandId", p.at,
            (b.bike_id is not null) as filed, l.site_id as "liveSiteId", ls.site_name as "liveSiteName"
       from pile_sightings p
       left join sites s on s.id = p.site_id
       left join bikes b on b.bike_id = p.bike_id and b.withdrawn_at is null
       left join bike_live l on l.bike_id = p.bike_id
       left join sites ls on ls.id = l.site_id
      where p.area_id = any($1::varchar[]) and p.at > $2 and p.brand_id is not null
      order by p.at desc, p.site_id, p.mac`,
    [areaIds, new Date(now.getTime() - 24 * 3600_000).toISOString()],
  );
  const names = await brandNames(database);
  const out: Record<string, MonitorEntry> = {};
  const bikesOf = new Map<number, Set<string>>();
  const macsOf = new Map<number, Set<string>>();
  for (const b of await brandsOf(database, areaIds)) {
    out[b.brandId] = { brandId: b.brandId, brandName: b.brandName, count: 0, warn: [], abnormal: [], mac_count: 0, mac_list: [] };
  }
  for (const r of rows) {
    const e = (out[r.brandId] ??= { brandId: r.brandId, brandName: names.get(r.brandId)?.brandName ?? '', count: 0, warn: [], abnormal: [], mac_count: 0, mac_list: [] });
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
    const item: HeardBike = { bikeId: r.bikeId, mac: r.mac, siteId: r.siteId, siteName: r.siteName ?? r.siteId, time: formatTime(r.at, tz)! };
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
  const base = `from bikes b join brands br on br.id = b.brand_id left join bike_live l on l.bike_id = b.bike_id
                where b.withdrawn_at is null and br.deleted_at is null
                  and ((l.bike_id is not null and l.area_id = any($1::varchar[]) and l.reported_at <= $2)
                       or (l.bike_id is null and br.area_id = any($1::varchar[])))`;
  const [counts, rows, brands] = await Promise.all([
    database.query<{ brandId: number; n: number }>(`select b.brand_id as "brandId", count(*)::int as n ${base} group by 1`, [areaIds, since]),
    database.query<{ brandId: number; bikeId: string; bikeType: number; licenseCode: string | null; reportedAt: Date | null; lon: number | null; lat: number | null; rn: number }>(
      `select * from (
         select b.brand_id as "brandId", b.bike_id as "bikeId", b.bike_type as "bikeType", b.license_code as "licenseCode",
                l.reported_at as "reportedAt", l.lon, l.lat,
                row_number() over (partition by b.brand_id order by l.reported_at nulls first, b.bike_id) as rn
         ${base}) x where rn <= ${LIST_CAP} order by "brandId", rn`,
      [areaIds, since],
    ),
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

interface BrandInfoRow extends BrandRow {
  inScope: boolean;
}

/** Enterprise detail of a brand of the areas (no password, ever). */
export async function brandInfo(database: Database, auth: Auth, brandId: number, tz: string) {
  const b: BrandInfoRow | undefined = await findBrand(database, brandId, auth.scopeAreaIds());
  if (!b) throw badRequest('企业信息不存在！');
  // an enterprise user reads only its own record (account, contacts); other brands' counts stay on the screen
  if (auth.brandLimit !== null && auth.brandLimit !== b.brandId) throw forbidden('无权查看该企业的信息');
  if (!b.inScope) throw forbidden('无权查看其他区域的企业信息');
  const { createdAt, inScope: _s, ...rest } = b;
  const areaNames = new Map(
    (
      await database.query<{ id: string; name: string }>(`select id, area_name as name from areas where id = any($1::varchar[])`, [
        [b.areaId, ...b.launchArea, ...b.operationAreaId],
      ])
    ).map((a) => [a.id, a.name]),
  );
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
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from site_history where site_id = $1`, [f.siteId]);
  const rows = await database.query<{ id: number; at: Date; num: number; bikeNum: number; ebikeNum: number; capacity: number; flag: number; currentBike: unknown }>(
    `select id::int as id, at, num, bike_num as "bikeNum", ebike_num as "ebikeNum", capacity, flag, current_bike as "currentBike"
       from site_history where site_id = $1 order by at desc, id desc limit ${f.limit} offset ${f.offset}`,
    [f.siteId],
  );
  const [site] = await database.query<{ siteName: string }>(`select site_name as "siteName" from sites where id = $1`, [f.siteId]);
  return {
    lists: rows.map((r) => ({
      id: r.id,
      siteId: f.siteId,
      siteName: site?.siteName ?? f.siteId,
      time: formatTime(r.at, tz)!,
      num: r.num,
      bikeNum: r.bikeNum,
      ebikeNum: r.ebikeNum,
      capacity: r.capacity,
      flag: r.flag,
      status: flagLabel(r.flag),
      currentBike: JSON.stringify(r.currentBike ?? { nowBike: [], nowEBike: [] }),
    })),
    total,
  };
}
