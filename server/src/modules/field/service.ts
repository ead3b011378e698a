/**
 * The field app's calls (issue 28): what lies near the phone, and the records the people in the
 * street send: clock-ins, patrols, pile installs, site applications, violation reports. Each record
 * is checked whole before anything is stored (a refusal stores nothing, its photos stay unattached),
 * stored in one transaction with its photos, and stored once however often the phone sends it
 * (its clientId). A clock-in is classified by the rules of domain/clock.ts, files its 迟到 or 范围外
 * warning and recomputes the person's day figures in the same transaction.
 */
import type { Static } from 'typebox';
import type { Database, Query } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { CLOCK_RESULTS, classify, dayFigures, hhmmOf, localMinute, windowState, type DayWindow } from '../../domain/clock.js';
import { inChina, toGcj02, type CoordSystem } from '../../domain/coords.js';
import { distanceM } from '../../domain/geometry.js';
import { formatTime, parseLocalTime } from '../../domain/time.js';
import { PATROL_RESULTS } from '../../domain/patrol.js';
import { brandsOf } from '../../shared/brands.js';
import * as clock from '../../shared/clock.js';
import { attachUploads, type Purpose } from '../../shared/uploads.js';
import * as repo from './repo.js';
import {
  type ClockAnswer,
  type ClockInput,
  type History,
  type InstallInput,
  type Nearby,
  type PatrolAnswer,
  type PatrolInput,
  type ReportInput,
  type SiteApplyInput,
} from './schemas.js';

const MAX_AGE_MS = 48 * 3600_000;
const CLOCK_SKEW_MS = 5 * 60_000;

/** A position from the phone as GCJ-02; 400 outside China (a spoofed or broken position files nothing). */
function positionOf(p: { lon: number; lat: number; coord?: CoordSystem }): { lon: number; lat: number } {
  const g = toGcj02(p.lon, p.lat, p.coord ?? 'wgs84');
  if (!inChina(g)) throw badRequest('定位不在中国境内，无法提交：请打开手机定位（GPS）并在户外重新定位后再试');
  return g;
}

/** When the record was made: `at` (an offline record) not in the future nor older than 48 h, else now. */
function madeAt(at: string | undefined, tz: string, now: Date): Date {
  if (at === undefined || at.trim() === '') return now;
  const d = parseLocalTime(at, tz);
  if (!d) throw badRequest('参数 at 格式应为 yyyy-MM-dd HH:mm:ss');
  if (d.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest('参数 at 晚于当前时间：请检查手机的日期和时间');
  if (d.getTime() < now.getTime() - MAX_AGE_MS) throw badRequest('记录生成已超过 48 小时，不能再提交：请重新记录');
  return d;
}

/** The areas a field user works in: their area and below. */
const areasOf = (auth: Auth) => auth.scopeAreaIds();

/** The person as the clock rules see them (not a clock person: no roles, so no windows). */
async function personOf(database: Database, auth: Auth): Promise<clock.Person> {
  const [p] = await clock.clockPeople(database.query.bind(database), [auth.user.id]);
  return p ?? { userId: auth.user.id, areaId: auth.user.areaId, brandId: auth.user.brandId, roleIds: [] };
}

/** The person's windows of a day (the configs of their area and the areas above it). */
async function windowsOf(database: Database, person: clock.Person, day: string, tz: string): Promise<DayWindow[]> {
  const q = database.query.bind(database);
  const tree = await clock.areaTree(q);
  const chain = tree.path(person.areaId).map((a) => a.id);
  const configs = await clock.enabledConfigs(q, tz, chain);
  return clock.personWindows(configs, person, tree, day);
}

export async function nearby(
  database: Database,
  auth: Auth,
  at: { lon?: number; lat?: number; coord?: CoordSystem },
  tz: string,
  now = new Date(),
): Promise<Static<typeof Nearby>> {
  const here = at.lon !== undefined && at.lat !== undefined ? toGcj02(at.lon, at.lat, at.coord ?? 'wgs84') : null;
  const dist = (p: { lon: number; lat: number }) => (here ? Math.round(distanceM(here.lon, here.lat, p.lon, p.lat)) : null);
  const areas = areasOf(auth);
  const person = await personOf(database, auth);
  const { day, minute } = localMinute(now, tz);
  // the enterprises of the user's areas and of the areas above (registered at city level, operating here)
  const above = (await clock.areaTree(database.query.bind(database))).path(auth.areaId).map((a) => a.id);
  const [clockSites, sites, brands, windows, records] = await Promise.all([
    repo.openClockSites(database, areas, auth.user.brandId),
    repo.nearSites(database, areas, here, 30),
    brandsOf(database, [...new Set([...areas, ...above])]),
    windowsOf(database, person, day, tz),
    repo.dayClocks(database, auth.user.id, day),
  ]);
  const byDistance = <T extends { distance: number | null }>(rows: T[]) => (here ? rows.sort((a, b) => a.distance! - b.distance!) : rows);
  return {
    clockSites: byDistance(clockSites.map((s) => ({ id: s.id, name: s.name, lon: s.lon, lat: s.lat, radius: s.radius, distance: dist(s) }))),
    sites: sites.map((s) => ({ ...s, distance: dist(s) })),
    brands:
      auth.user.brandId === null ? brands.map((b) => ({ brandId: b.brandId, brandName: b.brandName })) : brands.filter((b) => b.brandId === auth.user.brandId),
    today: {
      day,
      windows: windows.map((w) => {
        const f = dayFigures([w], records, null);
        return {
          start: w.start,
          end: w.end,
          lateUntil: hhmmOf(w.lateUntilMin),
          clocks: w.clocks,
          done: f.done,
          late: f.late,
          state: windowState(w, f.done, minute),
        };
      }),
      records: records.map((r) => ({
        id: r.id,
        clockTime: formatTime(r.at, tz)!,
        clockSiteName: r.clockSiteName,
        result: r.result,
        resultName: CLOCK_RESULTS[r.result],
        distance: r.distance,
      })),
    },
  };
}

function clockAnswer(r: repo.ClockRecordRow, repeated: boolean): Static<typeof ClockAnswer> {
  return {
    id: r.id,
    result: r.result,
    resultName: CLOCK_RESULTS[r.result],
    distance: r.distance,
    radius: r.radius,
    window: r.windowStart ? `${r.windowStart}-${r.windowEnd}` : null,
    repeated,
  };
}

/** What a clock-in's answer says. */
export function clockMessage(a: Static<typeof ClockAnswer>): string {
  if (a.repeated) return '该打卡记录已提交过，未重复保存';
  switch (a.result) {
    case 1:
      return `打卡成功（${a.window}）`;
    case 2:
      return `迟到打卡，已记录（${a.window}）`;
    case 3:
      return `不在打卡范围内：距打卡点 ${a.distance} 米（范围 ${a.radius} 米），已记为范围外`;
    default:
      return '当前不在打卡时段内，已记录，不计入考勤';
  }
}

export async function clockIn(database: Database, auth: Auth, input: ClockInput, tz: string, now = new Date()): Promise<Static<typeof ClockAnswer>> {
  const before = await repo.sentBefore(database.query.bind(database), 'clock_records', auth.user.id, input.clientId);
  if (before !== undefined) return clockAnswer((await repo.clockRecord(database, before))!, true);
  const site = await repo.clockSite(database, input.clockSiteId);
  if (!site) throw badRequest('打卡点不存在或已删除，请刷新后重新选择');
  if (!auth.sees(site.areaId)) throw forbidden('该打卡点不在您的管辖区域内，不能在此打卡');
  if (site.brandId !== null && site.brandId !== auth.user.brandId) throw forbidden('该打卡点属于其他企业，不能在此打卡');
  const at = madeAt(input.at, tz, now);
  const pos = positionOf(input);
  const distance = Math.round(distanceM(pos.lon, pos.lat, site.lon, site.lat));
  const person = await personOf(database, auth);
  const { day, minute } = localMinute(at, tz);
  const windows = await windowsOf(database, person, day, tz);
  const c = classify(windows, minute, distance, site.radius);
  const today = localMinute(now, tz);
  const stored = await storeOnce(
    database,
    auth,
    'clock_records',
    'clock',
    input.clientId,
    {
      clock_site_id: site.id,
      area_id: site.areaId,
      brand_id: auth.user.brandId,
      role_id: c.window?.roleId ?? null,
      day,
      window_start: c.window?.start ?? null,
      window_end: c.window?.end ?? null,
      result: c.result,
      lon: pos.lon,
      lat: pos.lat,
      distance,
      radius: c.radius,
      at,
    },
    input.photos,
    async (q, id) => {
      if (c.window && (c.result === 2 || c.result === 3))
        await clock.fileWarnings(q, [{ person, roleId: c.window.roleId, day, window: c.window, kind: c.result, recordId: id }]);
      await clock.storeDays(q, [{ person, windows }], day, day === today.day ? today.minute : null);
    },
  );
  return clockAnswer((await repo.clockRecord(database, stored.id))!, stored.repeated);
}

/**
 * Stores a field record once: the earlier one when this clientId was sent before, else the new row,
 * its photos and what goes with it (`also`) in one transaction.
 */
async function storeOnce(
  database: Database,
  auth: Auth,
  table: repo.FieldTable,
  purpose: Purpose,
  clientId: string,
  values: Record<string, unknown>,
  photos: string[],
  also?: (q: Query, id: number) => Promise<void>,
): Promise<{ id: number; repeated: boolean }> {
  const q = database.query.bind(database);
  const before = await repo.sentBefore(q, table, auth.user.id, clientId);
  if (before !== undefined) return { id: before, repeated: true };
  const id = await repo.storeRecord(database, table, { client_id: clientId, user_id: auth.user.id, ...values }, async (tq, inserted) => {
    await attachUploads({ query: tq }, auth, purpose, inserted, photos, 'photos');
    await also?.(tq, inserted);
  });
  if (id === undefined) return { id: (await repo.sentBefore(q, table, auth.user.id, clientId))!, repeated: true };
  return { id, repeated: false };
}

export async function patrol(database: Database, auth: Auth, input: PatrolInput, tz: string, now = new Date()): Promise<Static<typeof PatrolAnswer>> {
  const bikeId = input.bikeId?.trim() || undefined;
  const bikeMac = input.bikeMac?.trim() || undefined;
  if (!bikeId && !bikeMac) throw badRequest('请填写或扫描车辆编号或车辆 MAC');
  const at = madeAt(input.at, tz, now);
  const pos = positionOf(input);
  const bike = await repo.findBike(database, { bikeId, bikeMac });
  if (bike?.areaId && !auth.sees(bike.areaId)) throw forbidden(`车辆 ${bike.bikeId} 不在您的管辖区域内，不能登记巡检`);
  let siteArea: string | undefined;
  if (input.siteId) {
    siteArea = await repo.siteArea(database, input.siteId);
    if (!siteArea) throw badRequest(`站点 ${input.siteId} 不存在`);
    if (!auth.sees(siteArea)) throw forbidden('该站点不在您的管辖区域内');
  }
  const stored = await storeOnce(
    database,
    auth,
    'patrol_records',
    'patrol',
    input.clientId,
    {
      area_id: bike?.areaId ?? siteArea ?? auth.areaId,
      bike_id: bike?.bikeId ?? bikeId ?? null,
      bike_mac: bikeMac ?? null,
      brand_id: bike?.brandId ?? null,
      site_id: input.siteId ?? null,
      result: input.result,
      note: input.note?.trim() || null,
      lon: pos.lon,
      lat: pos.lat,
      at,
    },
    input.photos,
  );
  return { ...stored, bikeId: bike?.bikeId ?? bikeId ?? null, brandName: bike?.brandName ?? null };
}

export const patrolMessage = (a: Static<typeof PatrolAnswer>, result: number) =>
  a.repeated
    ? '该巡检记录已提交过，未重复保存'
    : `巡检已记录：${PATROL_RESULTS[result]}${a.brandName ? `（${a.brandName}）` : a.bikeId ? '（平台未备案的车辆）' : ''}`;

export async function install(database: Database, auth: Auth, input: InstallInput, tz: string, now = new Date()) {
  const mac = input.mac.trim().toUpperCase();
  if (!/^[0-9A-F]{2}(:?[0-9A-F]{2}){5}$/.test(mac)) throw badRequest('设备 MAC 格式应为 12 位十六进制（可用冒号分隔），如 A1:B2:C3:D4:E5:F6');
  const at = madeAt(input.at, tz, now);
  const areaId = await repo.siteArea(database, input.siteId);
  if (!areaId) throw badRequest(`站点 ${input.siteId} 不存在`);
  if (!auth.sees(areaId)) throw forbidden('该站点不在您的管辖区域内');
  const pos = input.lon !== undefined && input.lat !== undefined ? positionOf({ lon: input.lon, lat: input.lat, coord: input.coord }) : null;
  return storeOnce(
    database,
    auth,
    'pile_installs',
    'install',
    input.clientId,
    { area_id: areaId, mac, site_id: input.siteId, lon: pos?.lon ?? null, lat: pos?.lat ?? null, at },
    input.photos,
  );
}

export async function siteApply(database: Database, auth: Auth, input: SiteApplyInput, tz: string, now = new Date()) {
  const at = madeAt(input.at, tz, now);
  const pos = positionOf(input);
  return storeOnce(
    database,
    auth,
    'site_applications',
    'siteApply',
    input.clientId,
    {
      brand_id: auth.user.brandId,
      area_id: auth.areaId,
      name: input.name.trim(),
      lon: pos.lon,
      lat: pos.lat,
      capacity: input.capacity,
      piles: input.piles ?? null,
      reason: input.reason.trim(),
      at,
    },
    input.photos,
  );
}

export async function report(database: Database, auth: Auth, input: ReportInput, tz: string, now = new Date()) {
  const at = madeAt(input.at, tz, now);
  const pos = positionOf(input);
  if (input.brandId !== undefined && !(await repo.brandExists(database, input.brandId))) throw badRequest('被举报的企业不存在，请重新选择');
  return storeOnce(
    database,
    auth,
    'violation_reports',
    'report',
    input.clientId,
    { area_id: auth.areaId, brand_id: input.brandId ?? null, lon: pos.lon, lat: pos.lat, text: input.text.trim(), at },
    input.photos,
  );
}

const STATE_NAMES: Record<string, Record<number, string>> = {
  clock: CLOCK_RESULTS,
  patrol: PATROL_RESULTS,
  install: { 0: '已安装' },
  siteApply: { 0: '待审核', 1: '已通过', 2: '已驳回' },
  report: { 0: '待处理', 1: '已处理', 2: '已驳回' },
};

export async function history(database: Database, auth: Auth, tz: string): Promise<Static<typeof History>> {
  const rows = await repo.history(database, auth.user.id, 30);
  return {
    items: rows.map((r) => ({
      kind: r.kind as Static<typeof History>['items'][number]['kind'],
      id: r.id,
      time: formatTime(r.at, tz)!,
      title: r.title,
      state: STATE_NAMES[r.kind]?.[r.state] ?? '',
      note: r.note,
      siteId: r.siteId,
    })),
  };
}

const TABLE_OF: Partial<Record<Purpose, repo.FieldTable>> = {
  clock: 'clock_records',
  patrol: 'patrol_records',
  install: 'pile_installs',
  siteApply: 'site_applications',
  report: 'violation_reports',
};

/** Who may see a field record's photos: its author, and a desk user who sees its area and enterprise. */
export async function mayReadPhoto(database: Database, auth: Auth, purpose: Purpose, id: number): Promise<boolean> {
  const table = TABLE_OF[purpose];
  if (!table) return false;
  const row = await repo.recordScope(database, table, id);
  if (!row) return false;
  if (row.userId === auth.user.id) return true;
  const desk = purpose === 'clock' ? auth.can('clock.view') : auth.can('miBicycle');
  return desk && auth.sees(row.areaId) && auth.ownsBrand(row.brandId);
}
