/**
 * Calls of 米单车管理 · 桩测未上传车辆 (/api/miApp): the enterprise rules that turn a BLE name (kind 1,
 * …Rule) or a MAC (kind 2, …MacRule) into a bike id, their preview, the match and its list.
 */
import { api } from '../../../app/request';
import type { BikeFilters, KindText, RuleFilters, RuleInput } from './types';

type Page = { currentPage: number; pageSize: number };
const isName = (kind: string | undefined) => kind === '1';

// 匹配规则列表 GET /api/miApp/brandBikeNotUploadMacRule（蓝牙名称：brandBikeNotUploadRule）
export const fetchRules = ({ kind, ...q }: RuleFilters & Page) =>
  isName(kind) ? api.get('/miApp/brandBikeNotUploadRule', q) : api.get('/miApp/brandBikeNotUploadMacRule', q);

// 新增规则 POST /api/miApp/brandBikeNotUploadMacRule
export const createRule = (kind: KindText, body: RuleInput) =>
  isName(kind) ? api.post('/miApp/brandBikeNotUploadRule', body) : api.post('/miApp/brandBikeNotUploadMacRule', body);

// 修改规则 PUT /api/miApp/brandBikeNotUploadMacRule/{id}
export const updateRule = (kind: KindText, id: number, body: RuleInput) =>
  isName(kind)
    ? api.put('/miApp/brandBikeNotUploadRule/{id}', body, { path: { id } })
    : api.put('/miApp/brandBikeNotUploadMacRule/{id}', body, { path: { id } });

// 删除规则 DELETE /api/miApp/brandBikeNotUploadMacRule/{id}
export const deleteRule = (kind: KindText, id: number) =>
  isName(kind)
    ? api.del('/miApp/brandBikeNotUploadRule/{id}', undefined, { path: { id } })
    : api.del('/miApp/brandBikeNotUploadMacRule/{id}', undefined, { path: { id } });

// 预览：规则在近 24 小时桩听到的设备中能匹配到的车（不保存）POST /api/miApp/brandBikeNotUploadMacRule/preview
export const previewRule = (kind: KindText, body: RuleInput) =>
  isName(kind) ? api.post('/miApp/brandBikeNotUploadRule/preview', body) : api.post('/miApp/brandBikeNotUploadMacRule/preview', body);

// 桩测未上传车辆（含按企业合计）GET /api/miApp/bikeNotUploadMac（蓝牙名称：bikeNotUpload）
export const fetchNotUploaded = ({ kind, ...q }: BikeFilters & Page) =>
  isName(kind) ? api.get('/miApp/bikeNotUpload', q) : api.get('/miApp/bikeNotUploadMac', q);

// 立即匹配 PUT /api/miApp/bikeNotUploadMacMatch
export const runMatch = (kind: KindText, selfAreaId?: string) =>
  isName(kind)
    ? api.put('/miApp/bikeNotUploadMatch', undefined, { params: { selfAreaId } })
    : api.put('/miApp/bikeNotUploadMacMatch', undefined, { params: { selfAreaId } });

// 清空 DELETE /api/miApp/bikeNotUploadMac
export const clearNotUploaded = (kind: KindText, q: { selfAreaId?: string; brandId?: string }) =>
  isName(kind) ? api.del('/miApp/bikeNotUpload', undefined, { params: q }) : api.del('/miApp/bikeNotUploadMac', undefined, { params: q });
