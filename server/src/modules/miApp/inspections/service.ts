/**
 * 米单车管理's inspections (issue 29 point 2): the patrol records the field app's inspectors send
 * (issue 28), in the request's areas (an enterprise account: its own enterprise's bikes), with their
 * photos and position; and per inspector and local day how many and with which result. The exports
 * are the same rows, page by page.
 */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { timeRange } from '../../../http/timeRange.js';
import { PATROL_RESULTS } from '../../../domain/patrol.js';
import { formatTime } from '../../../domain/time.js';
import { urlOf } from '../../../shared/uploads.js';
import * as repo from './repo.js';
import type { InspectionItem } from './schemas.js';

export interface InspectionQ {
  areaId?: string;
  miUserName?: string;
  bikeId?: string;
  result?: number;
  brandId?: number;
  startTime?: string;
  endTime?: string;
}

/** The query's filter, scoped: areas under the request's (5002 outside), an enterprise account's own enterprise, times read strictly in TZ (400). */
export function filterOf(auth: Auth, q: InspectionQ, tz: string): repo.InspectionFilter {
  return {
    areaIds: auth.areasUnder(q.areaId),
    brandId: auth.brandOf(q.brandId),
    miUserName: q.miUserName?.trim() || undefined,
    bikeId: q.bikeId?.trim() || undefined,
    result: q.result,
    ...timeRange(q, tz),
  };
}

const toItem = ({ at, photos, ...r }: repo.InspectionRow, tz: string): Static<typeof InspectionItem> => ({
  ...r,
  resultName: PATROL_RESULTS[r.result] ?? '',
  inspectionTime: formatTime(at, tz)!,
  photos: (photos ?? []).map(urlOf),
});

export async function listRecords(database: Database, auth: Auth, q: InspectionQ, page: { limit: number; offset: number }, tz: string) {
  const { lists, total } = await repo.listRecords(database, filterOf(auth, q, tz), page);
  return { lists: lists.map((r) => toItem(r, tz)), total };
}

export const listDays = (database: Database, auth: Auth, q: InspectionQ, page: { limit: number; offset: number }, tz: string) =>
  repo.listDays(database, filterOf(auth, q, tz), tz, page);

export async function* recordExport(database: Database, f: repo.InspectionFilter, tz: string) {
  for await (const page of repo.recordPages(database, f)) yield page.map((r) => toItem(r, tz));
}
