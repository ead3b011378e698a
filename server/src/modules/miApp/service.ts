/**
 * 米单车管理's violation reports (issue 28 makes them, 29 point 5 lists them): what the field app's
 * reporters sent, in the request's areas (an enterprise account: the reports against it), with their
 * photos and position; a regulator handles or dismisses each with a note. The to-do's accusePend
 * counts the pending ones (state 0), as this list's state=0 total.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { formatTime, parseLocalTime } from '../../domain/time.js';
import { urlOf } from '../../shared/uploads.js';
import * as repo from './repo.js';
import { REPORT_STATES, type ReportItem } from './schemas.js';

function timeOf(text: string | undefined, field: string, tz: string, end = false): Date | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const d = parseLocalTime(text, tz);
  if (!d) throw badRequest(`参数 ${field} 格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
  if (!end) return d;
  return new Date(d.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? 86_400_000 : 1000));
}

export async function listReports(
  database: Database,
  auth: Auth,
  q: { areaId?: string; brandId?: number; state?: number; startTime?: string; endTime?: string },
  page: { limit: number; offset: number },
  tz: string,
): Promise<{ lists: Static<typeof ReportItem>[]; total: number }> {
  let areaIds = auth.scopeAreaIds();
  if (q.areaId !== undefined) {
    auth.assertInScope(q.areaId);
    areaIds = areaIds.filter((a) => auth.within(a, q.areaId!));
  }
  const { lists, total } = await repo.listReports(
    database,
    { areaIds, brandId: auth.brandOf(q.brandId), state: q.state, from: timeOf(q.startTime, 'startTime', tz), to: timeOf(q.endTime, 'endTime', tz, true) },
    page,
  );
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
