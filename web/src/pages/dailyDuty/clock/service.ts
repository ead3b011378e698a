/** Calls of 日常值守 · 打卡 (/api/clock, /api/clockRecord). Filters go as the URL holds them. */
import { api } from '../../../app/request';
import type { Filters } from '../../../components/desk';
import type { ClockConfigBody, ClockConfigKey, ClockDayKey, ClockRecordKey, ClockSiteBody, ClockSiteKey, ClockWarnKey } from './types';

type Page = { currentPage: number; pageSize: number };

// 打卡点列表（地图取 pageSize 1000）GET /api/clock/getClockSiteList
export const fetchClockSites = (q: Filters<ClockSiteKey> & Page) => api.get('/clock/getClockSiteList', q);

// 新增 / 修改打卡点 POST /api/clock/saveClockSiteInfo
export const saveClockSite = (body: ClockSiteBody) => api.post('/clock/saveClockSiteInfo', body);

// 删除打卡点 POST /api/clock/delClockSiteById
export const deleteClockSite = (id: number) => api.post('/clock/delClockSiteById', { id });

// 打卡配置列表 GET /api/clockRecord/getClockConfigList
export const fetchClockConfigs = (q: Filters<ClockConfigKey> & Page) => api.get('/clockRecord/getClockConfigList', q);

// 新增 / 修改打卡配置 POST /api/clockRecord/saveClockConfigInfo
export const saveClockConfig = (body: ClockConfigBody) => api.post('/clockRecord/saveClockConfigInfo', body);

// 删除打卡配置 POST /api/clockRecord/delClockConfigById
export const deleteClockConfig = (id: number) => api.post('/clockRecord/delClockConfigById', { id });

// 打卡记录 GET /api/clockRecord/getUserClockRecordList
export const fetchClockRecords = (q: Filters<ClockRecordKey> & Page) => api.get('/clockRecord/getUserClockRecordList', q);

// 打卡日统计（每人每天）GET /api/clockRecord/getClockStatisticsDayList
export const fetchClockDays = (q: Filters<ClockDayKey> & Page) => api.get('/clockRecord/getClockStatisticsDayList', q);

// 维护预警 GET /api/clockRecord/getClockWarnList
export const fetchClockWarns = (q: Filters<ClockWarnKey> & Page) => api.get('/clockRecord/getClockWarnList', q);

// 处理维护预警（须填写处理说明）POST /api/clockRecord/handleClockWarn
export const handleClockWarns = (ids: number[], note: string) => api.post('/clockRecord/handleClockWarn', { ids, note });

// 区域内的站点（打卡点关联站点、地图上的参照）GET /api/site/rail
export const fetchAreaSites = (areaId?: string) => api.get('/site/rail', { selfAreaId: areaId });
