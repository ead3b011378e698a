/** Calls of 区域设置 (/api/area, /api/forbid, /api/site/rail; spec §7). Filters go as the URL holds them. */
import type { Body as ApiBody } from '../../api/types';
import { api } from '../../app/request';
import type { LonLat } from '../../components/deskMap/types';
import type { AreaEdit, ForbidEdit, ForbidFilters, NewArea, NewForbid } from './types';

type Page = { currentPage: number; pageSize: number };

// 当前区域及其下全部区域（扁平，含聚合、开关、平台编码）GET /api/area/listsAll
export const fetchAreas = () => api.get('/area/listsAll');

// 修改区域 PUT /api/area/
export const updateArea = (body: AreaEdit) => api.put('/area/', body);

// 区域内全部站点（站点数、地图参照）GET /api/site/rail
export const fetchAreaSites = (areaId?: string) => api.get('/site/rail', { selfAreaId: areaId });

// 区域详情（含运营围栏）GET /api/area/get
export const fetchArea = (areaId: string) => api.get('/area/get', { areaId });

// 区域及下级的运营围栏 GET /api/area/rail
export const fetchRails = (areaId: string) => api.get('/area/rail', { selectAreaId: areaId });

// 设置运营围栏 POST /api/area/rail
export const saveRail = (areaId: string, gpsRail: LonLat[]) => api.post('/area/rail', { areaId, gpsRail });

// 删除运营围栏 DELETE /api/area/rail/{id}
export const deleteRail = (areaId: string) => api.del('/area/rail/{id}', undefined, { path: { id: areaId } });

// 区域及下级的入口围栏 GET /api/area/entryRail
export const fetchEntryRails = (areaId: string) => api.get('/area/entryRail', { selectAreaId: areaId });

// 新增入口围栏 POST /api/area/entryRail
export const createEntryRail = (areaId: string, name: string, gpsRail: LonLat[]) => api.post('/area/entryRail', { areaId, name, gpsRail });

// 修改入口围栏 PUT /api/area/entryRail/{id}
export const updateEntryRail = (id: number, name: string, gpsRail: LonLat[]) => api.put('/area/entryRail/{id}', { name, gpsRail }, { path: { id } });

// 删除入口围栏 DELETE /api/area/entryRail/{id}
export const deleteEntryRail = (id: number) => api.del('/area/entryRail/{id}', undefined, { path: { id } });

// 禁停区列表（type 0 禁停围栏, 1 禁停区）GET /api/forbid/
export const fetchForbid = (q: ForbidFilters & Page) => api.get('/forbid/', q);

// 新增禁停区 POST /api/forbid/
export const createForbid = (body: NewForbid) => api.post('/forbid/', body);

// 修改禁停区 PUT /api/forbid/{id}
export const updateForbid = (id: number, body: ForbidEdit) => api.put('/forbid/{id}', body, { path: { id } });

// 启用 / 停用禁停区 PUT /api/forbid/{id} {enabled}
export const switchForbid = (id: number, enabled: boolean) => updateForbid(id, { enabled });

// 删除禁停区 DELETE /api/forbid/{id}
export const deleteForbid = (id: number) => api.del('/forbid/{id}', undefined, { path: { id } });

// 新增下级区域 POST /api/area/
export const createArea = (body: NewArea) => api.post('/area/', body);

// 删除区域（有站点、用户或企业时服务端拒绝并说明数量）DELETE /api/area/{id}
export const deleteArea = (id: string) => api.del('/area/{id}', undefined, { path: { id } });

// 区域站点参数（满桩值、新站点默认半径、阈值、响应时限）GET /api/config/siteParams
export const fetchSiteParams = (areaId?: string) => api.get('/config/siteParams', { selfAreaId: areaId });

// 设置区域站点参数（仅非聚合区域）PUT /api/config/siteParams
export const saveSiteParams = (areaId: string, body: ApiBody<'/api/config/siteParams', 'put'>) =>
  api.put('/config/siteParams', body, { params: { selfAreaId: areaId } });
