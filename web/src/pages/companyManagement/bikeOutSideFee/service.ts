/** Calls of 站外还车扣费 (/api/bikeOutSiteFee, spec §7 Fees) and the enterprise options of its filter. */
import type { Data, Item } from '../../../api/types';
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { Filters } from '../../../components/desk';
import { clean } from '../service';

export type FeeKey = 'brandId' | 'startTime' | 'endTime' | 'selfAreaId';
export type FeeFilters = Filters<FeeKey>;
export type FeeDay = Item<Data<'/api/bikeOutSiteFee/getFeeList'>['lists']>;
export type FeeRider = Item<Data<'/api/bikeOutSiteFee/getFeeUserDetails'>['lists']>;
type Page = { currentPage: number; pageSize: number };

// 站外还车扣费列表（按企业、按天；附合计）GET /api/bikeOutSiteFee/getFeeList
export const fetchFees = (q: FeeFilters & Page) => api.get('/bikeOutSiteFee/getFeeList', clean(q));

// 扣费用户明细（某企业某天）GET /api/bikeOutSiteFee/getFeeUserDetails
export const fetchFeeRiders = (q: FeeFilters & Page) => api.get('/bikeOutSiteFee/getFeeUserDetails', clean(q));

// 导出（筛选同列表，全部页）POST /api/bikeOutSiteFee/exportBikeOutSideFeeList
export const exportFees = (f: FeeFilters) => download('POST', '/bikeOutSiteFee/exportBikeOutSideFeeList', { body: clean(f) }, '站外还车扣费.xlsx');
