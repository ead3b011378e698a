/**
 * Bikes of the areas for the 车辆统计 export. The matching bike ids are read first, sorted, in one
 * query (a single pass, whatever plan the statistics lead to; about 50 bytes of memory per bike);
 * then the rows are fetched a page of ids at a time, each id looked up by primary key (LATERAL ...
 * LIMIT 1 keeps that a keyed nested loop) and site name and plate read by key too. Paging by keyset
 * with joins (`bike_id > $last ... order by bike_id limit n`) joined and sorted every remaining bike
 * of the area for every page when the planner chose the area index (as it does on a freshly loaded,
 * unanalysed table, and PGlite has no autovacuum): ~45 s of database time for 200,000 bikes.
 * Filters are applied again on every page, so a bike that left the area since the ids were read is
 * not exported.
 */
import type { Database } from '../../db/client.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { formatTime } from '../../domain/time.js';

export interface BikeFilter {
  areaIds: string[];
  /** Asked brands (null: all). */
  brandIds: number[] | null;
  /** The enterprise user's own brand (null: any). */
  ownBrand: number | null;
  legality?: number;
}

export interface BikeRow {
  bikeId: string;
  brandName: string | null;
  bikeType: number;
  status: number;
  legality: number;
  siteId: string | null;
  siteName: string | null;
  lon: number;
  lat: number;
  licenseCode: string | null;
  reportedAt: Date;
}

/**
 * Pages of `pageSize` bikes ordered by bike id. The default keeps a page's estimated cost under
 * PostgreSQL's jit_above_cost: compiling each page's plan cost more than running it.
 */
export async function* bikePages(database: Database, f: BikeFilter, pageSize = 2500): AsyncIterable<BikeRow[]> {
  const params: unknown[] = [f.areaIds];
  let where = 'l.area_id = any($1::varchar[])';
  if (f.brandIds) where += ` and l.brand_id = any($${params.push(f.brandIds)}::int[])`;
  if (f.ownBrand !== null) where += ` and l.brand_id = $${params.push(f.ownBrand)}`;
  if (f.legality !== undefined) where += ` and l.legality = $${params.push(f.legality)}`;
  const [{ ids }] = await database.query<{ ids: string[] }>(
    `select coalesce(json_agg(l.bike_id order by l.bike_id), '[]'::json) as ids from bike_live l where ${where}`,
    params,
  );
  // brands are few: named here rather than looked up for every bike
  const brandNames = new Map(
    (await database.query<{ id: number; name: string }>(`select id, brand_name as name from brands`)).map((b) => [b.id, b.name]),
  );
  const idsParam = `$${params.length + 1}`;
  const sql = `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.status, l.legality,
            l.site_id as "siteId", (select s.site_name from sites s where s.id = l.site_id) as "siteName", l.lon, l.lat,
            (select k.license_code from bikes k where k.bike_id = l.bike_id) as "licenseCode",
            extract(epoch from l.reported_at)::float8 * 1000 as "reportedMs"
       from unnest(${idsParam}::varchar[]) with ordinality as u(id, n)
       cross join lateral (select * from bike_live x where x.bike_id = u.id limit 1) l
      where ${where}
      order by u.n`;
  type Raw = BikeRow & { brandId: number; reportedMs: number };
  const fetch = (from: number) => {
    const p = database.query<Raw>(sql, [...params, ids.slice(from, from + pageSize)]);
    p.catch(() => {}); // awaited below, unless the consumer stopped first
    return p;
  };
  // one page ahead: the database works on the next page while this one is written out
  let next = ids.length ? fetch(0) : null;
  for (let i = 0; next; i += pageSize) {
    const rows = await next;
    next = i + pageSize < ids.length ? fetch(i + pageSize) : null;
    // completed in place (no copies: less garbage, a flatter heap); the time travels as a float8
    // (epoch ms), parsed far faster than a timestamptz
    for (const r of rows) {
      r.brandName = brandNames.get(r.brandId) ?? null;
      r.reportedAt = new Date(r.reportedMs);
    }
    if (rows.length) yield rows;
  }
}

/**
 * formatTime for many rows: Intl formats each UTC minute once and the seconds are appended (a zone
 * offset is a whole number of minutes; one that is not falls back to Intl for every call). Reports
 * cluster in recent minutes, so this saves most of the export's formatting time.
 */
export function minuteCachedFormat(tz: string) {
  const minutes = new Map<number, string | null>();
  return (d: Date): string => {
    const ms = d.getTime();
    if (Number.isNaN(ms)) return '';
    const minute = Math.floor(ms / 60_000);
    let prefix = minutes.get(minute);
    if (prefix === undefined) {
      const start = formatTime(minute * 60_000, tz) ?? '';
      prefix = start.endsWith(':00') ? start.slice(0, -2) : null;
      if (minutes.size >= 100_000) minutes.clear();
      minutes.set(minute, prefix);
    }
    if (prefix === null) return formatTime(d, tz) ?? '';
    const sec = Math.floor((ms - minute * 60_000) / 1000);
    return sec < 10 ? `${prefix}0${sec}` : prefix + sec;
  };
}

export const bikeColumns = (tz: string): XlsxColumn<BikeRow>[] => [
  { header: '车辆编号', width: 20, value: (r) => r.bikeId },
  { header: '品牌', value: (r) => r.brandName ?? '' },
  { header: '车辆类型', value: (r) => (r.bikeType === 1 ? '电动车' : '自行车') },
  { header: '车辆状态', value: (r) => (r.status === 2 ? '骑行中' : r.siteId ? '站内停放' : '站外停放') },
  { header: '是否合法', value: (r) => (r.legality === 1 ? '非法（未备案）' : '合法') },
  { header: '站点编号', width: 18, value: (r) => r.siteId ?? '' },
  { header: '站点名称', width: 24, value: (r) => r.siteName ?? '' },
  { header: '经度', width: 14, value: (r) => r.lon },
  { header: '纬度', width: 14, value: (r) => r.lat },
  { header: '车牌号', width: 14, value: (r) => r.licenseCode ?? '' },
  { header: '最后上报时间', width: 22, value: ((format) => (r: BikeRow) => format(r.reportedAt))(minuteCachedFormat(tz)) },
];
