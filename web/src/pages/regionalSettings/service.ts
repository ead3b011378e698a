/** Calls of 区域设置 (/api/area, /api/forbid, /api/site/rail; spec §7). Filters go as the URL holds them. */
import type { Body as ApiBody, Data } from '../../api/types';
import { dataOf, http } from '../../app/request';
import type { LonLat } from '../../components/deskMap/types';
import type { AreaEdit, ForbidEdit, ForbidFilters, NewArea, NewForbid } from './types';

type Page = { currentPage: number; pageSize: number };

// 当前区域及其下全部区域（扁平，含聚合、开关、平台编码）GET /api/area/listsAll
export const fetchAreas = () => dataOf(http.get<Data<'/api/area/listsAll'>>('/area/listsAll'));

// 修改区域 PUT /api/area/
export const updateArea = (body: AreaEdit) => dataOf(http.put<Data<'/api/area/', 'put'>>('/area/', body));

// 区域内全部站点（站点数、地图参照）GET /api/site/rail
export const fetchAreaSites = (areaId?: string) => dataOf(http.get<Data<'/api/site/rail'>>('/site/rail', { selfAreaId: areaId }));

// 区域详情（含运营围栏）GET /api/area/get
export const fetchArea = (areaId: string) => dataOf(http.get<Data<'/api/area/get'>>('/area/get', { areaId }));

// 区域及下级的运营围栏 GET /api/area/rail
export const fetchRails = (areaId: string) => dataOf(http.get<Data<'/api/area/rail'>>('/area/rail', { selectAreaId: areaId }));

// 设置运营围栏 POST /api/area/rail
export const saveRail = (areaId: string, gpsRail: LonLat[]) => dataOf(http.post<Data<'/api/area/rail', 'post'>>('/area/rail', { areaId, gpsRail }));

// 删除运营围栏 DELETE /api/area/rail/{id}
export const deleteRail = (areaId: string) => dataOf(http.del<Data<'/api/area/rail/{id}', 'delete'>>(`/area/rail/${areaId}`));

// 区域及下级的入口围栏 GET /api/area/entryRail
export const fetchEntryRails = (areaId: string) => dataOf(http.get<Data<'/api/area/entryRail'>>('/area/entryRail', { selectAreaId: areaId }));

// 新增入口围栏 POST /api/area/entryRail
export const createEntryRail = (areaId: string, name: string, gpsRail: LonLat[]) =>
  dataOf(http.post<Data<'/api/area/entryRail', 'post'>>('/area/entryRail', { areaId, name, gpsRail }));

// 修改入口围栏 PUT /api/area/entryRail/{id}
export const updateEntryRail = (id: number, name: string, gpsRail: LonLat[]) =>
  dataOf(http.put<Data<'/api/area/entryRail/{id}', 'put'>>(`/area/entryRail/${id}`, { name, gpsRail }));

// 删除入口围栏 DELETE /api/area/entryRail/{id}
export const deleteEntryRail = (id: number) => dataOf(http.del<Data<'/api/area/entryRail/{id}', 'delete'>>(`/area/entryRail/${id}`));

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

// 新增下级区域 POST /api/area/
export const createArea = (body: NewArea) => dataOf(http.post<Data<'/api/area/', 'post'>>('/area/', body));

// 删除区域（有站点、用户或企业时服务端拒绝并说明数量）DELETE /api/area/{id}
export const deleteArea = (id: string) => dataOf(http.del<Data<'/api/area/{id}', 'delete'>>(`/area/${id}`));

// 区域站点参数（满桩值、新站点默认半径、阈值、响应时限）GET /api/config/siteParams
export const fetchSiteParams = (areaId?: string) => dataOf(http.get<Data<'/api/config/siteParams'>>('/config/siteParams', { selfAreaId: areaId }));

// 设置区域站点参数（仅非聚合区域）PUT /api/config/siteParams
export const saveSiteParams = (areaId: string, body: ApiBody<'/api/config/siteParams', 'put'>) =>
  dataOf(http.put<Data<'/api/config/siteParams', 'put'>>('/config/siteParams', body, { params: { selfAreaId: areaId } }));
