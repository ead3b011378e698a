/** Calls of 站点管理 (/api/site, /api/device, /api/equipment; spec §7). Filters go as the URL holds them. */
import type { Body } from '../../api/types';
import { download } from '../../app/download';
import { api } from '../../app/request';
import type { BatchBody, NewSite, PowerFilters, SiteEdit, SiteFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 站点列表（分页，含站点状态）GET /api/site/
export const fetchSites = (q: SiteFilters & Page) => api.get('/site/', q);

// 站点设备列表（equipmentPower 如 0-10）GET /api/device/list/get
export const fetchDeviceSites = (q: PowerFilters & Page) => api.get('/device/list/get', q);

// 删除站点（软删除）DELETE /api/device/site/delete
export const deleteSite = (siteId: string) => api.del('/device/site/delete', { siteId });

// 删除设备及其电量记录 DELETE /api/equipment/delete
export const deletePile = (equipmentMac: string) => api.del('/equipment/delete', { equipmentMac });

// 新增站点 POST /api/site/（siteId 可指定，不给时服务端按区县生成）
export const createSite = (body: NewSite) => api.post('/site/', body);

// 修改站点 PUT /api/site/{id}
export const updateSite = (siteId: string, body: SiteEdit) => api.put('/site/{id}', body, { path: { id: siteId } });

// 批量修改站点（开关、阈值、响应时限）PUT /api/site/batch
export const batchSites = (body: BatchBody) => api.put('/site/batch', body);

// 区县的下一个站点编号 GET /api/site/getMaxSiteId（selfAreaId 为区县）
export const fetchNextSiteId = (areaId: string) => api.get('/site/getMaxSiteId', { selfAreaId: areaId });

// 区域内全部站点（地图参照，不分页）GET /api/site/rail
export const fetchRails = (areaId?: string) => api.get('/site/rail', { selfAreaId: areaId });

/** The list's URL filters as the export's JSON body: numbers where the schema has numbers. */
function exportBody(f: SiteFilters): Body<'/api/device/export/site'> {
  const num = (v: string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
  const { selfAreaId, siteName, siteId } = f;
  const body = {
    selfAreaId,
    siteName,
    siteId,
    status: num(f.status),
    recycleSwitch: num(f.recycleSwitch),
    majorSwitch: num(f.majorSwitch),
    brandPutSwitch: num(f.brandPutSwitch),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== '')) as Body<'/api/device/export/site'>;
}

// 导出站点列表（筛选同列表，全部页，站点列表.xlsx）POST /api/device/export/site
export const exportSites = (f: SiteFilters) => download('POST', '/device/export/site', { body: exportBody(f) }, '站点列表.xlsx');
