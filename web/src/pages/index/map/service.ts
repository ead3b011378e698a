/** Calls of the home map (spec §7), all through the console's request layer. */
import { api } from '../../../app/request';
import type { SearchType, SiteSize } from './types';

// 首页初始化（地图中心、品牌颜色） GET /api/dashboard/init
export const fetchInit = (selfAreaId: string) => api.get('/dashboard/init', { selfAreaId });

// 大屏主数据（取其中的地图站点） GET /api/dashboard/get（v = 1 全部站点，2 部分站点；lon/lat 为取最近站点的中心）
export const fetchMapSites = (selfAreaId: string, size: SiteSize, centre?: { lon: number; lat: number }) =>
  api.get('/dashboard/get', {
    selfAreaId,
    v: size === 0 ? 1 : 2,
    limit: size,
    lon: size === 0 ? undefined : centre?.lon,
    lat: size === 0 ? undefined : centre?.lat,
  });

// 搜索站点或车辆 GET /api/dashboard/search
export const searchMap = (selfAreaId: string, searchType: SearchType, search: string) => api.get('/dashboard/search', { selfAreaId, searchType, search });

// 站点详情与今日租还车流向 GET /api/dashboard/getSite（flowMapType 1 租车，2 还车，缺省两者）
export const fetchSite = (selfAreaId: string, siteId: string, flowMapType?: 1 | 2) => api.get('/dashboard/getSite', { selfAreaId, siteId, flowMapType });

// 地图车辆：legality 0 合法 / 1 非法；mold 1 今日站外还车 GET /api/dashboard/bike
export const fetchBikes = (selfAreaId: string, legality: 0 | 1, opts: { mold?: 1 | 13 | 14; brandId?: number } = {}) =>
  api.get('/dashboard/bike', { selfAreaId, legality, mold: opts.mold, brandId: opts.brandId });

// 删除站点 DELETE /api/device/site/delete（body siteId、areaId；query selfAreaId）
export const deleteSite = (selfAreaId: string, siteId: string, areaId: string) =>
  api.del('/device/site/delete', { siteId, areaId }, { params: { selfAreaId } });

// 区域运营围栏 GET /api/area/rail
export const fetchAreaRails = (selfAreaId: string) => api.get('/area/rail', { selfAreaId, selectAreaId: selfAreaId });

// 启用的禁停区（禁停围栏与禁停区；停用的不画） GET /api/forbid/?enabled=1
export const fetchForbidZones = (selfAreaId: string) => api.get('/forbid/', { selfAreaId, enabled: 1, currentPage: 1, pageSize: 5000 }).then((p) => p.lists);

// 外部站点图层（导入的 GBFS 站点，只读；GCJ-02） GET /api/externalFeed/stations
export const fetchExternalStations = (selfAreaId: string) => api.get('/externalFeed/stations', { selfAreaId });
