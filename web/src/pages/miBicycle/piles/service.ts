/** Calls of 米单车管理 · 设备 (/api/miApp): pile installs, piles online and silent, and their exports. */
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { InstallFilters, PileFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 设备安装记录 GET /api/miApp/getInstallList
export const fetchInstalls = (q: InstallFilters & Page) => api.get('/miApp/getInstallList', q);

// 在线设备（一小时内有上报）GET /api/miApp/getLineList
export const fetchLinePiles = (q: PileFilters & Page) => api.get('/miApp/getLineList', q);

// 离线设备（一小时及以上未上报）GET /api/miApp/getNoLineList
export const fetchSilentPiles = (q: PileFilters & Page) => api.get('/miApp/getNoLineList', q);

// 导出设备安装记录 POST /api/miApp/exportInstallList
export const exportInstalls = (f: InstallFilters) => download('POST', '/miApp/exportInstallList', { body: f }, '设备安装记录.xlsx');

// 导出在线设备 POST /api/miApp/exportLineList
export const exportLinePiles = (f: PileFilters) => download('POST', '/miApp/exportLineList', { body: f }, '在线设备.xlsx');

// 导出离线设备 POST /api/miApp/exportNoLineList
export const exportSilentPiles = (f: PileFilters) => download('POST', '/miApp/exportNoLineList', { body: f }, '离线设备.xlsx');
