/** Queries of 米单车管理 (/api/miApp): the violation reports. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { ReportItem } from './schemas.js';
import { AREA_SET, Where } from '../../../db/sql.js';

export interface ReportFilter {
  areaIds: string[];
  brandId?: number;
  state?: number;
  from?: Date;
  to?: Date;
}

/** A report as listed: its times as Dates and its photos' files (the service makes reportTime, stateName, handleTime, the photo addresses). */
type ReportRow = Omit<Static<typeof ReportItem>, 'reportTime' | 'stateName' | 'handleTime' | 'photos'> & {
  at: Date;
  handledAt: Date | null;
  photos: string[] | null;
};

export async function listReports(database: Database, f: ReportFilter, page: { limit: number; offset: number }) {
  const w = new Where().add(`v.area_id in ${AREA_SET}`, f.areaIds);
  if (f.brandId !== undefined) w.add('v.brand_id = ?', f.brandId);
  if (f.state !== undefined) w.add('v.state = ?', f.state);
  if (f.from) w.add('v.at >= ?', f.from);
  if (f.to) w.add('v.at < ?', f.to);
  const n = w.params.length;
  const [lists, [{ total }]] = await Promise.all([
    database.query<ReportRow>(
      `select v.id::int as id, coalesce(nullif(u.name, ''), u.username) as "reporterName", v.area_id as "areaId", a.area_name as "areaName",
              v.brand_id as "brandId", b.brand_name as "brandName", v.lon, v.lat, v.text, v.at, v.state, v.note,
              coalesce(nullif(h.name, ''), h.username) as "handlerName", v.handled_at as "handledAt", v.work_order_id::int as "workOrderId",
              (select array_agg(up.file order by up.id) from uploads up where up.purpose = 'report' and up.owner_id = v.id) as photos
         from violation_reports v join users u on u.id = v.user_id left join areas a on a.id = v.area_id
         left join brands b on b.id = v.brand_id left join users h on h.id = v.handler_id
        where ${w.sql} order by v.at desc, v.id desc limit $${n + 1} offset $${n + 2}`,
      [...w.params, page.limit, page.offset],
    ),
    database.query<{ total: number }>(`select count(*)::int as total from violation_reports v where ${w.sql}`, w.params),
  ]);
  return { lists, total };
}

export async function reportScope(database: Database, id: number) {
  const [row] = await database.query<{ areaId: string; brandId: number | null; state: number }>(
    `select area_id as "areaId", brand_id as "brandId", state from violation_reports where id = $1`,
    [id],
  );
  return row;
}

/** Decides a pending report; false when it was decided meanwhile. */
export async function decideReport(database: Database, id: number, state: number, note: string, userId: number): Promise<boolean> {
  const rows = await database.query(
    `update violation_reports set state = $2, note = $3, handler_id = $4, handled_at = now() where id = $1 and state = 0 returning id`,
    [id, state, note, userId],
  );
  return rows.length > 0;
}
