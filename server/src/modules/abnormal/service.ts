/** Rules of the abnormal list: the three-day window, filters, counts (type labels: domain/abnormal.ts), and who may handle what. */
import type { Static, TObject } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { formatTime, dayStart, localDay, nextDay, strictLocalTime } from '../../domain/time.js';
import { intList } from '../../domain/numbers.js';
import { ABNORMAL_TYPES, typeName } from '../../domain/abnormal.js';
import { stateShown, type OrderState } from '../../domain/workOrders.js';
import { areasOf, countByType, countRows, markHandled, msgRows, type MsgFilter, type MsgRow } from './repo.js';
import type { Filters, MsgT } from './schemas.js';

/** The warning board's window (spec §9): today minus 2 days 00:00 to the end of today. */
function lastThreeDays(tz: string, now = new Date()) {
  const day = localDay(now, tz);
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, d - 2)).toISOString().slice(0, 10);
  return { from: dayStart(first, tz), to: dayStart(nextDay(day), tz) };
}

/** The list's filters as the query gives them (not selfAreaId). */
type MsgQuery = Omit<Static<TObject<typeof Filters>>, 'selfAreaId'>;

/** Whose messages: the areas, and for an enterprise account its own brand (and site messages, which have none). */
export interface MsgScope {
  areaIds: string[];
  brandId: number | null;
}

/** Checks and completes the list filters; each problem names its field. */
export function msgFilter(scope: MsgScope, q: MsgQuery, tz: string, now = new Date()): MsgFilter {
  let types: number[] | null = null;
  if (q.abnormalType !== undefined && q.abnormalType.trim() !== '') {
    types = intList(q.abnormalType);
    if (!types || types.some((t) => t < 1 || t > 14)) throw badRequest('参数 abnormalType 应为 1-14 的异常类型，多个用逗号分隔');
  }
  const win = lastThreeDays(tz, now);
  const time = (v: string | undefined, field: string) => {
    if (v === undefined || v.trim() === '') return null;
    const d = strictLocalTime(v, tz);
    if (!d) throw badRequest(`参数 ${field} 格式应为 yyyy-MM-dd HH:mm:ss`);
    return d;
  };
  // open messages (closed=0) are a state, not a window: without startTime, whatever day they opened
  const from = time(q.startTime, 'startTime') ?? (q.closed === 0 ? new Date(0) : win.from);
  const end = time(q.endTime, 'endTime');
  // an end given to the second includes that second; a bare date includes the whole day
  const to = end ? new Date(end.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(q.endTime!.trim()) ? 86_400_000 : 1000)) : win.to;
  if (from >= to) throw badRequest('参数 startTime 不能晚于 endTime');
  return {
    areaIds: scope.areaIds,
    brandLimit: scope.brandId,
    types,
    from,
    to,
    handled: q.handled,
    closed: q.closed,
    brandId: q.brandId,
    bikeId: q.bikeId?.trim() || undefined,
    site: q.site?.trim() || undefined,
  };
}

export type Msg = Static<typeof MsgT>;

function toMsg(r: MsgRow, tz: string, now = new Date()): Msg {
  return {
    id: r.id,
    abnormalType: r.abnormalType,
    abnormalTypeName: typeName(r.abnormalType),
    brandId: r.brandId,
    brandName: r.brandName ?? '',
    bikeId: r.bikeId,
    siteId: r.siteId,
    siteName: r.siteName ?? r.siteId ?? '',
    areaId: r.areaId,
    lon: r.lon,
    lat: r.lat,
    detail: r.detail ?? '',
    createTime: formatTime(r.createdAt, tz)!,
    updateTime: formatTime(r.updatedAt, tz)!,
    closed: r.closedAt !== null,
    closeTime: formatTime(r.closedAt, tz),
    handled: r.handledAt !== null,
    handleTime: formatTime(r.handledAt, tz),
    handledBy: r.handledBy,
    workOrder:
      r.orderId === null
        ? null
        : {
            id: r.orderId,
            type: r.orderType!,
            brandId: r.orderBrandId!,
            stateName: stateShown({ state: r.orderState as OrderState, deadlineAt: new Date(r.orderDeadline!) }, now).stateName,
            createTime: formatTime(r.orderCreatedAt, tz)!,
          },
  };
}

/** A page of messages, newest first, with the total and the window applied (null start: 不限, as for closed=0 without startTime). */
export async function listMsgs(database: Database, f: MsgFilter, page: { limit: number; offset: number }, tz: string) {
  const [total, rows] = await Promise.all([countRows(database, f), msgRows(database, f, page)]);
  return {
    lists: rows.map((r) => toMsg(r, tz)),
    total,
    startTime: f.from.getTime() === 0 ? null : formatTime(f.from, tz)!,
    endTime: formatTime(new Date(f.to.getTime() - 1000), tz)!,
  };
}

/** Rows of a page (the spreadsheet pages through them). */
export async function msgPage(database: Database, f: MsgFilter, page: { limit: number; offset: number }, tz: string) {
  return (await msgRows(database, f, page)).map((r) => toMsg(r, tz));
}

/**
 * Per type: open and unhandled now (whatever day), active in the last three days (opened before its
 * end, last seen after its start), and both: open = openRecent + open not seen for three days, recent
 * = openRecent + handled or ended ones active in the window.
 */
export async function countMsgs(database: Database, scope: MsgScope, tz: string, now = new Date()) {
  const win = lastThreeDays(tz, now);
  const rows = await countByType(database, scope, win);
  const by = new Map(rows.map((r) => [r.t, r]));
  const lists = Object.keys(ABNORMAL_TYPES).map((k) => {
    const t = Number(k);
    const r = by.get(t);
    return { abnormalType: t, abnormalTypeName: typeName(t), openNum: r?.open ?? 0, recentNum: r?.recent ?? 0, openRecentNum: r?.openRecent ?? 0 };
  });
  const sum = (k: 'openNum' | 'recentNum' | 'openRecentNum') => lists.reduce((s, l) => s + l[k], 0);
  return {
    lists,
    openTotal: sum('openNum'),
    recentTotal: sum('recentNum'),
    openRecentTotal: sum('openRecentNum'),
    startTime: formatTime(win.from, tz)!,
    endTime: formatTime(new Date(win.to.getTime() - 1000), tz)!,
  };
}

/** Marks messages handled: all of them in the caller's areas (and, for an enterprise account, of its brand), or none. */
export async function handleMsgs(database: Database, auth: Auth, raw: string | undefined) {
  const ids = raw === undefined ? null : intList(raw);
  if (!ids) throw badRequest('参数 ids 应为逗号分隔的消息 ID');
  if (ids.length > 1000) throw badRequest('参数 ids 一次最多 1000 个');
  const found = await areasOf(database, ids);
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`异常消息 ${missing.slice(0, 5).join('、')} 不存在，请刷新后重试`);
  for (const f of found) {
    auth.assertInScope(f.areaId);
    if (f.brandId !== null && !auth.ownsBrand(f.brandId)) throw forbidden('不能处理其他企业的异常消息');
  }
  const handled = await markHandled(database, ids, auth.user.id);
  return { handled, total: ids.length };
}
