/**
 * Abnormal conditions detected from stored state (DOMAIN.md): each opens one message per bike (or
 * order, or site) and type while it lasts, and closes it when the condition ends.
 * Event-type alerts (1, 6, 8, 9-12) are written at ingest, and so are the reported ones, opened and
 * closed by the reports themselves: 2 illegal device (a pile flags it) and 5 faulty bike (the
 * operator says so); this job leaves those types alone.
 */
import type { JobContext } from './context.js';

interface Condition {
  type: number;
  /** Rows that are abnormal now: brand_id, bike_id, site_id, area_id, lon, lat, subject, detail. */
  select: string;
}

const STALE_PILE_MINUTES = 60;
const LOW_POWER = 10;

function conditions(ctx: JobContext): Condition[] {
  return [
    {
      type: 7, // illegal bike: reports but was never filed
      select: `select brand_id, bike_id, site_id, area_id, lon, lat, 'bike:' || bike_id as subject, '未备案车辆上报' as detail
                 from bike_live where legality = 1 and reported_at > $1::timestamptz - interval '${ctx.staleHours} hours'`,
    },
    {
      type: 13, // off-site placement: parked outside every site too long, or inside a forbidden zone
      select: `select brand_id, bike_id, site_id, area_id, lon, lat, 'bike:' || bike_id as subject,
                      case when in_forbid then '停放在禁停区内' else '站外停放超过 ${ctx.offsiteMinutes} 分钟' end as detail
                 from bike_live
                where status = 1 and (in_forbid or (site_id is null and out_site_since <= $1::timestamptz - interval '${ctx.offsiteMinutes} minutes'))`,
    },
    {
      type: 14, // out-of-area parking: parked outside its area's operating fence
      select: `select brand_id, bike_id, site_id, area_id, lon, lat, 'bike:' || bike_id as subject, '停放在运营区域外' as detail
                 from bike_live where status = 1 and not in_area`,
    },
    {
      type: 3, // overdue return: rented and not returned in time
      select: `select brand_id, bike_id, rent_site_id as site_id, area_id, rent_lon as lon, rent_lat as lat,
                      'order:' || brand_id || ':' || order_id as subject, '订单 ' || order_id || ' 超时未还车' as detail
                 from ride_orders
                where return_at is null and rent_at <= $1::timestamptz - interval '${ctx.overdueHours} hours'
                  and rent_at > $1::timestamptz - interval '30 days'`,
    },
    {
      type: 4, // abnormal site: every pile silent for an hour, or a pile below 10 % power
      select: `select null::int as brand_id, null::varchar as bike_id, s.id as site_id, s.area_id, s.lon, s.lat,
                      'site:' || s.id as subject,
                      case when bool_and(p.last_seen_at is null or p.last_seen_at < $1::timestamptz - interval '${STALE_PILE_MINUTES} minutes')
                           then '站点蓝牙桩全部离线超过 1 小时' else '站点蓝牙桩电量低于 ${LOW_POWER}%' end as detail
                 from sites s join piles p on p.site_id = s.id
                where s.deleted_at is null
                group by s.id
               having bool_and(p.last_seen_at is null or p.last_seen_at < $1::timestamptz - interval '${STALE_PILE_MINUTES} minutes')
                   or bool_or(p.power < ${LOW_POWER})`,
    },
  ];
}

export async function runAbnormalDetection(ctx: JobContext, now: Date): Promise<{ opened: number; closed: number }> {
  let opened = 0;
  let closed = 0;
  const at = now.toISOString();
  for (const c of conditions(ctx)) {
    const [o] = await ctx.database.query<{ n: number }>(
      `with cur as (${c.select}), ins as (
         insert into abnormal_messages (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at)
         select ${c.type}, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, $1, $1 from cur
         on conflict (abnormal_type, subject) where closed_at is null do nothing returning 1)
       select count(*)::int as n from ins`,
      [at],
    );
    const [x] = await ctx.database.query<{ n: number }>(
      `with cur as (${c.select}), upd as (
         update abnormal_messages a set closed_at = $1, updated_at = $1
          where a.abnormal_type = ${c.type} and a.closed_at is null and a.created_at <= $1
            and a.subject not in (select subject from cur) returning 1)
       select count(*)::int as n from upd`,
      [at],
    );
    opened += o.n;
    closed += x.n;
  }
  return { opened, closed };
}
