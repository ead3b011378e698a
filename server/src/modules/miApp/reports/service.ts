/**
 * 米单车管理's violation reports (issue 28 makes them, 29 point 5 lists them): what the field app's
 * reporters sent, in the request's areas (an enterprise account: the reports against it), with their
 * photos and position; a regulator handles or dismisses each with a note. The to-do's accusePend
 * counts the pending ones (state 0), as this list's state=0 total.
 */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest, forbidden } from '../../../http/envelope.js';
import { timeRange } from '../../../http/timeRange.js';
import { formatTime } from '../../../domain/time.js';
import { urlOf } from '../../../shared/uploads.js';
import * as repo from './repo.js';
import { REPORT_STATES, type ReportItem } from './schemas.js';

export async function listReports(
  database: Database,
  auth: Auth,
  q: { areaId?: string; brandId?: number; state?: number; startTime?: string; endTime?: string },
  page: { limit: number; offset: number },
  tz: string,
): Promise<{ lists: Static<typeof ReportItem>[]; total: number }> {
  const areaIds = auth.areasUnder(q.areaId);
  const { lists, total } = await repo.listReports(database, { areaIds, brandId: auth.brandOf(q.brandId), state: q.state, ...timeRange(q, tz) }, page);
  return {
    total,
    lists: lists.map(({ at, handledAt, photos, ...r }) => ({
      ...r,
      reportTime: formatTime(at, tz)!,
      stateName: REPORT_STATES[r.state],
      handleTime: formatTime(handledAt, tz),
      photos: (photos ?? []).map(urlOf),
    })),
  };
}

export async function decideReport(database: Database, auth: Auth, id: number, state: 1 | 2, note: string) {
  const row = await repo.reportScope(database, id);
  if (!row) throw badRequest('举报不存在');
  auth.assertInScope(row.areaId);
  if (!auth.ownsBrand(row.brandId)) throw forbidden('该举报不属于本企业');
  if (row.state !== 0 || !(await repo.decideReport(database, id, state, note.trim(), auth.user.id))) throw badRequest('该举报已处理过，请刷新列表');
}
