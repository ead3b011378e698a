/** Calls of 评级考核 · 考核设置 (/api/examine): the area's scheme (selfAreaId: the area chosen). */
import { api } from '../../../app/request';
import type { CategoryBody, ConfBody, FixedRuleBody, TrendRuleBody } from './types';

type Area = { selfAreaId?: string };

// 考核方案：配置、类别及其规则、可用指标 GET /api/examine/allRule/info
export const fetchScheme = (q: Area) => api.get('/examine/allRule/info', q);

// 保存考核配置 POST /api/examine/fixedRule/conf
export const saveConf = (body: ConfBody) => api.post('/examine/fixedRule/conf', body);

// 考核类别 GET /api/examine/category/list；保存 POST upsert；删除 DELETE del/{id}
export const fetchCategories = (q: Area) => api.get('/examine/category/list', q);
export const saveCategory = (body: CategoryBody) => api.post('/examine/category/upsert', body);
export const deleteCategory = (id: number) => api.del('/examine/category/del/{id}', undefined, { path: { id } });

// 固定考核项 GET /api/examine/fixedRule/info；保存 POST upsert
export const fetchFixedRules = (q: Area) => api.get('/examine/fixedRule/info', q).then((d) => d.rules);
export const saveFixedRule = (body: FixedRuleBody) => api.post('/examine/fixedRule/upsert', body);

// 趋势考核规则 GET /api/examine/trendsRule/list；保存 POST upsert；启用停用 POST enable
export const fetchTrendRules = (q: Area) => api.get('/examine/trendsRule/list', q);
export const saveTrendRule = (body: TrendRuleBody) => api.post('/examine/trendsRule/upsert', body);
export const enableTrendRule = (id: number, enabled: boolean) => api.post('/examine/trendsRule/enable', { id, enabled });
