/** Calls of 米单车管理 (/api/miApp): the field app's violation reports. */
import { api } from '../../app/request';
import type { Body } from '../../api/types';
import type { ReportFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 违规举报列表 GET /api/miApp/report/list
export const fetchReports = (q: ReportFilters & Page) => api.get('/miApp/report/list', q);

// 处理或驳回违规举报（须填写说明）POST /api/miApp/report/handle
export const handleReport = (body: Body<'/api/miApp/report/handle'>) => api.post('/miApp/report/handle', body);

// 违规举报转工单（派给被举报企业，举报随之处理）POST /api/workOrder/add
export const orderFromReport = (body: Body<'/api/workOrder/add'>) => api.post('/workOrder/add', body);
