/**
 * The site snapshot (every minute): counts per site, brand and type of parked bikes; capacity with
 * the largest factor of the open magnify groups the site is in, fill status and flag
 * (domain/siteStatus); a site message when the status changes into empty, less, more or full; a
 * site-history row when the counts changed; the day's placed and in-site bikes as of this run; the
 * groups' applied_at once their current state is applied; the live bikes per area and enterprise
 * (brand_live_counts, shared/brandCounts.ts) that the brand figures sum, as of this run.
 */
import type { JobContext } from './context.js';
import { capacityOf, magnifyFactors, siteStatus } from '../domain/siteStatus.js';
import { refreshBrandCounts, type CurrentBike, type SiteBrandCount } from '../shared/brandCounts.js';
import { markRun } from '../shared/watermarks.js';
import { localDay } from '../domain/time.js';
import type { Query } from '../db/client.js';

interface PrevState {
  siteId: string;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  capacity: number;
  flag: number;
  currentBike: CurrentBike;
}

/** The per-brand split as a comparable string (jsonb does not keep key order). */
const splitKey = (c: CurrentBike) => [c.nowBike, c.nowEBike].map((list) => list.map((b) => `${b.brand_id}:${b.num}`).join(',')).join('|');

export interface SnapshotResult {
  sites: number;
  changed: number;
  messages: number;
  ms: number;
  /** Of ms, the brand counts' refresh (refreshBrandCounts). */
  brandMs: number;
}

export async function runSnapshot(ctx: JobContext, now: Date): Promise<SnapshotResult> {
  const started = performance.now();
  const { database } = ctx;
  const staleSince = new Date(now.getTime() - ctx.staleHours * 3600_000).toISOString();
  const [counts, sites, brands, prevRows, groups] = await Promise.all([
    // n: every parked bike (the site's fill); counted: the online filed ones (the brand figures' 站内)
    database.query<{ siteId: string; brandId: number; bikeType: number; n: number; counted: number }>(
      `select site_id as "siteId", brand_id as "brandId", bike_type as "bikeType", count(*)::int as n,
              count(*) filter (where legality = 0 and reported_at >= $1)::int as counted
         from bike_live where status = 1 and site_id is not null group by 1, 2, 3`,
      [staleSince],
    ),
    database.query<{ id: string; areaId: string; ceiling: number; siteFull: number | null; areaFull: number }>(
      `select s.id, s.area_id as "areaId", s.site_bike_ceiling as ceiling, s.full_pile_num as "siteFull", a.full_pile_num as "areaFull"
         from sites s join areas a on a.id = s.area_id where s.deleted_at is null`,
    ),
    database.query<{ id: number; name: string }>(`select id, brand_name as name from brands`),
    database.query<PrevState>(
      `select site_id as "siteId", num, bike_num as "bikeNum", ebike_num as "ebikeNum", capacity, flag, current_bike as "currentBike" from site_state`,
    ),
    // open magnify groups; changedKey keeps the stored time as text (a JS Date loses microseconds)
    database.query<{ id: number; siteList: string[]; factor: number; changedKey: string | null; pending: boolean }>(
      `select id, site_list as "siteList", factor, changed_at::text as "changedKey",
              (changed_at is not null and (applied_at is null or applied_at < changed_at)) as pending
         from magnify_groups where open_switch`,
    ),
  ]);
  const factorOf = magnifyFactors(groups.map((g) => ({ siteList: g.siteList, factor: g.factor, openSwitch: true })));
  const applied = groups.filter((g) => g.pending);
  const brandName = new Map(brands.map((b) => [b.id, b.name]));
  const bySite = new Map<string, { bike: SiteBrandCount[]; ebike: SiteBrandCount[] }>();
  for (const c of counts) {
    const e = bySite.get(c.siteId) ?? { bike: [], ebike: [] };
    (c.bikeType === 1 ? e.ebike : e.bike).push({ brand_id: c.brandId, brand_name: brandName.get(c.brandId) ?? '', num: c.n });
    bySite.set(c.siteId, e);
  }
  const prev = new Map(prevRows.map((p) => [p.siteId, p]));
  const state: (PrevState & { areaId: string; messageType: string | null })[] = [];
  const history: typeof state = [];
  const messages: typeof state = [];
  for (const s of sites) {
    const e = bySite.get(s.id) ?? { bike: [], ebike: [] };
    e.bike.sort((a, b) => a.brand_id - b.brand_id);
    e.ebike.sort((a, b) => a.brand_id - b.brand_id);
    const bikeNum = e.bike.reduce((t, x) => t + x.num, 0);
    const ebikeNum = e.ebike.reduce((t, x) => t + x.num, 0);
    const num = bikeNum + ebikeNum;
    const capacity = capacityOf(s.ceiling, s.siteFull ?? s.areaFull, factorOf.get(s.id));
    const st = siteStatus(num, capacity);
    const row = {
      siteId: s.id,
      areaId: s.areaId,
      num,
      bikeNum,
      ebikeNum,
      capacity,
      flag: st.flag,
      messageType: st.messageType,
      currentBike: { nowBike: e.bike, nowEBike: e.ebike },
    };
    const p = prev.get(s.id);
    const countsChanged = !p || p.num !== num || p.bikeNum !== bikeNum || p.ebikeNum !== ebikeNum || splitKey(p.currentBike) !== splitKey(row.currentBike);
    if (countsChanged || p.capacity !== capacity || p.flag !== st.flag) state.push(row);
    if (countsChanged) history.push(row);
    if ((!p || p.flag !== st.flag) && st.messageType) messages.push(row);
  }
  // per area, brand and type, the online filed bikes in sites (the brand figures' 站内, a part of their
  // 在线), from the same scan
  const areaOf = new Map(sites.map((x) => [x.id, x.areaId]));
  const presence = new Map<string, Presence>();
  for (const c of counts) {
    const areaId = areaOf.get(c.siteId);
    if (!areaId) continue; // a deleted site
    const key = `${areaId}|${c.brandId}|${c.bikeType}`;
    const p = presence.get(key);
    if (p) p.n += c.counted;
    else presence.set(key, { areaId, brandId: c.brandId, bikeType: c.bikeType, n: c.counted });
  }
  const at = now.toISOString();
  const cols = (rows: typeof state) => [
    rows.map((r) => r.siteId),
    rows.map((r) => r.areaId),
    rows.map((r) => r.num),
    rows.map((r) => r.bikeNum),
    rows.map((r) => r.ebikeNum),
    rows.map((r) => r.capacity),
    rows.map((r) => JSON.stringify(r.currentBike)),
  ];
  let brandMs = 0;
  const U = `unnest($1::varchar[], $2::varchar[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[]) as u(site_id, area_id, num, bike_num, ebike_num, capacity, current_bike)`;
  await database.tx(async (q) => {
    if (state.length) {
      await q(
        `insert into site_state (site_id, area_id, num, bike_num, ebike_num, capacity, current_bike, flag, message_type, updated_at)
         select u.site_id, u.area_id, u.num, u.bike_num, u.ebike_num, u.capacity, u.current_bike::jsonb, f.flag, f.mt, $10
           from ${U} join unnest($1::varchar[], $8::smallint[], $9::varchar[]) as f(site_id, flag, mt) on f.site_id = u.site_id
         on conflict (site_id) do update set area_id = excluded.area_id, num = excluded.num, bike_num = excluded.bike_num,
           ebike_num = excluded.ebike_num, capacity = excluded.capacity, current_bike = excluded.current_bike, flag = excluded.flag,
           message_type = excluded.message_type, updated_at = excluded.updated_at`,
        [...cols(state), state.map((r) => r.flag), state.map((r) => r.messageType), at],
      );
    }
    if (history.length) {
      await q(
        `insert into site_history (site_id, area_id, num, bike_num, ebike_num, capacity, current_bike, flag, at)
         select u.site_id, u.area_id, u.num, u.bike_num, u.ebike_num, u.capacity, u.current_bike::jsonb, f.flag, $9
           from ${U} join unnest($1::varchar[], $8::smallint[]) as f(site_id, flag) on f.site_id = u.site_id`,
        [...cols(history), history.map((r) => r.flag), at],
      );
    }
    if (messages.length) {
      await q(
        `insert into site_messages (site_id, area_id, num, bike_num, ebike_num, capacity, current_bike, message_type, at)
         select u.site_id, u.area_id, u.num, u.bike_num, u.ebike_num, u.capacity, u.current_bike::jsonb, f.mt, $9
           from ${U} join unnest($1::varchar[], $8::varchar[]) as f(site_id, mt) on f.site_id = u.site_id`,
        [...cols(messages), messages.map((r) => r.messageType), at],
      );
    }
    await q(`delete from site_state where site_id not in (select id from sites where deleted_at is null)`);
    // the brand figures' counts, as of this run (one grouped scan of bike_live), replaced with the
    // site statuses in this transaction and before the run is recorded (the big screen's cache keys on it)
    const t = performance.now();
    await refreshBrandCounts(q, ctx.staleHours, now, [...presence.values()]);
    // the day's 投放 and 站内 (stats_daily) are these counts as of this run: the big screen's
    await recordDayCounts(q, localDay(now, ctx.tz));
    brandMs = Math.round(performance.now() - t);
    if (applied.length) {
      // only the state read above (a group changed since waits for the next snapshot); the
      // database's clock, the one changed_at is set by
      await q(
        `update magnify_groups g set applied_at = greatest(now(), g.changed_at) from unnest($1::int[], $2::text[]) as u(id, changed)
          where g.id = u.id and g.open_switch and g.changed_at = u.changed::timestamptz`,
        [applied.map((g) => g.id), applied.map((g) => g.changedKey)],
      );
    }
  });
  await markRun((text, params) => database.query(text, params), 'snapshot', { at: now });
  return { sites: sites.length, changed: state.length, messages: messages.length, ms: Math.round(performance.now() - started), brandMs };
}

/** Bikes parked in sites of one area, brand and type. */
interface Presence {
  areaId: string;
  brandId: number;
  bikeType: number;
  n: number;
}

/**
 * The day's placed (投放: online_num) and in-site (站内: site_num) bikes per area, brand and type in
 * stats_daily, as the brand figures (brand_live_counts) count them at this run: the last run of a
 * day leaves the day's figures as at its end, today's are the big screen's of now. In-site bikes
 * are a part of the online ones, so 站内 ≤ 投放 on every day. Run in the snapshot's transaction,
 * after refreshBrandCounts.
 */
async function recordDayCounts(q: Query, day: string) {
  await q(`update stats_daily set online_num = 0, site_num = 0 where day = $1::date and (online_num <> 0 or site_num <> 0)`, [day]);
  await q(
    `insert into stats_daily as d (day, area_id, brand_id, bike_type, online_num, site_num)
     select $1::date, c.area_id, c.brand_id, t.bike_type,
            case t.bike_type when 0 then c.online_bike else c.online_ebike end, case t.bike_type when 0 then c.site_bike else c.site_ebike end
       from brand_live_counts c cross join (values (0::smallint), (1::smallint)) as t(bike_type)
      where case t.bike_type when 0 then c.online_bike + c.site_bike else c.online_ebike + c.site_ebike end > 0
     on conflict (day, area_id, brand_id, bike_type) do update set online_num = excluded.online_num, site_num = excluded.site_num`,
    [day],
  );
}
