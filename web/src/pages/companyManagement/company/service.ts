/** Calls of 企业信息 (spec §7 Company: getEnterpriseList, getEnterpriseInfoById, createEnterprise, deleteEnterprise; maintainers). */
import type { Body, Data, Item } from '../../../api/types';
import { api } from '../../../app/request';
import type { Filters } from '../../../components/desk';
import { clean } from '../service';

export type EnterpriseKey = 'brandName' | 'selfAreaId';
export type EnterpriseRow = Item<Data<'/api/company/getEnterpriseList'>['lists']>;
export type EnterpriseDetail = Data<'/api/company/getEnterpriseInfoById'>;
export type EnterpriseInput = Body<'/api/company/createEnterprise'>;
export type MaintainerRow = Item<Data<'/api/company/getMaintainerList'>['lists']>;
export type MaintainerInput = Body<'/api/company/saveMaintainer'>;
type Page = { currentPage: number; pageSize: number };

// 企业列表 GET /api/company/getEnterpriseList
export const fetchEnterpriseList = (q: Filters<EnterpriseKey> & Page) => api.get('/company/getEnterpriseList', clean(q));

// 企业详情（含文件、核准数量）GET /api/company/getEnterpriseInfoById
export const fetchEnterpriseDetail = (brandId: number, selfAreaId?: string) => api.get('/company/getEnterpriseInfoById', clean({ brandId, selfAreaId }));

// 新增或修改企业（带 brandId 为修改）POST /api/company/createEnterprise
export const saveEnterprise = (body: EnterpriseInput, selfAreaId?: string) => api.post('/company/createEnterprise', body, { params: clean({ selfAreaId }) });

// 删除企业（有车辆时服务端拒绝并说明数量）DELETE /api/company/deleteEnterprise
export const deleteEnterprise = (brandId: number, selfAreaId?: string) =>
  api.del('/company/deleteEnterprise', undefined, { params: clean({ brandId, selfAreaId }) });

// 运维人员列表（手机号脱敏）GET /api/company/getMaintainerList
export const fetchMaintainers = (brandId: number, page: Page) => api.get('/company/getMaintainerList', { brandId, ...page });

// 新增或修改运维人员 POST /api/company/saveMaintainer
export const saveMaintainer = (body: MaintainerInput) => api.post('/company/saveMaintainer', body);

// 删除运维人员 DELETE /api/company/deleteMaintainer
export const deleteMaintainer = (brandId: number, id: number) => api.del('/company/deleteMaintainer', undefined, { params: { brandId, id } });
