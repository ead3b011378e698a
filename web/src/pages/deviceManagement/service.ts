/** Calls of 站点管理 (/api/site, /api/device, /api/equipment; spec §7). Filters go as the URL holds them. */
import type { Data } from '../../api/types';
import { dataOf, http } from '../../app/request';
import type { PowerFilters, SiteFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 站点列表（分页，含站点状态）GET /api/site/
export const fetchSites = (q: SiteFilters & Page) => dataOf(http.get<Data<'/api/site/'>>('/site/', q));

// 站点设备列表（equipmentPower 如 0-10）GET /api/device/list/get
export const fetchDeviceSites = (q: PowerFilters & Page) => dataOf(http.get<Data<'/api/device/list/get'>>('/device/list/get', q));

// 删除站点（软删除）DELETE /api/device/site/delete
export const deleteSite = (siteId: string) => dataOf(http.del<Data<'/api/device/site/delete', 'delete'>>('/device/site/delete', { siteId }));

// 删除设备及其电量记录 DELETE /api/equipment/delete
export const deletePile = (equipmentMac: string) => dataOf(http.del<Data<'/api/equipment/delete', 'delete'>>('/equipment/delete', { equipmentMac }));
