/**
 * Abnormal conditions detected from stored state: each opens one message per bike (or
 * order, or site) and type while it lasts, keeps its last-seen time and place (updated_at, site,
 * area, position, detail) current while it holds, and closes it when the condition ends: a bike's
 * message (7, 13, 14) takes the bike's newest report (its time, site and position), a site's (4) and
 * an order's (3) the time of the run that found it still holding, recorded at most every
 * CONFIRM_MINUTES (issue 25: an open alert carries when and where its condition was last seen).
 * Event-type alerts (1, 6, 8, 9-12) are written at ingest, and so are the reported ones, opened and
 * closed by the reports themselves: 2 illegal device (a pile flags it) and 5 faulty bike (the
 * operator says so); this job leaves those types alone.
 *
 * Bounded work (issue 16): one operator can make the bike conditions match hundreds of thousands of
 * bikes (unfiled ids cost it nothing). So the bike conditions are opened by key ranges of bike_live
 * (CHUNK bikes per statement) and every condition is closed by key ranges of its open messages, each
 * row checked by its key (a correlated lookup on an index, written as a scalar subquery so that the
 * planner cannot turn it into a join that rescans: NOT IN did, quadratically): linear on both
 * databases, whatever the planner's memory or statistics, and between two statements the event loop and PGlite serve requests. Open
 * messages about unfiled bikes (types 7, 13, 14) are capped per brand and type (ILLEGAL_CAP); the
 * bikes over the cap are counted (`capped`, in the job's log), not stored.
 */
import type { JobContext } from './context.js';

const STALE_PILE_MINUTES = 60;
/** A site's or an order's open message records that its condition still holds at most this often. */
const CONFIRM_MINUTES = 10;
const LOW_POWER = 10;
/** Rows per statement: small enough that PGlite answers other requests in between (tens of ms). */
const CHUNK = 2000;
/** At most this many open messages about unfiled bikes per brand and type. */
export const ILLEGAL_CAP = 1000;

interface BikeCondition {
  type: number;
  /** Whether a bike_live row `b` is abnormal now ($1 is now). */
  where: string;
  detail: string;
}

/** The refresh of a bike condition's open message `a` from its bike_live row `b` (the bike's newest report). */
const BIKE_REFRESH = {
  from: 'bike_live b',
  on: 'b.bike_id = a.bike_id',
  set: (detail: string) =>
    `updated_at = greatest(a.updated_at, b.reported_at), site_id = b.site_id, area_id = b.area_id, lon = b.lon, lat = b.lat, detail = ${detail}`,
  changed: (detail: string) =>
    `(b.reported_at > a.updated_at or a.site_id is distinct from b.site_id or a.area_id <> b.area_id
      or a.lon is distinct from b.lon or a.lat is distinct from b.lat or a.detail is distinct from ${detail})`,
};

function bikeConditions(ctx: JobContext): BikeCondition[] {
  return [
    {
      type: 7, // illegal bike: reports but was never filed
      where: `b.legality = 1 and b.reported_at > $1::timestamptz - interval '${ctx.staleHours} hours'`,
      detail: `'未备案车辆上报'`,
    },
    {
      type: 13, // off-site placement: parked outside every site too long, or inside a forbidden zone
      where: `b.status = 1 and (b.in_forbid or (b.site_id is null and b.out_site_since <= $1::timestamptz - interval '${ctx.offsiteMinutes} minutes'))`,
      detail: `case when b.in_forbid then '停放在禁停区内' else '站外停放超过 ${ctx.offsiteMinutes} 分钟' end`,
    },
    {
      type: 14, // out-of-area parking: parked outside its area's operating fence
      where: `b.status = 1 and not b.in_area`,
      detail: `'停放在运营区域外'`,
    },
  ];
}

/** Conditions on other subjects: opened in one statement, closed by ranges like the bikes'. */
interface OtherCondition {
  type: number;
  select: string;
  /** Whether the open message `a` still holds ($1 is now): a select of 1 on the subject's key. */
  holds: string;
  /** The detail of the open message `a` now, when it holds (null: unchanged). */
  detail: string | null;
}

function otherConditions(ctx: JobContext): OtherCondition[] {
  const overdue = `r.return_at is null and r.rent_at <= $1::timestamptz - interval '${ctx.overdueHours} hours'
                   and r.rent_at > $1::timestamptz - interval '30 days'`;
  const stale = `(p.last_seen_at is null or p.last_seen_at < $1::timestamptz - interval '${STALE_PILE_MINUTES} minutes')`;
  return [
    {
      type: 3, // overdue return: rented and not returned in time
      select: `select r.brand_id, r.bike_id, r.rent_site_id as site_id, r.area_id, r.rent_lon as lon, r.rent_lat as lat,
                      'order:' || r.brand_id || ':' || r.order_id as subject, '订单 ' || r.order_id || ' 超时未还车' as detail
                 from ride_orders r where ${overdue}`,
      holds: `select 1 from ride_orders r
               where r.brand_id = a.brand_id and r.order_id = substr(a.subject, length('order:' || a.brand_id || ':') + 1) and ${overdue}`,
      detail: null,
    },
    {
      type: 4, // abnormal site: every pile silent for an hour, or a pile below 10 % power
      select: `select null::int as brand_id, null::varchar as bike_id, s.id as site_id, s.area_id, s.lon, s.lat,
                      'site:' || s.id as subject,
                      case when bool_and(${stale}) then '站点蓝牙桩全部离线超过 1 小时' else '站点蓝牙桩电量低于 ${LOW_POWER}%' end as detail
                 from sites s join piles p on p.site_id = s.id
                where s.deleted_at is null
                group by s.id
               having bool_and(${stale}) or bool_or(p.power < ${LOW_POWER})`,
      holds: `select 1 from sites s join piles p on p.site_id = s.id
               where s.id = substr(a.subject, 6) and s.deleted_at is null
               group by s.id having bool_and(${stale}) or bool_or(p.power < ${LOW_POWER})`,
      detail: `(select case when bool_and(${stale}) then '站点蓝牙桩全部离线超过 1 小时' else '站点蓝牙桩电量低于 ${LOW_POWER}%' end
                  from piles p where p.site_id = substr(a.subject, 6))`,
    },
  ];
}

/** Lets queued requests (and PGlite's queue) run between two statements of a long job. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runAbnormalDetection(ctx: JobContext, now: Date): Promise<{ opened: number; closed: number; refreshed: number; capped: number }> {
  const at = now.toISOString();
  let opened = 0;
  let closed = 0;
  let refreshed = 0;
  let capped = 0;
  const close = async (type: number, holds: string, refresh: Refresh) => {
    const r = await closeStale(ctx, type, holds, at, refresh);
    closed += r.closed;
    refreshed += r.refreshed;
  };
  for (const c of bikeConditions(ctx)) {
    const o = await openBikes(ctx, c, at);
    opened += o.opened;
    capped += o.capped;
    await close(c.type, `select 1 from bike_live b where b.bike_id = a.bike_id and ${c.where}`, {
      from: BIKE_REFRESH.from,
      where: `${BIKE_REFRESH.on} and ${c.where} and ${BIKE_REFRESH.changed(c.detail)}`,
      set: BIKE_REFRESH.set(c.detail),
    });
  }
  for (const c of otherConditions(ctx)) {
    const [o] = await ctx.database.query<{ n: number }>(
      `with cur as (${c.select}), ins as (
         insert into abnormal_messages (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at)
         select ${c.type}, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, $1, $1 from cur
         on conflict (abnormal_type, subject) where closed_at is null do nothing returning 1)
       select count(*)::int as n from ins`,
      [at],
    );
    opened += o.n;
    await breathe();
    const detail = c.detail ?? 'a.detail';
    await close(c.type, c.holds, {
      from: null,
      where: `exists (${c.holds}) and (a.updated_at <= $1::timestamptz - interval '${CONFIRM_MINUTES} minutes' or a.detail is distinct from ${detail})`,
      set: `updated_at = greatest(a.updated_at, $1::timestamptz), detail = ${detail}`,
    });
  }
  return { opened, closed, refreshed, capped };
}

/**
 * Opens a bike condition's messages, CHUNK bikes of bike_live (by key) per statement. Messages about
 * unfiled bikes are capped at ILLEGAL_CAP open per brand and type (the quota left is kept here while
 * the chunks go by); those over it are counted, not stored.
 */
async function openBikes(ctx: JobContext, c: BikeCondition, at: string) {
  let opened = 0;
  let capped = 0;
  const left = new Map<number, number>();
  const open = await ctx.database.query<{ brand_id: number; n: number }>(
    `select a.brand_id, count(*)::int as n from abnormal_messages a join bike_live b on b.bike_id = a.bike_id
      where a.abnormal_type = $1 and a.closed_at is null and b.legality = 1 group by a.brand_id`,
    [c.type],
  );
  for (const r of open) left.set(r.brand_id, ILLEGAL_CAP - r.n);
  // ranges are closed on both ends (an open end would keep the planner off the key's index)
  const [{ last }] = await ctx.database.query<{ last: string | null }>(`select max(bike_id) as last from bike_live`);
  if (last === null) return { opened, capped };
  for (let from = ''; ;) {
    const [hi] = await ctx.database.query<{ bike_id: string }>(`select bike_id from bike_live where bike_id > $1 order by bike_id offset $2 limit 1`, [
      from,
      CHUNK - 1,
    ]);
    const brands = [...left.keys()];
    const [r] = await ctx.database.query<{ n: number; capped: number; used: { brand_id: number; n: number }[] | null }>(
      `with cur as (
         select b.brand_id, b.bike_id, b.site_id, b.area_id, b.lon, b.lat, b.legality, 'bike:' || b.bike_id as subject, ${c.detail} as detail
           from bike_live b
          where b.bike_id > $2 and b.bike_id <= $3 and ${c.where}
            and (select 1 from abnormal_messages a where a.abnormal_type = $4 and a.subject = 'bike:' || b.bike_id and a.closed_at is null) is null),
       ranked as (
         select cur.*, row_number() over (partition by cur.brand_id, cur.legality order by cur.bike_id) as rn, coalesce(q.n, $7::int) as quota
           from cur left join unnest($5::int[], $6::int[]) as q(brand_id, n) using (brand_id)),
       ins as (
         insert into abnormal_messages (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at)
         select $4, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, $1, $1 from ranked where legality = 0 or rn <= quota
         on conflict (abnormal_type, subject) where closed_at is null do nothing
         returning 1)
       select (select count(*)::int from ins) as n,
              (select count(*)::int from ranked where legality = 1 and rn > quota) as capped,
              (select json_agg(json_build_object('brand_id', brand_id, 'n', n)) from
                 (select brand_id, count(*)::int as n from ranked where legality = 1 and rn <= quota group by brand_id) x) as used`,
      [at, from, hi?.bike_id ?? last, c.type, brands, brands.map((b) => left.get(b)!), ILLEGAL_CAP],
    );
    opened += r.n;
    capped += r.capped;
    for (const x of r.used ?? []) left.set(x.brand_id, (left.get(x.brand_id) ?? ILLEGAL_CAP) - x.n);
    await breathe();
    if (!hi) return { opened, capped };
    from = hi.bike_id;
  }
}

/** How an open message that still holds is brought up to date: `set` on `a` (joined to `from` as `b`, if any) where `where`. */
interface Refresh {
  from: string | null;
  where: string;
  set: string;
}

/**
 * Closes a type's open messages whose condition no longer holds (`holds`: a select of 1 on `a`),
 * and refreshes those that hold (`refresh`: last seen, place), CHUNK open messages (by the
 * open-message index) per statement; the two updates touch disjoint rows.
 */
async function closeStale(ctx: JobContext, type: number, holds: string, at: string, refresh: Refresh) {
  let closed = 0;
  let refreshed = 0;
  for (let from = ''; ;) {
    const [r] = await ctx.database.query<{ n: number; last: string | null; size: number; refreshed: number }>(
      `with batch as (
         select id, subject from abnormal_messages
          where abnormal_type = ${type} and closed_at is null and subject > $2
          order by subject limit $3),
       upd as (
         update abnormal_messages a set closed_at = $1, updated_at = $1
           from batch where a.id = batch.id and a.created_at <= $1 and (${holds} limit 1) is null
         returning 1),
       seen as (
         update abnormal_messages a set ${refresh.set}
           from batch${refresh.from ? `, ${refresh.from}` : ''}
          where a.id = batch.id and ${refresh.where}
         returning 1)
       select (select count(*)::int from upd) as n, (select max(subject) from batch) as last,
              (select count(*)::int from batch) as size, (select count(*)::int from seen) as refreshed`,
      [at, from, CHUNK],
    );
    closed += r.n;
    refreshed += r.refreshed;
    await breathe();
    if (!r.last || r.size < CHUNK) return { closed, refreshed };
    from = r.last;
  }
}
