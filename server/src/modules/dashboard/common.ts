/**
 * Helpers every read-side call shares: area scope of a row, today's bounds in TZ, labels, the
 * brands of an area. The abnormal and settings modules import them too.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/envelope.js';
import { formatTime, parseLocalTime } from '../../domain/time.js';

/** Site flag (0 empty, 1 normal, 2 full, 3 many, 4 few) → status label (spec §4). */
export const FLAG_LABEL = ['空桩', '正常', '满桩', '偏多', '偏少'] as const;
export const flagLabel = (flag: number | null | undefined) => FLAG_LABEL[flag ?? 0] ?? '正常';

/** messageType → label (spec §4: empty→空桩, less→偏少, more→偏多, full→满桩, else 正常). */
export function messageLabel(t: string | null | undefined): string {
  return ({ empty: '空桩', less: '偏少', more: '偏多', full: '满桩' } as Record<string, string>)[t ?? ''] ?? '正常';
}

/** Throws 5002 unless `areaId` lies in the request's scope (its area and below). */
export function assertInScope(auth: Auth, areaId: string | null | undefined): void {
  if (!areaId || !auth.scopeAreaIds().includes(areaId)) throw forbidden('无权访问该区域的数据');
}

/** SQL condition: brand `alias` registered in, operating in or launched in one of the areas of `$n`. */
export const brandInAreas = (alias: string, n: number) =>
  `(${alias}.area_id = any($${n}::varchar[]) or ${alias}.operation_area_id ?| $${n}::text[] or ${alias}.launch_area ?| $${n}::text[])`;

export interface BrandBrief {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
}

/** Brands (not deleted) of the areas: registered, operating or launched there, or holding a quota there. */
export async function brandsOf(database: Database, areaIds: string[]): Promise<BrandBrief[]> {
  return database.query<BrandBrief>(
    `select b.id as "brandId", b.brand_name as "brandName", b.bike_color as "bikeColor", b.ebike_color as "ebikeColor"
       from brands b
      where b.deleted_at is null
        and (${brandInAreas('b', 1)} or exists (select 1 from brand_quotas q where q.brand_id = b.id and q.area_id = any($1::varchar[])))
      order by b.id`,
    [areaIds],
  );
}

/** All brands by id (names of bikes whose brand left the area's list still show). */
export async function brandNames(database: Database): Promise<Map<number, BrandBrief>> {
  const rows = await database.query<BrandBrief>(
    `select id as "brandId", brand_name as "brandName", bike_color as "bikeColor", ebike_color as "ebikeColor" from brands`,
  );
  return new Map(rows.map((r) => [r.brandId, r]));
}

export interface SiteRef {
  siteId: string;
  siteName: string;
  areaId: string;
  siteLon: number;
  siteLat: number;
  siteBikeCeiling: number;
  capacity: number;
}

/** A live site of the request's scope: 400 when it does not exist, 5002 when it is another area's. */
export async function siteInScope(database: Database, auth: Auth, siteId: string): Promise<SiteRef> {
  const [s] = await database.query<SiteRef>(
    `select s.id as "siteId", s.site_name as "siteName", s.area_id as "areaId", s.lon as "siteLon", s.lat as "siteLat",
            s.site_bike_ceiling as "siteBikeCeiling", coalesce(st.capacity, s.site_bike_ceiling) as capacity
       from sites s left join site_state st on st.site_id = s.id
      where s.id = $1 and s.deleted_at is null`,
    [siteId],
  );
  if (!s) throw notFound('站点');
  assertInScope(auth, s.areaId);
  return s;
}

/** Local day yyyy-MM-dd of an instant in TZ. */
export function localDay(d: Date, tz: string): string {
  return formatTime(d, tz)!.slice(0, 10);
}

/** Start of the local day `day` (yyyy-MM-dd) in TZ. */
export function dayStart(day: string, tz: string): Date {
  return parseLocalTime(`${day} 00:00:00`, tz)!;
}

/** Today in TZ: its date and [start, end) bounds. */
export function today(tz: string, now = new Date()) {
  const day = localDay(now, tz);
  const start = dayStart(day, tz);
  return { day, start, end: dayStart(nextDay(day), tz) };
}

/** yyyy-MM-dd → the following day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** Days in a month (1-12). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `yyyy-MM-dd[ HH:mm[:ss]]` in TZ with every part in range (parseLocalTime alone rolls 13-45 over); null otherwise. */
export function strictLocalTime(text: string, tz: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  return parseLocalTime(text.trim(), tz);
}

/** Escapes LIKE wildcards of user input. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Percent with two decimals; 0 when the base is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/** A comma list of positive integers ("1,7,13") → numbers; null when any piece is not one. */
export function intList(text: string): number[] | null {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.length || parts.some((p) => !/^\d{1,9}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}
