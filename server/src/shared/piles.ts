/**
 * The pile (设备) list that 设备管理 (/api/equipment/power/list) and 米单车管理's 在线设备 / 离线设备
 * (/api/miApp/getLineList, getNoLineList and their exports) share: one select, one row shape, one
 * filter. A pile is online when it reported within PILE_SILENT_MINUTES of `now`, else silent (never
 * heard included). The exports page by keyset on the list's own order, so a file equals its list.
 */
import { Type, type Static } from 'typebox';
import type { Database } from '../db/client.js';
import { AREA_SET, Where, likeEscape } from '../db/sql.js';
import { PILE_SILENT_MINUTES, isLowPower, silentMinutes, silentText } from '../domain/power.js';
import { formatTime } from '../domain/time.js';
import { Nullable } from '../http/schemas.js';

/** A pile as the lists show it: 设备管理's list and 米单车管理's 在线设备 answer it, 离线设备 adds how long it is silent. */
export const PileItem = Type.Object({
  equipmentMac: Type.String({ description: '设备 MAC' }),
  siteId: Type.String({ description: '站点编号' }),
  siteName: Nullable(Type.String(), '站点名称（站点已不存在时为空）'),
  areaId: Type.String({ description: '区县编码' }),
  areaName: Nullable(Type.String(), '区县名称'),
  power: Nullable(Type.Integer(), '最近一次上报的电量（%），未上报为空'),
  lowPower: Type.Boolean({ description: '电量低于 10%' }),
  lastSeenTime: Nullable(Type.String(), '最近上报时间（从未上报为空）'),
  createTime: Type.String({ description: '登记时间' }),
});
type PileOut = Static<typeof PileItem>;

/** A pile's row as the queries answer it: the item less what toPile derives, its times still instants. */
export type PileRow = Omit<PileOut, 'lowPower' | 'lastSeenTime' | 'createTime'> & { lastSeenAt: Date | null; createdAt: Date };

const PILE_COLUMNS = `p.equipment_mac as "equipmentMac", p.site_id as "siteId", s.site_name as "siteName", p.area_id as "areaId",
  a.area_name as "areaName", p.power, p.last_seen_at as "lastSeenAt", p.created_at as "createdAt"`;
const PILE_FROM = 'from piles p left join sites s on s.id = p.site_id left join areas a on a.id = p.area_id';
const PILE_SELECT = `select ${PILE_COLUMNS} ${PILE_FROM}`;
/**
 * A page of the piles the filter keeps, in order, sites and areas joined to that page only (the
 * filter and the sort read piles alone: joining every silent pile before the limit cost most of the
 * list's time, bench/miPiles).
 */
const pagedSelect = (where: string, order: PileOrder, limit: string, extra = '') =>
  `select ${PILE_COLUMNS}${extra} from (select * from piles p where ${where} order by ${ORDER[order]} ${limit}) p
     left join sites s on s.id = p.site_id left join areas a on a.id = p.area_id order by ${ORDER[order]}`;

export const toPile = ({ lastSeenAt, createdAt, ...r }: PileRow, tz: string): PileOut => ({
  ...r,
  lowPower: isLowPower(r.power),
  lastSeenTime: formatTime(lastSeenAt, tz),
  createTime: formatTime(createdAt, tz)!,
});

/** A silent pile as 离线设备 shows it: how long it has been silent (never heard: null, 从未上报). */
export const toSilentPile = (r: PileRow, tz: string, now: Date) => {
  const minutes = silentMinutes(r.lastSeenAt, now);
  return { ...toPile(r, tz), silentMinutes: minutes, silentText: silentText(minutes) };
};

export interface PileFilter {
  areaIds: string[];
  siteId?: string;
  /** part of the MAC, any case */
  equipmentMac?: string;
  powerMin?: number;
  powerMax?: number;
  /** online: heard since now − PILE_SILENT_MINUTES; silent: not (or never) */
  heard?: 'online' | 'silent';
}

/** The list's order: 设备管理's lowest power first; online: the latest heard first; silent: the longest silent first (never heard before all). */
export type PileOrder = 'power' | 'online' | 'silent';

/** The silent list's sort key: never heard sorts as heard at the epoch (before any real report). */
const SILENT_KEY = `coalesce(p.last_seen_at, '1970-01-01T00:00:00Z'::timestamptz)`;
const ORDER: Record<PileOrder, string> = {
  power: 'p.power nulls last, p.equipment_mac',
  online: 'p.last_seen_at desc, p.equipment_mac',
  silent: `${SILENT_KEY}, p.equipment_mac`,
};

/** The instant before which a pile is silent. */
const silentSince = (now: Date) => new Date(now.getTime() - PILE_SILENT_MINUTES * 60_000);

function pileWhere(f: PileFilter, now: Date): Where {
  const w = new Where().add(`p.area_id in ${AREA_SET}`, f.areaIds);
  if (f.siteId) w.add('p.site_id = ?', f.siteId);
  if (f.equipmentMac) w.add('p.equipment_mac ilike ?', `%${likeEscape(f.equipmentMac)}%`);
  if (f.powerMin !== undefined) w.add('p.power >= ?', f.powerMin);
  if (f.powerMax !== undefined) w.add('p.power <= ?', f.powerMax);
  if (f.heard === 'online') w.add('p.last_seen_at >= ?', silentSince(now));
  if (f.heard === 'silent') w.add(`${SILENT_KEY} < ?`, silentSince(now));
  return w;
}

/** One page of piles and the filter's total. */
export async function listPiles(database: Database, f: PileFilter, order: PileOrder, page: { limit: number; offset: number }, now = new Date()) {
  const w = pileWhere(f, now);
  const n = w.params.length;
  const [rows, [{ total }]] = await Promise.all([
    database.query<PileRow>(pagedSelect(w.sql, order, `limit $${n + 1} offset $${n + 2}`), [...w.params, page.limit, page.offset]),
    database.query<{ total: number }>(`select count(*)::int as total from piles p where ${w.sql}`, w.params),
  ]);
  return { rows, total };
}

/** Every pile of the online or silent list in its order, page by page (keyset: flat memory, no offset), as of `now`. */
export async function* pilePages(database: Database, f: PileFilter, order: 'online' | 'silent', now: Date, pageSize = 2000): AsyncIterable<PileRow[]> {
  const w = pileWhere(f, now);
  const n = w.params.length;
  // the cursor is the key as the database holds it (text: microseconds; a Date keeps milliseconds only, and would skip ties)
  let last: { at: string; mac: string } | null = null;
  for (;;) {
    let after = '';
    const params: unknown[] = [...w.params, pageSize];
    if (last) {
      params.push(last.at, last.mac);
      after =
        order === 'online'
          ? ` and (p.last_seen_at < $${n + 2}::timestamptz or (p.last_seen_at = $${n + 2}::timestamptz and p.equipment_mac > $${n + 3}::text))`
          : ` and (${SILENT_KEY}, p.equipment_mac) > ($${n + 2}::timestamptz, $${n + 3}::text)`;
    }
    const rows = await database.query<PileRow & { cursorAt: string }>(
      pagedSelect(`${w.sql}${after}`, order, `limit $${n + 1}`, `, ${SILENT_KEY}::text as "cursorAt"`),
      params,
    );
    if (rows.length) yield rows.map(({ cursorAt: _, ...r }) => r);
    if (rows.length < pageSize) return;
    const end = rows[rows.length - 1];
    last = { at: end.cursorAt, mac: end.equipmentMac };
  }
}

export async function findPile(database: Database, mac: string): Promise<PileRow | undefined> {
  const [row] = await database.query<PileRow>(`${PILE_SELECT} where p.equipment_mac = $1`, [mac]);
  return row;
}
