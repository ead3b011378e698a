/**
 * Enterprise rules. Reading: an enterprise registered in, or operating in, an area the user sees
 * (an enterprise user only their own). Writing: the enterprise's registering area must be the
 * user's; areas added to or removed from it must be too.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { ApiError, Code, badRequest, forbidden } from '../../http/envelope.js';
import type { AreaTree } from '../../domain/areas.js';
import { hashPassword } from '../../domain/password.js';
import { MISSING, readableBrand } from '../../shared/brands.js';
import * as repo from './repo.js';

export { MISSING, readableBrand };

/** Spec §5: the console's warnings for missing enterprise documents, by `type`. */
const DOCUMENTS: Record<number, { key: 'maintainPersonUrl' | 'bicycleUrl' | 'electricVehicleUrl'; missing: string }> = {
  1: { key: 'maintainPersonUrl', missing: '运维人员信息不存在！' },
  2: { key: 'bicycleUrl', missing: '自行车信息不存在！' },
  3: { key: 'electricVehicleUrl', missing: '电动车信息不存在！' },
};

async function writableBrand(database: Database, auth: Auth, id: number) {
  const row = await repo.findBrand(database, id);
  if (!row) throw new ApiError(Code.badRequest, MISSING);
  if (auth.brandLimit !== null && auth.brandLimit !== id) throw forbidden('无权修改该企业');
  auth.assertArea(row.areaId);
  return row;
}

/** The detail, after checking the document of `type` (1 运维人员, 2 自行车, 3 电动车) exists when asked. */
export async function detail(database: Database, auth: Auth, tree: AreaTree, id: number, tz: string, type?: number) {
  const row = await readableBrand(database, auth, id);
  const doc = type !== undefined ? DOCUMENTS[type] : undefined;
  if (doc && !row[doc.key]) throw badRequest(doc.missing);
  const quotas = (await repo.listQuotas(database, { areaIds: tree.descendants(auth.user.areaId), brandId: id })).map((q) => repo.toQuota(q, tz));
  return {
    ...repo.toEnterprise(row, tree, tz),
    maintainPersonUrl: row.maintainPersonUrl,
    bicycleUrl: row.bicycleUrl,
    electricVehicleUrl: row.electricVehicleUrl,
    quotas,
  };
}

export interface EnterpriseInput {
  brandId?: number;
  brandName?: string;
  brandOperation?: string;
  brandAccount?: string;
  brandPassword?: string;
  brandContactPerson?: string | null;
  brandContactMobile?: string | null;
  brandAddress?: string | null;
  brandOperationNum?: number;
  areaId?: string;
  launchArea?: string[] | string;
  operationAreaId?: string[] | string;
  brandApprovalUrl?: string | null;
  brandApprovalName?: string | null;
  otherUrl?: string | null;
  otherName?: string | null;
  maintainPersonUrl?: string | null;
  bicycleUrl?: string | null;
  electricVehicleUrl?: string | null;
  bikeColor?: string;
  ebikeColor?: string;
}

const TEXT: Record<string, string> = {
  brandName: 'brand_name',
  brandOperation: 'brand_operation',
  brandAccount: 'brand_account',
  brandContactPerson: 'brand_contact_person',
  brandContactMobile: 'brand_contact_mobile',
  brandAddress: 'brand_address',
  brandOperationNum: 'brand_operation_num',
  brandApprovalUrl: 'brand_approval_url',
  brandApprovalName: 'brand_approval_name',
  otherUrl: 'other_url',
  otherName: 'other_name',
  maintainPersonUrl: 'maintain_person_url',
  bicycleUrl: 'bicycle_url',
  electricVehicleUrl: 'electric_vehicle_url',
  bikeColor: 'bike_color',
  ebikeColor: 'ebike_color',
};
/** Optional texts: blank means none. */
const NULLABLE = new Set([
  'brandContactPerson',
  'brandContactMobile',
  'brandAddress',
  'brandApprovalUrl',
  'brandApprovalName',
  'otherUrl',
  'otherName',
  'maintainPersonUrl',
  'bicycleUrl',
  'electricVehicleUrl',
]);

export function passwordProblem(pw: string): string | null {
  if (pw.length < 8) return '参数 brandPassword 至少 8 位，请重新填写';
  if (!/[A-Za-z]/.test(pw) || !/\d/.test(pw)) return '参数 brandPassword 需同时包含字母和数字';
  return null;
}

function areaList(tree: AreaTree, value: string[] | string | undefined, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const id of ids) if (!tree.get(id)) throw badRequest(`参数 ${field} 中的区域 ${id} 不存在，请重新选择`);
  return [...new Set(ids)];
}

/** Areas added or removed by a write must be within the user's reach. */
function assertChanged(auth: Auth, before: string[], after: string[]) {
  const a = new Set(before);
  const b = new Set(after);
  for (const id of [...after.filter((x) => !a.has(x)), ...before.filter((x) => !b.has(x))]) auth.assertArea(id);
}

const ACCOUNT_TAKEN = '企业账号已被其他企业使用，请换一个';

async function columns(database: Database, tree: AreaTree, input: EnterpriseInput, selfId?: number) {
  const values: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(TEXT)) {
    let v = (input as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (typeof v === 'string') v = v.trim();
    if (NULLABLE.has(key) && (v === '' || v === null)) v = null;
    if (key === 'brandName' && !v) throw badRequest('参数 brandName 不能为空，请填写品牌名称');
    values[col] = v;
  }
  if (input.brandAccount !== undefined) {
    // unique among live enterprises only: a deleted enterprise's account may be given again
    const holder = await repo.liveAccountHolder(database, input.brandAccount);
    if (holder && holder.id !== selfId) throw badRequest(ACCOUNT_TAKEN);
  }
  if (input.brandPassword) {
    const problem = passwordProblem(input.brandPassword);
    if (problem) throw badRequest(problem);
    values.brand_password_hash = await hashPassword(input.brandPassword);
  }
  const launch = areaList(tree, input.launchArea, 'launchArea');
  const operation = areaList(tree, input.operationAreaId, 'operationAreaId');
  if (launch) values.launch_area = JSON.stringify(launch);
  if (operation) values.operation_area_id = JSON.stringify(operation);
  return { values, launch, operation };
}

/** Creates (no brandId) or updates an enterprise; answers its id. */
export async function saveEnterprise(database: Database, auth: Auth, tree: AreaTree, input: EnterpriseInput): Promise<number> {
  if (input.brandId !== undefined) return updateEnterprise(database, auth, tree, input.brandId, input);
  for (const field of ['brandName', 'brandAccount', 'brandPassword'] as const) {
    if (!input[field]) throw badRequest(`缺少参数 ${field}，请填写后重试`);
  }
  const areaId = input.areaId ?? auth.areaId;
  if (!tree.get(areaId)) throw badRequest(`参数 areaId 对应的区域 ${areaId} 不存在，请重新选择`);
  auth.assertArea(areaId);
  const { values, launch, operation } = await columns(database, tree, input);
  assertChanged(auth, [], [...(launch ?? []), ...(operation ?? [])]);
  values.area_id = areaId;
  const id = await repo.insertBrand(database, values);
  if (id === null) throw badRequest(ACCOUNT_TAKEN);
  return id;
}

async function updateEnterprise(database: Database, auth: Auth, tree: AreaTree, id: number, input: EnterpriseInput) {
  const row = await writableBrand(database, auth, id);
  const { values, launch, operation } = await columns(database, tree, input, id);
  if (launch) assertChanged(auth, row.launchArea, launch);
  if (operation) assertChanged(auth, row.operationAreaId, operation);
  if (input.areaId !== undefined && input.areaId !== row.areaId) {
    if (!tree.get(input.areaId)) throw badRequest(`参数 areaId 对应的区域 ${input.areaId} 不存在，请重新选择`);
    auth.assertArea(input.areaId);
    values.area_id = input.areaId;
  }
  try {
    await repo.updateBrand(database, id, values);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw badRequest(ACCOUNT_TAKEN);
    throw e;
  }
  // new credentials: tokens issued with the old ones end
  if (values.brand_password_hash || (values.brand_account && values.brand_account !== row.brandAccount)) {
    await repo.endSessions(database, id);
  }
  return id;
}

export async function deleteEnterprise(database: Database, auth: Auth, id: number) {
  await writableBrand(database, auth, id);
  await repo.softDeleteBrand(database, id);
}
