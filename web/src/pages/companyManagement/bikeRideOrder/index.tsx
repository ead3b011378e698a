/**
 * 骑行订单 (企业管理): the rides of the area's enterprises, filtered by enterprise, bike, rent date,
 * return in or out of site and duration; 详情 shows the order and its track on the map (rent point,
 * the positions the bike reported while ridden, return point); 导出 streams the filtered list (110).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo } from 'react';
import { CrudTab, type Field, columnItems, defineCrud } from '../../../components/desk';
import type { PathPoint } from '../../../components/deskMap/types';
import { useEnterpriseFilter } from '../enterpriseFilter';
import { type OrderKey, type RideOrderRow, type TrackPoint, exportOrders, fetchOrders, fetchTrack } from './service';
import './rideOrder.css';

const DeskMap = lazy(() => import('../../../components/deskMap/DeskMap'));

const RETURN_TYPES = [
  { value: 'in', label: '站内还车' },
  { value: 'out', label: '站外还车' },
  { value: 'open', label: '未还车' },
];

/** 站内还车 / 站外还车 / 未还车 as a tag. */
function ReturnTag({ o }: { o: RideOrderRow }) {
  if (o.returnTime === null) return <Tag color="processing">未还车</Tag>;
  return o.outSiteReturn ? <Tag color="warning">站外还车</Tag> : <Tag color="success">站内还车</Tag>;
}

const site = (name: string | null, id: string | null) => name ?? id ?? '站外';

/** An order's fields, the one web copy: the list's columns, and the detail's items with what the list leaves out. */
const ORDER_COLUMNS: ColumnsType<RideOrderRow> = [
  { title: '订单编号', dataIndex: 'orderId', width: 200, ellipsis: true },
  { title: '企业', dataIndex: 'brandName', width: 110, ellipsis: true, render: (v: string) => v || '—' },
  { title: '车辆编号', dataIndex: 'bikeId', width: 140 },
  { title: '借车时间', dataIndex: 'rentTime', width: 170, render: (v: string | null) => v ?? '—' },
  { title: '借车站点', key: 'rentSite', width: 160, ellipsis: true, render: (_, o) => site(o.rentSiteName, o.rentSiteId) },
  { title: '还车时间', dataIndex: 'returnTime', width: 170, render: (v: string | null) => v ?? '—' },
  { title: '还车站点', key: 'returnSite', width: 160, ellipsis: true, render: (_, o) => (o.returnTime ? site(o.returnSiteName, o.returnSiteId) : '—') },
  { title: '还车方式', key: 'returnType', width: 100, render: (_, o) => <ReturnTag o={o} /> },
  { title: '时长（分钟）', dataIndex: 'durationMinutes', width: 110, align: 'right', render: (v: number | null) => v ?? '—' },
  { title: '费用（元）', dataIndex: 'feeYuan', width: 100, align: 'right', render: (v: string | null) => v ?? '—' },
];

const detailItems = (o: RideOrderRow) => [
  ...columnItems(ORDER_COLUMNS, o),
  { key: 'bikeType', label: '车辆类型', children: o.bikeType === 1 ? '电动车' : '自行车' },
  { key: 'fullReturn', label: '满桩还车', children: o.fullReturn ? <Tag color="error">满桩还车</Tag> : '否' },
  { key: 'area', label: '区域', children: o.areaName },
];

const KIND_TEXT: Record<TrackPoint['kind'], string> = { rent: '借车', track: '骑行中', return: '还车' };

/** The track as the map's path: 借 and 还 as labelled markers, the reported positions as dots. */
function pathOf(points: readonly TrackPoint[]): PathPoint[] {
  return points.map((p) => ({
    lon: p.lon,
    lat: p.lat,
    title: `${KIND_TEXT[p.kind]} ${p.time}`,
    ...(p.kind === 'rent' ? { label: '借', color: '#52c41a' } : p.kind === 'return' ? { label: '还', color: '#f5222d' } : {}),
  }));
}

function Track({ order, selfAreaId }: { order: RideOrderRow; selfAreaId?: string }) {
  const track = useQuery({
    queryKey: ['company', 'rideTrack', order.brandId, order.orderId, selfAreaId],
    queryFn: () => fetchTrack(order, selfAreaId),
  });
  const path = useMemo(() => pathOf(track.data ?? []), [track.data]);
  if (track.isLoading) return <Spin tip="正在加载轨迹…" />;
  if (track.isError) return <Alert type="error" showIcon message="轨迹加载失败，请关闭后重新打开详情重试" />;
  if (!path.length) return <Alert type="info" showIcon message="该订单没有可显示的位置（借车与还车均未上报经纬度）" />;
  const moving = track.data!.filter((p) => p.kind === 'track').length;
  return (
    <>
      <p className="ride-track-note" aria-label="轨迹说明">
        {moving > 0
          ? `借车点、骑行中上报的 ${moving} 个位置、${order.returnTime ? '还车点' : '尚未还车'}，按时间连线。`
          : `骑行中没有保留的位置（车辆骑行中未上报，或订单早于轨迹保留期），只标出借车点${order.returnTime ? '与还车点' : '，尚未还车'}。`}
      </p>
      <Suspense fallback={<Spin tip="正在加载地图…" />}>
        <DeskMap center={path[0]} path={path} fit={path} height={360} />
      </Suspense>
    </>
  );
}

function Detail({ order, selfAreaId, onClose }: { order: RideOrderRow | null; selfAreaId?: string; onClose: () => void }) {
  return (
    <Drawer open={!!order} onClose={onClose} size={760} title={order ? `骑行订单 ${order.orderId}` : '骑行订单'} destroyOnHidden>
      {order && (
        <>
          <Descriptions column={2} size="small" bordered items={detailItems(order)} />
          <h4 className="ride-track-title">骑行轨迹</h4>
          <Track order={order} selfAreaId={selfAreaId} />
        </>
      )}
    </Drawer>
  );
}

const orderSpec = (brand: Field<'brandId'>) =>
  defineCrud<RideOrderRow, OrderKey>({
    key: 'rideOrders',
    rowKey: (o) => `${o.brandId}-${o.orderId}`,
    list: fetchOrders,
    areaFilter: true,
    filters: [
      brand,
      { name: 'bikeId', label: '车辆编号', type: 'input', placeholder: '车辆编号（前缀）' },
      { name: 'startTime', names: ['startTime', 'endTime'], label: '借车日期', type: 'dateRange' },
      { name: 'returnType', label: '还车方式', type: 'select', options: RETURN_TYPES },
      { name: 'minMinutes', label: '最短时长', type: 'number', placeholder: '分钟，含' },
      { name: 'maxMinutes', label: '最长时长', type: 'number', placeholder: '分钟，含' },
    ],
    columns: ORDER_COLUMNS,
    actionsWidth: 90,
    actions: (o, kit) => [{ label: '详情', onClick: () => kit.show(o) }],
    detail: (o, close, kit) => <Detail order={o} selfAreaId={kit.filters.selfAreaId} onClose={close} />,
    exportCall: exportOrders,
    permissions: { export: 'company.export' },
  });

export default function BikeRideOrder() {
  const { filter } = useEnterpriseFilter();
  const spec = useMemo(() => orderSpec(filter), [filter]);
  return <CrudTab spec={spec} />;
}
