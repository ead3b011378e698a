/** Enterprise (brand) and quota queries. The password hash is never selected. */
import type { Database } from '../../db/client.js';
import type { AreaTree } from '../../domain/areas.js';
import { formatTime } from '../../domain/time.js';
import { likeEscape } from '../sites/repo.js';

export interface BrandRow {
  brandId: number;
  brandName: string;
  brandOperation: string;
  brandAccount: string;
  brandContactPerson: string | null;
  brandContactMobile: string | null;
  brandAddress: string | null;
  brandOperationNum: number;
  brandBikeNum: number;
  brandEBikeNum: number;
  areaId: string;
  launchArea: string[];
  operationAreaId: string[];
  brandApprovalUrl: string | null;
  brandApprovalName: string | null;
  otherUrl: string | null;
  otherName: string | null;
  maintainPersonUrl: string | null;
  bicycleUrl: string | null;
  electricVehicleUrl: string | null;
  bikeColor: string;
  ebikeColor: string;
  createdAt: Date;
}

const columns = `
         b.id as "brandId", b.brand_name as "brandName", b.brand_operation as "brandOperation", b.brand_account as "brandAccount",
         b.brand_contact_person as "brandContactPerson", b.brand_contact_mobile as "brandContactMobile",
         b.brand_address as "brandAddress", b.brand_operation_num as "brandOperationNum",
         (select count(*)::int from bikes k where k.brand_id = b.id and k.withdrawn_at is null and k.bike_type = 0) as "brandBikeNum",
         (select count(*)::int from bikes k where k.brand_id = b.id and k.withdrawn_at is null and k.bike_type = 1) as "brandEBikeNum",
         b.area_id as "areaId", b.launch_area as "launchArea", b.operation_area_id as "operationAreaId",
         b.brand_approval_url as "brandApprovalUrl", b.brand_approval_name as "brandApprovalName",
         b.other_url as "otherUrl", b.other_name as "otherName", b.maintain_person_url as "maintainPersonUrl",
         b.bicycle_url as "bicycleUrl", b.electric_vehicle_url as "electricVehicleUrl",
         b.bike_color as "bikeColor", b.ebike_color as "ebikeColor", b.created_at as "createdAt"`;
const SELECT = `select ${columns} from brands b`;

/** SQL condition: brand `alias` registered in, or operating in, one of the areas of parameter `$n`. */
export const brandInAreas = (alias: string, n: number) => `(${alias}.area_id = any($${n}::text[]) or ${alias}.operation_area_id ?| $${n}::text[])`;

const names = (tree: AreaTree, ids: string[]) => ids.map((id) => tree.get(id)?.areaName ?? id).join('、');

/** The list shape of spec §3 Brand company (no documents beyond the two of the list, never the password). */
export function toEnterprise(r: BrandRow, tree: AreaTree, tz: string) {
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
  const rows = await database.query<BrandRow>(`${SELECT} where ${cond} order by b.id limit ${f.limit} offset ${f.offset}`, params);
  return { rows, total };
}

/**
 * A live (not deleted) enterprise, or undefined (the enterprise pages and the home screen's
 * enterprise dialog). With `scopeAreaIds`, also `inScope`: registered, operating or launched in one
 * of those areas, or holding a quota there.
 */
export async function findBrand(database: Database, id: number): Promise<BrandRow | undefined>;
export async function findBrand(database: Database, id: number, scopeAreaIds: string[]): Promise<(BrandRow & { inScope: boolean }) | undefined>;
export async function findBrand(database: Database, id: number, scopeAreaIds?: string[]): Promise<(BrandRow & { inScope?: boolean }) | undefined> {
  if (!scopeAreaIds) {
    const [row] = await database.query<BrandRow>(`${SELECT} where b.id = $1 and b.deleted_at is null`, [id]);
    return row;
  }
  const [row] = await database.query<BrandRow & { inScope: boolean }>(
    `select ${columns},
            (b.area_id = any($2::varchar[]) or b.operation_area_id ?| $2::text[] or b.launch_area ?| $2::text[]
             or exists (select 1 from brand_quotas q where q.brand_id = b.id and q.area_id = any($2::varchar[]))) as "inScope"
       from brands b where b.id = $1 and b.deleted_at is null`,
    [id, scopeAreaIds],
  );
  return row;
}

/** The live enterprise holding the account, if any: a deleted enterprise's account may be given again. */
export async function liveAccountHolder(database: Database, account: string): Promise<{ id: number } | undefined> {
  const [row] = await database.query<{ id: number }>('select id from brands where brand_account = $1 and deleted_at is null', [account]);
  return row;
}

/** Column values come from the service's own mapping, never from input keys. */
export async function insertBrand(database: Database, values: Record<string, unknown>): Promise<number | null> {
  const cols = Object.keys(values);
  const [row] = await database.query<{ id: number }>(
    `insert into brands (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (brand_account) where deleted_at is null do nothing returning id`,
    Object.values(values),
  );
  return row?.id ?? null;
}

export async function updateBrand(database: Database, id: number, values: Record<string, unknown>) {
  const cols = Object.keys(values);
  if (!cols.length) return;
  await database.query(`update brands set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [id, ...Object.values(values)]);
}

/** Soft delete; its open-API sessions end at once. */
export async function softDeleteBrand(database: Database, id: number) {
  await database.query(
    `with s as (delete from api_sessions where brand_id = $1) update brands set deleted_at = now() where id = $1 and deleted_at is null`,
    [id],
  );
}

export async function endSessions(database: Database, id: number) {
  await database.query('delete from api_sessions where brand_id = $1', [id]);
}

/* ---------- quotas ---------- */

interface QuotaRow {
  brandId: number;
  brandName: string;
  areaId: string;
  areaName: string;
  bikeQuota: number;
  ebikeQuota: number;
  updatedAt: Date;
}

export const toQuota = ({ updatedAt, ...r }: QuotaRow, tz: string) => ({ ...r, updateTime: formatTime(updatedAt, tz)! });

export async function listQuotas(database: Database, f: { areaIds: string[]; brandId?: number | null }) {
  const params: unknown[] = [f.areaIds];
  let cond = 'q.area_id = any($1::text[]) and b.deleted_at is null';
  if (f.brandId) {
    params.push(f.brandId);
    cond += ` and q.brand_id = $${params.length}`;
  }
  return database.query<QuotaRow>(
    `select q.brand_id as "brandId", b.brand_name as "brandName", q.area_id as "areaId", a.area_name as "areaName",
            q.bike_quota as "bikeQuota", q.ebike_quota as "ebikeQuota", q.updated_at as "updatedAt"
       from brand_quotas q join brands b on b.id = q.brand_id join areas a on a.id = q.area_id
      where ${cond} order by q.area_id, q.brand_id`,
    params,
  );
}

export async function upsertQuota(database: Database, q: { brandId: number; areaId: string; bikeQuota: number; ebikeQuota: number }) {
  await database.query(
    `insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota) values ($1, $2, $3, $4)
     on conflict (brand_id, area_id) do update set bike_quota = excluded.bike_quota, ebike_quota = excluded.ebike_quota, updated_at = now()`,
    [q.brandId, q.areaId, q.bikeQuota, q.ebikeQuota],
  );
}
