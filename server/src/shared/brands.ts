/**
 * Brand (enterprise) reads several features share: which brands an area holds, their names and
 * colours, one brand's record. The company module owns the writes.
 */
import type { Database } from '../db/client.js';
import type { Auth } from '../http/auth.js';
import { badRequest, forbidden } from '../http/envelope.js';

/** The console's answer when an enterprise does not exist (spec §5). */
export const MISSING = '企业信息不存在！';

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

const BRAND_COLUMNS = `
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

export const BRAND_SELECT = `select ${BRAND_COLUMNS} from brands b`;

/** SQL condition: brand `alias` registered in, or operating in, one of the areas of parameter `$n`. */
export const brandInAreas = (alias: string, n: number) => `(${alias}.area_id = any($${n}::text[]) or ${alias}.operation_area_id ?| $${n}::text[])`;

/** SQL condition: brand `alias` registered in, operating in or launched in one of the areas of `$n`. */
export const brandPresentIn = (alias: string, n: number) =>
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
        and (${brandPresentIn('b', 1)} or exists (select 1 from brand_quotas q where q.brand_id = b.id and q.area_id = any($1::varchar[])))
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

/**
 * A live (not deleted) enterprise, or undefined (the enterprise pages and the home screen's
 * enterprise dialog). With `scopeAreaIds`, also `inScope`: registered, operating or launched in one
 * of those areas, or holding a quota there.
 */
export async function findBrand(database: Database, id: number): Promise<BrandRow | undefined>;
export async function findBrand(database: Database, id: number, scopeAreaIds: string[]): Promise<(BrandRow & { inScope: boolean }) | undefined>;
export async function findBrand(database: Database, id: number, scopeAreaIds?: string[]): Promise<(BrandRow & { inScope?: boolean }) | undefined> {
  if (!scopeAreaIds) {
    const [row] = await database.query<BrandRow>(`${BRAND_SELECT} where b.id = $1 and b.deleted_at is null`, [id]);
    return row;
  }
  const [row] = await database.query<BrandRow & { inScope: boolean }>(
    `select ${BRAND_COLUMNS},
            (b.area_id = any($2::varchar[]) or b.operation_area_id ?| $2::text[] or b.launch_area ?| $2::text[]
             or exists (select 1 from brand_quotas q where q.brand_id = b.id and q.area_id = any($2::varchar[]))) as "inScope"
       from brands b where b.id = $1 and b.deleted_at is null`,
    [id, scopeAreaIds],
  );
  return row;
}

/** A live enterprise the user may read: code 400 企业信息不存在！ or 5002. */
export async function readableBrand(database: Database, auth: Auth, id: number) {
  const row = await findBrand(database, id);
  if (!row) throw badRequest(MISSING);
  if (!auth.canSeeBrand(row)) throw forbidden('无权查看该企业的信息');
  return row;
}
