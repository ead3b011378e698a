/** Enterprise (brand) and quota queries. The password hash is never selected. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, insertSql, selectList, updateSql, type Columns } from '../../db/columns.js';
import type { AreaTree } from '../../domain/areas.js';
import { formatTime } from '../../domain/time.js';
import { likeEscape } from '../../db/sql.js';
import { BRAND_COLUMNS, BRAND_SELECT, brandInAreas, findBrand, type BrandRow } from '../../shared/brands.js';
import { QUOTA_COLUMNS } from '../../shared/quotas.js';
import type { Enterprise, Quota } from './schemas.js';

export { findBrand, type BrandRow };

const names = (tree: AreaTree, ids: string[]) => ids.map((id) => tree.get(id)?.areaName ?? id).join('、');

/** The list shape of spec §3 Brand company (no documents beyond the two of the list, never the password). */
export function toEnterprise(r: BrandRow, tree: AreaTree, tz: string): Static<typeof Enterprise> {
  const { createdAt, maintainPersonUrl: _m, bicycleUrl: _b, electricVehicleUrl: _e, ...rest } = r;
  return {
    ...rest,
    areaIdText: tree.get(r.areaId)?.areaName ?? r.areaId,
    launchAreaText: names(tree, r.launchArea),
    operationAreaIdText: names(tree, r.operationAreaId),
    createTime: formatTime(createdAt, tz)!,
  };
}

export async function listBrands(database: Database, f: { areaIds: string[]; brandId?: number | null; brandName?: string; limit: number; offset: number }) {
  const where = ['b.deleted_at is null', brandInAreas('b', 1)];
  const params: unknown[] = [f.areaIds];
  if (f.brandId) {
    params.push(f.brandId);
    where.push(`b.id = $${params.length}`);
  }
  if (f.brandName) {
    params.push(`%${likeEscape(f.brandName)}%`);
    where.push(`b.brand_name ilike $${params.length}`);
  }
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from brands b where ${cond}`, params);
  const rows = await database.query<BrandRow>(`${BRAND_SELECT} where ${cond} order by b.id limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

/** The live enterprise holding the account, if any: a deleted enterprise's account may be given again. */
export async function liveAccountHolder(database: Database, account: string): Promise<{ id: number } | undefined> {
  const [row] = await database.query<{ id: number }>('select id from brands where brand_account = $1 and deleted_at is null', [account]);
  return row;
}

/** What an enterprise write stores, by the API's keys: the area lists as JSON text, and the open-API password's hash. */
export type BrandValues = Partial<
  Omit<Pick<BrandRow, keyof typeof BRAND_COLUMNS>, 'launchArea' | 'operationAreaId'> & {
    launchArea: string;
    operationAreaId: string;
    brandPasswordHash: string;
  }
>;

/** The columns a write sets: those the reads select, and the password's hash, which they never do. */
const WRITTEN = { ...BRAND_COLUMNS, brandPasswordHash: 'brand_password_hash' } satisfies Columns<BrandValues>;

/** Inserts unless a live enterprise holds the account; answers the new id, or null. */
export async function insertBrand(database: Database, values: BrandValues): Promise<number | null> {
  const { text, params } = insertSql('brands', columnValues(WRITTEN, values), 'on conflict (brand_account) where deleted_at is null do nothing returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row?.id ?? null;
}

export async function updateBrand(database: Database, id: number, values: BrandValues) {
  const columns = columnValues(WRITTEN, values);
  if (!Object.keys(columns).length) return;
  const { text, params } = updateSql('brands', columns, 'id = $1', [id]);
  await database.query(text, params);
}

/** Soft delete; its open-API sessions end at once. */
export async function softDeleteBrand(database: Database, id: number) {
  await database.query(`with s as (delete from api_sessions where brand_id = $1) update brands set deleted_at = now() where id = $1 and deleted_at is null`, [
    id,
  ]);
}

export async function endSessions(database: Database, id: number) {
  await database.query('delete from api_sessions where brand_id = $1', [id]);
}

/* ---------- quotas ---------- */

type QuotaRow = Omit<Static<typeof Quota>, 'updateTime'> & { updatedAt: Date };

export const toQuota = ({ updatedAt, ...r }: QuotaRow, tz: string): Static<typeof Quota> => ({
  ...r,
  updateTime: formatTime(updatedAt, tz)!,
});

export async function listQuotas(database: Database, f: { areaIds: string[]; brandId?: number | null }) {
  const params: unknown[] = [f.areaIds];
  let cond = 'q.area_id = any($1::text[]) and b.deleted_at is null';
  if (f.brandId) {
    params.push(f.brandId);
    cond += ` and q.brand_id = $${params.length}`;
  }
  return database.query<QuotaRow>(
    `select ${selectList(QUOTA_COLUMNS, 'q')}, b.brand_name as "brandName", a.area_name as "areaName", q.updated_at as "updatedAt"
       from brand_quotas q join brands b on b.id = q.brand_id join areas a on a.id = q.area_id
      where ${cond} order by q.area_id, q.brand_id`,
    params,
  );
}
