/**
 * Work-order storage (issue 27): the statements the minute job and the work-order calls share.
 * Bulk writes go through jsonb_to_recordset (one statement whatever the count, on both databases);
 * an order and its timeline rows are written in one transaction.
 */
import type { Database, Query } from '../db/client.js';
import type { Direction, OrderState, OrderType, Watch } from '../domain/workOrders.js';

/** A site with what the dispatch rule reads: its thresholds, its counts of this minute and who stands there. */
export interface DispatchSite {
  siteId: string;
  siteName: string;
  areaId: string;
  lon: number;
  lat: number;
  less: number;
  more: number;
  responseMinutes: number;
  putAllowed: boolean;
  num: number;
  capacity: number;
  /** parked bikes per enterprise in the site now (nowBike and nowEBike together) */
  byBrand: { brandId: number; num: number }[];
}

export async function dispatchSites(database: Database): Promise<DispatchSite[]> {
  return database.query<DispatchSite>(
    `select s.id as "siteId", s.site_name as "siteName", s.area_id as "areaId", s.lon, s.lat,
            s.dispatch_threshold_less as less, s.dispatch_threshold_more as more,
            s.dispatch_response_minute as "responseMinutes", s.brand_put_switch as "putAllowed",
            st.num, st.capacity,
            coalesce((select json_agg(json_build_object('brandId', b.brand_id, 'num', b.num))
                        from (select (x->>'brand_id')::int as brand_id, sum((x->>'num')::int)::int as num
                                from jsonb_array_elements((st.current_bike->'nowBike') || (st.current_bike->'nowEBike')) x
                               group by 1) b), '[]'::json) as "byBrand"
       from sites s join site_state st on st.site_id = s.id
      where s.deleted_at is null`,
  );
}

export async function watches(database: Database): Promise<Map<string, Watch>> {
  const rows = await database.query<{ siteId: string; direction: Direction; since: Date }>(`select site_id as "siteId", direction, since from dispatch_watch`);
  return new Map(rows.map((r) => [r.siteId, { direction: r.direction, since: new Date(r.since) }]));
}

/** Writes the watches that started or changed, and drops those of sites back in range. */
export async function saveWatches(database: Database, set: { siteId: string; watch: Watch }[], gone: string[]) {
  if (set.length)
    await database.query(
      `insert into dispatch_watch (site_id, direction, since)
       select x.site_id, x.direction, x.since from jsonb_to_recordset($1::jsonb) as x(site_id text, direction text, since timestamptz)
       on conflict (site_id) do update set direction = excluded.direction, since = excluded.since`,
      [JSON.stringify(set.map((s) => ({ site_id: s.siteId, direction: s.watch.direction, since: s.watch.since.toISOString() })))],
    );
  if (gone.length) await database.query(`delete from dispatch_watch where site_id = any($1::varchar[])`, [gone]);
}

/** An open order the rules opened (the ones a rule may join, close or leave). */
export interface OpenRuleOrder {
  id: number;
  orderType: OrderType;
  areaId: string;
  brandId: number;
  place: string;
  siteId: string | null;
}

export async function openRuleOrders(database: Database, types: readonly OrderType[]): Promise<OpenRuleOrder[]> {
  return database.query<OpenRuleOrder>(
    `select id::int as id, order_type as "orderType", area_id as "areaId", brand_id as "brandId", place, site_id as "siteId"
       from work_orders where state <> 4 and opened_by = 'rule' and order_type = any($1::smallint[])`,
    [types],
  );
}

/** Live bikes per enterprise in each of the areas (the weights of a too-empty site's order). */
export async function areaFleets(database: Database, areaIds: string[]): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  if (!areaIds.length) return out;
  const rows = await database.query<{ areaId: string; brandId: number; n: number }>(
    `select area_id as "areaId", brand_id as "brandId", (online_bike + online_ebike)::int as n
       from brand_live_counts where area_id = any($1::varchar[])`,
    [areaIds],
  );
  for (const r of rows) {
    const m = out.get(r.areaId) ?? new Map<number, number>();
    m.set(r.brandId, r.n);
    out.set(r.areaId, m);
  }
  return out;
}

/** A new order as the rules or a regulator open it. */
export interface NewOrder {
  orderType: OrderType;
  areaId: string;
  brandId: number;
  siteId: string | null;
  lon: number | null;
  lat: number | null;
  place: string;
  title: string;
  bikesToMove: number | null;
  evidence: Record<string, unknown>;
  openedBy: 'rule' | 'regulator';
  creatorId: number | null;
  createdAt: Date;
  deadlineAt: Date;
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * Inserts the orders and their `open` event; answers the new ids in the input's order. A rule order
 * whose group has an open order already (another process, a re-run) is skipped: its id is null.
 */
export async function insertOrders(q: Query, orders: readonly NewOrder[]): Promise<(number | null)[]> {
  if (!orders.length) return [];
  const rows = await q(
    `with x as (
       select * from jsonb_to_recordset($1::jsonb) as x(
         order_type smallint, area_id text, brand_id int, site_id text, lon float8, lat float8, place text, title text,
         bikes_to_move int, evidence jsonb, opened_by text, creator_id int, created_at timestamptz, deadline_at timestamptz, n int)
     ), ins as (
       insert into work_orders (order_type, area_id, brand_id, site_id, lon, lat, place, title, bikes_to_move, evidence,
                                opened_by, creator_id, created_at, deadline_at, updated_at)
       select order_type, area_id, brand_id, site_id, lon, lat, place, title, bikes_to_move, evidence,
              opened_by, creator_id, created_at, deadline_at, created_at
         from x order by n
       on conflict do nothing
       returning id, order_type, area_id, brand_id, place, opened_by, creator_id, created_at
     ), ev as (
       insert into work_order_events (order_id, action, actor, user_id, at)
       select id, 'open', case when opened_by = 'rule' then 'system' else 'regulator' end, creator_id, created_at from ins
     )
     select x.n, ins.id::int as id
       from x join ins on ins.order_type = x.order_type and ins.area_id = x.area_id and ins.brand_id = x.brand_id
                      and ins.place = x.place and ins.opened_by = x.opened_by and ins.created_at = x.created_at`,
    [
      json(
        orders.map((o, i) => ({
          n: i + 1,
          order_type: o.orderType,
          area_id: o.areaId,
          brand_id: o.brandId,
          site_id: o.siteId,
          lon: o.lon,
          lat: o.lat,
          place: o.place,
          title: o.title,
          bikes_to_move: o.bikesToMove,
          evidence: o.evidence,
          opened_by: o.openedBy,
          creator_id: o.creatorId,
          created_at: o.createdAt.toISOString(),
          deadline_at: o.deadlineAt.toISOString(),
        })),
      ),
    ],
  );
  const byN = new Map((rows as { n: number; id: number }[]).map((r) => [r.n, r.id]));
  return orders.map((_, i) => byN.get(i + 1) ?? null);
}

/** Closes open orders because their condition ended (the site back in range, every alert closed). */
export async function autoClose(q: Query, ids: readonly number[], now: Date, note: string) {
  if (!ids.length) return 0;
  const rows = await q(
    `with c as (
       update work_orders set state = 4, closed_at = $2, auto_closed = true, updated_at = $2
        where id = any($1::bigint[]) and state <> 4 returning id
     )
     insert into work_order_events (order_id, action, actor, note, at) select id, 'autoClose', 'system', $3, $2 from c returning order_id`,
    [ids, now.toISOString(), note],
  );
  return rows.length;
}

/**
 * An alert (abnormal_messages as m) that still asks the enterprise to act: open and not handled; an
 * off-site return (type 1: an event that stays on record) only until its bike is seen again in a
 * site or ridden (a later report, or a later rent), so that its order ends when the bikes are back.
 */
export const ALERT_ACTIVE = `(m.closed_at is null and m.handled_at is null
  and (m.abnormal_type <> 1 or not (
    exists (select 1 from bike_live b where b.bike_id = m.bike_id and b.reported_at > m.created_at and (b.site_id is not null or b.status <> 1))
    or exists (select 1 from ride_orders r where r.bike_id = m.bike_id and r.rent_at > m.created_at))))`;

/** An open alert that joined no order yet, with what grouping needs. */
export interface LooseAlert {
  id: number;
  abnormalType: number;
  brandId: number;
  areaId: string;
  siteId: string | null;
  lon: number | null;
  lat: number | null;
  createdAt: Date;
}

/**
 * Open alerts of the given types that joined no order yet; off-site returns of the last day only
 * (they stay on record: an older one whose bike was not back in a site by then joins no order).
 */
export async function looseAlerts(database: Database, alertTypes: readonly number[], now: Date): Promise<LooseAlert[]> {
  return database.query<LooseAlert>(
    `select m.id::int as id, m.abnormal_type as "abnormalType", m.brand_id as "brandId", m.area_id as "areaId",
            m.site_id as "siteId", m.lon, m.lat, m.created_at as "createdAt"
       from abnormal_messages m
      where ${ALERT_ACTIVE} and m.brand_id is not null
        and m.abnormal_type = any($1::smallint[]) and (m.abnormal_type <> 1 or m.created_at > $2::timestamptz - interval '1 day')
        and not exists (select 1 from work_order_alerts w where w.abnormal_id = m.id)`,
    [alertTypes, now.toISOString()],
  );
}

/** Links alerts to orders (an alert joins one order; a link made already stays). */
export async function linkAlerts(q: Query, links: readonly { abnormalId: number; orderId: number }[], now: Date) {
  if (!links.length) return;
  await q(
    `with l as (
       insert into work_order_alerts (abnormal_id, order_id)
       select x.abnormal_id, x.order_id from jsonb_to_recordset($1::jsonb) as x(abnormal_id bigint, order_id bigint)
       on conflict do nothing returning order_id
     )
     update work_orders o set updated_at = $2 from (select distinct order_id from l) j where o.id = j.order_id`,
    [json(links.map((l) => ({ abnormal_id: l.abnormalId, order_id: l.orderId }))), now.toISOString()],
  );
}

/** Open rule-made alert orders none of whose alerts still asks for action (ALERT_ACTIVE). */
export async function alertOrdersResolved(database: Database): Promise<number[]> {
  const rows = await database.query<{ id: number }>(
    `select o.id::int as id from work_orders o
      where o.state <> 4 and o.opened_by = 'rule' and exists (select 1 from work_order_alerts w where w.order_id = o.id)
        and not exists (select 1 from work_order_alerts w join abnormal_messages m on m.id = w.abnormal_id
                         where w.order_id = o.id and ${ALERT_ACTIVE})`,
  );
  return rows.map((r) => r.id);
}

/** Marks open, unanswered orders past their deadline (once each) and writes their `overdue` event. */
export async function markOverdue(q: Query, now: Date): Promise<number> {
  const rows = await q(
    `with o as (
       update work_orders set overdue_at = $1, updated_at = $1
        where state in (1, 2) and deadline_at < $1 and overdue_at is null returning id, deadline_at
     )
     insert into work_order_events (order_id, action, actor, at) select id, 'overdue', 'system', deadline_at from o returning order_id`,
    [now.toISOString()],
  );
  return rows.length;
}

/**
 * An order as its enterprise and the console read it: kept as an interface, it is the stored row that
 * both the open API and the console shape differently (names, times as text), plus internal columns.
 */
export interface OrderRow {
  id: number;
  orderType: OrderType;
  state: OrderState;
  areaId: string;
  brandId: number;
  siteId: string | null;
  siteName: string | null;
  lon: number | null;
  lat: number | null;
  title: string;
  bikesToMove: number | null;
  evidence: Record<string, unknown>;
  openedBy: 'rule' | 'regulator';
  createdAt: Date;
  deadlineAt: Date;
  acceptedAt: Date | null;
  answeredAt: Date | null;
  closedAt: Date | null;
  autoClosed: boolean;
  overdueAt: Date | null;
  returns: number;
  updatedAt: Date;
  alertCount: number;
}

/** An order's columns as OrderRow names them (work_orders as o, sites as s); the console adds its names to them. */
export const ORDER_COLUMNS = `
  o.id::int as id, o.order_type as "orderType", o.state, o.area_id as "areaId", o.brand_id as "brandId",
  o.site_id as "siteId", s.site_name as "siteName", o.lon, o.lat, o.title, o.bikes_to_move as "bikesToMove",
  o.evidence, o.opened_by as "openedBy", o.created_at as "createdAt", o.deadline_at as "deadlineAt",
  o.accepted_at as "acceptedAt", o.answered_at as "answeredAt", o.closed_at as "closedAt",
  o.auto_closed as "autoClosed", o.overdue_at as "overdueAt", o.returns, o.updated_at as "updatedAt",
  (select count(*)::int from work_order_alerts w where w.order_id = o.id) as "alertCount"`;

/** An order as its enterprise reads it: with the bikes of its alerts that still ask for action (at most 100), the bikes it has to see to. */
export type EnterpriseOrderRow = OrderRow & { bikeIds: string[] };

const ORDER_SELECT = `select ${ORDER_COLUMNS},
  array(select m.bike_id from work_order_alerts w join abnormal_messages m on m.id = w.abnormal_id
         where w.order_id = o.id and ${ALERT_ACTIVE} and m.bike_id is not null
         order by m.id limit 100) as "bikeIds"
  from work_orders o left join sites s on s.id = o.site_id`;

/**
 * Orders waiting for the regulator (the to-do's dispatchPend, the list's 待处理): answered, or open
 * and unanswered past the deadline at `now` (a SQL expression); work_orders as o.
 */
export const pendingOrders = (now: string) => `(o.state = 3 or (o.state in (1, 2) and o.deadline_at < ${now}))`;

export async function findOrder(database: Database, id: number): Promise<EnterpriseOrderRow | undefined> {
  const [row] = await database.query<EnterpriseOrderRow>(`${ORDER_SELECT} where o.id = $1`, [id]);
  return row;
}

/**
 * An enterprise's orders changed after a point (updated_at, id), oldest change first, so that a
 * poller that keeps the last row's point misses none; `open` keeps those not yet closed, `todo`
 * those waiting for the enterprise (待接单, 处理中).
 */
export async function brandOrders(
  database: Database,
  f: { brandId: number; state: OrderState | 'open' | 'todo' | null; after: { at: Date; id: number } | null; limit: number },
): Promise<EnterpriseOrderRow[]> {
  return database.query<EnterpriseOrderRow>(
    `${ORDER_SELECT}
      where o.brand_id = $1
        and ($2::int is null or o.state = $2::int) and (not $3::boolean or o.state <> 4) and (not $7::boolean or o.state in (1, 2))
        and ($4::timestamptz is null or (o.updated_at, o.id) > ($4::timestamptz, $5::bigint))
      order by o.updated_at, o.id limit $6`,
    [
      f.brandId,
      typeof f.state === 'number' ? f.state : null,
      f.state === 'open',
      f.after?.at.toISOString() ?? null,
      f.after?.id ?? 0,
      f.limit,
      f.state === 'todo',
    ],
    'work-orders-of-brand',
  );
}

/** One step of an order's timeline. */
export interface OrderEvent {
  action: string;
  actor: 'operator' | 'regulator' | 'system';
  userId: number | null;
  brandId: number | null;
  note: string | null;
  photos: string[] | null;
  moved: { dispatchIds?: string[]; bikeIds?: string[] } | null;
  requestId: string | null;
}

/** Was this answer of the enterprise stored already (its request id)? */
export async function answered(database: Database, orderId: number, requestId: string): Promise<boolean> {
  return (await database.query(`select 1 from work_order_events where order_id = $1 and request_id = $2`, [orderId, requestId])).length > 0;
}

/** Which timestamp a step sets (the first time only for answers and acceptance). */
const STAMP: Partial<Record<string, string>> = {
  accept: 'accepted_at = coalesce(accepted_at, $3)',
  answer: 'accepted_at = coalesce(accepted_at, $3), answered_at = coalesce(answered_at, $3)',
  finish: 'closed_at = $3',
  return: 'returns = returns + 1',
};

/**
 * Moves an order from `from` to `to` and writes the step, in one transaction; false when the order
 * was no longer in `from` (another step came first: nothing is written). `at` is when the step was
 * taken (an enterprise may say when it answered); the order's updated_at, which pollers page by, is
 * `now`. `within` runs in the same transaction once the order has moved (attaching the answer's photos).
 */
export async function applyStep(
  database: Database,
  orderId: number,
  from: OrderState,
  to: OrderState,
  event: OrderEvent,
  at: Date,
  opts: { now?: Date; within?: (q: Query) => Promise<void> } = {},
): Promise<boolean> {
  return database.tx(async (q) => {
    const stamp = STAMP[event.action];
    // updated_at: now (never before the step's own time)
    const set = `state = $4, updated_at = greatest($5::timestamptz, $3::timestamptz)${stamp ? `, ${stamp}` : ''}`;
    const moved = await q(`update work_orders set ${set} where id = $1 and state = $2 returning id`, [
      orderId,
      from,
      at.toISOString(),
      to,
      (opts.now ?? at).toISOString(),
    ]);
    if (!moved.length) return false;
    await opts.within?.(q);
    await q(
      `insert into work_order_events (order_id, action, actor, user_id, brand_id, note, photos, moved, request_id, at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        orderId,
        event.action,
        event.actor,
        event.userId,
        event.brandId,
        event.note,
        event.photos ? JSON.stringify(event.photos) : null,
        event.moved ? JSON.stringify(event.moved) : null,
        event.requestId,
        at.toISOString(),
      ],
    );
    return true;
  });
}
