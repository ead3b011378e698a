/**
 * 评级考核's hand scores (issue 30): inspectors enter the findings of a fixed item for an enterprise
 * and month with what they saw (the evidence), editable until the month is closed. Closing a month
 * freezes its results and hand scores; re-opening needs a reason, kept in the month's log.
 */
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest } from '../../../http/envelope.js';
import { fixedPoints, periodProblem } from '../../../domain/rating.js';
import { formatTime } from '../../../domain/time.js';
import { findBrand } from '../../../shared/brands.js';
import { attachUploads, fileOf, urlOf } from '../../../shared/uploads.js';
import { schemeArea } from '../service.js';
import * as repo from './repo.js';
import { isClosed } from '../../../shared/ratingScheme.js';
import type { ScoreInput } from './schemas.js';

function checkPeriod(period: string) {
  const problem = periodProblem(period);
  if (problem) throw badRequest(problem);
}

async function assertOpen(database: Database, areaId: string, period: string) {
  if (await isClosed(database, areaId, period)) throw badRequest(`考核周期 ${period} 已关闭，不能再修改人工评分；如需修改请先重新开放（须填写原因）`);
}

export async function listScores(database: Database, auth: Auth, q: { areaId?: string; period: string; brandId?: number }, tz: string) {
  const areaId = schemeArea(auth, q.areaId);
  checkPeriod(q.period);
  // an enterprise account reads its own enterprise's findings only
  const rows = await repo.scores(database, areaId, q.period, auth.brandOf(q.brandId) ?? null);
  return rows.map(({ rulePoints, maxPoints, updatedAt, photos, ...r }) => ({
    ...r,
    photos: photos.map(urlOf),
    points: fixedPoints(r.findings, rulePoints, maxPoints),
    updateTime: formatTime(updatedAt, tz)!,
  }));
}

export async function saveScore(database: Database, auth: Auth, input: ScoreInput): Promise<number> {
  let areaId = schemeArea(auth, input.areaId);
  checkPeriod(input.period);
  let period = input.period;
  if (input.id !== undefined) {
    const row = await repo.scoreScope(database, input.id);
    if (!row) throw badRequest('该评分不存在或已删除，请刷新后重试');
    auth.assertInScope(row.areaId);
    ({ areaId, period } = row);
  }
  await assertOpen(database, areaId, period);
  const rule = await repo.fixedRule(database, input.ruleId);
  if (!rule || rule.areaId !== areaId) throw badRequest('参数 ruleId：固定考核项不存在或不属于该区域，请刷新后重试');
  if (!rule.enabled) throw badRequest('该固定考核项已停用，请先在考核设置中启用');
  const brand = await findBrand(database, input.brandId, auth.areasUnder(areaId));
  if (!brand) throw badRequest('参数 brandId 对应的企业不存在');
  if (!brand.inScope) throw badRequest('该企业不在本区域运营，不能为其评分');
  const note = input.note.trim();
  if (!note) throw badRequest('请填写检查情况（时间、地点、发现的问题）');
  const photos = (input.photos ?? []).map((p) => fileOf(p));
  if (photos.includes(null)) throw badRequest('参数 photos 不是可用的上传文件，请重新上传');
  // the route runs as one unit of work: the score and its photos are saved together or not at all
  const id = await repo.saveScore(
    database,
    input.id,
    { areaId, period, brandId: input.brandId, ruleId: input.ruleId, findings: input.findings, note },
    auth.user.id,
  );
  // photos left out of an edit stay as they were; a list given is the whole set
  if (input.photos !== undefined) await attachUploads(database, auth, 'examine', id, photos as string[], 'photos', { only: true });
  return id;
}

/** Who may see a finding's photo: whoever may read the month's findings of that area and enterprise. */
export async function mayReadPhoto(database: Database, auth: Auth, id: number): Promise<boolean> {
  const row = await repo.scoreScope(database, id);
  return !!row && auth.can('ratingEvaluation') && auth.sees(row.areaId) && auth.ownsBrand(row.brandId);
}

export async function deleteScore(database: Database, auth: Auth, id: number) {
  const row = await repo.scoreScope(database, id);
  if (!row) throw badRequest('该评分不存在或已删除，请刷新后重试');
  auth.assertInScope(row.areaId);
  await assertOpen(database, row.areaId, row.period);
  await repo.deleteScore(database, id);
}

export async function periodState(database: Database, auth: Auth, q: { areaId?: string; period: string }, tz: string) {
  const areaId = schemeArea(auth, q.areaId);
  checkPeriod(q.period);
  const log = await repo.periodLog(database, areaId, q.period);
  return {
    period: q.period,
    closed: await isClosed(database, areaId, q.period),
    log: log.map(({ at, ...l }) => ({ ...l, time: formatTime(at, tz)! })),
  };
}

export async function closePeriod(database: Database, auth: Auth, q: { areaId?: string; period: string }) {
  const areaId = schemeArea(auth, q.areaId);
  checkPeriod(q.period);
  if (!(await repo.setClosed(database, areaId, q.period, true, null, auth.user.id))) throw badRequest(`考核周期 ${q.period} 已经关闭`);
}

export async function reopenPeriod(database: Database, auth: Auth, q: { areaId?: string; period: string; reason: string }) {
  const areaId = schemeArea(auth, q.areaId);
  checkPeriod(q.period);
  const reason = q.reason.trim();
  if (!reason) throw badRequest('请填写重新开放的原因');
  if (!(await repo.setClosed(database, areaId, q.period, false, reason, auth.user.id))) throw badRequest(`考核周期 ${q.period} 没有关闭，无需重新开放`);
}
