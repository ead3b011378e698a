/** Out-of-site return fees (fees.ts): per brand and day, and per rider; ride_orders_fee_idx serves them. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import { AREA_SET, Where } from '../../../db/sql.js';
import { FEE_DAYS } from '../../../shared/watermarks.js';
import type { FeeDay, FeeQuery, FeeRider } from '../schemas.js';

/** The fee filters (FeeQuery) with the days parsed to instants and the scope added. */
type FeeFilter = Pick<FeeQuery, 'brandId'> & {
  areaIds: string[];
  brandLimit: number | null;
  from: Date;
  to: Date;
};

/** Out-of-site returns in the areas (by return position) and period, of `brandLimit` only when set. */
function feeWhere(f: FeeFilter) {
  const w = new Where().add(`o.return_area_id in ${AREA_SET}`, f.areaIds).add('o.return_at >= ?', f.from).add('o.return_at < ?', f.to);
  if (f.brandLimit !== null) w.add('o.brand_id = ?', f.brandLimit);
  if (f.brandId) w.add('o.brand_id = ?', f.brandId);
  return w;
}

/** A brand-day's row: the list's counts, the day and the name as read (null when gone), the fees in fen, and the filter's totals (over every group, not only this page). */
export type FeeDayRow = Pick<Static<typeof FeeDay>, 'brandId' | 'outSiteNum' | 'feeNum'> & {
  day: string;
  brandName: string | null;
  feeFen: number;
  total: number;
  sumNum: number;
  sumFen: number;
};

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

/** A rider's row: the list's counts, the phone as stored, the fees in fen, the last return and the filter's total. */
export type FeeRiderRow = Pick<Static<typeof FeeRider>, 'outSiteNum' | 'feeNum'> & { riderPhone: string | null; feeFen: number; lastAt: Date; total: number };

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
