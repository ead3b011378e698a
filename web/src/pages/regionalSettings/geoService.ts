/** Calls of the GeoJSON import and export on the 禁停区域 and 运营区域 tabs (/api/forbid/, /api/area/rail, entryRail; spec §7). */
import type { LonLat } from '../../components/deskMap/types';
import { DEFAULT_ERROR, type Envelope, envelope, handleEnvelope } from '../../app/request';
import { fetchForbid } from './service';
import type { Forbid, ForbidFilters, NewForbid } from './types';

const quiet = { passErrors: true } as const;

/**
 * The data of an import's POST (sent with passErrors): a refusal shows no notice, its message goes to
 * the import dialog, which lists it beside the polygon; signed out or refused (401, 5002) get the usual handling.
 */
async function imported<T>(pending: Promise<Envelope<T>>): Promise<T> {
  const env = await pending;
  if (env.code === 200) return env.data;
  if (env.code === 401 || env.code === 5002) handleEnvelope(env); // the usual notice, then it throws
  throw new Error(env.message || DEFAULT_ERROR);
}

// 导入禁停区（GeoJSON 逐个保存）POST /api/forbid/
export const importForbid = (body: NewForbid) => imported(envelope.post('/forbid/', body, quiet));

// 导入运营围栏 POST /api/area/rail
export const importRail = (areaId: string, gpsRail: LonLat[]) => imported(envelope.post('/area/rail', { areaId, gpsRail }, quiet));

// 导入入口围栏 POST /api/area/entryRail
export const importEntryRail = (areaId: string, name: string, gpsRail: LonLat[]) =>
  imported(envelope.post('/area/entryRail', { areaId, name, gpsRail }, quiet));

// 导出 GeoJSON：当前筛选条件下的全部禁停区 GET /api/forbid/（逐页取，每页 1000 个）
export async function fetchAllForbid(filters: ForbidFilters): Promise<Forbid[]> {
  const all: Forbid[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await fetchForbid({ ...filters, currentPage, pageSize: 1000 });
    all.push(...page.lists);
    if (!page.lists.length || all.length >= page.total) return all;
  }
}
