/**
 * 日常值守 · 工单 (#/dailyDuty/workOrder, issue 27): the orders of the area as a desk list (filters in
 * the URL: state incl. 已超时 and 待处理, type, enterprise, creation time, site), 列表 / 地图 (view=map in
 * the URL: the map of the same filters above the list, OrderMap.tsx), a drawer with the order's
 * fields, evidence, the enterprise's answer (its photos through the session, enlarged on a click),
 * the alerts it covers and its timeline, and, with 处理工单 (122), 办结 / 退回（原因） and 新建工单.
 * An enterprise account sees its own orders only.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Segmented, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CrudForm,
  type CrudKit,
  CrudTab,
  type Field,
  defineCrud,
  optionsOf,
  serverRules,
  type AreaBrands,
  brandFilter,
  useAreaBrands,
} from '../../components/desk';
import { Photos } from '../../components/uploads';
import { DEADLINE_EXTRA, DISPATCH_FILTER, DISPATCH_FILTER_LABEL, ORDER_TYPES } from '../../lib/workOrders';
import OrderMap from './OrderMap';
import { StateTag } from './orderStates';
import { addOrder, fetchOrder, fetchOrders, finishOrder, returnOrder } from './service';
import type { OrderEvent, ShownOrder, WorkOrder, WorkOrderDetail, WorkOrderKey } from './types';
import './dailyDuty.css';

const STATE_FILTER: Record<string, string> = {
  pending: '待处理（已超时或已反馈）',
  1: '待接单',
  2: '处理中',
  3: '已反馈',
  4: '已办结',
  overdue: '已超时',
  open: '未办结',
};
const ACTOR_COLORS: Record<string, string> = { regulator: 'blue', operator: 'green', system: 'gray' };

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
const place = (o: Pick<WorkOrder, 'siteName' | 'siteId' | 'lon' | 'lat'>) =>
  o.siteId ? `${o.siteName ?? o.siteId}（${o.siteId}）` : o.lon !== null && o.lat !== null ? `${o.lon.toFixed(6)}, ${o.lat.toFixed(6)}` : '—';

/** 办结 / 退回 of an order: the note (办结: required when not answered) or the reason (退回: required). */
function DecideDialog({
  order,
  action,
  kit,
  onClose,
}: {
  order: Pick<WorkOrder, 'id' | 'state'>;
  action: 'finish' | 'return';
  kit: CrudKit<WorkOrder>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  const finishing = action === 'finish';
  const required = !finishing || order.state !== 3;
  const label = finishing ? '办结说明' : '退回原因';
  return (
    <Modal
      open
      title={`${finishing ? '办结' : '退回'}工单 ${order.id}`}
      okText={finishing ? '办结' : '退回'}
      okButtonProps={{ danger: !finishing, loading: busy }}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        // a missing note or reason: the field says so, nothing is sent
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { text } = values;
        setBusy(true);
        const done = await kit.run(
          () => (finishing ? finishOrder(order.id, text?.trim() || undefined) : returnOrder(order.id, text.trim())),
          finishing ? '工单已办结' : '工单已退回，等待企业重新处理',
        );
        setBusy(false);
        // on failure the dialog stays open with what was typed; the server's reason is shown
        if (done) onClose();
      }}
    >
      {finishing && order.state !== 3 && (
        <Alert type="warning" showIcon className="duty-decide-note" message="企业尚未反馈：直接办结须说明原因（如现场已恢复、无需处理）。" />
      )}
      {!finishing && <Alert type="info" showIcon className="duty-decide-note" message="退回后工单回到“处理中”，企业可再次反馈；退回次数计入考核。" />}
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={label}
          rules={[
            { required, whitespace: true, message: `请填写${label}` },
            ...(finishing ? serverRules('/api/workOrder/finish', 'note', label) : serverRules('/api/workOrder/return', 'reason', label)),
          ]}
        >
          <Input.TextArea rows={4} aria-label={label} placeholder={required ? `请填写${label}` : '可空'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface EvidenceFields {
  text?: string;
  by?: string;
  num?: number;
  capacity?: number;
  less?: number;
  more?: number;
  total?: number;
  firstAlertAt?: string;
  reportId?: number;
  reportText?: string;
  reporter?: string;
  reportAt?: string;
  photos?: string[];
}

/** The site's counts when a dispatch order was opened, the violation report it came from, and the regulator's text. */
function Evidence({ d }: { d: WorkOrderDetail }) {
  const e = d.evidence as EvidenceFields;
  const items = [
    e.text ? { key: 'text', label: '工单内容', children: e.text } : null,
    e.by ? { key: 'by', label: '新建人', children: e.by } : null,
    e.reportId !== undefined
      ? { key: 'report', label: '违规举报', children: `${e.reportId}：${e.reportText ?? ''}（${e.reporter ?? ''} ${e.reportAt ?? ''}）` }
      : null,
    e.photos?.length ? { key: 'photos', label: '举报照片', children: <Photos urls={e.photos} alt="举报照片" width={120} height={90} /> } : null,
    e.capacity !== undefined ? { key: 'num', label: '开单时站内车辆', children: `${e.num ?? 0} / 容量 ${e.capacity}` } : null,
    e.more !== undefined ? { key: 'range', label: '调度阈值', children: `${e.less ?? 0}% ~ ${e.more}%` } : null,
    e.total !== undefined ? { key: 'total', label: '站点共需调度', children: `${e.total} 辆（本企业 ${d.bikesToMove ?? 0} 辆）` } : null,
    e.firstAlertAt ? { key: 'first', label: '首条告警', children: e.firstAlertAt } : null,
  ].filter((x) => x !== null);
  if (!items.length) return <Typography.Text type="secondary">无</Typography.Text>;
  return <Descriptions column={1} size="small" bordered items={items} />;
}

function Answer({ a }: { a: OrderEvent | null }) {
  if (!a) return <Typography.Text type="secondary">企业尚未反馈</Typography.Text>;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'who', label: '反馈企业', children: `${a.who}（${a.time}）` },
        { key: 'note', label: '处理说明', children: dash(a.note) },
        ...(a.dispatchIds.length ? [{ key: 'd', label: '调度记录', children: a.dispatchIds.join('、') }] : []),
        ...(a.bikeIds.length ? [{ key: 'b', label: '处理车辆', children: a.bikeIds.join('、') }] : []),
        ...(a.photos.length
          ? [
              {
                key: 'p',
                label: '照片',
                children: <Photos urls={a.photos} alt="反馈照片" width={120} height={90} />,
              },
            ]
          : []),
      ]}
    />
  );
}

function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <Timeline
      className="duty-timeline"
      items={events.map((e, i) => ({
        key: i,
        color: e.action === 'overdue' || e.action === 'return' ? 'red' : (ACTOR_COLORS[e.actor] ?? 'gray'),
        children: (
          <div data-testid="timeline-step">
            <div>
              <strong>{e.actionName}</strong> <span className="duty-who">{e.who}</span> <Typography.Text type="secondary">{e.time}</Typography.Text>
            </div>
            {e.note && <div className="duty-note">{e.note}</div>}
            {(e.dispatchIds.length > 0 || e.bikeIds.length > 0) && (
              <Typography.Text type="secondary">
                {[e.dispatchIds.length ? `调度记录 ${e.dispatchIds.length} 条` : '', e.bikeIds.length ? `车辆 ${e.bikeIds.join('、')}` : '']
                  .filter(Boolean)
                  .join('；')}
              </Typography.Text>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** The order's drawer (from a row of the list or a point of the map): its fields, evidence, answer, alerts and timeline; 办结 / 退回 with 处理工单. */
function Detail({ order, kit, onClose }: { order: ShownOrder | null; kit: CrudKit<WorkOrder>; onClose: () => void }) {
  const selfAreaId = kit.filters.selfAreaId;
  // under the list's key: a write (kit.run) refreshes the detail with the list
  const q = useQuery({ queryKey: ['desk', 'workOrders', 'detail', order?.id, selfAreaId], queryFn: () => fetchOrder(order!.id, selfAreaId), enabled: !!order });
  const [deciding, setDeciding] = useState<'finish' | 'return' | null>(null);
  const d = q.data;
  const current = d ?? order;
  return (
    <Drawer
      open={!!order}
      onClose={onClose}
      size={820}
      title={order ? `工单 ${order.id} · ${order.typeName}` : '工单'}
      destroyOnHidden
      extra={
        current &&
        kit.canEdit && (
          <Space>
            <Button disabled={current.state !== 3} onClick={() => setDeciding('return')}>
              退回
            </Button>
            <Button type="primary" disabled={current.state === 4} onClick={() => setDeciding('finish')}>
              办结
            </Button>
          </Space>
        )
      }
    >
      {!d ? (
        <Spin description="正在加载工单…">
          <div className="duty-loading" />
        </Spin>
      ) : (
        <div className="duty-detail">
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              { key: 'state', label: '状态', children: <StateTag name={d.stateName} /> },
              { key: 'type', label: '类型', children: d.typeName },
              { key: 'brand', label: '企业', children: d.brandName },
              { key: 'area', label: '区域', children: d.areaName },
              { key: 'place', label: '站点/位置', children: place(d), span: 2 },
              { key: 'title', label: '标题', children: d.title, span: 2 },
              { key: 'created', label: '创建时间', children: `${d.createTime}（${d.openedBy === 'rule' ? '规则生成' : `${dash(d.creatorName)} 新建`}）` },
              { key: 'deadline', label: '期限', children: <span className={d.overdue ? 'duty-overdue' : ''}>{d.deadlineTime}</span> },
              { key: 'accept', label: '接单时间', children: dash(d.acceptTime) },
              { key: 'answer', label: '反馈时间', children: dash(d.answerTime) },
              { key: 'close', label: '办结时间', children: d.closeTime ? `${d.closeTime}${d.autoClosed ? '（自动办结）' : ''}` : '—' },
              { key: 'returns', label: '退回次数', children: d.returns },
              ...(d.bikesToMove !== null ? [{ key: 'move', label: d.type === 1 ? '应调走' : '应调入', children: `${d.bikesToMove} 辆` }] : []),
            ]}
          />
          <h4>证据</h4>
          <Evidence d={d} />
          <h4>企业反馈</h4>
          <Answer a={d.answer} />
          {d.alerts.length > 0 && (
            <>
              <h4>包含的告警（{d.alertCount} 条）</h4>
              <Table
                size="small"
                rowKey="id"
                pagination={d.alerts.length > 10 ? { pageSize: 10, size: 'small' } : false}
                dataSource={d.alerts}
                columns={[
                  { title: '告警 ID', dataIndex: 'id', width: 90 },
                  { title: '类型', dataIndex: 'typeName', width: 110 },
                  { title: '车辆', dataIndex: 'bikeId', width: 140, render: dash },
                  { title: '时间', dataIndex: 'createTime', width: 170 },
                  { title: '状态', dataIndex: 'ended', width: 90, render: (ended: boolean) => (ended ? <Tag>已结束</Tag> : <Tag color="red">进行中</Tag>) },
                ]}
              />
            </>
          )}
          <h4>处理经过</h4>
          {d.timeline.length ? <OrderTimeline events={d.timeline} /> : <Empty />}
        </div>
      )}
      {deciding && current && <DecideDialog order={current} action={deciding} kit={kit} onClose={() => setDeciding(null)} />}
    </Drawer>
  );
}

/** 列表 / 地图, kept in the URL (view=map): the map of the list's filters shows above the list. */
function ViewSwitch() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'map' ? 'map' : 'list';
  return (
    <div className="duty-view">
      <Segmented
        aria-label="显示方式"
        value={view}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (v === 'map') next.set('view', 'map');
            else next.delete('view');
            return next;
          })
        }
        options={[
          { value: 'list', label: '列表' },
          { value: 'map', label: '地图' },
        ]}
      />
    </div>
  );
}

/** The map of the list's filters, in the 地图 view only (its points are not read otherwise). */
function MapView({ kit }: { kit: CrudKit<WorkOrder> }) {
  const [params] = useSearchParams();
  if (params.get('view') !== 'map') return null;
  return (
    <OrderMap kit={kit} stateLabel={(state) => STATE_FILTER[state] ?? state} detail={(order, close) => <Detail order={order} kit={kit} onClose={close} />} />
  );
}

interface NewOrderValues {
  type?: string;
  brandId?: string;
  areaId?: string;
  siteId?: string;
  lon?: number | null;
  lat?: number | null;
  text: string;
  deadlineMinutes?: number | null;
}

const newOrderForm = (brands: AreaBrands): CrudForm<WorkOrder, NewOrderValues> => ({
  noun: '工单',
  addLabel: '新建工单',
  title: '新建工单',
  created: '工单已派发',
  rulesOf: '/api/workOrder/add',
  useFields: () =>
    [
      { name: 'type', label: '类型', type: 'select', required: true, options: optionsOf(ORDER_TYPES) },
      { name: 'brandId', label: '派给企业', type: 'select', required: true, options: brands.options },
      { name: 'areaId', label: '区域', type: 'area', extra: '填写站点时以站点所在区域为准' },
      { name: 'siteId', label: '站点编号', type: 'input', placeholder: '站点编号；不在站点时填写下方经纬度' },
      { name: 'lon', label: '经度', type: 'number' },
      { name: 'lat', label: '纬度', type: 'number' },
      { name: 'text', label: '工单内容', type: 'textarea', required: true, placeholder: '要求企业处理的内容' },
      {
        name: 'deadlineMinutes',
        label: '期限（分钟）',
        type: 'number',
        extra: DEADLINE_EXTRA,
      },
    ] satisfies Field<keyof NewOrderValues>[],
  initial: (_, areaId) => ({ areaId }),
  save: (v) => {
    const siteId = v.siteId?.trim() || undefined;
    if (!siteId && (v.lon === null || v.lon === undefined || v.lat === null || v.lat === undefined))
      return Promise.reject(new Error('请填写站点编号，或填写经度和纬度'));
    return addOrder({
      type: Number(v.type),
      brandId: Number(v.brandId),
      areaId: v.areaId,
      siteId,
      lon: siteId ? undefined : (v.lon ?? undefined),
      lat: siteId ? undefined : (v.lat ?? undefined),
      text: v.text.trim(),
      deadlineMinutes: v.deadlineMinutes ?? undefined,
    });
  },
  dialog: { width: 620 },
});

const workOrderSpec = (brands: AreaBrands) =>
  defineCrud<WorkOrder, WorkOrderKey, NewOrderValues>({
    key: 'workOrders',
    rowKey: 'id',
    list: fetchOrders,
    areaFilter: true,
    visibleFilters: 4,
    filters: [
      { name: 'state', label: '状态', type: 'select', options: optionsOf(STATE_FILTER) },
      { name: 'type', label: '类型', type: 'select', options: [{ value: DISPATCH_FILTER, label: DISPATCH_FILTER_LABEL }, ...optionsOf(ORDER_TYPES)] },
      brandFilter(brands),
      { name: 'startTime', label: '创建时间', type: 'dateRange', names: ['startTime', 'endTime'] },
      { name: 'site', label: '站点', type: 'input', placeholder: '站点编号或名称' },
    ],
    columns: (kit) => [
      {
        title: '编号',
        dataIndex: 'id',
        width: 90,
        render: (id: number, o) => (
          <Button type="link" size="small" className="duty-id" onClick={() => kit.show(o)} aria-label={`工单 ${id}`}>
            {id}
          </Button>
        ),
      },
      { title: '类型', dataIndex: 'typeName', width: 110 },
      { title: '企业', dataIndex: 'brandName', width: 110, render: dash },
      { title: '站点/位置', key: 'place', width: 260, ellipsis: true, render: (_, o) => place(o) },
      { title: '状态', dataIndex: 'stateName', width: 100, render: (name: string) => <StateTag name={name} /> },
      { title: '期限', dataIndex: 'deadlineTime', width: 170, render: (t: string, o) => <span className={o.overdue ? 'duty-overdue' : ''}>{t}</span> },
      { title: '创建时间', dataIndex: 'createTime', width: 170 },
      { title: '反馈时间', dataIndex: 'answerTime', width: 170, render: dash },
      { title: '退回次数', dataIndex: 'returns', width: 90, align: 'right' },
    ],
    actionsWidth: 80,
    actions: (o, kit) => [{ label: '详情', onClick: () => kit.show(o) }],
    form: newOrderForm(brands),
    permissions: { edit: 'workOrder.handle' },
    header: () => <ViewSwitch />,
    beforeTable: (kit) => <MapView kit={kit} />,
    detail: (o, close, kit) => <Detail order={o} kit={kit} onClose={close} />,
  });

export default function WorkOrdersTab() {
  const brands = useAreaBrands();
  const spec = useMemo(() => workOrderSpec(brands), [brands]);
  return <CrudTab spec={spec} />;
}
