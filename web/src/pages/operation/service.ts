/**
 * Calls of 运营统计 (#/operation). The big screen's calls it shares (trend, ranking, tidal, brand
 * percent, site usage) are those of ../index/service; these are the ones only this screen makes.
 * `area` '' → the user's own area (no selfAreaId sent).
 */
import { download } from '../../app/download';
import type { Data } from '../../api/types';
import { get, scope } from '../index/service';

export type Flows = Data<'/api/statistics/rentReturn'>;
type TidalSites = Data<'/api/statistics/tidalSites'>;
export type TidalSite = TidalSites['lists'][number];

// 各品牌租还统计（某日逐时 / 某月逐日）GET /api/statistics/rentReturn
export const fetchFlows = (area: string, q: { year: number; month: number; day?: number }) => get('/statistics/rentReturn', area, q);

// 潮汐站点（租还差最大的站点）GET /api/statistics/tidalSites
export const fetchTidalSites = (area: string, q: { year: number; month?: number; day?: number; limit?: number }) => get('/statistics/tidalSites', area, q);

// 企业在线率、入站率与核准使用率 GET /api/statistics/brandPercentNew
export const fetchBrandPercentNew = (area: string) => get('/statistics/brandPercentNew', area);

// 区域备案核查（核准、备案、在线）GET /api/statistics/areaVerify
export const fetchAreaVerify = (area: string) => get('/statistics/areaVerify', area);

// 导出租还统计（勾选的小时或日）GET /api/statistics/rentReturnOut
export const exportFlows = (area: string, q: { year: number; month: number; day?: number; group: string }) =>
  download('GET', '/statistics/rentReturnOut', { params: scope(area, q) }, '租还统计.xlsx');

// 导出总量趋势（含数据接入率；勾选的月、日或小时）GET /api/dashboard/brandBikeOnlineOutput
export const exportTrend = (area: string, q: { year: number; month?: number; day?: number; group: string }) =>
  download('GET', '/dashboard/brandBikeOnlineOutput', { params: scope(area, q) }, '总量趋势.xlsx');
