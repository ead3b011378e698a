/**
 * 工单 for the regulator (issue 27; rules in domain/workOrders.ts): the list of the request's areas
 * (an enterprise account: its own enterprise's orders only), the detail with its timeline, alerts
 * and the enterprise's answer, an order opened by a regulator (from an alert: its place, enterprise
 * and type, and the alert joins it), 办结 and 退回 through step(), and the measures per enterprise.
 * Another area's order is refused (5002); another enterprise's is not there for an enterprise account.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { typeName as alertTypeName } from '../../domain/abnormal.js';
import { formatTime, parseLocalTime } from '../../domain/time.js';
import {
  ALERT_ORDER_TYPE,
  DISPATCH_TYPES,
  ORDER_TYPES,
  deadlineOf,
  measureOrders,
  placeKey,
  stateShown,
  step,
  type OrderAction,
  type OrderType,
} from '../../domain/workOrders.js';
import * as store from '../../shared/workOrders.js';
import { urlOf } from '../../shared/uploads.js';
import * as repo from './repo.js';
import {
  MAX_POINTS,
  type AddInput,
  type AlertItem,
  type EventItem,
  type ListFilter,
  type MeasureItem,
  type OrderDetail,
  type OrderItem,
  type OrderPoints,
} from './schemas.js';

const ACTION_NAMES: Record<string, string> = {
  open: '创建',
  join: '纳入告警',
  accept: '接单',
  answer: '反馈',
  finish: '办结',
  return: '退回',
  autoClose: '自动办结',
  overdue: '超时',
};

/** A time filter: `yyyy-MM-dd[ HH:mm[:ss]]`; an end given as a day includes that day. */
function timeOf(text: string | undefined, field: string, tz: string, end = false): Date | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const d = parseLocalTime(text, tz);
  if (!d) throw badRequest(`参数 ${field} 格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
  if (!end) return d;
  return new Date(d.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? 86_400_000 : 1000));
}

/** What the list and the map show alike of an order: its id, type and state (已超时 at `now`). */
function heading(o: Pick<repo.ListRow, 'id' | 'orderType' | 'state' | 'deadlineAt'>, now: Date) {
  return {
    id: o.id,
    type: o.orderType,
    typeName: ORDER_TYPES[o.orderType] ?? '其他',
    state: o.state,
    ...stateShown({ state: o.state, deadlineAt: new Date(o.deadlineAt) }, now),
  };
}

function item(o: repo.ListRow, now: Date, tz: string): Static<typeof OrderItem> {
  const deadlineAt = new Date(o.deadlineAt);
  return {
    ...heading(o, now),
    areaId: o.areaId,
    areaName: o.areaName ?? '',
    brandId: o.brandId,
    brandName: o.brandName ?? '',
    siteId: o.siteId,
    siteName: o.siteName,
    lon: o.lon,
    lat: o.lat,
    title: o.title,
    bikesToMove: o.bikesToMove,
    alertCount: o.alertCount,
    returns: o.returns,
    openedBy: o.openedBy,
    autoClosed: o.autoClosed,
    createTime: formatTime(o.createdAt, tz)!,
    deadlineTime: formatTime(deadlineAt, tz)!,
    acceptTime: formatTime(o.acceptedAt, tz),
    answerTime: formatTime(o.answeredAt, tz),
    closeTime: formatTime(o.closedAt, tz),
  };
}

/** The request's filters as the reads take them (the list's and the map's: one conversion, one where clause in repo). */
function filterOf(auth: Auth, q: ListFilter, tz: string, now: Date): repo.OrderFilter {
  const from = timeOf(q.startTime, 'startTime', tz);
  const to = timeOf(q.endTime, 'endTime', tz, true);
  if (from && to && from >= to) throw badRequest('参数 startTime 不能晚于 endTime');
  return {
    areaIds: auth.areasUnder(q.areaId),
    brandId: auth.brandOf(q.brandId),
    type: q.type,
    state: q.state,
    from,
    to,
    site: q.site?.trim() || undefined,
    now,
  };
}

export async function listOrders(database: Database, auth: Auth, q: ListFilter & { limit: number; offset: number }, tz: string) {
  const now = new Date();
  const { rows, total } = await repo.orderPage(database, { ...filterOf(auth, q, tz, now), limit: q.limit, offset: q.offset });
  return { lists: rows.map((o) => item(o, now, tz)), total };
}

/** The filtered orders with a place for the map (the newest MAX_POINTS), how many match, how many have no place. */
export async function orderPoints(database: Database, auth: Auth, q: ListFilter, tz: string): Promise<Static<typeof OrderPoints>> {
  const now = new Date();
  const { rows, total, unplaced } = await repo.orderPoints(database, filterOf(auth, q, tz, now), MAX_POINTS);
  const points = rows.map((o) => {
    return {
      ...heading(o, now),
      lon: o.lon,
      lat: o.lat,
      title: o.title,
      brandName: o.brandName ?? '',
      siteName: o.siteName,
      deadlineTime: formatTime(o.deadlineAt, tz)!,
    };
  });
  return { points, total, unplaced, truncated: total - unplaced > points.length };
}

/** The order if the request may see it: another area is refused, another enterprise's is not there. */
async function visible(database: Database, auth: Auth, id: number) {
  const o = await repo.orderRow(database, id);
  if (!o || !auth.ownsBrand(o.brandId)) throw notFound(`工单 ${id} `);
  auth.assertArea(o.areaId);
  return o;
}

/** May `auth` see a photo of this order's answers: it may view orders and see the order (its area, its enterprise). */
export async function mayReadPhoto(database: Database, auth: Auth, orderId: number): Promise<boolean> {
  if (!auth.can('workOrder.view')) return false;
  const o = await repo.orderRow(database, orderId);
  return !!o && auth.ownsBrand(o.brandId) && auth.sees(o.areaId);
}

function event(e: repo.EventRow, tz: string): Static<typeof EventItem> {
  const who = e.actor === 'system' ? '系统' : e.actor === 'operator' ? (e.brandName ?? '企业') : (e.userName ?? '监管人员');
  return {
    action: e.action,
    actionName: ACTION_NAMES[e.action] ?? e.action,
    actor: e.actor,
    who,
    note: e.note,
    photos: e.photos ?? [],
    dispatchIds: e.moved?.dispatchIds ?? [],
    bikeIds: e.moved?.bikeIds ?? [],
    time: formatTime(e.at, tz)!,
  };
}

/** The evidence as stored, its instants (the first alert's, the report's) in local time as every time of the console. */
function evidenceOf(e: Record<string, unknown>, tz: string): Record<string, unknown> {
  const out = { ...e };
  for (const k of ['firstAlertAt', 'reportAt']) if (typeof e[k] === 'string') out[k] = formatTime(e[k], tz);
  return out;
}

export async function orderDetail(database: Database, auth: Auth, id: number, tz: string): Promise<Static<typeof OrderDetail>> {
  const o = await visible(database, auth, id);
  const [timeline, alerts] = await Promise.all([repo.events(database, id), repo.orderAlerts(database, id)]);
  const answers = timeline.filter((e) => e.action === 'answer');
  return {
    ...item(o, new Date(), tz),
    evidence: evidenceOf(o.evidence ?? {}, tz),
    creatorName: o.creatorName,
    answer: answers.length ? event(answers[answers.length - 1], tz) : null,
    timeline: timeline.map((e) => event(e, tz)),
    alerts: alerts.map((a): Static<typeof AlertItem> => ({
      id: a.id,
      abnormalType: a.abnormalType,
      typeName: alertTypeName(a.abnormalType),
      bikeId: a.bikeId,
      siteId: a.siteId,
      lon: a.lon,
      lat: a.lat,
      createTime: formatTime(a.createdAt, tz)!,
      ended: a.ended,
    })),
  };
}

const regulatorOnly = (auth: Auth) => {
  if (auth.brandLimit !== null) throw forbidden('企业账号不能新建、办结或退回工单');
};

/** Opens an order (from an alert: its place, enterprise and type, the alert joins the order; from a violation report: its place, enterprise, text and photos, the report is settled). */
export async function addOrder(database: Database, auth: Auth, input: AddInput) {
  regulatorOnly(auth);
  const text = input.text.trim();
  if (!text) throw badRequest('请填写工单内容');
  if (input.alertId !== undefined && input.reportId !== undefined) throw badRequest('工单只能从一条告警或一条举报新建');
  const a = input.alertId === undefined ? undefined : await repo.alert(database, input.alertId);
  if (input.alertId !== undefined) {
    if (!a) throw notFound(`告警 ${input.alertId} `);
    auth.assertArea(a.areaId);
    if (a.orderId !== null) throw badRequest(`告警 ${a.id} 已在工单 ${a.orderId} 中，请在该工单中处理`);
    if (a.ended) throw badRequest(`告警 ${a.id} 已结束或已处理，无需派单`);
  }
  const r = input.reportId === undefined ? undefined : await repo.report(database, input.reportId);
  if (input.reportId !== undefined) {
    if (!r) throw notFound(`举报 ${input.reportId} `);
    auth.assertArea(r.areaId);
    if (r.state !== 0) throw badRequest(`举报 ${r.id} 已处理过，请刷新列表`);
  }
  const from = a ?? r;
  const type = (input.type ?? (a ? (ALERT_ORDER_TYPE[a.abnormalType] ?? 8) : r ? 5 : undefined)) as OrderType | undefined;
  if (type === undefined) throw badRequest('请选择工单类型');
  const brandId = input.brandId ?? from?.brandId ?? undefined;
  if (brandId === undefined || brandId === null) throw badRequest(r ? '举报未指明企业，请选择派给的企业' : '请选择派给的企业');
  const brand = await repo.brandName(database, brandId);
  if (!brand) throw notFound('企业');
  const siteId = input.siteId ?? (a ? a.siteId : undefined) ?? null;
  const site = siteId ? await repo.site(database, siteId) : undefined;
  if (siteId && !site) throw notFound(`站点 ${siteId} `);
  const lon = site?.lon ?? input.lon ?? from?.lon ?? null;
  const lat = site?.lat ?? input.lat ?? from?.lat ?? null;
  if (!site && (lon === null || lat === null)) throw badRequest('请选择站点或在地图上选取位置（lon、lat）');
  const areaId = site?.areaId ?? from?.areaId ?? input.areaId ?? auth.areaId;
  auth.assertArea(areaId);
  if (input.areaId && site && input.areaId !== site.areaId) throw badRequest(`站点 ${site.siteId} 不在区域 ${input.areaId} 内`);
  const now = new Date();
  const minutes = input.deadlineMinutes ?? (site && DISPATCH_TYPES.includes(type) ? site.responseMinutes : null);
  const place = placeKey({ siteId: site?.siteId ?? null, lon, lat });
  const evidence = {
    text,
    by: auth.user.name,
    ...(a ? { alertId: a.id, alertType: a.abnormalType, bikeId: a.bikeId } : {}),
    ...(r ? { reportId: r.id, reportText: r.text, reporter: r.reporterName, reportAt: r.at.toISOString(), photos: (r.photos ?? []).map(urlOf) } : {}),
  };
  try {
    return await repo.openOrder(
      database,
      {
        orderType: type,
        areaId,
        brandId,
        siteId: site?.siteId ?? null,
        lon,
        lat,
        place,
        title: site ? `${site.siteName} ${ORDER_TYPES[type]}` : ORDER_TYPES[type],
        bikesToMove: null,
        evidence,
        openedBy: 'regulator',
        creatorId: auth.user.id,
        createdAt: now,
        deadlineAt: deadlineOf(type, now, minutes),
      },
      { alertId: a?.id, report: r ? { id: r.id, userId: auth.user.id, note: text } : undefined },
    );
  } catch (e) {
    if (e instanceof repo.ReportDecided) throw badRequest(`举报 ${r!.id} 已处理过，请刷新列表`);
    throw e;
  }
}

/** 办结 (note required when the enterprise has not answered) or 退回 (reason required), through step(). */
export async function decide(database: Database, auth: Auth, id: number, action: Extract<OrderAction, 'finish' | 'return'>, text: string | undefined) {
  regulatorOnly(auth);
  const o = await visible(database, auth, id);
  const next = step(o.state, action, 'regulator');
  if (!next.ok) throw badRequest(`工单 ${id} ${action === 'finish' ? '不能办结' : '不能退回'}：${o.state === 4 ? '工单已办结' : next.message}`);
  const note = text?.trim() || null;
  if (action === 'return' && !note) throw badRequest('请填写退回原因');
  if (action === 'finish' && o.state !== 3 && !note) throw badRequest('企业尚未反馈，直接办结请填写说明');
  const event = { action, actor: 'regulator', userId: auth.user.id, brandId: null, note, photos: null, moved: null, requestId: null } as const;
  if (!(await store.applyStep(database, id, o.state, next.state, event, new Date()))) throw badRequest('工单状态已变化，请刷新后再试');
}

/** Received, answered in time, median and p90 minutes, returned and overdue, per enterprise, of the orders created in the period. */
export async function measures(database: Database, auth: Auth, q: { areaId?: string; startTime?: string; endTime?: string }, tz: string) {
  const now = new Date();
  const local = formatTime(now, tz)!;
  const from = timeOf(q.startTime, 'startTime', tz) ?? parseLocalTime(`${local.slice(0, 8)}01`, tz)!;
  const to = timeOf(q.endTime, 'endTime', tz, true) ?? new Date(now.getTime() + 1000);
  if (from >= to) throw badRequest('参数 startTime 不能晚于 endTime');
  const rows = await repo.measureRows(database, { areaIds: auth.areasUnder(q.areaId), brandId: auth.brandLimit, from, to });
  const byBrand = new Map<number, repo.MeasureRow[]>();
  for (const r of rows) byBrand.set(r.brandId, [...(byBrand.get(r.brandId) ?? []), r]);
  const lists = [...byBrand.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([brandId, list]): Static<typeof MeasureItem> => {
      const m = measureOrders(
        list.map((r) => ({
          createdAt: new Date(r.createdAt),
          deadlineAt: new Date(r.deadlineAt),
          answeredAt: r.answeredAt ? new Date(r.answeredAt) : null,
          closedAt: r.closedAt ? new Date(r.closedAt) : null,
          autoClosed: r.autoClosed,
          returns: r.returns,
          orderType: r.orderType,
        })),
        now,
      );
      return { brandId, brandName: list[0].brandName ?? '', ...m };
    });
  return { startTime: formatTime(from, tz)!, endTime: formatTime(new Date(to.getTime() - 1000), tz)!, lists };
}

/**
 * The big screen's 调度指引 figures: the open and the overdue dispatch orders, and the orders waiting
 * for the regulator (the to-do's dispatchPend, pendingOrders), in the list's scope (the request's
 * areas and below, an enterprise account its own orders), each counted by the list's own filter.
 */
export async function summary(database: Database, auth: Auth, q: { areaId?: string }) {
  const base = { areaIds: auth.areasUnder(q.areaId), brandId: auth.brandOf(undefined), now: new Date() };
  const count = (f: Pick<repo.OrderFilter, 'type' | 'state'>) => repo.orderCount(database, { ...base, ...f });
  const [openDispatch, overdueDispatch, pending] = await Promise.all([
    count({ type: 'dispatch', state: 'open' }),
    count({ type: 'dispatch', state: 'overdue' }),
    count({ state: 'pending' }),
  ]);
  return { openDispatch, overdueDispatch, pending };
}
