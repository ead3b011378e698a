/** Calls of 总量设置 and 区域核准数量 (spec §7 Limits and totals, under /api/indexPage). */
import type { Data, Item } from '../../api/types';
import { api } from '../../app/request';
import { clean } from './service';

export type AreaTotalRow = Item<Data<'/api/indexPage/getAreaTotalList'>['lists']>;
export type AreaBrandRow = Item<Data<'/api/indexPage/getAreaBrandList'>['lists']>;
type Page = { currentPage: number; pageSize: number };

// 总量设置列表：本区域及其直属下级区域 GET /api/indexPage/getAreaTotalList
export const fetchAreaTotals = (q: { selfAreaId?: string } & Page) => api.get('/indexPage/getAreaTotalList', clean(q));

// 区域总量（上限与合计）GET /api/indexPage/getAreaTotalNumber
export const fetchAreaTotal = (selfAreaId?: string) => api.get('/indexPage/getAreaTotalNumber', clean({ selfAreaId }));

// 区域企业列表：各企业核准、备案、在线、站内车辆数 GET /api/indexPage/getAreaBrandList
export const fetchAreaBrands = (q: { selfAreaId?: string } & Page) => api.get('/indexPage/getAreaBrandList', clean({ selfAreaId: q.selfAreaId }));

// 设置区域总量上限 POST /api/indexPage/setAreaTotalNumber
export const saveAreaCap = (areaId: string, bikeNum: number, ebikeNum: number) =>
  api.post('/indexPage/setAreaTotalNumber', { selfAreaId: areaId, areaId, bikeNum, ebikeNum });

// 设置企业在某区域的核准数量 POST /api/indexPage/setAreaBikeNumber
export const saveBrandQuota = (areaId: string, brandId: number, bikeNum: number, ebikeNum: number) =>
  api.post('/indexPage/setAreaBikeNumber', { selfAreaId: areaId, areaId, brandId, bikeNum, ebikeNum });
