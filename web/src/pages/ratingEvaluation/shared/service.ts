/** Calls of 评级考核's results (/api/examine): the assessment, the ranking and one enterprise's detail. */
import { api } from '../../../app/request';

type Area = { selfAreaId?: string };

// 执行考核 POST /api/examine/trendsRule/assess
export const runAssessment = (period: string, selfAreaId?: string) => api.post('/examine/trendsRule/assess', { period, selfAreaId });

// 企业考核排名 GET /api/examine/brand/sort
export const fetchRanking = (q: Area & { period: string }) => api.get('/examine/brand/sort', q);

// 企业考核详情 GET /api/examine/brand/detail
export const fetchDetail = (q: Area & { period: string; brandId: number }) => api.get('/examine/brand/detail', q);
