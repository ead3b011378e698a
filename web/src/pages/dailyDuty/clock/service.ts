/** Calls of 日常值守 · 打卡 (/api/clock, /api/clockRecord). Filters go as the URL holds them. */
import { api, dataOf, http } from '../../../app/request';
import type { Paged } from '../../../components/desk/useList';
import type {
  ClockConfig,
  ClockConfigBody,
  ClockConfigKey,
  ClockDay,
  ClockDayKey,
  ClockFilters,
  ClockRecord,
  ClockRecordKey,
  ClockSite,
  ClockSiteBody,
  ClockSiteKey,
  ClockWarn,
  ClockWarnKey,
} from './types';

// 打卡点列表（地图取 pageSize 1000）GET /api/clock/getClockSiteList
export const fetchClockSites = (q: ClockFilters<ClockSiteKey>) => dataOf(http.get<Paged<ClockSite>>('/clock/getClockSiteList', q));

// 新增 / 修改打卡点 POST /api/clock/saveClockSiteInfo
export const saveClockSite = (body: ClockSiteBody) => dataOf(http.post<{ id: number }>('/clock/saveClockSiteInfo', body));

// 删除打卡点 POST /api/clock/delClockSiteById
export const deleteClockSite = (id: number) => dataOf(http.post('/clock/delClockSiteById', { id }));

// 打卡配置列表 GET /api/clockRecord/getClockConfigList
export const fetchClockConfigs = (q: ClockFilters<ClockConfigKey>) => dataOf(http.get<Paged<ClockConfig>>('/clockRecord/getClockConfigList', q));

// 新增 / 修改打卡配置 POST /api/clockRecord/saveClockConfigInfo
export const saveClockConfig = (body: ClockConfigBody) => dataOf(http.post<{ id: number }>('/clockRecord/saveClockConfigInfo', body));

// 删除打卡配置 POST /api/clockRecord/delClockConfigById
export const deleteClockConfig = (id: number) => dataOf(http.post('/clockRecord/delClockConfigById', { id }));

// 打卡记录 GET /api/clockRecord/getUserClockRecordList
export const fetchClockRecords = (q: ClockFilters<ClockRecordKey>) => dataOf(http.get<Paged<ClockRecord>>('/clockRecord/getUserClockRecordList', q));

// 打卡日统计（每人每天）GET /api/clockRecord/getClockStatisticsDayList
export const fetchClockDays = (q: ClockFilters<ClockDayKey>) => dataOf(http.get<Paged<ClockDay>>('/clockRecord/getClockStatisticsDayList', q));

// 维护预警 GET /api/clockRecord/getClockWarnList
export const fetchClockWarns = (q: ClockFilters<ClockWarnKey>) => dataOf(http.get<Paged<ClockWarn>>('/clockRecord/getClockWarnList', q));

// 处理维护预警（须填写处理说明）POST /api/clockRecord/handleClockWarn
export const handleClockWarns = (ids: number[], note: string) => dataOf(http.post<{ handled: number }>('/clockRecord/handleClockWarn', { ids, note }));

// 区域内的站点（打卡点关联站点、地图上的参照）GET /api/site/rail
export const fetchAreaSites = (areaId?: string) => api.get('/site/rail', { selfAreaId: areaId });
