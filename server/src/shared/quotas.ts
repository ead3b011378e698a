/**
 * Approved quantities (核准数量) per enterprise and area: the one write the company and limits pages
 * share, and the rule that ties them to the areas' caps (区域总量上限, area_caps).
 *
 * The rule: an area's approved total of a bike type — the sum of every enterprise's quotas in the
 * area and below, as the big screen counts it (shared/brandCounts.ts) — may not exceed the area's
 * cap of that type. A cap of 0 means none was set (不限). A quota is checked against the caps of its
 * area and of every area above it; a cap is checked against the approved total already below it.
 */
import { Type, type Static } from 'typebox';
import type { Database } from '../db/client.js';
import { columnValues, insertSql, type Columns } from '../db/columns.js';
import type { AreaTree } from '../domain/areas.js';
import type { Auth } from '../http/auth.js';
import { badRequest } from '../http/envelope.js';
import { readableBrand } from './brands.js';

/** An enterprise's approved quantities in an area, as 企业管理 lists them. */
export const Quota = Type.Object({
  brandId: Type.Integer({ description: '企业 ID' }),
  brandName: Type.String({ description: '品牌名称' }),
  areaId: Type.String({ description: '区域编码' }),
  areaName: Type.String({ description: '区域名称' }),
  bikeQuota: Type.Integer({ description: '自行车核准数量' }),
  ebikeQuota: Type.Integer({ description: '电动车核准数量' }),
  updateTime: Type.String({ description: '修改时间' }),
});

/** What a quota write sets: the enterprise, the area and the two quantities. */
export type QuotaValues = Pick<Static<typeof Quota>, 'brandId' | 'areaId' | 'bikeQuota' | 'ebikeQuota'>;

/** A quota's stored fields, by the API's key, and their columns of brand_quotas. */
export const QUOTA_COLUMNS = { brandId: 'brand_id', areaId: 'area_id', bikeQuota: 'bike_quota', ebikeQuota: 'ebike_quota' } satisfies Columns<QuotaValues>;

export interface Approved {
  bike: number;
  ebike: number;
}

/** Field names of the caller's body, so a refusal names the field the user typed in. */
export interface QuotaFields {
  bike: string;
  ebike: string;
}

/** The approved total of the areas (sum of the live enterprises' quotas), leaving out one enterprise's quota in one area. */
async function approvedIn(database: Database, areaIds: string[], except?: { brandId: number; areaId: string }): Promise<Approved> {
  const [row] = await database.query<Approved>(
    `select coalesce(sum(q.bike_quota), 0)::int as bike, coalesce(sum(q.ebike_quota), 0)::int as ebike
       from brand_quotas q join brands b on b.id = q.brand_id and b.deleted_at is null
      where q.area_id = any($1::text[]) and not (q.brand_id = $2 and q.area_id = $3)`,
    [areaIds, except?.brandId ?? 0, except?.areaId ?? ''],
  );
  return row ?? { bike: 0, ebike: 0 };
}

/** The caps set (non-zero) on the given areas. */
async function capsOf(database: Database, areaIds: string[]) {
  return database.query<{ areaId: string; bikeCap: number; ebikeCap: number }>(
    `select area_id as "areaId", bike_cap as "bikeCap", ebike_cap as "ebikeCap" from area_caps
      where area_id = any($1::text[]) and (bike_cap > 0 or ebike_cap > 0)`,
    [areaIds],
  );
}

const TYPE = { bike: '自行车', ebike: '电动车' } as const;

/** Transaction advisory lock of quota and cap writes (db/client.ts holds 730_001 and 730_002). */
const QUOTA_LOCK = 730_003;

/**
 * Serialises quota and cap writes: each check reads the others' quotas, so two saves at the same
 * moment (on PostgreSQL's pool) could each fit alone and together pass a cap. Taken on the write's
 * unit of work (every console write runs in one), it is held until that transaction ends.
 */
async function lockQuotaWrites(database: Database) {
  await database.query('select pg_advisory_xact_lock($1)', [QUOTA_LOCK]);
}

/** Refuses a quota that would take the approved total of its area, or of an area above it, past that area's cap. */
async function assertWithinCaps(database: Database, tree: AreaTree, q: QuotaValues, fields: QuotaFields) {
  const caps = await capsOf(
    database,
    tree.path(q.areaId).map((n) => n.id),
  );
  for (const cap of caps) {
    const others = await approvedIn(database, tree.descendants(cap.areaId), q);
    const areaName = tree.get(cap.areaId)?.areaName ?? cap.areaId;
    for (const type of ['bike', 'ebike'] as const) {
      const limit = type === 'bike' ? cap.bikeCap : cap.ebikeCap;
      const wanted = type === 'bike' ? q.bikeQuota : q.ebikeQuota;
      if (limit > 0 && others[type] + wanted > limit) {
        const room = Math.max(0, limit - others[type]);
        throw badRequest(
          `参数 ${fields[type]}（${TYPE[type]}核准数量）超出${areaName}的${TYPE[type]}总量上限 ${limit}：其他核准合计 ${others[type]}，本项最多可填 ${room}，请调低核准数量或先提高区域总量上限`,
        );
      }
    }
  }
}

/** Refuses a cap below the approved total already in its area and below (0: no cap, always allowed). */
export async function assertCapCovers(database: Database, tree: AreaTree, c: { areaId: string; bikeCap: number; ebikeCap: number }, fields: QuotaFields) {
  await lockQuotaWrites(database);
  const approved = await approvedIn(database, tree.descendants(c.areaId));
  const areaName = tree.get(c.areaId)?.areaName ?? c.areaId;
  for (const type of ['bike', 'ebike'] as const) {
    const cap = type === 'bike' ? c.bikeCap : c.ebikeCap;
    if (cap > 0 && cap < approved[type]) {
      throw badRequest(
        `参数 ${fields[type]}（${TYPE[type]}总量上限）低于${areaName}已核准的${TYPE[type]}合计 ${approved[type]}，请填 0（不限）或不小于 ${approved[type]} 的数，或先调低企业核准数量`,
      );
    }
  }
}

/** Approved quantities: the area must be the user's, the enterprise readable by them, the areas' caps kept. */
export async function setQuota(
  database: Database,
  auth: Auth,
  tree: AreaTree,
  q: QuotaValues,
  fields: QuotaFields = { bike: 'bikeQuota', ebike: 'ebikeQuota' },
) {
  if (!tree.get(q.areaId)) throw badRequest(`参数 areaId 对应的区域 ${q.areaId} 不存在，请重新选择`);
  auth.assertArea(q.areaId);
  await readableBrand(database, auth, q.brandId);
  await lockQuotaWrites(database);
  await assertWithinCaps(database, tree, q, fields);
  await upsertQuota(database, q);
}

async function upsertQuota(database: Database, q: QuotaValues) {
  const { text, params } = insertSql(
    'brand_quotas',
    columnValues(QUOTA_COLUMNS, q),
    'on conflict (brand_id, area_id) do update set bike_quota = excluded.bike_quota, ebike_quota = excluded.ebike_quota, updated_at = now()',
  );
  await database.query(text, params);
}
