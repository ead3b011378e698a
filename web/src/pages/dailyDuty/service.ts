/** Calls of 日常值守 · 工单 (/api/workOrder). Filters go as the URL holds them. */
import { api } from '../../app/request';
import type { NewWorkOrder, WorkOrderFilters } from './types';

type Page = { currentPage: number; pageSize: number };

// 工单列表（本区域及下级；企业账号只看本企业）GET /api/workOrder/list
export const fetchOrders = (q: WorkOrderFilters & Page) => api.get('/workOrder/list', q);

// 工单地图：与列表相同的筛选，不分页（有位置的最多 5000 个）GET /api/workOrder/points
export const fetchOrderPoints = (q: WorkOrderFilters) => api.get('/workOrder/points', q);

// 工单详情：时间线、告警、证据、企业反馈 GET /api/workOrder/detail
export const fetchOrder = (id: number, selfAreaId?: string) => api.get('/workOrder/detail', { id, selfAreaId });

// 新建工单 POST /api/workOrder/add
export const addOrder = (body: NewWorkOrder) => api.post('/workOrder/add', body);

// 办结（企业未反馈时须填写说明）POST /api/workOrder/finish
export const finishOrder = (id: number, note?: string) => api.post('/workOrder/finish', { id, note });

// 退回（须填写原因）POST /api/workOrder/return
export const returnOrder = (id: number, reason: string) => api.post('/workOrder/return', { id, reason });

// 各企业的工单响应统计（按工单创建时间的统计期，缺省本月）GET /api/workOrder/measures
export const fetchMeasures = (q: { selfAreaId?: string; startTime?: string; endTime?: string }) => api.get('/workOrder/measures', q);
