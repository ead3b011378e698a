/** Types of 日常值守 · 工单, taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One order of the list (GET /api/workOrder/list). */
export type WorkOrder = Item<Data<'/api/workOrder/list'>['lists']>;
/** An order's detail: timeline, alerts, evidence, the enterprise's answer (GET /api/workOrder/detail). */
export type WorkOrderDetail = Data<'/api/workOrder/detail'>;
export type OrderEvent = WorkOrderDetail['timeline'][number];
/** The map's orders: those of the list's filters with a place, unpaged (GET /api/workOrder/points). */
export type OrderPoints = Data<'/api/workOrder/points'>;
export type OrderPoint = OrderPoints['points'][number];
/** What the detail drawer needs of an order before its detail comes: a list row or a point of the map. */
export type ShownOrder = Pick<WorkOrder, 'id' | 'typeName' | 'state'>;
/** The list's filter names: the list call's query parameters (paging aside). */
export type WorkOrderKey = Exclude<keyof Query<'/api/workOrder/list'> & string, 'currentPage' | 'pageSize'>;
export type WorkOrderFilters = Filters<WorkOrderKey>;
export type NewWorkOrder = Body<'/api/workOrder/add'>;
/** A brand of the area (the enterprise filter's and the form's options). */
/** One enterprise's answers to its orders over a period (GET /api/workOrder/measures). */
export type OrderMeasure = Item<Data<'/api/workOrder/measures'>['lists']>;
