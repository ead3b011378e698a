/**
 * Work orders by rule (issue 27), every minute after the snapshot and the alerts:
 * - a site out of its dispatch thresholds for DISPATCH_SUSTAIN_MINUTES opens one order per enterprise
 *   concerned, with its share of the bikes to move and the site's dispatchResponseMinute as deadline:
 *   too full → the enterprises whose bikes stand there, in proportion; too empty (and bikes may be
 *   put there) → the enterprises of the area, in proportion to their live fleets. The orders close by
 *   themselves when the site is back in range (or out the other way);
 * - open alerts of types 1, 7, 13, 14 and 5 join the open order of their enterprise and place, or
 *   open one; an alert order whose alerts have all ended closes by itself;
 * - open orders past their deadline without an answer are marked 已超时, once.
 */
import type { JobContext } from './context.js';
import {
  ALERT_ORDER_TYPE,
  DISPATCH_TYPES,
  ORDER_TYPES,
  bikesToMove,
  deadlineOf,
  fillDirection,
  groupKey,
  nextWatch,
  placeKey,
  shares,
  sustained,
  type Direction,
  type OrderType,
  type Watch,
} from '../domain/workOrders.js';
import * as store from '../shared/workOrders.js';

export interface WorkOrderRun {
  opened: number;
  joined: number;
  closed: number;
  overdue: number;
  ms: number;
}

const TYPE_OF: Record<Direction, OrderType> = { over: 1, under: 2 };
const ALERT_TYPES = Object.keys(ALERT_ORDER_TYPE).map(Number);

export async function runWorkOrders(ctx: JobContext, now: Date): Promise<WorkOrderRun> {
  const started = performance.now();
  const dispatch = await dispatchOrders(ctx, now);
  const alerts = await alertOrders(ctx, now);
  const overdue = await ctx.database.tx((q) => store.markOverdue(q, now));
  return {
    opened: dispatch.opened + alerts.opened,
    joined: alerts.joined,
    closed: dispatch.closed + alerts.closed,
    overdue,
    ms: Math.round(performance.now() - started),
  };
}

async function dispatchOrders(ctx: JobContext, now: Date) {
  const { database } = ctx;
  const [sites, watched, open] = await Promise.all([store.dispatchSites(database), store.watches(database), store.openRuleOrders(database, DISPATCH_TYPES)]);
  const openBySite = new Map<string, store.OpenRuleOrder[]>();
  for (const o of open) if (o.siteId) openBySite.set(o.siteId, [...(openBySite.get(o.siteId) ?? []), o]);
  const set: { siteId: string; watch: Watch }[] = [];
  const gone: string[] = [];
  const toClose: number[] = [];
  const due: { site: store.DispatchSite; direction: Direction }[] = [];
  for (const site of sites) {
    const direction = fillDirection(site);
    const prev = watched.get(site.siteId) ?? null;
    const watch = nextWatch(prev, direction, now);
    if (!watch && prev) gone.push(site.siteId);
    else if (watch && watch !== prev) set.push({ siteId: site.siteId, watch });
    const orders = openBySite.get(site.siteId) ?? [];
    // back in range, or out the other way: the orders of the old direction close
    for (const o of orders) if (!direction || o.orderType !== TYPE_OF[direction]) toClose.push(o.id);
    if (direction && sustained(watch, now, ctx.dispatchSustainMinutes) && !orders.some((o) => o.orderType === TYPE_OF[direction]))
      due.push({ site, direction });
  }
  // watches of sites gone from the list (deleted sites)
  const live = new Set(sites.map((s) => s.siteId));
  for (const siteId of watched.keys()) if (!live.has(siteId)) gone.push(siteId);
  for (const o of open) if (o.siteId && !live.has(o.siteId)) toClose.push(o.id);
  const fleets = await store.areaFleets(database, [...new Set(due.filter((d) => d.direction === 'under').map((d) => d.site.areaId))]);
  const orders: store.NewOrder[] = [];
  for (const { site, direction } of due) {
    if (direction === 'under' && !site.putAllowed) continue;
    const weights = direction === 'over' ? new Map(site.byBrand.map((b) => [b.brandId, b.num])) : (fleets.get(site.areaId) ?? new Map<number, number>());
    const total = bikesToMove(site, direction);
    const type = TYPE_OF[direction];
    const evidence = { num: site.num, capacity: site.capacity, less: site.less, more: site.more, byBrand: site.byBrand, total };
    for (const [brandId, n] of shares(total, weights))
      orders.push({
        orderType: type,
        areaId: site.areaId,
        brandId,
        siteId: site.siteId,
        lon: site.lon,
        lat: site.lat,
        place: placeKey({ siteId: site.siteId, lon: null, lat: null }),
        title: `${site.siteName} ${ORDER_TYPES[type]}：${direction === 'over' ? '请调走' : '请调入'} ${n} 辆`,
        bikesToMove: n,
        evidence,
        openedBy: 'rule',
        creatorId: null,
        createdAt: now,
        deadlineAt: deadlineOf(type, now, site.responseMinutes),
      });
  }
  const opened = await database.tx(async (q) => {
    const ids = await store.insertOrders(q, orders);
    return ids.filter((id) => id !== null).length;
  });
  await store.saveWatches(database, set, gone);
  const closed = await database.tx((q) => store.autoClose(q, toClose, now, '站点已恢复正常范围'));
  return { opened, closed };
}

async function alertOrders(ctx: JobContext, now: Date) {
  const { database } = ctx;
  const [loose, open] = await Promise.all([store.looseAlerts(database, ALERT_TYPES, now), store.openRuleOrders(database, Object.values(ALERT_ORDER_TYPE))]);
  const byKey = new Map(open.map((o) => [groupKey(o.orderType, o.areaId, o.brandId, o.place), o.id]));
  const joins: { abnormalId: number; key: string }[] = [];
  const fresh = new Map<string, store.NewOrder>();
  for (const a of loose) {
    const type = ALERT_ORDER_TYPE[a.abnormalType];
    const place = placeKey(a);
    const key = groupKey(type, a.areaId, a.brandId, place);
    joins.push({ abnormalId: a.id, key });
    if (byKey.has(key) || fresh.has(key)) continue;
    fresh.set(key, {
      orderType: type,
      areaId: a.areaId,
      brandId: a.brandId,
      siteId: a.siteId,
      lon: a.lon,
      lat: a.lat,
      place,
      title: ORDER_TYPES[type],
      bikesToMove: null,
      evidence: { firstAlertAt: new Date(a.createdAt).toISOString() },
      openedBy: 'rule',
      creatorId: null,
      createdAt: now,
      deadlineAt: deadlineOf(type, now),
    });
  }
  const opened = await database.tx(async (q) => {
    const list = [...fresh.entries()];
    const ids = await store.insertOrders(
      q,
      list.map(([, o]) => o),
    );
    list.forEach(([key], i) => {
      if (ids[i] !== null) byKey.set(key, ids[i]!);
    });
    const links = joins.filter((j) => byKey.has(j.key)).map((j) => ({ abnormalId: j.abnormalId, orderId: byKey.get(j.key)! }));
    await store.linkAlerts(q, links, now);
    return ids.filter((id) => id !== null).length;
  });
  const resolved = await store.alertOrdersResolved(database);
  const closed = await database.tx((q) => store.autoClose(q, resolved, now, '告警均已消除'));
  return { opened, joined: joins.length, closed };
}
