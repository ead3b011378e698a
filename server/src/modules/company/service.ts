/**
 * Enterprise rules. Reading: an enterprise registered in, or operating in, an area the user sees
 * (an enterprise user only their own). Writing: the enterprise's registering area must be the
 * user's; areas added to or removed from it must be too.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import type { AreaTree } from '../../domain/areas.js';
import { OPEN_API_PASSWORD, hashPassword, passwordProblem, randomPassword } from '../../domain/password.js';
import { maskPhone } from '../../domain/rider.js';
import { BRAND_COLUMNS, MISSING, readableBrand } from '../../shared/brands.js';
import { MIME, type UploadRow, attachUploads, fileOf, findUpload, uploadsOf, urlOf } from '../../shared/uploads.js';
import * as repo from './repo.js';
import * as maintainerRepo from './maintainers/repo.js';
import { EnterpriseInput, type EnterpriseDetail, type Maintainer, type MaintainerInput } from './schemas.js';

/** Spec §5: the console's warnings for missing enterprise documents, by `type`. */
const DOCUMENTS: Record<number, { key: 'maintainPersonUrl' | 'bicycleUrl' | 'electricVehicleUrl'; missing: string }> = {
  1: { key: 'maintainPersonUrl', missing: '运维人员信息不存在！' },
  2: { key: 'bicycleUrl', missing: '自行车信息不存在！' },
  3: { key: 'electricVehicleUrl', missing: '电动车信息不存在！' },
};

/** The enterprise's documents (uploads of purpose `document`, owned by the enterprise) and their name columns. */
const DOCUMENT_FIELDS = [
  { field: 'brandApprovalUrl', label: '政府批准文件', nameField: 'brandApprovalName' },
  { field: 'otherUrl', label: '其他证明文件', nameField: 'otherName' },
  { field: 'maintainPersonUrl', label: '运维人员信息', nameField: null },
  { field: 'bicycleUrl', label: '自行车信息', nameField: null },
  { field: 'electricVehicleUrl', label: '电动车信息', nameField: null },
] as const;
type DocField = (typeof DOCUMENT_FIELDS)[number]['field'];
type DocName = NonNullable<(typeof DOCUMENT_FIELDS)[number]['nameField']>;

/**
 * Who may read an enterprise's documents (GET /uploads/{file}): a user of 企业管理 or of the big
 * screen (its enterprise dialog) who may see the enterprise (registered, operating, launched or
 * holding a quota in their area; an enterprise account only its own).
 */
export async function mayReadDocument(database: Database, auth: Auth, brandId: number) {
  if (!auth.can('companyManagement') && !auth.can('home')) return false;
  if (!auth.ownsBrand(brandId)) return false;
  const row = await repo.findBrand(database, brandId, auth.scopeAreaIds());
  return !!row?.inScope;
}

async function writableBrand(database: Database, auth: Auth, id: number) {
  const row = await repo.findBrand(database, id);
  if (!row) throw badRequest(MISSING);
  if (!auth.ownsBrand(id)) throw forbidden('无权修改该企业');
  auth.assertArea(row.areaId);
  return row;
}

/** The detail, after checking the document of `type` (1 运维人员, 2 自行车, 3 电动车) exists when asked. */
export async function detail(database: Database, auth: Auth, tree: AreaTree, id: number, tz: string, type?: number): Promise<Static<typeof EnterpriseDetail>> {
  const row = await readableBrand(database, auth, id);
  const doc = type !== undefined ? DOCUMENTS[type] : undefined;
  if (doc && !row[doc.key]) throw badRequest(doc.missing);
  const quotas = (await repo.listQuotas(database, { areaIds: tree.descendants(auth.user.areaId), brandId: id })).map((q) => repo.toQuota(q, tz));
  const uploads = new Map((await uploadsOf(database, 'document', id)).map((u) => [u.file, u]));
  const documents = DOCUMENT_FIELDS.flatMap(({ field, label, nameField }) => {
    const url = row[field];
    if (!url) return [];
    const file = fileOf(url);
    const up = file ? uploads.get(file) : undefined;
    const kind = url.split('.').pop()?.toLowerCase() ?? '';
    const name = (nameField && row[nameField]) || up?.originalName || label;
    return [{ field, label, url, name, type: up?.mime ?? (MIME as Record<string, string>)[kind] ?? 'application/octet-stream', size: up?.size ?? null }];
  });
  return {
    ...repo.toEnterprise(row, tree, tz),
    maintainPersonUrl: row.maintainPersonUrl,
    bicycleUrl: row.bicycleUrl,
    electricVehicleUrl: row.electricVehicleUrl,
    documents,
    quotas,
  };
}

/**
 * The input's fields stored as given (texts trimmed): the schema's that have a column, but the id,
 * the area and the area lists (checked first) and the documents (uploads, saveDocuments).
 */
const HANDLED = new Set<string>(['brandId', 'areaId', 'launchArea', 'operationAreaId', ...DOCUMENT_FIELDS.map((d) => d.field)]);
const PLAIN = (Object.keys(EnterpriseInput.properties) as (keyof EnterpriseInput)[]).filter((key) => key in BRAND_COLUMNS && !HANDLED.has(key));
/** Optional texts the schema lets be null: blank means none. */
const NULLABLE = new Set(
  Object.entries(EnterpriseInput.properties)
    .filter(([, schema]) => 'anyOf' in schema && schema.anyOf.some((t: { type?: string }) => t.type === 'null'))
    .map(([key]) => key),
);

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

/**
 * The document fields the input changes: each a `/uploads/{file}` address of an upload (or blank to
 * remove it); the stored value is the normalised address. Throws 400 naming the field otherwise.
 */
function documentChanges(input: EnterpriseInput, before?: repo.BrandRow) {
  const changes: { field: DocField; nameField: DocName | null; file: string | null }[] = [];
  for (const { field, nameField } of DOCUMENT_FIELDS) {
    const raw = input[field];
    if (raw === undefined) continue;
    const v = raw?.trim() ?? '';
    if (!v) {
      if (before?.[field]) changes.push({ field, nameField, file: null });
      continue;
    }
    const file = fileOf(v);
    if (!file) throw badRequest(`参数 ${field} 不是可用的上传文件，请重新上传`);
    if (before?.[field] && fileOf(before[field]) === file) continue;
    changes.push({ field, nameField, file });
  }
  return changes;
}

/**
 * Attaches the enterprise's new documents to it (each an upload of purpose `document` by the editor,
 * or already the enterprise's) and lets go of those replaced or removed: the uploads module then
 * serves a replaced file to its uploader only. Fills a name column left out from the upload's name.
 */
async function saveDocuments(database: Database, auth: Auth, id: number, input: EnterpriseInput, before?: repo.BrandRow) {
  const changes = documentChanges(input, before);
  if (!changes.length) return;
  const values: repo.BrandValues = {};
  const attached: UploadRow[] = [];
  for (const c of changes) {
    values[c.field] = c.file ? urlOf(c.file) : null;
    if (c.file) {
      await attachUploads(database, auth, 'document', id, [c.file], c.field);
      attached.push((await findUpload(database, c.file))!);
    }
    if (c.nameField && input[c.nameField] === undefined) {
      values[c.nameField] = c.file ? attached[attached.length - 1].originalName.slice(0, 128) : null;
    }
  }
  await repo.updateBrand(database, id, values);
  // every document the enterprise now holds; its other uploads are let go
  const row = (await repo.findBrand(database, id))!;
  const held = DOCUMENT_FIELDS.map(({ field }) => fileOf(row[field])).filter((f): f is string => !!f);
  const owned = (await uploadsOf(database, 'document', id)).map((u) => u.file).filter((f) => held.includes(f));
  await attachUploads(database, auth, 'document', id, owned, 'documents', { only: true });
}

async function columns(database: Database, tree: AreaTree, input: EnterpriseInput, selfId?: number) {
  const values: repo.BrandValues = {};
  const plain = values as Record<string, unknown>;
  for (const key of PLAIN) {
    const raw = input[key];
    if (raw === undefined) continue;
    const v = typeof raw === 'string' ? raw.trim() : raw;
    plain[key] = NULLABLE.has(key) && (v === '' || v === null) ? null : v;
  }
  if (values.brandName !== undefined && !values.brandName) throw badRequest('参数 brandName 不能为空，请填写品牌名称');
  if (input.brandAccount !== undefined) {
    // unique among live enterprises only: a deleted enterprise's account may be given again
    const holder = await repo.liveAccountHolder(database, input.brandAccount);
    if (holder && holder.id !== selfId) throw badRequest(ACCOUNT_TAKEN);
  }
  let generated: string | undefined;
  if (input.generatePassword) {
    generated = randomPassword();
    values.brandPasswordHash = await hashPassword(generated);
  } else if (input.brandPassword) {
    const problem = passwordProblem(input.brandPassword, OPEN_API_PASSWORD);
    if (problem) throw badRequest(problem);
    values.brandPasswordHash = await hashPassword(input.brandPassword);
  }
  const launch = areaList(tree, input.launchArea, 'launchArea');
  const operation = areaList(tree, input.operationAreaId, 'operationAreaId');
  if (launch) values.launchArea = JSON.stringify(launch);
  if (operation) values.operationAreaId = JSON.stringify(operation);
  return { values, launch, operation, generated };
}

/**
 * Creates (no brandId) or updates an enterprise; answers its id and, when the server generated the
 * open-API password (generatePassword), that password: the only time it is shown.
 */
export async function saveEnterprise(
  database: Database,
  auth: Auth,
  tree: AreaTree,
  input: EnterpriseInput,
): Promise<{ brandId: number; brandPassword?: string }> {
  if (input.brandId !== undefined) return updateEnterprise(database, auth, tree, input.brandId, input);
  for (const field of ['brandName', 'brandAccount', 'brandPassword'] as const) {
    if (!input[field] && !(field === 'brandPassword' && input.generatePassword)) throw badRequest(`缺少参数 ${field}，请填写后重试`);
  }
  const areaId = input.areaId ?? auth.areaId;
  if (!tree.get(areaId)) throw badRequest(`参数 areaId 对应的区域 ${areaId} 不存在，请重新选择`);
  auth.assertArea(areaId);
  documentChanges(input); // addresses checked before anything is written
  const { values, launch, operation, generated } = await columns(database, tree, input);
  assertChanged(auth, [], [...(launch ?? []), ...(operation ?? [])]);
  values.areaId = areaId;
  const id = await repo.insertBrand(database, values);
  if (id === null) throw badRequest(ACCOUNT_TAKEN);
  await saveDocuments(database, auth, id, input);
  return { brandId: id, brandPassword: generated };
}

async function updateEnterprise(database: Database, auth: Auth, tree: AreaTree, id: number, input: EnterpriseInput) {
  const row = await writableBrand(database, auth, id);
  documentChanges(input, row);
  const { values, launch, operation, generated } = await columns(database, tree, input, id);
  if (launch) assertChanged(auth, row.launchArea, launch);
  if (operation) assertChanged(auth, row.operationAreaId, operation);
  if (input.areaId !== undefined && input.areaId !== row.areaId) {
    if (!tree.get(input.areaId)) throw badRequest(`参数 areaId 对应的区域 ${input.areaId} 不存在，请重新选择`);
    auth.assertArea(input.areaId);
    values.areaId = input.areaId;
  }
  try {
    await repo.updateBrand(database, id, values);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw badRequest(ACCOUNT_TAKEN);
    throw e;
  }
  // new credentials: tokens issued with the old ones end
  if (values.brandPasswordHash || (values.brandAccount && values.brandAccount !== row.brandAccount)) {
    await repo.endSessions(database, id);
  }
  await saveDocuments(database, auth, id, input, row);
  return { brandId: id, brandPassword: generated };
}

/** Refused while the enterprise has filed bikes (not withdrawn), saying how many. */
export async function deleteEnterprise(database: Database, auth: Auth, id: number) {
  const row = await writableBrand(database, auth, id);
  const bikes = row.brandBikeNum + row.brandEBikeNum;
  if (bikes > 0) throw badRequest(`该企业还有 ${bikes.toLocaleString('en-US')} 辆车，不能删除：请先撤销这些车辆的备案`);
  await repo.softDeleteBrand(database, id);
}

/* ---------- maintainers (运维人员) ---------- */

const MOBILE = /^1\d{10}$/;

/** One enterprise's maintainers, phones masked (spec §5 mask). */
export async function maintainers(database: Database, auth: Auth, brandId: number, f: { name?: string; limit: number; offset: number }) {
  await readableBrand(database, auth, brandId);
  const { rows, total } = await maintainerRepo.listMaintainers(database, { brandId, ...f });
  const toMaintainer = ({ updatedAt: _u, maintainPhone, ...r }: maintainerRepo.MaintainerRow): Static<typeof Maintainer> => ({
    ...r,
    maintainPhone: maskPhone(maintainPhone),
  });
  return { lists: rows.map(toMaintainer), total };
}

/**
 * Adds (no id) or edits a maintainer of an enterprise the editor may change. The managed area must
 * be one the editor sees and lie within the enterprise's registering, launch or operation areas;
 * the phone is required for a new one and unique within the enterprise (blank on edit: unchanged).
 */
export async function saveMaintainer(database: Database, auth: Auth, tree: AreaTree, input: MaintainerInput): Promise<number> {
  const brand = await writableBrand(database, auth, input.brandId);
  const before = input.id !== undefined ? await maintainerRepo.findMaintainer(database, input.brandId, input.id) : undefined;
  if (input.id !== undefined && !before) throw badRequest('运维人员不存在，请刷新后重试');
  const name = input.maintainName.trim();
  if (!name) throw badRequest('参数 maintainName 不能为空，请填写运维人员姓名');
  const phone = input.maintainPhone?.trim() || before?.maintainPhone;
  if (!phone) throw badRequest('缺少参数 maintainPhone，请填写运维人员手机号');
  if (!MOBILE.test(phone)) throw badRequest('参数 maintainPhone 格式不正确，请填写 11 位手机号');
  if (!tree.get(input.manageArea)) throw badRequest(`参数 manageArea 对应的区域 ${input.manageArea} 不存在，请重新选择`);
  auth.assertArea(input.manageArea);
  const homes = [brand.areaId, ...brand.launchArea, ...brand.operationAreaId];
  if (!homes.some((a) => tree.isWithin(input.manageArea, a))) {
    throw badRequest('参数 manageArea 不在该企业的登记、投放或运营区域内，请重新选择');
  }
  const holder = await maintainerRepo.maintainerByPhone(database, input.brandId, phone);
  if (holder && holder.id !== input.id) throw badRequest(`该企业已有手机号为 ${maskPhone(phone)} 的运维人员`);
  const values = { maintainName: name, maintainPhone: phone, manageArea: input.manageArea };
  if (before) {
    await maintainerRepo.updateMaintainer(database, before.id, values);
    return before.id;
  }
  return maintainerRepo.insertMaintainer(database, { brandId: input.brandId, ...values });
}

export async function deleteMaintainer(database: Database, auth: Auth, brandId: number, id: number) {
  await writableBrand(database, auth, brandId);
  if (!(await maintainerRepo.findMaintainer(database, brandId, id))) throw badRequest('运维人员不存在，请刷新后重试');
  await maintainerRepo.deleteMaintainer(database, id);
}
