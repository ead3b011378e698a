/** Work-order queries of the console (the writes the job and the open API share are in shared/workOrders.ts). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { AlertItem, EventItem, OrderPoints } from './schemas.js';
import { DISPATCH_TYPES, type MeasuredOrder } from '../../domain/workOrders.js';
import { likeEscape } from '../../db/sql.js';
import { ALERT_ACTIVE, ORDER_COLUMNS, insertOrders, linkAlerts, pendingOrders, type NewOrder, type OrderRow } from '../../shared/workOrders.js';

/** An order as the console lists it: the shared row and the names. */
export type ListRow = OrderRow & { areaName: string | null; brandName: string | null; creatorId: number | null; creatorName: string | null };

/** The filters of the console's order reads (the list and the map): ONE where clause, orderWhere(). */
export interface OrderFilter {
  areaIds: string[];
  brandId?: number;
  /** an order type, or dispatch: the dispatch orders (DISPATCH_TYPES, too full or too empty) */
  type?: number | 'dispatch';
  /** 1-4, overdue (open and past its deadline), open (not closed), pending (overdue or answered: the to-do's dispatchPend) */
  state?: '1' | '2' | '3' | '4' | 'overdue' | 'open' | 'pending';
  from?: Date;
  to?: Date;
  /** site id, or text of its name (ilike) */
  site?: string;
  now: Date;
}

export interface PageFilter extends OrderFilter {
  limit: number;
  offset: number;
}

const LIST_SELECT = `
  select ${ORDER_COLUMNS}, a.area_name as "areaName", b.brand_name as "brandName", o.creator_id as "creatorId", u.name as "creatorName"
    from work_orders o
    left join sites s on s.id = o.site_id
    left join areas a on a.id = o.area_id
    left join brands b on b.id = o.brand_id
    left join users u on u.id = o.creator_id`;

/** The where clause of the filters (work_orders as o) and its parameters; more parameters go after them. */
function orderWhere(f: OrderFilter): { cond: string; params: unknown[] } {
  const params: unknown[] = [f.areaIds];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let cond = 'o.area_id = any($1::varchar[])';
  if (f.brandId !== undefined) cond += ` and o.brand_id = ${add(f.brandId)}`;
  if (f.type === 'dispatch') cond += ` and o.order_type = any(${add(DISPATCH_TYPES)}::smallint[])`;
  else if (f.type !== undefined) cond += ` and o.order_type = ${add(f.type)}`;
  if (f.state === 'overdue') cond += ` and o.state in (1, 2) and o.deadline_at < ${add(f.now.toISOString())}`;
  else if (f.state === 'open') cond += ' and o.state <> 4';
  else if (f.state === 'pending') cond += ` and ${pendingOrders(add(f.now.toISOString()))}`;
  else if (f.state === '1' || f.state === '2') cond += ` and o.state = ${add(Number(f.state))} and o.deadline_at >= ${add(f.now.toISOString())}`;
  else if (f.state) cond += ` and o.state = ${add(Number(f.state))}`;
  if (f.from) cond += ` and o.created_at >= ${add(f.from.toISOString())}`;
  if (f.to) cond += ` and o.created_at < ${add(f.to.toISOString())}`;
  if (f.site) {
    const p = add(f.site);
    const like = add(`%${likeEscape(f.site)}%`);
    cond += ` and (o.site_id = ${p} or o.site_id in (select id from sites where site_name ilike ${like}))`;
  }
  return { cond, params };
}

/** How many orders match the filters. */
export async function orderCount(database: Database, f: OrderFilter): Promise<number> {
  const { cond, params } = orderWhere(f);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from work_orders o where ${cond}`, params);
  return total;
}

/** A page of orders, newest first, and how many match. */
export async function orderPage(database: Database, f: PageFilter): Promise<{ rows: ListRow[]; total: number }> {
  const total = await orderCount(database, f);
  const { params, cond } = orderWhere(f);
  const n = params.length;
  const rows = await database.query<ListRow>(`${LIST_SELECT} where ${cond} order by o.created_at desc, o.id desc limit $${n + 1} offset $${n + 2}`, [
    ...params,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

/** An order as the map draws it: the point's place and texts, the type and state as stored, the deadline as a Date (the service adds the names and formats). */
type PointRow = Pick<Static<typeof OrderPoints>['points'][number], 'id' | 'lon' | 'lat' | 'title' | 'siteName'> &
  Pick<OrderRow, 'orderType' | 'state' | 'deadlineAt'> & { brandName: string | null };

/** The order's position, else its site's (work_orders as o, sites as s). */
const PLACED = 'coalesce(o.lon, s.lon) is not null and coalesce(o.lat, s.lat) is not null';

/**
 * The filtered orders with a place, newest first, at most `cap`; how many match the filters (as the
 * list counts them) and how many of those have no place (no position and no site).
 */
export async function orderPoints(database: Database, f: OrderFilter, cap: number): Promise<{ rows: PointRow[]; total: number; unplaced: number }> {
  const { cond, params } = orderWhere(f);
  const [{ total, unplaced }] = await database.query<{ total: number; unplaced: number }>(
    `select count(*)::int as total, (count(*) filter (where not (${PLACED})))::int as unplaced
       from work_orders o left join sites s on s.id = o.site_id where ${cond}`,
    params,
  );
  const rows = await database.query<PointRow>(
    `select o.id::int as id, o.order_type as "orderType", o.state, o.deadline_at as "deadlineAt",
            coalesce(o.lon, s.lon) as lon, coalesce(o.lat, s.lat) as lat, o.title, b.brand_name as "brandName", s.site_name as "siteName"
       from work_orders o left join sites s on s.id = o.site_id left join brands b on b.id = o.brand_id
      where ${cond} and ${PLACED}
      order by o.created_at desc, o.id desc limit $${params.length + 1}`,
    [...params, cap],
  );
  return { rows, total, unplaced };
}

export async function orderRow(database: Database, id: number): Promise<ListRow | undefined> {
  const [row] = await database.query<ListRow>(`${LIST_SELECT} where o.id = $1`, [id]);
  return row;
}

/** A step as stored: who acted as ids' names and the moved bikes as one object (the service makes who, actionName, dispatchIds, bikeIds, time). */
export type EventRow = Pick<Static<typeof EventItem>, 'action' | 'note'> & {
  actor: 'operator' | 'regulator' | 'system';
  userName: string | null;
  brandName: string | null;
  photos: string[] | null;
  moved: { dispatchIds?: string[]; bikeIds?: string[] } | null;
  at: Date;
};

/** The order's timeline, oldest first, with the names of who acted. */
export async function events(database: Database, orderId: number): Promise<EventRow[]> {
  return database.query<EventRow>(
    `select e.action, e.actor, u.name as "userName", b.brand_name as "brandName", e.note, e.photos, e.moved, e.at
       from work_order_events e left join users u on u.id = e.user_id left join brands b on b.id = e.brand_id
      where e.order_id = $1 order by e.at, e.id`,
    [orderId],
  );
}

/** An alert as listed (less the type's name; its time as a Date), with what linking it to an order checks: enterprise, area, the order it joined already. */
type AlertRow = Omit<Static<typeof AlertItem>, 'typeName' | 'createTime'> & { brandId: number | null; areaId: string; createdAt: Date; orderId: number | null };

const ALERT_SELECT = `
  select m.id::int as id, m.abnormal_type as "abnormalType", m.brand_id as "brandId", m.bike_id as "bikeId", m.site_id as "siteId",
         m.area_id as "areaId", m.lon, m.lat, m.created_at as "createdAt",
         not ${ALERT_ACTIVE} as ended, w.order_id::int as "orderId"
    from abnormal_messages m left join work_order_alerts w on w.abnormal_id = m.id`;

export async function orderAlerts(database: Database, orderId: number): Promise<AlertRow[]> {
  return database.query<AlertRow>(`${ALERT_SELECT} where w.order_id = $1 order by m.created_at, m.id limit 500`, [orderId]);
}

export async function alert(database: Database, id: number): Promise<AlertRow | undefined> {
  const [row] = await database.query<AlertRow>(`${ALERT_SELECT} where m.id = $1`, [id]);
  return row;
}

/** What opening an order reads of its site (internal: no route answers it). */
interface SiteRow {
  siteId: string;
  siteName: string;
  areaId: string;
  lon: number;
  lat: number;
  responseMinutes: number | null;
}

export async function site(database: Database, siteId: string): Promise<SiteRow | undefined> {
  const [row] = await database.query<SiteRow>(
    `select id as "siteId", site_name as "siteName", area_id as "areaId", lon, lat, dispatch_response_minute as "responseMinutes"
       from sites where id = $1 and deleted_at is null`,
    [siteId],
  );
  return row;
}

export async function brandName(database: Database, brandId: number): Promise<string | undefined> {
  const [row] = await database.query<{ name: string }>(`select brand_name as name from brands where id = $1 and deleted_at is null`, [brandId]);
  return row?.name;
}

/** What the measures read of an order (domain MeasuredOrder), with its enterprise. */
export type MeasureRow = MeasuredOrder & { brandId: number; brandName: string | null };

/** The orders of the areas created in [from, to), what the measures read. */
export async function measureRows(database: Database, f: { areaIds: string[]; brandId: number | null; from: Date; to: Date }): Promise<MeasureRow[]> {
  return database.query<MeasureRow>(
    `select o.brand_id as "brandId", b.brand_name as "brandName", o.created_at as "createdAt", o.deadline_at as "deadlineAt",
            o.answered_at as "answeredAt", o.closed_at as "closedAt", o.auto_closed as "autoClosed", o.returns,
            o.order_type as "orderType"
       from work_orders o left join brands b on b.id = o.brand_id
      where o.area_id = any($1::varchar[]) and o.created_at >= $2 and o.created_at < $3 and ($4::int is null or o.brand_id = $4::int)`,
    [f.areaIds, f.from.toISOString(), f.to.toISOString(), f.brandId],
  );
}

/** Opens a regulator's order and links the alert it was opened from, in one transaction; its id. */
/**
 * A violation report of the field app (米单车管理 · 违规举报) an order may be opened from: internal, what
 * opening the order reads (the 米单车 module's ReportItem belongs to another module and answers other fields).
 */
interface ReportRow {
  id: number;
  areaId: string;
  brandId: number | null;
  lon: number;
  lat: number;
  text: string;
  state: number;
  reporterName: string;
  at: Date;
  photos: string[] | null;
}

export async function report(database: Database, id: number): Promise<ReportRow | undefined> {
  const [row] = await database.query<ReportRow>(
    `select v.id::int as id, v.area_id as "areaId", v.brand_id as "brandId", v.lon, v.lat, v.text, v.state,
            coalesce(nullif(u.name, ''), u.username) as "reporterName", v.at,
            (select array_agg(up.file order by up.id) from uploads up where up.purpose = 'report' and up.owner_id = v.id) as photos
       from violation_reports v join users u on u.id = v.user_id where v.id = $1`,
    [id],
  );
  return row;
}

/**
 * Opens an order and, in the same transaction, joins the alert it came from or settles the report
 * it came from (已处理, its note naming the order). False-y report link when the report was decided
 * meanwhile: nothing is written and the call fails.
 */
export async function openOrder(
  database: Database,
  order: NewOrder,
  from: { alertId?: number; report?: { id: number; userId: number; note: string } } = {},
): Promise<number> {
  return database.tx(async (q) => {
    const [id] = await insertOrders(q, [order]);
    if (id === null) throw new Error('work order not inserted');
    if (from.alertId !== undefined) await linkAlerts(q, [{ abnormalId: from.alertId, orderId: id }], order.createdAt);
    if (from.report) {
      const done = await q(
        `update violation_reports set state = 1, note = $2, handler_id = $3, handled_at = $4, work_order_id = $5
          where id = $1 and state = 0 returning id`,
        [from.report.id, `${from.report.note}（已转工单 ${id}）`, from.report.userId, order.createdAt.toISOString(), id],
      );
      if (!done.length) throw new ReportDecided();
    }
    return id;
  });
}

/** The report was decided between the read and the write: the order is rolled back. */
export class ReportDecided extends Error {}
