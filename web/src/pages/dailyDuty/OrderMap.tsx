/**
 * 工单 on a map (#/dailyDuty/workOrder?view=map, issue 27 point 4): the orders of the list's filters
 * (no state chosen: the open ones) as points at their place, coloured by state, with a legend and the
 * counts (those without a place, the cap); a hover names the order(s), a click opens the detail
 * drawer (several orders at one place: a choice first). The points come from one unpaged read
 * (GET /api/workOrder/points) under the list's query key, so a write refreshes them with the list;
 * the map (Leaflet) loads lazily, only in this view.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Spin, Table, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { CrudKit } from '../../components/desk';
import type { LonLat, MapCircle } from '../../components/deskMap/types';
import { STATE_ORDER, StateTag, useStateHex } from './orderStates';
import { fetchOrderPoints } from './service';
import type { OrderPoint, OrderPoints, ShownOrder, WorkOrder, WorkOrderFilters } from './types';

const DeskMap = lazy(() => import('../../components/deskMap/DeskMap'));

/** The map's height: the list stays in view below it on a 1080-pixel screen. */
const HEIGHT = 440;
/** Orders named in a place's tooltip; the rest are counted. */
const TIP_ORDERS = 5;

/** Orders at one place (their places equal to about 0.1 m). */
export interface OrderPlace {
  key: string;
  lon: number;
  lat: number;
  orders: OrderPoint[];
  /** the most urgent state among them (STATE_ORDER) */
  stateName: string;
}

const rank = (name: string) => {
  const i = (STATE_ORDER as readonly string[]).indexOf(name);
  return i < 0 ? STATE_ORDER.length : i;
};

/** The points grouped by place, each place with its most urgent state; in the order the points came (newest first). */
export function placesOf(points: readonly OrderPoint[]): OrderPlace[] {
  const byKey = new Map<string, OrderPlace>();
  for (const p of points) {
    const key = `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;
    const place = byKey.get(key);
    if (!place) byKey.set(key, { key, lon: p.lon, lat: p.lat, orders: [p], stateName: p.stateName });
    else {
      place.orders.push(p);
      if (rank(p.stateName) < rank(place.stateName)) place.stateName = p.stateName;
    }
  }
  return [...byKey.values()];
}

/** What a hover shows: each order's title, enterprise and deadline (at most TIP_ORDERS, the rest counted). */
export function tipOf(place: OrderPlace): string {
  const lines = place.orders
    .slice(0, TIP_ORDERS)
    .map((o) => `${o.title}（${o.stateName}）\n${o.brandName || '—'} · 期限 ${o.deadlineTime}${o.siteName ? ` · ${o.siteName}` : ''}`);
  const more = place.orders.length - TIP_ORDERS;
  return [
    ...lines,
    ...(more > 0 ? [`…… 另有 ${more} 条`] : []),
    place.orders.length > 1 ? `此处 ${place.orders.length} 条工单，点击选择` : '点击查看详情',
  ].join('\n');
}

/** The box around the places, as two corners the map fits its view to; null when there are none. */
function boxOf(places: readonly OrderPlace[]): LonLat[] | null {
  if (!places.length) return null;
  let [west, east, south, north] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of places) {
    west = Math.min(west, p.lon);
    east = Math.max(east, p.lon);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [
    { lon: west, lat: south },
    { lon: east, lat: north },
  ];
}

/** The filters the map asks with: the list's; no state chosen, the open ones. */
function mapFilters(filters: WorkOrderFilters): WorkOrderFilters {
  return filters.state ? filters : { ...filters, state: 'open' };
}

function Legend({ points, hex }: { points: readonly OrderPoint[]; hex: (name: string) => string }) {
  const counts = new Map<string, number>();
  for (const p of points) counts.set(p.stateName, (counts.get(p.stateName) ?? 0) + 1);
  return (
    <span className="duty-map-legend" aria-label="图例">
      {STATE_ORDER.filter((s) => counts.has(s)).map((s) => (
        <span key={s} className="duty-map-legend-item">
          <i style={{ background: hex(s) }} />
          {s} {counts.get(s)}
        </span>
      ))}
    </span>
  );
}

/** The figures under the caption: how many match, those not drawn and why. */
function countText(d: OrderPoints): string {
  const parts = [`共 ${d.total} 条`];
  if (d.truncated) parts.push(`只画出最新的 ${d.points.length} 条`);
  if (d.unplaced) parts.push(`${d.unplaced} 条无位置未画出`);
  return parts.join('，');
}

interface Props {
  kit: CrudKit<WorkOrder>;
  /** the state filter's label of a chosen state (the caption names it) */
  stateLabel: (state: string) => string;
  /** the order's detail drawer, as the list opens it */
  detail: (order: ShownOrder | null, close: () => void) => ReactNode;
}

export default function OrderMap({ kit, stateLabel, detail }: Props) {
  const filters = useMemo(() => mapFilters(kit.filters as WorkOrderFilters), [kit.filters]);
  const chosen = kit.filters.state;
  // under the list's key ('desk', 'workOrders'): 刷新 and a write (办结, 退回, 新建) load the points again
  const q = useQuery({ queryKey: ['desk', 'workOrders', 'points', filters], queryFn: () => fetchOrderPoints(filters) });
  const hex = useStateHex();
  const points = useMemo(() => q.data?.points ?? [], [q.data]);
  const places = useMemo(() => placesOf(points), [points]);
  const circles = useMemo<MapCircle[]>(
    () =>
      // the oldest drawn first: the newest lie on top where places crowd
      [...places].reverse().map((p) => ({
        id: p.key,
        lon: p.lon,
        lat: p.lat,
        radius: p.orders.length > 1 ? Math.min(14, 7 + 2 * Math.log2(p.orders.length)) : 7,
        color: hex(p.stateName),
        label: tipOf(p),
      })),
    [places, hex],
  );
  // the view moves when the box does, not at every refetch of the same points
  const boxKey = useMemo(() => (boxOf(places) ?? []).map((c) => `${c.lon},${c.lat}`).join(';'), [places]);
  const fit = useMemo(
    () =>
      boxKey
        ? boxKey.split(';').map((c): LonLat => {
            const [lon, lat] = c.split(',').map(Number);
            return { lon, lat };
          })
        : null,
    [boxKey],
  );
  const [shown, setShown] = useState<ShownOrder | null>(null);
  const [choosing, setChoosing] = useState<OrderPlace | null>(null);
  const onCircle = (key: string) => {
    const place = places.find((p) => p.key === key);
    if (!place) return;
    if (place.orders.length === 1) setShown(place.orders[0]);
    else setChoosing(place);
  };

  const caption = chosen
    ? `地图显示状态为“${stateLabel(chosen)}”的工单（与列表的筛选条件相同）`
    : '地图显示未办结的工单（未选择状态时；列表显示全部状态，选择状态后地图与列表一致）';
  const d = q.data;
  const emptyText =
    d && d.total > 0 ? `符合条件的 ${d.total} 条工单都没有位置，无法在地图上显示` : chosen ? '当前筛选条件下没有工单' : '当前筛选条件下没有未办结的工单';
  return (
    <div className="duty-map" data-testid="order-map">
      <div className="duty-map-head">
        <Typography.Text type="secondary">{caption}</Typography.Text>
        {d && (
          <span className="duty-map-figures">
            <Legend points={points} hex={hex} />
            <Typography.Text data-testid="order-map-count">{countText(d)}</Typography.Text>
          </span>
        )}
      </div>
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          message="工单地图加载失败"
          description={q.error instanceof Error ? q.error.message : undefined}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <div className="duty-map-body" style={{ height: HEIGHT }}>
          <Suspense fallback={<Spin className="duty-map-loading" description="正在加载地图…" />}>
            <DeskMap
              // no points: a fresh map starts on the area's outline
              key={places.length ? 'points' : `area-${kit.filters.selfAreaId ?? ''}`}
              areaId={kit.filters.selfAreaId}
              height={HEIGHT}
              circles={circles}
              onCircle={onCircle}
              fit={fit}
            />
          </Suspense>
          {q.isPending && (
            <div className="duty-map-overlay">
              <Spin description="正在加载工单位置…">
                <div className="duty-map-spin" />
              </Spin>
            </div>
          )}
          {d && !places.length && (
            <div className="duty-map-overlay" data-testid="order-map-empty">
              <Empty description={emptyText} />
            </div>
          )}
        </div>
      )}
      <Modal
        open={!!choosing}
        title={choosing ? `此处 ${choosing.orders.length} 条工单` : ''}
        footer={null}
        onCancel={() => setChoosing(null)}
        destroyOnHidden
        width={720}
      >
        <Table<OrderPoint>
          size="small"
          rowKey="id"
          dataSource={choosing?.orders ?? []}
          pagination={(choosing?.orders.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
          columns={[
            {
              title: '编号',
              dataIndex: 'id',
              width: 80,
              render: (id: number, o) => (
                <Button
                  type="link"
                  size="small"
                  className="duty-id"
                  aria-label={`查看工单 ${id}`}
                  onClick={() => {
                    setChoosing(null);
                    setShown(o);
                  }}
                >
                  {id}
                </Button>
              ),
            },
            { title: '状态', dataIndex: 'stateName', width: 90, render: (name: string) => <StateTag name={name} /> },
            { title: '标题', dataIndex: 'title', ellipsis: true },
            { title: '企业', dataIndex: 'brandName', width: 90 },
            { title: '期限', dataIndex: 'deadlineTime', width: 160 },
          ]}
        />
      </Modal>
      {detail(shown, () => setShown(null))}
    </div>
  );
}
