/** Queries of 米单车管理's inspections: the patrol records (patrol_records) and their statistics per inspector and local day. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { InspectionDay, InspectionItem } from './schemas.js';
import { newestPage, newestPages, type Newest } from '../../../db/newest.js';
import { AREA_SET, Where, likeEscape } from '../../../db/sql.js';

export interface InspectionFilter {
  areaIds: string[];
  brandId?: number;
  miUserName?: string;
  bikeId?: string;
  result?: number;
  from?: Date;
  to?: Date;
}

/** A record as listed: its time as a Date and its photos' files (the service makes inspectionTime, resultName, the photo addresses). */
export type InspectionRow = Omit<Static<typeof InspectionItem>, 'inspectionTime' | 'resultName' | 'photos'> & { at: Date; photos: string[] | null };

export type InspectionDayRow = Static<typeof InspectionDay>;

function where(f: InspectionFilter): Where {
  const w = new Where().add(`r.area_id in ${AREA_SET}`, f.areaIds);
  if (f.brandId !== undefined) w.add('r.brand_id = ?', f.brandId);
  if (f.result !== undefined) w.add('r.result = ?', f.result);
  if (f.from) w.add('r.at >= ?', f.from);
  if (f.to) w.add('r.at < ?', f.to);
  if (f.bikeId) w.add('(r.bike_id ilike ? or r.bike_mac ilike ?)', `%${likeEscape(f.bikeId)}%`);
  if (f.miUserName) w.add('exists (select 1 from users x where x.id = r.user_id and (x.name ilike ? or x.username ilike ?))', `%${likeEscape(f.miUserName)}%`);
  return w;
}

const RECORD_SELECT = `select r.id::int as id, r.user_id as "userId", coalesce(nullif(u.name, ''), u.username) as "miUserName", r.area_id as "areaId",
    a.area_name as "areaName", r.bike_id as "bikeId", r.bike_mac as "bikeMac", r.brand_id as "brandId", b.brand_name as "brandName",
    r.site_id as "siteId", s.site_name as "siteName", r.result, r.note, r.lon, r.lat, r.at,
    (select array_agg(up.file order by up.id) from uploads up where up.purpose = 'patrol' and up.owner_id = r.id) as photos
  from patrol_records r join users u on u.id = r.user_id left join areas a on a.id = r.area_id
  left join brands b on b.id = r.brand_id left join sites s on s.id = r.site_id`;

const LIST: Newest = { select: RECORD_SELECT, from: 'patrol_records r', alias: 'r' };

export const listRecords = (database: Database, f: InspectionFilter, page: { limit: number; offset: number }) =>
  newestPage<InspectionRow>(database, LIST, where(f), page);

/** Every row of the filter in the list's order (newest first), by keyset on (at, id). */
export const recordPages = (database: Database, f: InspectionFilter, pageSize = 2000) => newestPages<InspectionRow>(database, LIST, where(f), pageSize);

/** Records grouped per inspector and local day (in `tz`): the where clause's parameters, then tz. */
const grouped = (w: Where) => {
  const tz = `$${w.params.length + 1}`;
  return `select to_char(r.at at time zone ${tz}::text, 'YYYY-MM-DD') as day, r.user_id as "userId",
      count(*)::int as total, (count(*) filter (where r.result = 1))::int as normal, (count(*) filter (where r.result = 2))::int as parking,
      (count(*) filter (where r.result = 3))::int as fault, (count(*) filter (where r.result = 4))::int as illegal
    from patrol_records r where ${w.sql} group by 1, 2`;
};
const DAY_SELECT = (w: Where) =>
  `select g.*, coalesce(nullif(u.name, ''), u.username) as "miUserName" from (${grouped(w)}) g join users u on u.id = g."userId"`;

/** One page of the statistics (newest day first, then by inspector) and the number of (inspector, day) rows. */
export async function listDays(database: Database, f: InspectionFilter, tz: string, page: { limit: number; offset: number }) {
  const w = where(f);
  const n = w.params.length;
  const [lists, [{ total }]] = await Promise.all([
    database.query<InspectionDayRow>(`${DAY_SELECT(w)} order by g.day desc, g."userId" limit $${n + 2} offset $${n + 3}`, [
      ...w.params,
      tz,
      page.limit,
      page.offset,
    ]),
    database.query<{ total: number }>(`select count(*)::int as total from (${grouped(w)}) g`, [...w.params, tz]),
  ]);
  return { lists, total };
}

/** Every statistics row in the list's order, by keyset on (day, inspector). */
export async function* dayPages(database: Database, f: InspectionFilter, tz: string, pageSize = 2000): AsyncIterable<InspectionDayRow[]> {
  const w = where(f);
  const n = w.params.length;
  let last: InspectionDayRow | null = null;
  for (;;) {
    const rows: InspectionDayRow[] = last
      ? await database.query<InspectionDayRow>(
          `${DAY_SELECT(w)} where g.day < $${n + 3}::text or (g.day = $${n + 3}::text and g."userId" > $${n + 4}::int) order by g.day desc, g."userId" limit $${n + 2}`,
          [...w.params, tz, pageSize, last.day, last.userId],
        )
      : await database.query<InspectionDayRow>(`${DAY_SELECT(w)} order by g.day desc, g."userId" limit $${n + 2}`, [...w.params, tz, pageSize]);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}
