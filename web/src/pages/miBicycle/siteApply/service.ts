/** Calls of 米单车管理 · 站点申请 (/api/miApp/siteApply, exportRejectList). */
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { ApplyFilters, ApproveBody } from './types';

type Page = { currentPage: number; pageSize: number };

// 站点申请列表 GET /api/miApp/siteApply/list
export const fetchApplies = (q: ApplyFilters & Page) => api.get('/miApp/siteApply/list', q);

// 通过站点申请（按申请新建站点）POST /api/miApp/siteApply/approve
export const approveApply = (body: ApproveBody) => api.post('/miApp/siteApply/approve', body);

// 驳回站点申请（须填写理由）POST /api/miApp/siteApply/reject
export const rejectApply = (id: number, reason: string) => api.post('/miApp/siteApply/reject', { id, reason });

// 导出驳回记录（筛选同列表）POST /api/miApp/exportRejectList
export const exportRejects = ({ state: _state, ...f }: ApplyFilters) => download('POST', '/miApp/exportRejectList', { params: f }, '站点申请驳回记录.xlsx');
