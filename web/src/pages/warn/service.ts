/** Calls of the abnormal list (/api/abnormal, spec §7). Filters go as the URL holds them. */
import { download } from '../../app/download';
import { api } from '../../app/request';
import type { WarnFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 异常信息列表（分页；缺省最近三天）GET /api/abnormal/getMsg
export const fetchMsgs = (q: WarnFilters & Page) => api.get('/abnormal/getMsg', q);

// 各类型异常数：进行中未处理、最近三天 GET /api/abnormal/getMsgCounts
export const fetchCounts = (selfAreaId?: string) => api.get('/abnormal/getMsgCounts', { selfAreaId });

// 标记异常已处理 PUT /api/abnormal/updateMsg
export const handleMsgs = (ids: number[]) => api.put('/abnormal/updateMsg', { ids });

// 导出异常信息（筛选同列表，全部页）GET /api/abnormal/exportMsg
export const exportMsgs = (f: WarnFilters) => download('GET', '/abnormal/exportMsg', { params: f }, '异常信息.xlsx');
