/**
 * Clock-in data the field app's writes and the clock job share (rules: domain/clock.ts): the
 * configs that apply to a person, a person's day figures recomputed from their records (clock_days,
 * what 打卡统计 lists), and the warnings (维护预警).
 */
import type { Query } from '../db/client.js';
import { type AreaTree, type AreaNode, AreaTree as Tree } from '../domain/areas.js';
import {
  CLOCK_ROLE_IDS,
  applies,
  dayFigures,
  localMinute,
  windowsOfDay,
  type ClockConfig,
  type ClockPerson,
  type DayRecord,
  type DayWindow,
  type WarnKind,
} from '../domain/clock.js';

const CONFIG_COLUMNS = `id, area_id as "areaId", brand_id as "brandId", role_id as "roleId", days, windows,
  clocks_per_window as "clocksPerWindow", radius, late_minutes as "lateMinutes", enabled, created_at as "createdAt"`;

/** The enabled configs (the clock job: all; a person's: of their area's chain, `areaIds`), each with the local time it was saved. */
export async function enabledConfigs(q: Query, tz: string, areaIds?: string[]): Promise<ClockConfig[]> {
  const rows = await q<ClockConfig & { createdAt: Date }>(
    `select ${CONFIG_COLUMNS} from clock_configs where deleted_at is null and enabled${areaIds ? ' and area_id = any($1::varchar[])' : ''}`,
    areaIds ? [areaIds] : [],
  );
  return rows.map(({ createdAt, ...r }) => ({ ...r, days: r.days.map(Number), since: localMinute(new Date(createdAt), tz) }));
}

export async function areaTree(q: Query): Promise<AreaTree> {
  return new Tree(await q<AreaNode>(`select id, parent_id as "parentId", area_name as "areaName", level from areas`));
}

export interface Person extends ClockPerson {
  userId: number;
}

/** The people who clock (holding role 31 or 32, approved, enabled); `userIds`: only those. */
export async function clockPeople(q: Query, userIds?: number[]): Promise<Person[]> {
  return q<Person>(
    `select u.id as "userId", u.area_id as "areaId", u.brand_id as "brandId", array_agg(ur.role_id order by ur.role_id) as "roleIds"
       from users u join user_roles ur on ur.user_id = u.id
      where ur.role_id = any($1::int[]) and u.status = 0 and u.audit_status = 1${userIds ? ' and u.id = any($2::int[])' : ''}
      group by u.id`,
    userIds ? [CLOCK_ROLE_IDS, userIds] : [CLOCK_ROLE_IDS],
  );
}

/** A person's windows of `day` from the configs (any that apply to them). */
export function personWindows(configs: readonly ClockConfig[], person: ClockPerson, tree: AreaTree, day: string): DayWindow[] {
  return windowsOfDay(
    configs.filter((c) => applies(c, person, (a, b) => tree.isWithin(a, b))),
    day,
  );
}

/** A record as dayFigures reads it, with whose it is. */
type RecordRow = DayRecord & { userId: number };

/**
 * Recomputes the day figures of `people` on `day` from their records (dayFigures) and stores them:
 * a row per person with clocks to make; `nowMinute` for today (null for a day that is over).
 */
export async function storeDays(q: Query, people: readonly { person: Person; windows: DayWindow[] }[], day: string, nowMinute: number | null): Promise<void> {
  const due = people.filter((p) => p.windows.length > 0);
  if (!due.length) return;
  const records = await q<RecordRow>(
    `select user_id as "userId", window_start as "windowStart", result from clock_records where day = $1::date and user_id = any($2::int[])`,
    [day, due.map((p) => p.person.userId)],
  );
  const byUser = new Map<number, RecordRow[]>();
  for (const r of records) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const rows = due.map(({ person, windows }) => ({ person, roleId: windows[0].roleId, f: dayFigures(windows, byUser.get(person.userId) ?? [], nowMinute) }));
  await q(
    `insert into clock_days (user_id, day, area_id, brand_id, role_id, required, done, late, missing, out_of_range, updated_at)
     select u, $1::date, a, b, r, req, d, l, m, o, now()
       from unnest($2::int[], $3::varchar[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[]) as t(u, a, b, r, req, d, l, m, o)
     on conflict (user_id, day) do update set area_id = excluded.area_id, brand_id = excluded.brand_id, role_id = excluded.role_id,
       required = excluded.required, done = excluded.done, late = excluded.late, missing = excluded.missing,
       out_of_range = excluded.out_of_range, updated_at = now()`,
    [
      day,
      rows.map((r) => r.person.userId),
      rows.map((r) => r.person.areaId),
      rows.map((r) => r.person.brandId),
      rows.map((r) => r.roleId),
      rows.map((r) => r.f.required),
      rows.map((r) => r.f.done),
      rows.map((r) => r.f.late),
      rows.map((r) => r.f.missing),
      rows.map((r) => r.f.outOfRange),
    ],
  );
}

/** Clocks done (正常 or 迟到) per person and window of `day`, for the people asked. */
export async function doneByWindow(q: Query, day: string, userIds: number[]): Promise<Map<string, number>> {
  const rows = await q<{ userId: number; windowStart: string; n: number }>(
    `select user_id as "userId", window_start as "windowStart", count(*)::int as n from clock_records
      where day = $1::date and user_id = any($2::int[]) and result in (1, 2) and window_start is not null
      group by 1, 2`,
    [day, userIds],
  );
  return new Map(rows.map((r) => [`${r.userId}|${r.windowStart}`, r.n]));
}

export interface NewWarning {
  person: Person;
  roleId: number;
  day: string;
  window: { start: string; end: string };
  kind: WarnKind;
  recordId: number | null;
}

/** Files warnings, once per person, day, window and kind (a second one is no error); answers how many are new. */
export async function fileWarnings(q: Query, warnings: readonly NewWarning[]): Promise<number> {
  if (!warnings.length) return 0;
  const rows = await q(
    `insert into clock_warnings (user_id, area_id, brand_id, role_id, day, window_start, window_end, kind, record_id)
     select * from unnest($1::int[], $2::varchar[], $3::int[], $4::int[], $5::date[], $6::varchar[], $7::varchar[], $8::smallint[], $9::bigint[])
     on conflict (user_id, day, window_start, kind) do nothing returning id`,
    [
      warnings.map((w) => w.person.userId),
      warnings.map((w) => w.person.areaId),
      warnings.map((w) => w.person.brandId),
      warnings.map((w) => w.roleId),
      warnings.map((w) => w.day),
      warnings.map((w) => w.window.start),
      warnings.map((w) => w.window.end),
      warnings.map((w) => w.kind),
      warnings.map((w) => w.recordId),
    ],
  );
  return rows.length;
}

/** The instant the clock job has closed windows up to (null: never ran). */
export async function closedTo(q: Query): Promise<Date | null> {
  const [row] = await q<{ closedTo: Date }>(`select closed_to as "closedTo" from clock_job_state where id = 1`);
  return row ? new Date(row.closedTo) : null;
}

export async function setClosedTo(q: Query, at: Date): Promise<void> {
  await q(`insert into clock_job_state (id, closed_to) values (1, $1) on conflict (id) do update set closed_to = excluded.closed_to`, [at]);
}
