/**
 * Calls of the home big screen. `area` is the area shown ('' → the user's own area: no selfAreaId is
 * sent, as spec §6 asks for users below level 2).
 */
import { type Params, type PathOf, type QueryOf, api } from '../../app/request';
import { download } from '../../app/download';
import type { Query } from '../../api/types';

/** The area's query: '' sends no selfAreaId. */
export const scope = <Q extends object = Params>(area: string, extra?: Q): Q & { selfAreaId?: string } =>
  ({ selfAreaId: area || undefined, ...extra }) as Q & { selfAreaId?: string };
/** GET of the area's data (api.get: the query checked against the path's, the answer its generated type). */
export const get = <S extends PathOf<'get'>>(path: S, area: string, extra?: QueryOf<S>) => api.get(path, scope<QueryOf<S>>(area, extra));

/* ---------------- dashboard ---------------- */

// 首页初始化：区域、满桩值、品牌 GET /api/dashboard/init
export const fetchInit = (area: string) => get('/dashboard/init', area);

// 大屏主数据：地图站点、品牌统计与站点计数、最新站点消息 GET /api/dashboard/get
export const fetchDashboard = (area: string, q: { limit: number; f?: number }) =>
  get('/dashboard/get', area, { v: q.limit === 0 ? 1 : 2, limit: q.limit, f: q.f });

// 今日站点消息（历史消息）GET /api/dashboard/todayHistory
export const fetchTodayHistory = (area: string, currentPage: number, pageSize: number) => get('/dashboard/todayHistory', area, { currentPage, pageSize });

// 品牌站点车辆分布 GET /api/dashboard/brandOnlineBike
export const fetchBrandOnlineBike = (area: string, q: { brandId: number; bikeType?: number; currentPage: number; pageSize: number }) =>
  get('/dashboard/brandOnlineBike', area, q);

// 某站点某品牌的车辆 GET /api/dashboard/brandSiteBike
export const fetchBrandSiteBike = (area: string, q: { brandId: number; siteId: string; bikeType?: number; currentPage: number; pageSize: number }) =>
  get('/dashboard/brandSiteBike', area, q);

// 站点内车辆列表 GET /api/dashboard/siteBike
export const fetchSiteBike = (area: string, q: { siteId: string; bikeType?: number; brandId?: number; currentPage: number; pageSize: number }) =>
  get('/dashboard/siteBike', area, q);

// 备案稽查：蓝牙桩听到的车辆，按品牌 GET /api/dashboard/bikeMonitor
export const fetchBikeMonitor = (area: string) => get('/dashboard/bikeMonitor', area);

// 未上传数据车辆，按品牌 GET /api/dashboard/bikeNotUpload
export const fetchBikeNotUpload = (area: string) => get('/dashboard/bikeNotUpload', area);

// 企业信息（首页权限即可查看）GET /api/dashboard/brandInfo
export const fetchBrandInfo = (area: string, brandId: number) => get('/dashboard/brandInfo', area, { brandId });

// 各品牌在线、站内、备案、核准车辆数 GET /api/dashboard/brandBike
export const fetchBrandBike = (area: string) => get('/dashboard/brandBike', area);

// 今日每小时租车数 GET /api/dashboard/siteRentStatistics
export const fetchRentToday = (area: string) => get('/dashboard/siteRentStatistics', area);

// 今日每小时还车数 GET /api/dashboard/siteReturnStatistics
export const fetchReturnToday = (area: string) => get('/dashboard/siteReturnStatistics', area);

// 站点历史记录 GET /api/dashboard/siteHistory
export const fetchSiteHistory = (area: string, q: { siteId: string; currentPage: number; pageSize: number }) => get('/dashboard/siteHistory', area, q);

// 今日车辆在线汇总 GET /api/dashboard/brandBikeOnlineCollect
export const fetchOnlineCollect = (area: string) => get('/dashboard/brandBikeOnlineCollect', area);

// 总量趋势（年→月→日）GET /api/dashboard/brandBikeOnline
export const fetchBrandTrend = (area: string, q: { year: number; dataType: number; month?: number; day?: number }) =>
  get('/dashboard/brandBikeOnline', area, q);

// 站点使用统计 GET /api/dashboard/siteStatistics
export const fetchSiteUsage = (area: string, q: { siteId: string; year: number; month?: number; day?: number }) => get('/dashboard/siteStatistics', area, q);

// 导出站点使用统计 GET /api/dashboard/siteStatisticsOutput
export const exportSiteUsage = (area: string, q: { siteId: string; year: number; month?: number; day?: number; dataType: number; group: string }) =>
  download('GET', '/dashboard/siteStatisticsOutput', { params: scope(area, q) }, '站点使用统计.xlsx');

// 导出车辆在线汇总 GET /api/dashboard/brandBikeOnlineCollectOutput
export const exportOnlineCollect = (area: string) => download('GET', '/dashboard/brandBikeOnlineCollectOutput', { params: scope(area) }, '车辆在线汇总.xlsx');

/* ---------------- statistics ---------------- */

/** The ranking's period and order (the console always sends a year). */
export type RankQuery = Pick<Query<'/api/statistics/siteRankAll'>, 'month' | 'day' | 'hour' | 'dateTime' | 'orderBy'> & { year: number };

// 站点排名（最多 500 行）GET /api/statistics/siteRankAll
export const fetchSiteRank = (area: string, q: RankQuery) => get('/statistics/siteRankAll', area, { ...q });

// 导出站点排名 GET /api/statistics/siteRankAllOut
export const exportSiteRank = (area: string, q: RankQuery) =>
  download('GET', '/statistics/siteRankAllOut', { params: scope(area, { ...q, actionOrder: q.orderBy }) }, '站点排名分析.xlsx');

// 租还潮汐：近 7 日及日、月合计 GET /api/statistics/tidal
export const fetchTidal = (area: string, q: { dateGroup: string; mold: 1 | 2 }) => get('/statistics/tidal', area, q);

// 待办数量 GET /api/statistics/pend
export const fetchPend = (area: string) => get('/statistics/pend', area, { areaId: area || undefined });

// 调度工单概况：未办结、已超时的调度工单 GET /api/workOrder/summary
export const fetchOrderSummary = (area: string) => get('/workOrder/summary', area);

// 企业车辆占比（在线占比）GET /api/statistics/brandPercent
export const fetchBrandPercent = (area: string) => get('/statistics/brandPercent', area);

/* ---------------- abnormal ---------------- */

// 异常信息列表（closed=0、handled=0 且不给 startTime：进行中未处理的，不论哪天发生）GET /api/abnormal/getMsg
export const fetchAbnormal = (
  area: string,
  q: { abnormalType: string; closed?: 0 | 1; handled?: 0 | 1; startTime?: string; endTime?: string; pageSize: number },
) => get('/abnormal/getMsg', area, { ...q, currentPage: 1 });

// 各类型异常数量 GET /api/abnormal/getMsgCounts
export const fetchAbnormalCounts = (area: string) => get('/abnormal/getMsgCounts', area);

/* ---------------- config, sites, company ---------------- */

// 读取满桩值 GET /api/config/fullPileNum
export const fetchFullPile = (area: string) => get('/config/fullPileNum', area);

// 设置满桩值 PUT /api/config/fullPileNum
export const saveFullPile = (area: string, pile: number, alias?: string) => api.put('/config/fullPileNum', { pile, alias }, { params: scope(area) });

// 站点列表（回收站点、站点满桩系数）GET /api/site/
export const fetchSites = (area: string, q: { recycleSwitch?: 1; siteId?: string; currentPage: number; pageSize: number }) => get('/site/', area, q);

// 修改站点满桩系数 PUT /api/site/{id}
export const saveSiteRatio = (area: string, siteId: string, fullPileNum: number | null) =>
  api.put('/site/{id}', { fullPileNum }, { path: { id: siteId }, params: scope(area) });

// 放大分组（定时任务）列表 GET /api/site/magnify/
export const fetchMagnifyGroups = (area: string, currentPage: number, pageSize: number) => get('/site/magnify/', area, { currentPage, pageSize });

// 开启或关闭放大分组 PUT /api/site/magnify/open/{id}
export const switchMagnifyGroup = (area: string, id: number, openSwitch: boolean) =>
  api.put('/site/magnify/open/{id}', { openSwitch }, { path: { id }, params: scope(area) });

// 企业详情（企业管理权限）及文件检查 GET /api/company/getEnterpriseInfoById
export const fetchEnterprise = (area: string, brandId: number, type?: 1 | 2 | 3) => get('/company/getEnterpriseInfoById', area, { brandId, type });
