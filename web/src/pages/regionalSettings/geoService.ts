/** Calls of the GeoJSON import and export on the 禁停区域 tab (/api/forbid/; spec §7). */
import type { Data } from '../../api/types';
import { DEFAULT_ERROR, handleEnvelope, http } from '../../app/request';
import { fetchForbid } from './service';
import type { Forbid, ForbidFilters, NewForbid } from './types';

// 导入禁停区（GeoJSON 逐个保存）POST /api/forbid/：被拒时不弹提示，把服务端的说明交给导入对话框逐条列出
export async function importForbid(body: NewForbid) {
  const env = await http.post<Data<'/api/forbid/', 'post'>>('/forbid/', body, { passErrors: true });
  if (env.code === 200) return env.data;
  if (env.code === 401 || env.code === 5002) handleEnvelope(env); // signed out or refused: the usual notice, then it throws
  throw new Error(env.message || DEFAULT_ERROR);
}

// 导出 GeoJSON：当前筛选条件下的全部禁停区 GET /api/forbid/（逐页取，每页 1000 个）
export async function fetchAllForbid(filters: ForbidFilters): Promise<Forbid[]> {
  const all: Forbid[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await fetchForbid({ ...filters, currentPage, pageSize: 1000 });
    all.push(...page.lists);
    if (!page.lists.length || all.length >= page.total) return all;
  }
}
