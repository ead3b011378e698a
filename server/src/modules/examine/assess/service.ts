/**
 * 评级考核's assessment on demand and its reads (issue 30): the assessment itself is
 * shared/ratingAssess.ts (the hourly job runs it for the month before); here who may run it, the
 * month's ranking and one enterprise's outcomes.
 */
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest } from '../../../http/envelope.js';
import { periodProblem, previousPeriod } from '../../../domain/rating.js';
import { formatTime } from '../../../domain/time.js';
import * as results from './repo.js';
import { schemeArea } from '../service.js';
import { isClosed } from '../../../shared/ratingScheme.js';
import { assessArea } from '../../../shared/ratingAssess.js';
import { UNMEASURED } from '../../../shared/ratingMeasures.js';

export async function assessFor(database: Database, auth: Auth, q: { areaId?: string; period: string }, tz: string) {
  const areaId = schemeArea(auth, q.areaId);
  return assessArea(database, areaId, auth.areasUnder(areaId), q.period, tz, auth.user.id);
}

/** The month's ranking: score, grade, rank, change from the month before, quota and its suggestion. */
export async function ranking(database: Database, auth: Auth, q: { areaId?: string; period: string; brandId?: number }, tz: string) {
  const areaId = schemeArea(auth, q.areaId);
  const problem = periodProblem(q.period);
  if (problem) throw badRequest(problem);
  const brandId = auth.brandLimit ?? q.brandId;
  const rows = await results.ranked(database, areaId, q.period, previousPeriod(`${q.period}-01`), brandId);
  return {
    areaId,
    period: q.period,
    closed: await isClosed(database, areaId, q.period),
    lists: rows.map(({ assessedAt, previousScore, ...r }) => ({
      ...r,
      previousScore,
      change: previousScore === null ? null : Math.round((r.score - previousScore) * 100) / 100,
      assessedAt: formatTime(assessedAt, tz)!,
    })),
  };
}

/** One enterprise's month: its result and every rule's outcome with the evidence link, by category. */
export async function detail(database: Database, auth: Auth, q: { areaId?: string; period: string; brandId: number }, tz: string) {
  if (!auth.ownsBrand(q.brandId)) throw badRequest('企业账号只能查看本企业的考核');
  const r = await ranking(database, auth, q, tz);
  const result = r.lists[0];
  if (!result) throw badRequest(`该企业在 ${q.period} 没有考核结果，请先执行考核`);
  const rows = await results.deductionsOf(database, r.areaId, q.period, q.brandId);
  return {
    ...result,
    period: q.period,
    closed: r.closed,
    deductions: explained(rows),
  };
}

/** Outcomes with why a figure without data cost nothing. */
export const explained = <T extends { measure: string | null; value: number | null }>(rows: T[]) =>
  rows.map((d) => ({
    ...d,
    unmeasured: d.measure !== null && d.value === null ? (UNMEASURED[d.measure as keyof typeof UNMEASURED] ?? '本月无数据，不扣分') : null,
  }));

/** Every enterprise's outcomes of the month (the list and export of 考核明细), by rank; an enterprise account its own. */
export async function allDeductions(database: Database, auth: Auth, q: { areaId?: string; period: string; brandId?: number }) {
  const areaId = schemeArea(auth, q.areaId);
  const problem = periodProblem(q.period);
  if (problem) throw badRequest(problem);
  return results.deductionsOf(database, areaId, q.period, auth.brandLimit ?? q.brandId ?? null);
}
