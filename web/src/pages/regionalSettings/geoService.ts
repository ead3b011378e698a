/** Calls of the GeoJSON import and export on the 禁停区域 and 运营区域 tabs (/api/forbid/, /api/area/rail, entryRail; spec §7). */
import type { Data } from '../../api/types';
import type { LonLat } from '../../components/deskMap/types';
import { DEFAULT_ERROR, handleEnvelope, http } from '../../app/request';
import { fetchForbid } from './service';
import type { Forbid, ForbidFilters, NewForbid } from './types';

/**
 * A POST of the import: a refusal shows no notice, its message goes to the import dialog, which
 * lists it beside the polygon; signed out or refused (401, 5002) get the usual handling.
 */
async function importPost<T>(path: string, body: unknown): Promise<T> {
  const env = await http.post<T>(path, body, { passErrors: true });
  if (env.code === 200) return env.data;
  if (env.code === 401 || env.code === 5002) handleEnvelope(env); // the usual notice, then it throws
  throw new Error(env.message || DEFAULT_ERROR);
}

// 导入禁停区（GeoJSON 逐个保存）POST /api/forbid/
export const importForbid = (body: NewForbid) => importPost<Data<'/api/forbid/', 'post'>>('/forbid/', body);

// 导入运营围栏 POST /api/area/rail
export const importRail = (areaId: string, gpsRail: LonLat[]) => importPost<Data<'/api/area/rail', 'post'>>('/area/rail', { areaId, gpsRail });

// 导入入口围栏 POST /api/area/entryRail
export const importEntryRail = (areaId: string, name: string, gpsRail: LonLat[]) =>
  importPost<Data<'/api/area/entryRail', 'post'>>('/area/entryRail', { areaId, name, gpsRail });

// 导出 GeoJSON：当前筛选条件下的全部禁停区 GET /api/forbid/（逐页取，每页 1000 个）
export async function fetchAllForbid(filters: ForbidFilters): Promise<Forbid[]> {
  const all: Forbid[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await fetchForbid({ ...filters, currentPage, pageSize: 1000 });
    all.push(...page.lists);
    if (!page.lists.length || all.length >= page.total) return all;
  }
}
