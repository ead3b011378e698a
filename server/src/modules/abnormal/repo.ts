/** Abnormal messages (spec §4 types 1-14): filters, counts, rows for the list and the spreadsheet. */
import type { Database } from '../../db/client.js';
import { badRequest } from '../../http/envelope.js';
import { formatTime, dayStart, localDay, nextDay, strictLocalTime } from '../../domain/time.js';
import { intList } from '../../domain/numbers.js';
import { likeEscape } from '../../db/sql.js';

export const ABNORMAL_TYPES: Record<number, string> = {
  1: '站外还车',
  2: '非法设备',
  3: '超时未还',
  4: '站点异常',
  5: '故障车辆',
  6: '满桩还车',
  7: '非法车辆',
  8: '非允许站点上架',
  9: '还车异常',
  10: '租车异常',
  11: '上架异常',
  12: '下架异常',
  13: '站外停放',
  14: '区域外停放',
};

export const typeName = (t: number) => ABNORMAL_TYPES[t] ?? '未知异常';

/** The warning board's window (spec §9): today minus 2 days 00:00 to the end of today. */
export function lastThreeDays(tz: string, now = new Date()) {
  const day = localDay(now, tz);
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, d - 2)).toISOString().slice(0, 10);
  return { from: dayStart(first, tz), to: dayStart(nextDay(day), tz) };
}

export interface MsgQuery {
  abnormalType?: string;
  startTime?: string;
  endTime?: string;
  handled?: number;
  closed?: number;
  brandId?: number;
  bikeId?: string;
  site?: string;
}

/** Whose messages: the areas, and for an enterprise account its own brand (and site messages, which have none). */
export interface MsgScope {
  areaIds: string[];
  brandId: number | null;
}

export interface MsgFilter {
  areaIds: string[];
  types: number[] | null;
  from: Date;
  /** exclusive */
  to: Date;
  handled?: number;
  closed?: number;
  brandId?: number;
  bikeId?: string;
  /** site number, or part of its name */
  site?: string;
  /** an enterprise account's own brand */
  brandLimit: number | null;
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

function where(f: MsgFilter) {
  const params: unknown[] = [f.areaIds, f.from.toISOString(), f.to.toISOString()];
  const cond = ['a.area_id = any($1::varchar[])', 'a.created_at >= $2', 'a.created_at < $3'];
  if (f.types) {
    params.push(f.types);
    cond.push(`a.abnormal_type = any($${params.length}::smallint[])`);
  }
  if (f.handled !== undefined) cond.push(f.handled ? 'a.handled_at is not null' : 'a.handled_at is null');
  if (f.closed !== undefined) cond.push(f.closed ? 'a.closed_at is not null' : 'a.closed_at is null');
  if (f.brandId !== undefined) {
    params.push(f.brandId);
    cond.push(`a.brand_id = $${params.length}`);
  }
  if (f.bikeId) {
    params.push(f.bikeId);
    cond.push(`a.bike_id = $${params.length}`);
  }
  if (f.site) {
    params.push(f.site, `%${likeEscape(f.site)}%`);
    const n = params.length;
    cond.push(`(a.site_id = $${n - 1} or exists (select 1 from sites x where x.id = a.site_id and x.site_name ilike $${n}))`);
  }
  if (f.brandLimit !== null) {
    params.push(f.brandLimit);
    cond.push(`(a.brand_id = $${params.length} or a.brand_id is null)`);
  }
  return { sql: cond.join(' and '), params };
}

interface MsgRow {
  id: number;
  abnormalType: number;
  brandId: number | null;
  brandName: string | null;
  bikeId: string | null;
  siteId: string | null;
  siteName: string | null;
  areaId: string;
  lon: number | null;
  lat: number | null;
  detail: string | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  handledAt: Date | null;
  handledBy: string | null;
}

export type Msg = ReturnType<typeof toMsg>;

function toMsg(r: MsgRow, tz: string) {
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
  };
}

/** A page of messages, newest first. */
export async function listMsgs(database: Database, f: MsgFilter, page: { limit: number; offset: number }, tz: string) {
  const w = where(f);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from abnormal_messages a where ${w.sql}`, w.params);
  return { lists: await msgRows(database, f, page, tz), total };
}

/** Rows only (the spreadsheet pages through them). */
export async function msgRows(database: Database, f: MsgFilter, page: { limit: number; offset: number }, tz: string) {
  const w = where(f);
  const rows = await database.query<MsgRow>(
    `select a.id::int as id, a.abnormal_type::int as "abnormalType", a.brand_id as "brandId", b.brand_name as "brandName", a.bike_id as "bikeId",
            a.site_id as "siteId", s.site_name as "siteName", a.area_id as "areaId", a.lon, a.lat, a.detail,
            a.created_at as "createdAt", a.updated_at as "updatedAt", a.closed_at as "closedAt", a.handled_at as "handledAt",
            u.name as "handledBy"
       from abnormal_messages a
       left join brands b on b.id = a.brand_id
       left join sites s on s.id = a.site_id
       left join users u on u.id = a.handled_by
      where ${w.sql}
      order by a.created_at desc, a.id desc limit $${w.params.length + 1} offset $${w.params.length + 2}`,
    [...w.params, page.limit, page.offset],
  );
  return rows.map((r) => toMsg(r, tz));
}

/** Per type: open and unhandled now, and created in the last three days. */
export async function countMsgs(database: Database, scope: MsgScope, tz: string, now = new Date()) {
  const win = lastThreeDays(tz, now);
  const own = scope.brandId === null ? '' : 'and (brand_id = $4 or brand_id is null)';
  const rows = await database.query<{ t: number; open: number; recent: number }>(
    `select abnormal_type::int as t,
            count(*) filter (where closed_at is null and handled_at is null)::int as open,
            count(*) filter (where created_at >= $2 and created_at < $3)::int as recent
       from abnormal_messages
      where area_id = any($1::varchar[]) and ((closed_at is null and handled_at is null) or (created_at >= $2 and created_at < $3)) ${own}
      group by 1`,
    [scope.areaIds, win.from.toISOString(), win.to.toISOString(), ...(scope.brandId === null ? [] : [scope.brandId])],
  );
  const by = new Map(rows.map((r) => [r.t, r]));
  const lists = Object.keys(ABNORMAL_TYPES).map((k) => {
    const t = Number(k);
    return { abnormalType: t, abnormalTypeName: typeName(t), openNum: by.get(t)?.open ?? 0, recentNum: by.get(t)?.recent ?? 0 };
  });
  return {
    lists,
    openTotal: lists.reduce((s, l) => s + l.openNum, 0),
    recentTotal: lists.reduce((s, l) => s + l.recentNum, 0),
    startTime: formatTime(win.from, tz)!,
    endTime: formatTime(new Date(win.to.getTime() - 1000), tz)!,
  };
}

/** Marks messages handled by a user; answers how many were newly marked. */
export async function markHandled(database: Database, ids: number[], userId: number): Promise<number> {
  const [{ n }] = await database.query<{ n: number }>(
    `with u as (update abnormal_messages set handled_at = now(), handled_by = $2 where id = any($1::bigint[]) and handled_at is null returning 1)
     select count(*)::int as n from u`,
    [ids, userId],
  );
  return n;
}

export async function areasOf(database: Database, ids: number[]) {
  return database.query<{ id: number; areaId: string; brandId: number | null }>(
    `select id::int as id, area_id as "areaId", brand_id as "brandId" from abnormal_messages where id = any($1::bigint[])`,
    [ids],
  );
}
