/**
 * 米单车管理 · 站点申请 (issue 29 point 1): the sites the field app's maintainers and the enterprises'
 * applicants propose (issue 28), in the request's areas (an enterprise account: its own), with their
 * photos and position. A regulator approves one, which builds the site with the sites page's rules
 * (shared/sites.ts createSite; its fields editable first), or rejects it with a reason the applicant
 * reads in the field app's history. The to-do's siteApplyPend is this list's state=0 total.
 */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest, forbidden } from '../../../http/envelope.js';
import { timeRange } from '../../../http/timeRange.js';
import { paged } from '../../../http/xlsx.js';
import { formatTime } from '../../../domain/time.js';
import { urlOf } from '../../../shared/uploads.js';
import { createSite, type SiteCtx } from '../../../shared/sites.js';
import * as repo from './repo.js';
import { APPLY_STATES, type ApplyItem, type ApproveBody } from './schemas.js';

type Filters = { areaId?: string; brandId?: number; state?: number; startTime?: string; endTime?: string; keyword?: string };

/** The request's filters in its reach: the areas under the one named (in scope), an enterprise account's own brand. */
export function filterOf(auth: Auth, q: Filters, tz: string): repo.ApplyFilter {
  const keyword = q.keyword?.trim() || undefined;
  return { areaIds: auth.areasUnder(q.areaId), brandId: auth.brandOf(q.brandId), state: q.state, keyword, ...timeRange(q, tz) };
}

const toItem =
  (tz: string) =>
  ({ at, decidedAt, photos, ...r }: repo.ApplyRow): Static<typeof ApplyItem> => ({
    ...r,
    photos: (photos ?? []).map(urlOf),
    stateName: APPLY_STATES[r.state],
    decidedAt: formatTime(decidedAt, tz),
    at: formatTime(at, tz)!,
  });

export async function listApplies(database: Database, f: repo.ApplyFilter, page: { limit: number; offset: number }, tz: string) {
  const [rows, total] = await Promise.all([repo.listApplies(database, f, page), repo.countApplies(database, f)]);
  return { lists: rows.map(toItem(tz)), total };
}

/** Every row of the filter, page by page in the list's order, as the list shows them (the exports). */
export const allPages = (database: Database, f: repo.ApplyFilter, tz: string) =>
  paged(async (offset, limit) => (await repo.listApplies(database, f, { limit, offset })).map(toItem(tz)));

/** A pending application the request may decide: 400 when missing or decided, 5002 another area's or enterprise's. */
async function pending(database: Database, auth: Auth, id: number) {
  const row = await repo.applyOf(database, id);
  if (!row) throw badRequest('站点申请不存在，请刷新列表');
  auth.assertInScope(row.areaId);
  if (!auth.ownsBrand(row.brandId)) throw forbidden('该申请不属于本企业');
  if (row.state !== 0) throw badRequest('该申请已处理过，请刷新列表');
  return row;
}

/** Runs `fn` on one transaction: the request's unit of work when there is one (every audited write), else its own. */
const inOne = <T>(database: Database, fn: () => Promise<T>): Promise<T> => (database.unit && !database.inUnit?.() ? database.unit(fn) : fn());

/**
 * 通过: builds the site (the application's name, position, capacity and piles unless the form
 * changed them; the application's district unless another is chosen) and marks the application
 * approved with it, together or not at all. Building sites needs 站点编辑 (site.edit) too.
 */
export async function approve(c: SiteCtx, input: Static<typeof ApproveBody>): Promise<string> {
  if (!c.auth.can('site.edit')) throw forbidden('通过申请会新建站点，需要“站点编辑”权限，请联系管理员');
  const { id, selfAreaId: _self, ...fields } = input;
  return inOne(c.database, async () => {
    const a = await pending(c.database, c.auth, id);
    const given = fields.siteLon !== undefined || fields.siteLat !== undefined;
    const siteId = await createSite(c, {
      ...fields,
      siteName: fields.siteName ?? a.name,
      siteLon: given ? fields.siteLon : a.lon,
      siteLat: given ? fields.siteLat : a.lat,
      coord: given ? fields.coord : 'gcj02',
      siteBikeCeiling: fields.siteBikeCeiling ?? a.capacity,
      bleNum: fields.bleNum ?? a.piles ?? undefined,
      areaId: fields.areaId ?? a.areaId,
    });
    if (!(await repo.decide(c.database, id, { state: 1, siteId }, c.auth.user.id))) throw badRequest('该申请已处理过，请刷新列表');
    return siteId;
  });
}

/** 驳回: the reason goes back to the applicant (the field app's history). */
export async function reject(database: Database, auth: Auth, id: number, reason: string) {
  const text = reason.trim();
  if (!text) throw badRequest('请填写驳回理由（会告知申请人）');
  await pending(database, auth, id);
  if (!(await repo.decide(database, id, { state: 2, reason: text }, auth.user.id))) throw badRequest('该申请已处理过，请刷新列表');
}
