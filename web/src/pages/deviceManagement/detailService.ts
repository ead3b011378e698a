/** Calls of the site detail and the piles list (/api/dashboard, /api/abnormal, /api/equipment; spec §7). */
import { api } from '../../app/request';
import type { PileFilters } from './detailTypes';

type Page = { currentPage: number; pageSize: number };

// 站点详情与各品牌站内车辆 GET /api/dashboard/getSite（flowMapType 1：只带租车流向，详情不用）
export const fetchSiteInfo = (siteId: string) => api.get('/dashboard/getSite', { siteId, flowMapType: 1 });

// 站点状态历史（今日快照，最新在前）GET /api/dashboard/siteHistory
export const fetchSiteHistory = (siteId: string, pageSize = 300) => api.get('/dashboard/siteHistory', { siteId, currentPage: 1, pageSize });

// 今日每小时租车数 GET /api/dashboard/siteRentStatistics
export const fetchSiteRents = (siteId: string) => api.get('/dashboard/siteRentStatistics', { siteId });

// 今日每小时还车数 GET /api/dashboard/siteReturnStatistics
export const fetchSiteReturns = (siteId: string) => api.get('/dashboard/siteReturnStatistics', { siteId });

// 站点的异常信息（最近三天，最新在前）GET /api/abnormal/getMsg?site=
export const fetchSiteMsgs = (siteId: string, pageSize = 10) => api.get('/abnormal/getMsg', { site: siteId, currentPage: 1, pageSize });

/**
 * A band as the site list and the to-do count read it (server domain/power.ts: min ≤ power < max, the
 * top band holding 100) in the piles list's inclusive whole-percent bounds: 0-10 → {powerMin: 0,
 * powerMax: 9}, 60-100 → {powerMin: 60, powerMax: 100}; anything else → no bounds.
 */
function powerBounds(range: string | undefined): { powerMin?: number; powerMax?: number } {
  const m = /^(\d+)-(\d+)$/.exec(range ?? '');
  if (!m) return {};
  const max = Number(m[2]);
  return { powerMin: Number(m[1]), powerMax: max >= 100 ? 100 : max - 1 };
}

// 设备电量列表 GET /api/equipment/power/list（power 如 0-10 → powerMin / powerMax）
export const fetchPiles = ({ power, ...q }: PileFilters & Page) => api.get('/equipment/power/list', { ...q, ...powerBounds(power) });

// 设备某天的电量 GET /api/equipment/power/day（day yyyy-MM-dd）
export const fetchPowerDay = (equipmentMac: string, day: string) => api.get('/equipment/power/day', { equipmentMac, day });

// 设备时间段电量 GET /api/equipment/power/between（yyyy-MM-dd HH:mm:ss，含结束）
export const fetchPowerBetween = (equipmentMac: string, startTime: string, endTime: string) =>
  api.get('/equipment/power/between', { equipmentMac, startTime, endTime });
