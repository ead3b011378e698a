/**
 * Queries of 米单车管理 · 桩测未上传车辆: the enterprise rules (mac_rules, kind 1 name / 2 MAC)
 * and the matched bikes kept (not_uploaded_bikes, migration 0027); what the piles heard and the
 * matching itself are in shared/notUploaded.ts (the hourly job runs them too).
 */
import type { Database } from '../../../db/client.js';
import { AREA_SET, Where } from '../../../db/sql.js';
import { brandInAreas } from '../../../shared/brands.js';
import type { BikeIdRule, RuleKind } from '../../../domain/bikeIdRules.js';
import { RULE_COLS, type RuleRow } from '../../../shared/notUploaded.js';

/** Rules of one kind of the enterprises registered or operating in the areas (one enterprise when given). */
export async function listRules(database: Database, kind: RuleKind, areaIds: string[], brandId: number | undefined, page: { limit: number; offset: number }) {
  const params: unknown[] = [kind, areaIds];
  let cond = `r.kind = $1 and b.deleted_at is null and ${brandInAreas('b', 2)}`;
  if (brandId !== undefined) {
    params.push(brandId);
    cond += ` and r.brand_id = $3`;
  }
  const from = `from mac_rules r join brands b on b.id = r.brand_id where ${cond}`;
  const [lists, [{ total }]] = await Promise.all([
    database.query<RuleRow>(`select ${RULE_COLS} ${from} order by b.id, r.id limit $${params.length + 1} offset $${params.length + 2}`, [
      ...params,
      page.limit,
      page.offset,
    ]),
    database.query<{ total: number }>(`select count(*)::int as total ${from}`, params),
  ]);
  return { lists, total };
}

export async function ruleById(database: Database, kind: RuleKind, id: number) {
  const [row] = await database.query<RuleRow>(`select ${RULE_COLS} from mac_rules r join brands b on b.id = r.brand_id where r.id = $1 and r.kind = $2`, [
    id,
    kind,
  ]);
  return row;
}

const values = (r: BikeIdRule) => [r.namePrefix, r.nameLength, r.bikeIdPrefix, r.bikeIdLength, r.bikeIdExtractStart, r.bikeIdExtractLength];

export async function insertRule(database: Database, kind: RuleKind, brandId: number, r: BikeIdRule) {
  const [row] = await database.query<{ id: number }>(
    `insert into mac_rules (kind, brand_id, name_prefix, name_length, bike_id_prefix, bike_id_length, bike_id_extract_start, bike_id_extract_length)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [kind, brandId, ...values(r)],
  );
  return row.id;
}

export async function updateRule(database: Database, id: number, brandId: number, r: BikeIdRule) {
  await database.query(
    `update mac_rules set brand_id = $2, name_prefix = $3, name_length = $4, bike_id_prefix = $5, bike_id_length = $6, bike_id_extract_start = $7,
            bike_id_extract_length = $8, updated_at = now() where id = $1`,
    [id, brandId, ...values(r)],
  );
}

export async function deleteRule(database: Database, id: number) {
  await database.query(`delete from mac_rules where id = $1`, [id]);
}

export interface NotUploadFilter {
  areaIds: string[];
  brandId?: number;
  siteId?: string;
  bikeId?: string;
  from?: Date;
  to?: Date;
}

function where(kind: RuleKind, f: NotUploadFilter) {
  const w = new Where().add('n.kind = ?', kind).add(`n.area_id in ${AREA_SET}`, f.areaIds);
  if (f.brandId !== undefined) w.add('n.brand_id = ?', f.brandId);
  if (f.siteId) w.add('n.site_id = ?', f.siteId);
  if (f.bikeId) w.add(`strpos(n.bike_id, ?) > 0`, f.bikeId);
  if (f.from) w.add('n.last_heard_at >= ?', f.from);
  if (f.to) w.add('n.last_heard_at < ?', f.to);
  return w;
}

export async function listNotUploaded(database: Database, kind: RuleKind, f: NotUploadFilter, page: { limit: number; offset: number }) {
  const w = where(kind, f);
  const n = w.params.length;
  const [lists, brands] = await Promise.all([
    database.query<{
      id: number;
      brandId: number;
      brandName: string;
      bikeId: string;
      mac: string;
      name: string | null;
      equipmentMac: string | null;
      siteId: string;
      siteName: string | null;
      areaId: string;
      areaName: string | null;
      firstHeardAt: Date;
      lastHeardAt: Date;
      count: number;
    }>(
      `select n.id::int as id, n.brand_id as "brandId", b.brand_name as "brandName", n.bike_id as "bikeId", n.mac, n.name, n.equipment_mac as "equipmentMac",
              n.site_id as "siteId", s.site_name as "siteName", n.area_id as "areaId", a.area_name as "areaName", n.first_heard_at as "firstHeardAt",
              n.last_heard_at as "lastHeardAt", n.count
         from not_uploaded_bikes n join brands b on b.id = n.brand_id left join sites s on s.id = n.site_id left join areas a on a.id = n.area_id
        where ${w.sql} order by n.last_heard_at desc, n.id desc limit $${n + 1} offset $${n + 2}`,
      [...w.params, page.limit, page.offset],
    ),
    database.query<{ brandId: number; brandName: string; count: number }>(
      `select n.brand_id as "brandId", b.brand_name as "brandName", count(*)::int as count
         from not_uploaded_bikes n join brands b on b.id = n.brand_id where ${w.sql} group by 1, 2 order by 1`,
      w.params,
    ),
  ]);
  return { lists, brands, total: brands.reduce((s, b) => s + b.count, 0) };
}

export async function clearNotUploaded(database: Database, kind: RuleKind, areaIds: string[], brandId: number | undefined) {
  const w = where(kind, { areaIds, brandId });
  const rows = await database.query(`delete from not_uploaded_bikes n where ${w.sql} returning 1`, w.params);
  return rows.length;
}
