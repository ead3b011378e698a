/**
 * Brand (enterprise) reads several features share: which brands an area holds, their names and
 * colours, one brand's record, and the enterprise as the console reads it (Enterprise), whose
 * stored fields and columns BRAND_COLUMNS names once. The company module owns the writes.
 */
import { Type, type Static, type TObject } from 'typebox';
import type { Database } from '../db/client.js';
import { selectList, type Columns } from '../db/columns.js';
import type { Auth } from '../http/auth.js';
import { badRequest, forbidden } from '../http/envelope.js';
import { Nullable } from '../http/schemas.js';

/** The console's answer when an enterprise does not exist (spec §5). */
export const MISSING = '企业信息不存在！';

const NStr = (description: string) => Nullable(Type.String(), description);

/** An enterprise as the console lists it (企业管理; its detail adds the documents and quotas). */
export const EnterpriseProps = {
  brandId: Type.Integer({ description: '企业（品牌）ID' }),
  brandName: Type.String({ description: '品牌名称' }),
  brandOperation: Type.String({ description: '运营企业名称' }),
  brandAccount: Type.String({ description: '开放接口账号（密码从不返回）' }),
  brandContactPerson: NStr('联系人'),
  brandContactMobile: NStr('联系电话'),
  brandAddress: NStr('企业地址'),
  brandOperationNum: Type.Integer({ description: '运维人员数量' }),
  brandBikeNum: Type.Integer({ description: '已备案且未撤销的自行车数' }),
  brandEBikeNum: Type.Integer({ description: '已备案且未撤销的电动车数' }),
  areaId: Type.String({ description: '登记区域编码' }),
  areaIdText: Type.String({ description: '登记区域名称' }),
  launchArea: Type.Array(Type.String(), { description: '投放区域编码' }),
  launchAreaText: Type.String({ description: '投放区域名称，以“、”分隔' }),
  operationAreaId: Type.Array(Type.String(), { description: '运营区域编码' }),
  operationAreaIdText: Type.String({ description: '运营区域名称，以“、”分隔' }),
  brandApprovalUrl: NStr('政府批准文件地址（/uploads/...）'),
  brandApprovalName: NStr('政府批准文件名称'),
  otherUrl: NStr('其他证明文件地址'),
  otherName: NStr('其他证明文件名称'),
  bikeColor: Type.String({ description: '自行车显示颜色 #rrggbb' }),
  ebikeColor: Type.String({ description: '电动车显示颜色 #rrggbb' }),
  createTime: Type.String({ description: '创建时间' }),
};
export const Enterprise = Type.Object(EnterpriseProps);

/** The enterprise's document addresses the detail adds to the list's. */
export const DocumentProps = {
  maintainPersonUrl: NStr('运维人员信息文件地址'),
  bicycleUrl: NStr('自行车信息文件地址'),
  electricVehicleUrl: NStr('电动车信息文件地址'),
};

/** An enterprise's row (BRAND_SELECT): the list's fields but the area names and time, and its documents; never the password. */
export type BrandRow = Omit<Static<typeof Enterprise>, 'areaIdText' | 'launchAreaText' | 'operationAreaIdText' | 'createTime'> &
  Static<TObject<typeof DocumentProps>> & { createdAt: Date };

/** An enterprise's stored fields, by the API's key, and their columns of brands (the password's hash is the company module's, never read). */
export const BRAND_COLUMNS = {
  brandId: 'id',
  brandName: 'brand_name',
  brandOperation: 'brand_operation',
  brandAccount: 'brand_account',
  brandContactPerson: 'brand_contact_person',
  brandContactMobile: 'brand_contact_mobile',
  brandAddress: 'brand_address',
  brandOperationNum: 'brand_operation_num',
  areaId: 'area_id',
  launchArea: 'launch_area',
  operationAreaId: 'operation_area_id',
  brandApprovalUrl: 'brand_approval_url',
  brandApprovalName: 'brand_approval_name',
  otherUrl: 'other_url',
  otherName: 'other_name',
  maintainPersonUrl: 'maintain_person_url',
  bicycleUrl: 'bicycle_url',
  electricVehicleUrl: 'electric_vehicle_url',
  bikeColor: 'bike_color',
  ebikeColor: 'ebike_color',
} satisfies Columns<BrandRow>;

const BRAND_SELECT_LIST = `${selectList(BRAND_COLUMNS, 'b')},
         (select count(*)::int from bikes k where k.brand_id = b.id and k.withdrawn_at is null and k.bike_type = 0) as "brandBikeNum",
         (select count(*)::int from bikes k where k.brand_id = b.id and k.withdrawn_at is null and k.bike_type = 1) as "brandEBikeNum",
         b.created_at as "createdAt"`;

export const BRAND_SELECT = `select ${BRAND_SELECT_LIST} from brands b`;

/** SQL condition: brand `alias` registered in, or operating in, one of the areas of parameter `$n`. */
export const brandInAreas = (alias: string, n: number) => `(${alias}.area_id = any($${n}::text[]) or ${alias}.operation_area_id ?| $${n}::text[])`;

/** SQL condition: brand `alias` registered in, operating in or launched in one of the areas of `$n`. */
const brandPresentIn = (alias: string, n: number) =>
  `(${alias}.area_id = any($${n}::varchar[]) or ${alias}.operation_area_id ?| $${n}::text[] or ${alias}.launch_area ?| $${n}::text[])`;

/** An enterprise's name and colours. */
export type BrandBrief = Pick<BrandRow, 'brandId' | 'brandName' | 'bikeColor' | 'ebikeColor'>;

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
    `select ${BRAND_SELECT_LIST},
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
