/** Calls of 区域设置 (/api/area, /api/forbid, /api/site/rail; spec §7). Filters go as the URL holds them. */
import type { Data } from '../../api/types';
import { dataOf, http } from '../../app/request';
import type { AreaEdit, ForbidEdit, ForbidFilters, NewForbid } from './types';

type Page = { currentPage: number; pageSize: number };

// 当前区域及其下全部区域（扁平，含聚合、开关、平台编码）GET /api/area/listsAll
export const fetchAreas = () => dataOf(http.get<Data<'/api/area/listsAll'>>('/area/listsAll'));

// 修改区域 PUT /api/area/
export const updateArea = (body: AreaEdit) => dataOf(http.put<Data<'/api/area/', 'put'>>('/area/', body));

// 区域内全部站点（站点数、地图参照）GET /api/site/rail
export const fetchAreaSites = (areaId?: string) => dataOf(http.get<Data<'/api/site/rail'>>('/site/rail', { selfAreaId: areaId }));

// 禁停区列表（type 0 禁停围栏, 1 禁停区）GET /api/forbid/
export const fetchForbid = (q: ForbidFilters & Page) => dataOf(http.get<Data<'/api/forbid/'>>('/forbid/', q));

// 新增禁停区 POST /api/forbid/
export const createForbid = (body: NewForbid) => dataOf(http.post<Data<'/api/forbid/', 'post'>>('/forbid/', body));

// 修改禁停区 PUT /api/forbid/{id}
export const updateForbid = (id: number, body: ForbidEdit) => dataOf(http.put<Data<'/api/forbid/{id}', 'put'>>(`/forbid/${id}`, body));

// 启用 / 停用禁停区 PUT /api/forbid/{id} {enabled}
export const switchForbid = (id: number, enabled: boolean) => updateForbid(id, { enabled });

// 删除禁停区 DELETE /api/forbid/{id}
export const deleteForbid = (id: number) => dataOf(http.del<Data<'/api/forbid/{id}', 'delete'>>(`/forbid/${id}`));
