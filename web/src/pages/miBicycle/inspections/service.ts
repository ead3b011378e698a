/** Calls of 米单车管理 · 巡检 (/api/miApp): the patrol records, their statistics and the exports. */
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { InspectionFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 巡检记录列表 GET /api/miApp/getMiInspectionRecordsList
export const fetchInspections = (q: InspectionFilters & Page) => api.get('/miApp/getMiInspectionRecordsList', q);

// 巡检统计（按巡检员和日期）GET /api/miApp/getSumMiInspectionRecordsData
export const fetchInspectionDays = (q: InspectionFilters & Page) => api.get('/miApp/getSumMiInspectionRecordsData', q);

// 导出巡检记录 GET /api/miApp/exportInspectionLogStatistics
export const exportInspections = (f: InspectionFilters) => download('GET', '/miApp/exportInspectionLogStatistics', { params: f }, '巡检记录.xlsx');

// 导出巡检清单 POST /api/miApp/exportCheckList
export const exportCheckList = (f: InspectionFilters) => download('POST', '/miApp/exportCheckList', { body: f }, '巡检清单.xlsx');

// 导出巡检统计 GET /api/miApp/exportInspectionStatistics
export const exportInspectionDays = (f: InspectionFilters) => download('GET', '/miApp/exportInspectionStatistics', { params: f }, '巡检统计.xlsx');
