/** Queries of 日常值守's clock calls: clock sites, configs, records, the day figures (clock_days) and warnings. */
import type { Database } from '../../db/client.js';
import { AREA_SET, Where, likeEscape } from '../../db/sql.js';
import type { Static } from 'typebox';
import type { ClockSiteItem, ConfigItem, RecordItem, StatsItem, WarnItem } from './schemas.js';

export interface Page {
  limit: number;
  offset: number;
}

/** What every list filters by: the request's areas (the row's area in them) and an enterprise. */
export interface Scope {
  areaIds: string[];
  brandId?: number;
}

function scoped(alias: string, s: Scope): Where {
  const w = new Where().add(`${alias}.area_id in ${AREA_SET}`, s.areaIds);
  if (s.brandId !== undefined) w.add(`${alias}.brand_id = ?`, s.brandId);
  return w;
}

const userLike = (w: Where, name: string | undefined) => {
  if (name?.trim()) w.add(`(u.name ilike ? escape '\\' or u.username ilike ? escape '\\')`, `%${likeEscape(name.trim())}%`);
};

async function paged<T>(database: Database, select: string, from: string, w: Where, order: string, page: Page): Promise<{ lists: T[]; total: number }> {
  const where = w.parts.length ? `where ${w.sql}` : '';
  const n = w.params.length;
  const [lists, [{ total }]] = await Promise.all([
    database.query<T>(`select ${select} ${from} ${where} order by ${order} limit $${n + 1} offset $${n + 2}`, [...w.params, page.limit, page.offset]),
    database.query<{ total: number }>(`select count(*)::int as total ${from} ${where}`, w.params),
  ]);
  return { lists, total };
}

/* ---------- clock sites ---------- */

/** A clock site as listed, its creation time the Date the service formats into createTime. */
type ClockSiteRow = Omit<Static<typeof ClockSiteItem>, 'createTime'> & { createdAt: Date };

export async function listClockSites(database: Database, s: Scope & { name?: string }, page: Page) {
  const w = scoped('c', s);
  w.parts.push('c.deleted_at is null');
  if (s.name?.trim()) w.add(`c.name ilike ? escape '\\'`, `%${likeEscape(s.name.trim())}%`);
  return paged<ClockSiteRow>(
    database,
    `c.id, c.name, c.area_id as "areaId", a.area_name as "areaName", c.brand_id as "brandId", b.brand_name as "brandName",
     c.site_id as "siteId", st.site_name as "siteName", c.lon, c.lat, c.radius, c.created_at as "createdAt"`,
    `from clock_sites c left join areas a on a.id = c.area_id left join brands b on b.id = c.brand_id left join sites st on st.id = c.site_id`,
    w,
    'c.id desc',
    page,
  );
}

export async function clockSiteScope(database: Database, id: number) {
  const [row] = await database.query<{ areaId: string; brandId: number | null }>(
    `select area_id as "areaId", brand_id as "brandId" from clock_sites where id = $1 and deleted_at is null`,
    [id],
  );
  return row;
}

export async function siteOf(database: Database, siteId: string) {
  const [row] = await database.query<{ areaId: string }>(`select area_id as "areaId" from sites where id = $1 and deleted_at is null`, [siteId]);
  return row;
}

/**
 * Creates (no id) or updates a clock site or config from its column values (`casts`: the columns
 * whose parameter needs one, e.g. smallint[] or jsonb); the id.
 */
async function save(
  database: Database,
  table: 'clock_sites' | 'clock_configs',
  id: number | undefined,
  v: Record<string, unknown>,
  userId: number,
  casts: Record<string, string> = {},
): Promise<number> {
  const cols = Object.keys(v);
  const param = (c: string, i: number) => `$${i}${casts[c] ? `::${casts[c]}` : ''}`;
  if (id === undefined) {
    const [row] = await database.query<{ id: number }>(
      `insert into ${table} (${cols.join(', ')}, creator_id) values (${cols.map((c, i) => param(c, i + 1)).join(', ')}, $${cols.length + 1}) returning id`,
      [...Object.values(v), userId],
    );
    return row.id;
  }
  await database.query(
    `update ${table} set ${cols.map((c, i) => `${c} = ${param(c, i + 2)}`).join(', ')}, updated_at = now() where id = $1 and deleted_at is null`,
    [id, ...Object.values(v)],
  );
  return id;
}

export const saveClockSite = (database: Database, id: number | undefined, v: Record<string, unknown>, userId: number) =>
  save(database, 'clock_sites', id, v, userId);

export async function deleteClockSite(database: Database, id: number) {
  await database.query(`update clock_sites set deleted_at = now() where id = $1 and deleted_at is null`, [id]);
}

/* ---------- configs ---------- */

/** A config as listed; the role's id as the column holds it (the service narrows it to 31 | 32). */
type ConfigRow = Omit<Static<typeof ConfigItem>, 'roleId'> & { roleId: number };

export async function listConfigs(database: Database, s: Scope & { roleId?: number }, page: Page) {
  const w = scoped('c', s);
  w.parts.push('c.deleted_at is null');
  if (s.roleId !== undefined) w.add('c.role_id = ?', s.roleId);
  return paged<ConfigRow>(
    database,
    `c.id, c.name, c.area_id as "areaId", a.area_name as "areaName", c.brand_id as "brandId", b.brand_name as "brandName",
     c.role_id as "roleId", r.role_name as "roleName", c.days, c.windows, c.clocks_per_window as "clocksPerWindow", c.radius,
     c.late_minutes as "lateMinutes", c.enabled`,
    `from clock_configs c left join areas a on a.id = c.area_id left join brands b on b.id = c.brand_id left join roles r on r.id = c.role_id`,
    w,
    'c.id desc',
    page,
  );
}

export async function configScope(database: Database, id: number) {
  const [row] = await database.query<{ areaId: string; brandId: number | null }>(
    `select area_id as "areaId", brand_id as "brandId" from clock_configs where id = $1 and deleted_at is null`,
    [id],
  );
  return row;
}

export const saveConfig = (database: Database, id: number | undefined, v: Record<string, unknown>, userId: number) =>
  save(database, 'clock_configs', id, { ...v, windows: JSON.stringify(v.windows) }, userId, { days: 'smallint[]', windows: 'jsonb' });

export async function deleteConfig(database: Database, id: number) {
  await database.query(`update clock_configs set deleted_at = now() where id = $1 and deleted_at is null`, [id]);
}

/* ---------- records ---------- */

export interface RecordFilter extends Scope {
  roleId?: number;
  userName?: string;
  clockSiteId?: number;
  result?: number;
  from?: Date;
  to?: Date;
}

/** A record as listed: the time as a Date, the window's two ends and the photos' files (the service makes clockTime, window, resultName, photo addresses). */
type RecordRow = Omit<Static<typeof RecordItem>, 'clockTime' | 'window' | 'resultName' | 'photos'> & {
  at: Date;
  windowStart: string | null;
  windowEnd: string | null;
  photos: string[] | null;
};

export async function listRecords(database: Database, f: RecordFilter, page: Page) {
  const w = scoped('r', f);
  if (f.roleId !== undefined) w.add('r.role_id = ?', f.roleId);
  if (f.clockSiteId !== undefined) w.add('r.clock_site_id = ?', f.clockSiteId);
  if (f.result !== undefined) w.add('r.result = ?', f.result);
  if (f.from) w.add('r.at >= ?', f.from);
  if (f.to) w.add('r.at < ?', f.to);
  userLike(w, f.userName);
  return paged<RecordRow>(
    database,
    `r.id::int as id, r.user_id as "userId", coalesce(nullif(u.name, ''), u.username) as "userName", b.brand_name as "brandName", ro.role_name as "roleName",
     r.clock_site_id as "clockSiteId", c.name as "clockSiteName", r.at, r.window_start as "windowStart", r.window_end as "windowEnd", r.result,
     r.distance, r.radius, r.lon, r.lat,
     (select array_agg(up.file order by up.id) from uploads up where up.purpose = 'clock' and up.owner_id = r.id) as photos`,
    `from clock_records r join users u on u.id = r.user_id join clock_sites c on c.id = r.clock_site_id
     left join brands b on b.id = r.brand_id left join roles ro on ro.id = r.role_id`,
    w,
    'r.at desc, r.id desc',
    page,
  );
}

/* ---------- day statistics ---------- */

export interface StatsFilter extends Scope {
  roleId?: number;
  userName?: string;
  fromDay: string;
  toDay: string;
}

type StatsRow = Static<typeof StatsItem>;

/**
 * The day rows of the filters, a page: the page is cut from clock_days alone (its where names only
 * its own columns: a person by name is a subquery), and only that page's rows are joined to names.
 */
export async function listStats(database: Database, f: StatsFilter, page: Page) {
  const w = scoped('d', f);
  w.add('d.day >= ?::date', f.fromDay).add('d.day <= ?::date', f.toDay);
  if (f.roleId !== undefined) w.add('d.role_id = ?', f.roleId);
  if (f.userName?.trim())
    w.add(`d.user_id in (select u.id from users u where u.name ilike ? escape '\\' or u.username ilike ? escape '\\')`, `%${likeEscape(f.userName.trim())}%`);
  const n = w.params.length;
  const [lists, [{ total }]] = await Promise.all([
    database.query<StatsRow>(
      `with p as (select d.* from clock_days d where ${w.sql} order by d.day desc, d.user_id limit $${n + 1} offset $${n + 2})
       select to_char(d.day, 'YYYY-MM-DD') as day, d.user_id as "userId", coalesce(nullif(u.name, ''), u.username) as "userName",
              b.brand_name as "brandName", ro.role_name as "roleName", d.required, d.done, d.late, d.missing, d.out_of_range as "outOfRange"
         from p d join users u on u.id = d.user_id left join brands b on b.id = d.brand_id left join roles ro on ro.id = d.role_id
        order by d.day desc, d.user_id`,
      [...w.params, page.limit, page.offset],
    ),
    database.query<{ total: number }>(`select count(*)::int as total from clock_days d where ${w.sql}`, w.params),
  ]);
  return { lists, total };
}

/* ---------- warnings ---------- */

export interface WarnFilter extends Scope {
  roleId?: number;
  handled?: boolean;
  kind?: number;
  userName?: string;
  fromDay?: string;
  toDay?: string;
}

/** A warning as listed: the window's two ends and the times as Dates (the service makes window, kindName, the times and handled). */
type WarnRow = Omit<Static<typeof WarnItem>, 'window' | 'kindName' | 'clockTime' | 'createTime' | 'handled' | 'handleTime'> & {
  windowStart: string;
  windowEnd: string;
  clockTime: Date | null;
  createdAt: Date;
  handledAt: Date | null;
};

function warnWhere(f: WarnFilter): Where {
  const w = scoped('w', f);
  if (f.roleId !== undefined) w.add('w.role_id = ?', f.roleId);
  if (f.handled !== undefined) w.parts.push(f.handled ? 'w.handled_at is not null' : 'w.handled_at is null');
  if (f.kind !== undefined) w.add('w.kind = ?', f.kind);
  if (f.fromDay) w.add('w.day >= ?::date', f.fromDay);
  if (f.toDay) w.add('w.day <= ?::date', f.toDay);
  userLike(w, f.userName);
  return w;
}

export async function listWarnings(database: Database, f: WarnFilter, page: Page) {
  return paged<WarnRow>(
    database,
    `w.id::int as id, w.user_id as "userId", coalesce(nullif(u.name, ''), u.username) as "userName", b.brand_name as "brandName", ro.role_name as "roleName",
     to_char(w.day, 'YYYY-MM-DD') as day, w.window_start as "windowStart", w.window_end as "windowEnd", w.kind, r.at as "clockTime", r.distance,
     w.created_at as "createdAt", w.handled_at as "handledAt", coalesce(nullif(h.name, ''), h.username) as "handlerName", w.note`,
    `from clock_warnings w join users u on u.id = w.user_id left join brands b on b.id = w.brand_id left join roles ro on ro.id = w.role_id
     left join clock_records r on r.id = w.record_id left join users h on h.id = w.handler_id`,
    warnWhere(f),
    'w.created_at desc, w.id desc',
    page,
  );
}

/** Marks the warnings of the scope among `ids` handled (those not yet); answers how many. */
export async function handleWarnings(database: Database, s: Scope, ids: number[], note: string, userId: number): Promise<number> {
  const w = scoped('w', s);
  w.add('w.id = any(?::bigint[])', ids);
  w.parts.push('w.handled_at is null');
  const n = w.params.length;
  const rows = await database.query(`update clock_warnings w set handled_at = now(), handler_id = $${n + 1}, note = $${n + 2} where ${w.sql} returning w.id`, [
    ...w.params,
    userId,
    note,
  ]);
  return rows.length;
}
