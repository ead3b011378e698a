/**
 * 信息管理 rules. Regulators work on the notices aimed at their area and below (writes need
 * information.edit). An enterprise account (a user with brandId) reads only published notices
 * aimed at an area it is in (its own area or one above) and, when enterprises are chosen, at its
 * own; opening one marks it read. The publisher's side sees who of the reached accounts has read.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import type { AreaTree } from '../../domain/areas.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { findBrand } from '../../shared/brands.js';
import { attachUploads, fileOf, uploadsOf } from '../../shared/uploads.js';
import * as repo from './repo.js';
import type { NoticeInput } from './schemas.js';

export const TYPES: Record<number, string> = { 1: '通知', 2: '政策法规', 3: '工作动态' };
export const STATES: Record<number, string> = { 0: '草稿', 1: '已发布' };

/** An enterprise account reads its inbox; everyone else works as a regulator. */
const isEnterprise = (auth: Auth) => auth.brandLimit !== null;

/** Areas whose notices reach an enterprise account: its own and every one above it. */
const inboxAreas = (auth: Auth, tree: AreaTree) => tree.path(auth.user.areaId).map((a) => a.id);

/** May `auth` see the notice: a regulator when it is aimed within their area, an enterprise when it is in its inbox. */
function canSee(auth: Auth, tree: AreaTree, n: repo.NoticeRow): boolean {
  if (!isEnterprise(auth)) return auth.sees(n.areaId);
  return n.state === 1 && inboxAreas(auth, tree).includes(n.areaId) && (n.brandIds.length === 0 || n.brandIds.includes(auth.brandLimit!));
}

/** 通知列表's filters, the publish times as instants, and the page. */
export type ListQuery = Omit<repo.NoticeFilter, 'userId' | 'areaIds' | 'inbox'>;

export function list(database: Database, auth: Auth, tree: AreaTree, q: ListQuery) {
  const base = { ...q, title: q.title?.trim() || undefined, userId: auth.user.id };
  if (isEnterprise(auth))
    return repo.listNotices(database, { ...base, state: undefined, inbox: { areaIds: inboxAreas(auth, tree), brandId: auth.brandLimit! } });
  return repo.listNotices(database, { ...base, read: undefined, areaIds: auth.scopeAreaIds() });
}

/** One notice the caller may see (400 unknown, 5002 another area's or not aimed at the enterprise). */
export async function load(database: Database, auth: Auth, tree: AreaTree, id: number) {
  const n = await repo.findNotice(database, id, auth.user.id);
  if (!n) throw notFound('通知');
  if (!canSee(auth, tree, n)) throw forbidden('无权查看该通知');
  return n;
}

/** The notice with its attachments; an enterprise account opening it marks it read, the publisher side gets the readers. */
export async function detail(database: Database, auth: Auth, tree: AreaTree, id: number) {
  let n = await load(database, auth, tree, id);
  if (isEnterprise(auth) && !n.readAt) {
    await repo.markRead(database, id, auth.user.id);
    n = (await repo.findNotice(database, id, auth.user.id))!;
  }
  const attachments = await uploadsOf(database, 'notice', id);
  const readers = isEnterprise(auth) ? [] : await repo.readersOf(database, id, tree.descendants(n.areaId), n.brandIds);
  return { notice: n, attachments, readers };
}

/** Create or update: the target area within the caller's, enterprises that exist, attachments the caller uploaded (or the notice's own). */
export async function save(database: Database, auth: Auth, tree: AreaTree, input: NoticeInput): Promise<number> {
  if (isEnterprise(auth)) throw forbidden('企业账号不能发布通知');
  const title = input.title.trim();
  if (!title) throw badRequest('参数 title 不能为空');
  auth.assertArea(input.areaId);
  const brandIds = [...new Set(input.brandIds)];
  for (const b of brandIds) if (!(await findBrand(database, b))) throw badRequest(`参数 brandIds 中的企业 ${b} 不存在`);
  const files = input.attachments.map((a) => {
    const f = fileOf(a);
    if (!f) throw badRequest('参数 attachments 含有不是上传文件的地址，请重新上传');
    return f;
  });
  if (input.id !== undefined) await load(database, auth, tree, input.id);
  const values = { title, type: input.type, body: input.body.replace(/\r\n/g, '\n'), areaId: input.areaId, brandIds, state: input.state };
  return repo.inTransaction(database, async (w) => {
    const id = input.id ?? (await repo.insertNotice(w, values, auth.user.id));
    if (input.id !== undefined) await repo.updateNotice(w, id, values);
    await attachUploads(w, auth, 'notice', id, files, 'attachments', { only: true });
    return id;
  });
}

export async function remove(database: Database, auth: Auth, tree: AreaTree, id: number) {
  if (isEnterprise(auth)) throw forbidden('企业账号不能删除通知');
  await load(database, auth, tree, id);
  await repo.inTransaction(database, (w) => repo.deleteNotice(w, id));
}
