/**
 * 日常值守's clock calls (issue 28; rules in domain/clock.ts): clock sites and configs (打卡设置),
 * the records the field app sends, the day figures per person (clock_days, recomputed from the
 * records on every clock and when a window closes) and the 维护预警 with their handling. Every read
 * covers the request's areas (areaId in them and below); an enterprise account sees and edits its
 * own enterprise's only. Another area's object is 5002, one that does not exist 400.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { timeRange } from '../../http/timeRange.js';
import { CLOCK_RESULTS, CLOCK_ROLES, WARN_KINDS, windowProblem } from '../../domain/clock.js';
import { dayNumber, dayText, formatTime, localDay } from '../../domain/time.js';
import { findBrand } from '../../shared/brands.js';
import { urlOf } from '../../shared/uploads.js';
import * as repo from './repo.js';
import type { ClockSiteInput, ClockSiteItem, ConfigInput, ConfigItem, RecordItem, StatsItem, WarnItem } from './schemas.js';

type Paged<T> = { lists: T[]; total: number };

const scopeOf = (auth: Auth, q: { areaId?: string; brandId?: number }): repo.Scope => ({
  areaIds: auth.areasUnder(q.areaId),
  brandId: auth.brandOf(q.brandId),
});

const roleOf = (clockRole: number | undefined) => (clockRole === undefined ? undefined : CLOCK_ROLES[clockRole]);

function dayOf(text: string | undefined, field: string): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  if (!m || Number.isNaN(dayNumber(m[1]))) throw badRequest(`参数 ${field} 格式应为 yyyy-MM-dd`);
  return m[1];
}

/** An object of the desk (its area and enterprise) the request may change: 400 gone, 5002 another area's or enterprise's. */
function assertMine(auth: Auth, row: { areaId: string; brandId: number | null } | undefined, what: string) {
  if (!row) throw badRequest(`${what}不存在或已删除`);
  auth.assertInScope(row.areaId);
  if (!auth.ownsBrand(row.brandId)) throw forbidden(`该${what}属于其他企业`);
}

/** The enterprise a write names: an enterprise account's own (naming none or another is its own / 5002); it must exist. */
async function brandFor(database: Database, auth: Auth, brandId: number | null | undefined): Promise<number | null> {
  if (auth.brandLimit !== null) {
    if (brandId !== undefined && brandId !== null && brandId !== auth.brandLimit) throw forbidden('企业账号只能设置本企业的打卡');
    return auth.brandLimit;
  }
  if (brandId === undefined || brandId === null) return null;
  if (!(await findBrand(database, brandId))) throw badRequest('参数 brandId 对应的企业不存在');
  return brandId;
}

/* ---------- clock sites ---------- */

export async function listClockSites(database: Database, auth: Auth, q: { areaId?: string; brandId?: number; name?: string }, page: repo.Page, tz: string) {
  const { lists, total } = await repo.listClockSites(database, { ...scopeOf(auth, q), name: q.name }, page);
  return {
    total,
    lists: lists.map(({ createdAt, ...r }): Static<typeof ClockSiteItem> => ({ ...r, createTime: formatTime(createdAt, tz)! })),
  };
}

export async function saveClockSite(database: Database, auth: Auth, input: ClockSiteInput): Promise<number> {
  auth.assertInScope(input.areaId);
  if (input.id !== undefined) assertMine(auth, await repo.clockSiteScope(database, input.id), '打卡点');
  const brandId = await brandFor(database, auth, input.brandId);
  if (input.siteId) {
    const site = await repo.siteOf(database, input.siteId);
    if (!site) throw badRequest(`参数 siteId：站点 ${input.siteId} 不存在`);
    auth.assertInScope(site.areaId);
    if (!auth.within(site.areaId, input.areaId)) throw badRequest(`参数 siteId：站点 ${input.siteId} 不在所选区域内`);
  }
  return repo.saveClockSite(
    database,
    input.id,
    { name: input.name.trim(), area_id: input.areaId, brand_id: brandId, site_id: input.siteId ?? null, lon: input.lon, lat: input.lat, radius: input.radius },
    auth.user.id,
  );
}

export async function deleteClockSite(database: Database, auth: Auth, id: number) {
  assertMine(auth, await repo.clockSiteScope(database, id), '打卡点');
  await repo.deleteClockSite(database, id);
}

/* ---------- configs ---------- */

export async function listConfigs(database: Database, auth: Auth, q: { areaId?: string; brandId?: number; clockRole?: number }, page: repo.Page) {
  const { lists, total } = await repo.listConfigs(database, { ...scopeOf(auth, q), roleId: roleOf(q.clockRole) }, page);
  return {
    total,
    lists: lists.map((r): Static<typeof ConfigItem> => ({ ...r, roleId: r.roleId as 31 | 32, days: r.days.map(Number), roleName: r.roleName ?? '' })),
  };
}

export async function saveConfig(database: Database, auth: Auth, input: ConfigInput): Promise<number> {
  auth.assertInScope(input.areaId);
  if (input.id !== undefined) assertMine(auth, await repo.configScope(database, input.id), '打卡配置');
  const problem = windowProblem(input.windows, input.lateMinutes);
  if (problem) throw badRequest(`参数 windows：${problem}`);
  const brandId = await brandFor(database, auth, input.brandId);
  return repo.saveConfig(
    database,
    input.id,
    {
      name: input.name.trim(),
      area_id: input.areaId,
      brand_id: brandId,
      role_id: input.roleId,
      days: [...new Set(input.days)].sort(),
      windows: [...input.windows].sort((a, b) => a.start.localeCompare(b.start)),
      clocks_per_window: input.clocksPerWindow,
      radius: input.radius,
      late_minutes: input.lateMinutes,
      enabled: input.enabled,
    },
    auth.user.id,
  );
}

export async function deleteConfig(database: Database, auth: Auth, id: number) {
  assertMine(auth, await repo.configScope(database, id), '打卡配置');
  await repo.deleteConfig(database, id);
}

/* ---------- records ---------- */

export async function listRecords(
  database: Database,
  auth: Auth,
  q: { areaId?: string; brandId?: number; clockRole?: number; userName?: string; clockSiteId?: number; result?: number; startTime?: string; endTime?: string },
  page: repo.Page,
  tz: string,
): Promise<Paged<Static<typeof RecordItem>>> {
  const { lists, total } = await repo.listRecords(
    database,
    {
      ...scopeOf(auth, q),
      roleId: roleOf(q.clockRole),
      userName: q.userName,
      clockSiteId: q.clockSiteId,
      result: q.result,
      ...timeRange(q, tz),
    },
    page,
  );
  return {
    total,
    lists: lists.map(({ at, windowStart, windowEnd, photos, ...r }) => ({
      ...r,
      clockTime: formatTime(at, tz)!,
      window: windowStart ? `${windowStart}-${windowEnd}` : null,
      resultName: CLOCK_RESULTS[r.result],
      photos: (photos ?? []).map(urlOf),
    })),
  };
}

/* ---------- day statistics ---------- */

/** The longest period the day statistics answer at once. */
const MAX_DAYS = 366;

export async function listStats(
  database: Database,
  auth: Auth,
  q: { areaId?: string; brandId?: number; clockRole?: number; userName?: string; startTime?: string; endTime?: string },
  page: repo.Page,
  tz: string,
  now = new Date(),
): Promise<Paged<Static<typeof StatsItem>>> {
  const toDay = dayOf(q.endTime, 'endTime') ?? localDay(now, tz);
  const fromDay = dayOf(q.startTime, 'startTime') ?? dayText(dayNumber(toDay) - 29);
  if (fromDay > toDay) throw badRequest('参数 startTime 不能晚于 endTime');
  if (dayNumber(toDay) - dayNumber(fromDay) >= MAX_DAYS) throw badRequest(`统计区间最长 ${MAX_DAYS} 天，请缩小日期范围`);
  return repo.listStats(database, { ...scopeOf(auth, q), roleId: roleOf(q.clockRole), userName: q.userName, fromDay, toDay }, page);
}

/* ---------- warnings ---------- */

export async function listWarnings(
  database: Database,
  auth: Auth,
  q: { areaId?: string; brandId?: number; clockRole?: number; clockWarn?: number; kind?: number; userName?: string; startTime?: string; endTime?: string },
  page: repo.Page,
  tz: string,
): Promise<Paged<Static<typeof WarnItem>>> {
  const { lists, total } = await repo.listWarnings(
    database,
    {
      ...scopeOf(auth, q),
      roleId: roleOf(q.clockRole),
      handled: q.clockWarn === undefined ? undefined : q.clockWarn === 2,
      kind: q.kind,
      userName: q.userName,
      fromDay: dayOf(q.startTime, 'startTime'),
      toDay: dayOf(q.endTime, 'endTime'),
    },
    page,
  );
  return {
    total,
    lists: lists.map(({ windowStart, windowEnd, clockTime, createdAt, handledAt, ...r }) => ({
      ...r,
      window: `${windowStart}-${windowEnd}`,
      kindName: WARN_KINDS[r.kind],
      clockTime: formatTime(clockTime, tz),
      createTime: formatTime(createdAt, tz)!,
      handled: handledAt !== null,
      handleTime: formatTime(handledAt, tz),
    })),
  };
}

export async function handleWarnings(database: Database, auth: Auth, ids: number[], note: string): Promise<number> {
  return repo.handleWarnings(database, { areaIds: auth.scopeAreaIds(), brandId: auth.brandLimit ?? undefined }, ids, note.trim(), auth.user.id);
}
