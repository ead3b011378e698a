/** Calls of 骑行订单 (spec §7 Company: getBikeRideOrderList, Detail, Track and the export). */
import type { Data, Item } from '../../../api/types';
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { Filters } from '../../../components/desk';
import { clean } from '../service';

export type OrderKey = 'brandId' | 'bikeId' | 'startTime' | 'endTime' | 'returnType' | 'minMinutes' | 'maxMinutes' | 'selfAreaId';
export type OrderFilters = Filters<OrderKey>;
export type RideOrderRow = Item<Data<'/api/company/getBikeRideOrderList'>['lists']>;
export type TrackPoint = Item<Data<'/api/company/getBikeRideOrderTrack'>>;
type Page = { currentPage: number; pageSize: number };

// 骑行订单列表 GET /api/company/getBikeRideOrderList
export const fetchOrders = (q: OrderFilters & Page) => api.get('/company/getBikeRideOrderList', clean(q));

// 骑行订单轨迹（借车点、骑行中上报的位置、还车点）GET /api/company/getBikeRideOrderTrack
export const fetchTrack = (o: { brandId: number; orderId: string }, selfAreaId?: string) =>
  api.get('/company/getBikeRideOrderTrack', clean({ brandId: String(o.brandId), orderId: o.orderId, selfAreaId }));

// 导出（筛选同列表，全部页）POST /api/company/exportBikeRideOrderList
export const exportOrders = (f: OrderFilters) => download('POST', '/company/exportBikeRideOrderList', { body: clean(f) }, '骑行订单.xlsx');
