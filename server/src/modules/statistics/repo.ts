/**
 * Statistics queries: the bikes export's pages, the sync-log hours and pages, the tidal counts, the
 * to-do counts and the site ranking over its tiers (rank.ts chooses the tiers).
 */
import type { Database } from '../../db/client.js';
import { ALL_BRANDS } from '../../db/schema/statistics.js';
import { brandInAreas } from '../../shared/brands.js';
import { SYNC_LOG_SELECT } from '../../shared/syncLog.js';
import { SYNC_LOG_HOURS, rollupGeneration, siteWatermarks } from '../../shared/watermarks.js';
import { pendingOrders } from '../../shared/workOrders.js';
import { NO_JIT, spanWhere, splitHours } from '../../shared/areaHours.js';
import type { LogFilter, LogHour, LogKind, LogRow, LogScope } from './logs.js';
import type { PendCounts } from './pend.js';
import { RANK_LIMIT, rankTiers, rolledKeys, type RankFilter, type RankRow } from './rank.js';
import type { Window } from './window.js';

/* ---------- the bikes export (bikeExport.ts) ---------- */

/** The bikes export's input after the route parsed BikeOutQuery's comma-separated brandIds and added the scope. */
export interface BikeFilter {
  areaIds: string[];
  /** Asked brands (null: all). */
  brandIds: number[] | null;
  /** The enterprise user's own brand (null: any). */
  ownBrand: number | null;
  legality?: number;
}

/** Internal: a bike's row for the bikes export (no response lists it). */
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
  const brandNames = new Map((await database.query<{ id: number; name: string }>(`select id, brand_name as name from brands`)).map((b) => [b.id, b.name]));
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

/* ---------- sync logs (logs.ts) ---------- */

function scopeSql(s: LogScope, params: unknown[]) {
  params.push(s.areaIds);
  let sql = ` and s.brand_id in (select b.id from brands b where ${brandInAreas('b', params.length)})`;
  if (s.brandId !== null) {
    params.push(s.brandId);
    sql += ` and s.brand_id = $${params.length}`;
  }
  return sql;
}

/**
 * Calls, failed and partly failed calls, items and rejected items per local hour of `day` (hours with
 * calls only): before the watermark SYNC_LOG_HOURS from sync_log_hours (the retention job rolls the
 * logs up there before it deletes them), after it from the logs.
 */
export function logHourRows(database: Database, s: LogScope, kind: LogKind, day: Window, tz: string) {
  const params: unknown[] = [kind, day.from.toISOString(), day.to.toISOString(), tz, SYNC_LOG_HOURS];
  const scope = scopeSql(s, params);
  return database.query<LogHour>(
    `with w as (select coalesce((select to_timestamp(cursor / 1000.0) from job_runs where name = $5), '-infinity') as t)
     select hour, sum(calls)::int as "requestNum", sum(failed)::int as "failNum", sum(partial)::int as "partialNum",
            sum(items)::int as "itemNum", sum(rejected)::int as "rejectedNum"
       from (
         select extract(hour from s.hour at time zone $4)::int as hour, s.calls, s.failed, s.partial, s.items, s.rejected
           from sync_log_hours s, w
          where s.kind = $1 and s.hour >= $2 and s.hour < least($3::timestamptz, w.t)${scope}
         union all
         select extract(hour from s.at at time zone $4)::int, count(*), count(*) filter (where s.result = 'failed'),
                count(*) filter (where s.result = 'partial'), coalesce(sum(s.item_count), 0), coalesce(sum(s.rejected), 0)
           from sync_logs s, w
          where s.kind = $1 and s.at >= greatest($2::timestamptz, w.t) and s.at < $3${scope}
          group by 1
       ) x
      group by 1`,
    params,
  );
}

/** Pages of logs, newest first, by keyset on (at, id): memory stays flat however many there are. */
export async function* logPages(database: Database, kind: LogKind, f: LogFilter, pageSize = 2000): AsyncIterable<LogRow[]> {
  const base: unknown[] = [kind];
  let where = 's.kind = $1' + scopeSql(f, base);
  if (f.filterBrandId) where += ` and s.brand_id = $${base.push(f.filterBrandId)}`;
  if (f.result) where += ` and s.result = $${base.push(f.result)}`;
  if (f.from) where += ` and s.at >= $${base.push(f.from.toISOString())}`;
  if (f.to) where += ` and s.at < $${base.push(f.to.toISOString())}`;
  // the cursor keeps the stored time as text: microseconds would be lost in a JS Date
  let last: { atKey: string; id: number } | null = null;
  for (;;) {
    const params = [...base];
    let keyset = '';
    if (last) {
      params.push(last.atKey, last.id);
      keyset = ` and (s.at, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    }
    const rows = await database.query<LogRow & { atKey: string }>(
      `select ${SYNC_LOG_SELECT}, s.at::text as "atKey", b.brand_name as "brandName"
         from sync_logs s left join brands b on b.id = s.brand_id
        where ${where}${keyset}
        order by s.at desc, s.id desc limit $${params.push(pageSize)}`,
      params,
    );
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const end = rows[rows.length - 1];
    last = { atKey: end.atKey, id: end.id };
  }
}

/* ---------- tidal (tidal.ts) ---------- */

/**
 * Rents (kind 1) and returns (kind 2) per local day, hour, brand and bike type over the windows:
 * rents in the rent's area, returns in the return's. The rolled hours come from stats_area_hourly,
 * the rest (the last two hours, hours marked late and not rolled again) from the ride orders
 * (shared/areaHours.ts), in one snapshot: the same counts as the orders give, at any time.
 */
export function tidalRows(database: Database, s: { areaIds: string[]; brandId: number | null }, ranges: Window[], tz: string, now = new Date()) {
  return database.tx(async (q) => {
    await q('set transaction isolation level repeatable read, read only');
    if (database.kind === 'postgres') await q(NO_JIT);
    const split = await splitHours(q, ranges, now);
    const params: unknown[] = [s.areaIds, tz, split.skip];
    let brand = '';
    let brandA = '';
    if (s.brandId !== null) {
      params.push(s.brandId);
      brand = ` and o.brand_id = $${params.length}`;
      brandA = ` and a.brand_id = $${params.length}`;
    }
    const rolled = spanWhere('a.hour', split.rolled, params);
    const rents = spanWhere('o.rent_at', split.live, params);
    const returns = spanWhere('o.return_at', split.live, params);
    return q<{ day: string; hour: number; brandId: number; bikeType: number; kind: number; n: number }>(
      `select to_char(e.t at time zone $2, 'YYYY-MM-DD') as day, extract(hour from e.t at time zone $2)::int as hour,
              e.brand_id as "brandId", e.bike_type as "bikeType", e.kind, sum(e.n)::int as n
         from (
           select a.hour as t, a.brand_id, a.bike_type, k.kind, case k.kind when 1 then a.rent_num else a.return_num end as n
             from stats_area_hourly a cross join (values (1), (2)) k(kind)
            where a.area_id = any($1::varchar[]) and ${rolled} and a.hour <> all($3::timestamptz[])${brandA}
           union all
           select o.rent_at, o.brand_id, o.bike_type, 1, 1 from ride_orders o where o.area_id = any($1::varchar[]) and ${rents}${brand}
           union all
           select o.return_at, o.brand_id, o.bike_type, 2, 1 from ride_orders o where o.return_area_id = any($1::varchar[]) and ${returns}${brand}
         ) e
        where e.n > 0
        group by 1, 2, 3, 4, 5`,
      params,
    );
  });
}

/* ---------- to-do counts (pend.ts) ---------- */

/** The to-do counts of the areas; `brandId`: an enterprise account's, whose work orders alone it counts. */
export async function pendingCounts(database: Database, areaIds: string[], lowPower: number, brandId: number | null = null) {
  const [row] = await database.query<PendCounts>(
    `with pending as (
       select u.id, u.apply_type, coalesce(array_agg(ur.role_id) filter (where ur.role_id is not null), '{}') as roles
         from users u left join user_roles ur on ur.user_id = u.id
        where u.area_id = any($1::text[]) and u.audit_status = 0 and u.apply_type is not null
        group by u.id
     )
     select (select count(*) from pending where 27 = any(roles))::int as "siteRolePend",
            (select count(*) from pending where 31 = any(roles))::int as "maintainPend",
            (select count(*) from violation_reports v where v.area_id = any($1::text[]) and v.state = 0
              and ($3::int is null or v.brand_id = $3::int))::int as "accusePend",
            (select count(*) from site_applications sa where sa.area_id = any($1::text[]) and sa.state = 0
              and ($3::int is null or sa.brand_id = $3::int))::int as "siteApplyPend",
            (select count(*) from pending where apply_type = 1)::int as "userPend",
            (select count(*) from pending where 32 = any(roles))::int as "supervisePend",
            (select count(*) from clock_warnings w where w.area_id = any($1::text[]) and w.handled_at is null
              and ($3::int is null or w.brand_id = $3::int))::int as "dispatchWarnPend",
            (select count(distinct p.site_id) from piles p join sites s on s.id = p.site_id and s.deleted_at is null
              where s.area_id = any($1::text[]) and p.power < $2)::int as "siteLowPowerPend",
            (select count(*) from work_orders o
              where o.area_id = any($1::text[]) and ($3::int is null or o.brand_id = $3::int) and ${pendingOrders('now()')})::int as "dispatchPend"`,
    [areaIds, lowPower, brandId],
  );
  return row;
}

/* ---------- site ranking (rank.ts) ---------- */

/** The rollup generation the ranking's cache keys on (shared/watermarks.ts). */
export const rankGeneration = (database: Database) => rollupGeneration((text, params) => database.query(text, params));

const SITE_TYPE: Record<number, string> = { 0: '', 1: ' and s.recycle_switch', 2: ' and s.major_switch' };

/**
 * Ranked sites of the areas, at most `limit` rows: sites with records in the window by the order asked
 * (rents or returns, then the other, then site id), then, when fewer than `limit` have records, the
 * remaining sites (no record at all) with zeros, by site id. `total` counts every site in the ranking.
 */
export async function siteRanking(database: Database, w: Window, f: RankFilter, tz: string, now = new Date()): Promise<{ rows: RankRow[]; total: number }> {
  const limit = Math.min(f.limit ?? RANK_LIMIT, RANK_LIMIT);
  const siteFilter = `s.area_id = any($1::varchar[]) and s.deleted_at is null${SITE_TYPE[f.siteType] ?? ''}`;
  return database.tx(async (q) => {
    // one snapshot for the watermarks and the tiers they choose (a rollup may commit meanwhile)
    await q('set transaction isolation level repeatable read, read only');
    const marks = w.granularity === 'hour' ? { through: null, partial: null } : await siteWatermarks(q);
    const { c1, c2, partialDay } = rankTiers(w, marks.through, tz, now, marks.partial);
    const rolled = rolledKeys(w);
    const params: unknown[] = [f.areaIds, c1.toISOString(), c2.toISOString(), w.to.toISOString()];
    // the events and hours of every brand, or of one; the rolled days one row per site, every brand
    // together (ALL_BRANDS, written as a literal: the tables' partial indexes are on it) or the one's
    let brand = '';
    let rolledBrand = ` and brand_id = ${ALL_BRANDS}`;
    if (f.brandId !== null) {
      params.push(f.brandId);
      brand = ` and brand_id = $${params.length}`;
      rolledBrand = brand;
    }
    // an empty hour or event tier costs one index probe; an empty day tier is left out
    let dayPart = '';
    if (c1 > w.from) {
      params.push(rolled.start, rolled.end);
      const n = params.length;
      dayPart = `select site_id, rent_num, return_num, up_num, down_num from ${rolled.table}
          where area_id = any($1::varchar[]) and ${rolled.key} >= $${n - 1}::date and ${rolled.key} <= $${n}::date${rolledBrand}
         union all`;
      // a month or a year: their tables hold whole days only; the partial day is a day row
      if (partialDay && rolled.table !== 'stats_site_daily') {
        params.push(partialDay);
        dayPart += `
         select site_id, rent_num, return_num, up_num, down_num from stats_site_daily
          where area_id = any($1::varchar[]) and day = $${params.length}::date${rolledBrand}
         union all`;
      }
    }
    const liveParts = `union all
         select rent_site_id, 1, 0, 0, 0 from ride_orders
          where area_id = any($1::varchar[]) and rent_at >= $3 and rent_at < $4 and rent_site_id is not null${brand}
         union all
         select return_site_id, 0, 1, 0, 0 from ride_orders
          where return_area_id = any($1::varchar[]) and return_at >= $3 and return_at < $4 and return_site_id is not null${brand}
         union all
         select site_id, 0, 0, (action = 'up')::int, (action = 'down')::int from dispatches
          where area_id = any($1::varchar[]) and at >= $3 and at < $4${brand}`;
    const primary = f.orderBy === 'return' ? 'ret' : 'rent';
    const secondary = f.orderBy === 'return' ? 'rent' : 'ret';
    // 'net': the most unbalanced sites first (|rents − returns|), then the busiest
    const order =
      f.orderBy === 'net' ? 'abs(sum(ev.rent) - sum(ev.ret)) desc, sum(ev.rent) + sum(ev.ret) desc' : `sum(ev.${primary}) desc, sum(ev.${secondary}) desc`;
    const active = await q<Omit<RankRow, 'rank'>>(
      `with ev (site_id, rent, ret, up, down) as (
         ${dayPart}
         select site_id, rent_num, return_num, up_num, down_num from stats_hourly
          where area_id = any($1::varchar[]) and hour >= $2 and hour < $3 and site_id <> ''${brand}
         ${liveParts}
       )
       -- joined before the sums: one hash of the area's sites (after summing, the planner guesses
       -- 200 groups and probes the sites' index once per site with records)
       select s.id as "siteId", s.site_name as "siteName", sum(ev.rent)::int as "rentNum", sum(ev.ret)::int as "returnNum",
              sum(ev.up)::int as "upNum", sum(ev.down)::int as "downNum"
         from ev join sites s on s.id = ev.site_id
        where ${siteFilter}
        group by s.id
        order by ${order}, s.id limit $${params.push(limit)}`,
      params,
    );
    const [{ total }] = await q<{ total: number }>(`select count(*)::int as total from sites s where ${siteFilter}`, [f.areaIds]);
    let rows = active;
    if (rows.length < limit && f.orderBy !== 'net') {
      // every site with records is in `active`: the rest have none
      const idle = await q<{ siteId: string; siteName: string }>(
        `select s.id as "siteId", s.site_name as "siteName" from sites s
          where ${siteFilter} and s.id <> all($2::varchar[]) order by s.id limit $3`,
        [f.areaIds, rows.map((r) => r.siteId), limit - rows.length],
      );
      rows = [...rows, ...idle.map((r) => ({ ...r, rentNum: 0, returnNum: 0, upNum: 0, downNum: 0 }))];
    }
    return { rows: rows.map((r, i) => ({ rank: i + 1, ...r })), total };
  });
}

/** Centres (GCJ-02) of the given sites. */
export function siteCentres(database: Database, ids: string[]) {
  return database.query<{ siteId: string; lon: number; lat: number }>(`select id as "siteId", lon, lat from sites where id = any($1::varchar[])`, [ids]);
}
