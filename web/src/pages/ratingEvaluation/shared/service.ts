/** Calls of 评级考核's results (/api/examine): the assessment, the ranking and one enterprise's detail. */
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { Body } from '../../../api/types';

type Area = { selfAreaId?: string };

// 执行考核 POST /api/examine/trendsRule/assess
export const runAssessment = (period: string, selfAreaId?: string) => api.post('/examine/trendsRule/assess', { period, selfAreaId });

// 企业考核排名 GET /api/examine/brand/sort
export const fetchRanking = (q: Area & { period: string }) => api.get('/examine/brand/sort', q);

// 企业考核详情 GET /api/examine/brand/detail
export const fetchDetail = (q: Area & { period: string; brandId: number }) => api.get('/examine/brand/detail', q);

// 人工评分 GET /api/examine/sortContent/list；保存 POST upsert；删除 DELETE del/{id}
export const fetchScores = (q: Area & { period: string; brandId?: number }) => api.get('/examine/sortContent/list', q);
export const saveScore = (body: Body<'/api/examine/sortContent/upsert'>) => api.post('/examine/sortContent/upsert', body);
export const deleteScore = (id: number) => api.del('/examine/sortContent/del/{id}', undefined, { path: { id } });

// 考核周期状态 GET /api/examine/period/info；关闭 POST close；重新开放（须填写原因）POST reopen
export const fetchPeriod = (q: Area & { period: string }) => api.get('/examine/period/info', q);
export const closePeriod = (period: string, selfAreaId?: string) => api.post('/examine/period/close', { period, selfAreaId });
export const reopenPeriod = (period: string, reason: string, selfAreaId?: string) => api.post('/examine/period/reopen', { period, reason, selfAreaId });

// 固定考核项（人工评分的考核项）GET /api/examine/fixedRule/info
export const fetchFixedItems = (selfAreaId?: string) => api.get('/examine/fixedRule/info', { selfAreaId }).then((d) => d.rules.filter((r) => r.enabled));

// 导出企业考核 GET /api/examine/brand/out；导出考核明细 POST /api/examine/exportSysExamineList
export const exportRanking = (period: string, selfAreaId?: string) =>
  download('GET', '/examine/brand/out', { params: { period, selfAreaId } }, `企业考核_${period}.xlsx`);
export const exportOutcomes = (period: string, selfAreaId?: string) =>
  download('POST', '/examine/exportSysExamineList', { params: { period, selfAreaId } }, `考核明细_${period}.xlsx`);
