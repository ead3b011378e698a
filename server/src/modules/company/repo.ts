/** Enterprise (brand) and quota queries. The password hash is never selected. */
import type { Database } from '../../db/client.js';
import type { AreaTree } from '../../domain/areas.js';
import { formatTime } from '../../domain/time.js';
import { likeEscape } from '../../db/sql.js';
import { BRAND_SELECT, brandInAreas, findBrand, type BrandRow } from '../../shared/brands.js';
import { FEE_DAYS } from '../../shared/watermarks.js';

export { findBrand, type BrandRow };

const names = (tree: AreaTree, ids: string[]) => ids.map((id) => tree.get(id)?.areaName ?? id).join('、');

/** The list shape of spec §3 Brand company (no documents beyond the two of the list, never the password). */
export function toEnterprise(r: BrandRow, tree: AreaTree, tz: string) {
  const { createdAt, maintainPersonUrl: _m, bicycleUrl: _b, electricVehicleUrl: _e, ...rest } = r;
  return {
    ...rest,
    areaIdText: tree.get(r.areaId)?.areaName ?? r.areaId,
    launchAreaText: names(tree, r.launchArea),
    operationAreaIdText: names(tree, r.operationAreaId),
    createTime: formatTime(createdAt, tz)!,
  };
}

export async function listBrands(database: Database, f: { areaIds: string[]; brandId?: number | null; brandName?: string; limit: number; offset: number }) {
  const where = ['b.deleted_at is null', brandInAreas('b', 1)];
  const params: unknown[] = [f.areaIds];
  if (f.brandId) {
    params.push(f.brandId);
    where.push(`b.id = $${params.length}`);
  }
  if (f.brandName) {
    params.push(`%${likeEscape(f.brandName)}%`);
    where.push(`b.brand_name ilike $${params.length}`);
  }
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from brands b where ${cond}`, params);
  const rows = await database.query<BrandRow>(`${BRAND_SELECT} where ${cond} order by b.id limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

/** The live enterprise holding the account, if any: a deleted enterprise's account may be given again. */
export async function liveAccountHolder(database: Database, account: string): Promise<{ id: number } | undefined> {
  const [row] = await database.query<{ id: number }>('select id from brands where brand_account = $1 and deleted_at is null', [account]);
  return row;
}

/** Column values come from the service's own mapping, never from input keys. */
export async function insertBrand(database: Database, values: Record<string, unknown>): Promise<number | null> {
  const cols = Object.keys(values);
  const [row] = await database.query<{ id: number }>(
    `insert into brands (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (brand_account) where deleted_at is null do nothing returning id`,
    Object.values(values),
  );
  return row?.id ?? null;
}

export async function updateBrand(database: Database, id: number, values: Record<string, unknown>) {
  const cols = Object.keys(values);
  if (!cols.length) return;
  await database.query(`update brands set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [id, ...Object.values(values)]);
}

/** Soft delete; its open-API sessions end at once. */
export async function softDeleteBrand(database: Database, id: number) {
  await database.query(`with s as (delete from api_sessions where brand_id = $1) update brands set deleted_at = now() where id = $1 and deleted_at is null`, [
    id,
  ]);
}

export async function endSessions(database: Database, id: number) {
  await database.query('delete from api_sessions where brand_id = $1', [id]);
}

/* ---------- quotas ---------- */

interface QuotaRow {
  brandId: number;
  brandName: string;
  areaId: string;
  areaName: string;
  bikeQuota: number;
  ebikeQuota: number;
  updatedAt: Date;
}

export const toQuota = ({ updatedAt, ...r }: QuotaRow, tz: string) => ({
  ...r,
  updateTime: formatTime(updatedAt, tz)!,
});

export async function listQuotas(database: Database, f: { areaIds: string[]; brandId?: number | null }) {
  const params: unknown[] = [f.areaIds];
  let cond = 'q.area_id = any($1::text[]) and b.deleted_at is null';
  if (f.brandId) {
    params.push(f.brandId);
    cond += ` and q.brand_id = $${params.length}`;
  }
  return database.query<QuotaRow>(
    `select q.brand_id as "brandId", b.brand_name as "brandName", q.area_id as "areaId", a.area_name as "areaName",
            q.bike_quota as "bikeQuota", q.ebike_quota as "ebikeQuota", q.updated_at as "updatedAt"
       from brand_quotas q join brands b on b.id = q.brand_id join areas a on a.id = q.area_id
      where ${cond} order by q.area_id, q.brand_id`,
    params,
  );
}

/* ---------- what operators sent: sync logs and ride orders (records.ts) ---------- */

/**
 * The request's areas as a set to join (`column in ${AREA_SET}`): a hash semi-join. `= any(?)` over
 * a national scope (3,349 areas) compared every row with each area in turn: 2 s for one enterprise's
 * day of 66,667 rides, 0.13 s as a join (bench/rides).
 */
const AREA_SET = '(select unnest(?::text[]))';

/** A conjunction of clauses whose `?` become the next parameter. */
class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(clause: string, value: unknown) {
    this.params.push(value);
    this.parts.push(clause.replaceAll('?', `$${this.params.length}`));
    return this;
  }
  get sql() {
    return this.parts.join(' and ');
  }
}

export interface SyncRow {
  id: number;
  brandId: number | null;
  brandName: string | null;
  endpoint: string;
  at: Date;
  itemCount: number;
  accepted: number;
  rejected: number;
  result: string;
  detail: unknown;
  durationMs: number;
}

/**
 * Sync logs of one kind: of enterprises registered or operating in the areas, and of those areas'
 * pile gateways; `brandLimit` (an enterprise user) and the filters narrow them. Newest first, paged.
 */
export async function syncLogPage(
  database: Database,
  f: {
    kind: string;
    areaIds: string[];
    brandLimit: number | null;
    brandId?: number;
    result?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
    count?: boolean;
  },
) {
  const w = new Where().add('s.kind = ?', f.kind);
  const n = w.params.push(f.areaIds);
  w.parts.push(
    `(s.brand_id in (select b.id from brands b where ${brandInAreas('b', n)})
      or (s.brand_id is null and s.gateway_id in (select g.id from gateways g where g.area_id = any($${n}::text[]))))`,
  );
  if (f.brandLimit !== null) w.add('s.brand_id = ?', f.brandLimit);
  if (f.brandId) w.add('s.brand_id = ?', f.brandId);
  if (f.result) w.add('s.result = ?', f.result);
  if (f.from) w.add('s.at >= ?', f.from);
  if (f.to) w.add('s.at < ?', f.to);
  // an export pages through without counting (count: false)
  const total =
    f.count === false ? 0 : (await database.query<{ total: number }>(`select count(*)::int as total from sync_logs s where ${w.sql}`, w.params))[0].total;
  const n2 = w.params.length;
  const rows = await database.query<SyncRow>(
    `select s.id::float8 as id, s.brand_id as "brandId", coalesce(b.brand_name, g.name) as "brandName", s.endpoint, s.at,
            s.item_count as "itemCount", s.accepted, s.rejected, s.result, s.detail, s.duration_ms as "durationMs"
       from sync_logs s left join brands b on b.id = s.brand_id left join gateways g on g.id = s.gateway_id
      where ${w.sql} order by s.at desc, s.id desc limit $${n2 + 1} offset $${n2 + 2}`,
    [...w.params, f.limit, f.offset],
  );
  return { rows, total };
}

export interface OrderRow {
  brandId: number;
  brandName: string | null;
  orderId: string;
  bikeId: string;
  bikeType: number;
  areaId: string;
  areaName: string | null;
  rentAt: Date | null;
  rentLon: number | null;
  rentLat: number | null;
  rentSiteId: string | null;
  rentSiteName: string | null;
  returnAt: Date | null;
  returnLon: number | null;
  returnLat: number | null;
  returnSiteId: string | null;
  returnSiteName: string | null;
  fee: number | null;
  outSiteReturn: boolean;
  fullReturn: boolean;
}

const ORDER_SELECT = `
  select o.brand_id as "brandId", b.brand_name as "brandName", o.order_id as "orderId", o.bike_id as "bikeId", o.bike_type as "bikeType",
         o.area_id as "areaId", a.area_name as "areaName", o.rent_at as "rentAt", o.rent_lon as "rentLon", o.rent_lat as "rentLat",
         o.rent_site_id as "rentSiteId", rs.site_name as "rentSiteName", o.return_at as "returnAt", o.return_lon as "returnLon",
         o.return_lat as "returnLat", o.return_site_id as "returnSiteId", ts.site_name as "returnSiteName", o.fee,
         o.out_site_return as "outSiteReturn", o.full_return as "fullReturn"
    from ride_orders o
    left join brands b on b.id = o.brand_id
    left join areas a on a.id = o.area_id
    left join sites rs on rs.id = o.rent_site_id
    left join sites ts on ts.id = o.return_site_id`;

/** in: returned at a site; out: returned outside every site; open: not returned yet. */
export type ReturnKind = 'in' | 'out' | 'open';

export interface OrderFilter {
  areaIds: string[];
  brandLimit: number | null;
  brandId?: number;
  bikeId?: string;
  orderId?: string;
  from?: Date;
  to?: Date;
  returnType?: ReturnKind;
  /** ride duration in whole minutes (as the list rounds it), both included */
  minMinutes?: number;
  maxMinutes?: number;
}

/**
 * The list's and the export's conditions. Return time and place are in ride_orders_brand_rent_idx
 * (migration 0015): an enterprise's day counts from the index alone with these filters too.
 */
function orderWhere(f: OrderFilter) {
  const w = new Where().add(`o.area_id in ${AREA_SET}`, f.areaIds);
  if (f.brandLimit !== null) w.add('o.brand_id = ?', f.brandLimit);
  if (f.brandId) w.add('o.brand_id = ?', f.brandId);
  if (f.bikeId) w.add('o.bike_id like ?', `${likeEscape(f.bikeId)}%`);
  if (f.orderId) w.add('o.order_id like ?', `${likeEscape(f.orderId)}%`);
  if (f.from) w.add('o.rent_at >= ?', f.from);
  if (f.to) w.add('o.rent_at < ?', f.to);
  if (f.returnType === 'out') w.parts.push('o.return_at is not null and o.out_site_return');
  if (f.returnType === 'in') w.parts.push('o.return_at is not null and not o.out_site_return');
  if (f.returnType === 'open') w.parts.push('o.return_at is null');
  // minutes rounded as the list shows them: m minutes are [m - 0.5, m + 0.5) minutes of riding
  if (f.minMinutes !== undefined) w.add(`o.return_at >= o.rent_at + ? * interval '1 second'`, Math.max(0, f.minMinutes * 60 - 30));
  if (f.maxMinutes !== undefined) w.add(`o.return_at < o.rent_at + ? * interval '1 second'`, f.maxMinutes * 60 + 30);
  return w;
}

/**
 * Every order of the filter for the export, newest rent first, in pages of `pageSize` by keyset
 * (rent time, brand, order id; then the orders without a rent, by brand and order id): each page
 * starts where the last one ended, so a month costs no more per page than a day. A page handed
 * on is the caller's: it may empty it as it goes.
 */
export async function* orderKeysetPages(database: Database, f: OrderFilter, pageSize: number) {
  const base = orderWhere(f);
  let after: { rentAt: Date; brandId: number; orderId: string } | null = null;
  for (;;) {
    const w = new Where();
    w.parts.push(...base.parts);
    w.params.push(...base.params);
    w.parts.push('o.rent_at is not null');
    if (after) {
      w.params.push(after.rentAt, after.brandId, after.orderId);
      const n = w.params.length;
      // the plain bound lets an index on (…, rent_at) start at the cursor; the row comparison breaks ties
      w.parts.push(`o.rent_at <= $${n - 2}::timestamptz and (o.rent_at, o.brand_id, o.order_id) < ($${n - 2}::timestamptz, $${n - 1}::int, $${n}::varchar)`);
    }
    const rows = await database.query<OrderRow>(
      `${ORDER_SELECT} where ${w.sql} order by o.rent_at desc, o.brand_id desc, o.order_id desc limit ${pageSize}`,
      w.params,
    );
    // the cursor is taken before the page is handed on: the consumer may let its rows go (the export does)
    const last = rows.length === pageSize ? rows[rows.length - 1] : null;
    if (rows.length) yield rows;
    if (!last) break;
    after = { rentAt: last.rentAt!, brandId: last.brandId, orderId: last.orderId };
  }
  // a return reported without its rent has no rent time: only when no period is asked
  if (f.from || f.to) return;
  let key: { brandId: number; orderId: string } | null = null;
  for (;;) {
    const w = new Where();
    w.parts.push(...base.parts);
    w.params.push(...base.params);
    w.parts.push('o.rent_at is null');
    if (key) {
      w.params.push(key.brandId, key.orderId);
      const n = w.params.length;
      w.parts.push(`(o.brand_id, o.order_id) < ($${n - 1}::int, $${n}::varchar)`);
    }
    const rows = await database.query<OrderRow>(`${ORDER_SELECT} where ${w.sql} order by o.brand_id desc, o.order_id desc limit ${pageSize}`, w.params);
    const last = rows.length === pageSize ? rows[rows.length - 1] : null;
    if (rows.length) yield rows;
    if (!last) return;
    key = { brandId: last.brandId, orderId: last.orderId };
  }
}

/** Whether the filter has more than `limit` orders (the export's cap), without counting them all. */
export async function ordersOver(database: Database, f: OrderFilter, limit: number): Promise<boolean> {
  const w = orderWhere(f);
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ride_orders o where ${w.sql} limit ${limit + 1}) x`,
    w.params,
  );
  return row.n > limit;
}

/** The positions a bike reported while rented between two instants (a ride's track), oldest first. */
export async function ridePoints(database: Database, bikeId: string, from: Date, to: Date, limit: number) {
  return database.query<{ at: Date; lon: number; lat: number }>(
    `select at, lon, lat from ride_points where bike_id = $1 and at > $2 and at < $3 order by at limit $4`,
    [bikeId, from, to, limit],
  );
}

/** Ride orders rented in the areas (of `brandLimit` only when set), filtered, newest rent first, paged. */
export async function orderPage(database: Database, f: OrderFilter & { limit: number; offset: number }) {
  const w = orderWhere(f);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from ride_orders o where ${w.sql}`, w.params);
  const n = w.params.length;
  const rows = await database.query<OrderRow>(
    // with a period every row has a rent time: plain `desc` lets the (brand_id, rent_at) index give the
    // order (`nulls last` made it sort the whole day: 0.9 s for an enterprise's 66,667 rides)
    `${ORDER_SELECT} where ${w.sql} order by o.rent_at desc${f.from || f.to ? '' : ' nulls last'}, o.brand_id, o.order_id
      limit $${n + 1} offset $${n + 2}`,
    [...w.params, f.limit, f.offset],
  );
  return { rows, total };
}

/** One ride order by brand and order id. */
export async function findOrder(database: Database, brandId: number, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await database.query<OrderRow>(`${ORDER_SELECT} where o.brand_id = $1 and o.order_id = $2`, [brandId, orderId]);
  return row;
}

/* ---------- out-of-site return fees (fees.ts); ride_orders_fee_idx serves them ---------- */

interface FeeFilter {
  areaIds: string[];
  brandLimit: number | null;
  brandId?: number;
  from: Date;
  to: Date;
}

/** Out-of-site returns in the areas (by return position) and period, of `brandLimit` only when set. */
function feeWhere(f: FeeFilter) {
  const w = new Where().add(`o.return_area_id in ${AREA_SET}`, f.areaIds).add('o.return_at >= ?', f.from).add('o.return_at < ?', f.to);
  if (f.brandLimit !== null) w.add('o.brand_id = ?', f.brandLimit);
  if (f.brandId) w.add('o.brand_id = ?', f.brandId);
  return w;
}

export interface FeeDayRow {
  day: string;
  brandId: number;
  brandName: string | null;
  outSiteNum: number;
  feeNum: number;
  feeFen: number;
  /** over every group of the filter, not only this page */
  total: number;
  sumNum: number;
  sumFen: number;
}

/**
 * What fee_daily holds final: the last day rolled whole ('fee_days', a day number, or null) and the
 * days of the period with an hour marked in stats_dirty (a late or corrected return not rolled yet).
 */
export async function feeRollState(database: Database, startDay: string, endDay: string, tz: string) {
  const [row] = await database.query<{ through: number | null; dirty: string[] }>(
    `select (select cursor::int from job_runs where name = '${FEE_DAYS}') as through,
            coalesce((select array_agg(distinct to_char(h.hour at time zone $3, 'YYYY-MM-DD')) from stats_dirty h
                       where h.hour >= ($1::date)::timestamp at time zone $3 and h.hour < ($2::date + 1)::timestamp at time zone $3), '{}') as dirty`,
    [startDay, endDay, tz],
  );
  return { through: row.through === null ? null : Number(row.through), dirty: row.dirty };
}

/**
 * Per day (in `tz`) and brand: out-of-site returns, those with a fee, the fees' sum; newest day first,
 * paged. The days of the period but `rawDays` come from fee_daily; `rawDays` (today, days not rolled,
 * days with a late or corrected return the job has not rolled yet: feeRollState) are counted from
 * ride_orders over `rawRanges` (the same days as instants), so the list is exact. The ranges are
 * plain conditions, not a join: the planner sees their real width (a joined list of days looked like
 * a month of orders and paid 2 s of JIT compilation for a 0.1 s query).
 */
export async function feeDayPage(
  database: Database,
  f: FeeFilter & { startDay: string; endDay: string; rawDays: string[]; rawRanges: { from: Date; to: Date }[]; tz: string; limit: number; offset: number },
) {
  const r = new Where().add(`f.area_id in ${AREA_SET}`, f.areaIds).add('f.day >= ?::date', f.startDay).add('f.day <= ?::date', f.endDay);
  if (f.rawDays.length) r.add('not (f.day = any(?::date[]))', f.rawDays);
  if (f.brandLimit !== null) r.add('f.brand_id = ?', f.brandLimit);
  if (f.brandId) r.add('f.brand_id = ?', f.brandId);
  const parts = [`select f.day, f.brand_id, f.out_site_num as num, f.fee_num, f.fee_fen as fen from fee_daily f where ${r.sql}`];
  const params = [...r.params];
  if (f.rawRanges.length) {
    const w = new Where();
    w.params.push(...params);
    w.add(`o.return_area_id in ${AREA_SET}`, f.areaIds);
    if (f.brandLimit !== null) w.add('o.brand_id = ?', f.brandLimit);
    if (f.brandId) w.add('o.brand_id = ?', f.brandId);
    const ranges = f.rawRanges.map((x) => {
      w.params.push(x.from, x.to);
      return `(o.return_at >= $${w.params.length - 1} and o.return_at < $${w.params.length})`;
    });
    w.params.push(f.tz);
    parts.push(
      `select (o.return_at at time zone $${w.params.length})::date, o.brand_id, 1, (o.fee > 0)::int, coalesce(o.fee, 0)
         from ride_orders o where o.out_site_return and (${ranges.join(' or ')}) and ${w.parts.join(' and ')}`,
    );
    params.splice(0, params.length, ...w.params);
  }
  const n = params.length;
  return database.query<FeeDayRow>(
    `with d as (select to_char(e.day, 'YYYY-MM-DD') as day, e.brand_id, sum(e.num)::int as num, sum(e.fee_num)::int as fee_num, sum(e.fen)::bigint as fen
                  from (${parts.join(' union all ')}) e group by e.day, e.brand_id)
     select d.day, d.brand_id as "brandId", b.brand_name as "brandName", d.num as "outSiteNum", d.fee_num as "feeNum",
            d.fen::float8 as "feeFen", count(*) over ()::int as total, sum(d.num) over ()::int as "sumNum", sum(d.fen) over ()::float8 as "sumFen"
       from d left join brands b on b.id = d.brand_id
      order by d.day desc, d.brand_id limit $${n + 1} offset $${n + 2}`,
    [...params, f.limit, f.offset],
  );
}

export interface FeeRiderRow {
  riderPhone: string | null;
  outSiteNum: number;
  feeNum: number;
  feeFen: number;
  lastAt: Date;
  total: number;
}

/** Per rider (the digest; its masked phone): out-of-site returns and fees in the period; most charged first, paged. */
export async function feeRiderPage(database: Database, f: FeeFilter & { limit: number; offset: number }) {
  const w = feeWhere(f);
  const n = w.params.length;
  return database.query<FeeRiderRow>(
    `select o.rider_phone as "riderPhone", count(*)::int as "outSiteNum", count(*) filter (where o.fee > 0)::int as "feeNum",
            coalesce(sum(o.fee), 0)::float8 as "feeFen", max(o.return_at) as "lastAt", count(*) over ()::int as total
       from ride_orders o where o.out_site_return and ${w.sql}
      group by o.rider_key, o.rider_phone
      order by "feeFen" desc, "outSiteNum" desc, o.rider_key nulls last limit $${n + 1} offset $${n + 2}`,
    [...w.params, f.limit, f.offset],
  );
}
