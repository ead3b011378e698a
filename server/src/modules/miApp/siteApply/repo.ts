/** Queries of 米单车管理 · 站点申请: the field app's site proposals (site_applications), listed and decided. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { ApplyItem } from './schemas.js';
import { AREA_SET, Where, likeEscape } from '../../../db/sql.js';

export interface ApplyFilter {
  areaIds: string[];
  brandId?: number;
  state?: number;
  from?: Date;
  to?: Date;
  keyword?: string;
}

/** An application as listed: its times as Dates and its photos' files (the service formats them and adds stateName). */
export type ApplyRow = Omit<Static<typeof ApplyItem>, 'at' | 'decidedAt' | 'stateName' | 'photos'> & {
  at: Date;
  decidedAt: Date | null;
  photos: string[] | null;
};

function whereOf(f: ApplyFilter): Where {
  const w = new Where().add(`sa.area_id in ${AREA_SET}`, f.areaIds);
  if (f.brandId !== undefined) w.add('sa.brand_id = ?', f.brandId);
  if (f.state !== undefined) w.add('sa.state = ?', f.state);
  if (f.from) w.add('sa.at >= ?', f.from);
  if (f.to) w.add('sa.at < ?', f.to);
  if (f.keyword) w.add(`sa.name ilike ? escape '\\'`, `%${likeEscape(f.keyword)}%`);
  return w;
}

/** A page of applications, newest first (the export pages through the same order). */
export async function listApplies(database: Database, f: ApplyFilter, page: { limit: number; offset: number }): Promise<ApplyRow[]> {
  const w = whereOf(f);
  const n = w.params.length;
  return database.query<ApplyRow>(
    `select sa.id::int as id, coalesce(nullif(u.name, ''), u.username) as "applicantName", sa.brand_id as "brandId", b.brand_name as "brandName",
            sa.area_id as "areaId", coalesce(a.area_name, sa.area_id) as "areaName", sa.name, sa.lon, sa.lat, sa.capacity, sa.piles, sa.reason,
            (select array_agg(up.file order by up.id) from uploads up where up.purpose = 'siteApply' and up.owner_id = sa.id) as photos,
            sa.state, sa.reject_reason as "rejectReason", sa.site_id as "siteId",
            coalesce(nullif(d.name, ''), d.username) as "deciderName", sa.decided_at as "decidedAt", sa.at
       from site_applications sa join users u on u.id = sa.user_id left join areas a on a.id = sa.area_id
       left join brands b on b.id = sa.brand_id left join users d on d.id = sa.decided_by
      where ${w.sql} order by sa.at desc, sa.id desc limit $${n + 1} offset $${n + 2}`,
    [...w.params, page.limit, page.offset],
  );
}

export async function countApplies(database: Database, f: ApplyFilter): Promise<number> {
  const w = whereOf(f);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from site_applications sa where ${w.sql}`, w.params);
  return total;
}

/** What a decision checks and what an approval starts from. */
export async function applyOf(database: Database, id: number) {
  const [row] = await database.query<{
    areaId: string;
    brandId: number | null;
    state: number;
    name: string;
    lon: number;
    lat: number;
    capacity: number;
    piles: number | null;
  }>(`select area_id as "areaId", brand_id as "brandId", state, name, lon, lat, capacity, piles from site_applications where id = $1`, [id]);
  return row;
}

/** Decides a pending application (1 with its site, 2 with the reason); false when it was decided meanwhile. */
export async function decide(database: Database, id: number, d: { state: 1; siteId: string } | { state: 2; reason: string }, userId: number): Promise<boolean> {
  const rows = await database.query(
    `update site_applications set state = $2, site_id = $3, reject_reason = $4, decided_by = $5, decided_at = now()
      where id = $1 and state = 0 returning id`,
    [id, d.state, d.state === 1 ? d.siteId : null, d.state === 2 ? d.reason : null, userId],
  );
  return rows.length > 0;
}
