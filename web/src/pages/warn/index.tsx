/**
 * 异常列表 (#/warn): the abnormal messages of spec §4 as a desk list, declared on the kit: type tabs
 * with the counts, filters in the URL (= the API's parameters), 处理 one (a dialog showing what is
 * marked) or the rows chosen (批量处理) with 处理异常, 导出 with 导出异常. The brand filter's options
 * need the big screen's permission. An alert in a work order shows it (a link to 日常值守 · 工单
 * filtered to its type, enterprise and day); an open, unhandled alert of a type that makes orders
 * gets 派单 with 处理工单 (122).
 */
import { CheckOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/store';
import NewOrderDialog from '../../components/workOrder/NewOrderDialog';
import {
  type CrudForm,
  type CrudKit,
  CrudTab,
  DeskPage,
  type Field,
  defineCrud,
  optionsOf,
  useConfirm,
  type AreaBrands,
  brandFilter,
  useAreaBrands,
} from '../../components/desk';
import { ABNORMAL_TYPES } from '../../lib/abnormal';
import { can } from '../../lib/permission';
import { alertOrderType, workOrderListPath } from '../../lib/workOrders';
import { exportMsgs, fetchMsgs, handleMsgs } from './service';
import TypeTabs from './TypeTabs';
import type { WarnKey, WarnMsg, WarnPage } from './types';
import './warn.css';

const dash = (v: string | null | undefined) => v || '—';
const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(6));

/** 处理: what is being marked handled (updateMsg takes the ids only). */
const HANDLE_FIELDS: Field[] = [
  { name: 'abnormalTypeName', label: '异常类型', type: 'display' },
  { name: 'brandName', label: '品牌', type: 'display', render: (v) => String(v || '—') },
  { name: 'bikeId', label: '车辆编号', type: 'display', render: (v) => String(v || '—') },
  { name: 'siteName', label: '站点', type: 'display', render: (v) => String(v || '—') },
  { name: 'detail', label: '详情', type: 'display', render: (v) => String(v || '—') },
  { name: 'createTime', label: '发生时间', type: 'display' },
];
const handleForm: CrudForm<WarnMsg, WarnMsg> = {
  noun: '异常',
  title: '处理异常',
  addLabel: null,
  updated: '处理成功',
  useFields: () => HANDLE_FIELDS,
  initial: (m) => m ?? {},
  save: (_, m) => handleMsgs([m!.id]),
  dialog: { horizontal: true, okText: '标记为已处理' },
};

/** 派单 is offered on an open, unhandled alert of an enterprise, of a type that makes orders, in no order yet. */
const orderable = (m: WarnMsg) => !m.closed && !m.handled && m.brandId !== null && m.workOrder === null && alertOrderType(m.abnormalType) !== null;

/** The order an alert is in: 日常值守 · 工单 filtered to its type, enterprise and day (with 查看工单), and its state. */
function OrderCell({ m, canView }: { m: WarnMsg; canView: boolean }) {
  const o = m.workOrder;
  if (!o) return <>—</>;
  const day = o.createTime.slice(0, 10);
  const label = `工单 ${o.id}`;
  return (
    <span>
      {canView ? (
        <Tooltip title={`在日常值守 · 工单中查看（按类型、企业与 ${day} 筛选）`}>
          <Link to={workOrderListPath({ type: o.type, brandId: o.brandId, startTime: day, endTime: day })}>{label}</Link>
        </Tooltip>
      ) : (
        label
      )}
      <Typography.Text type="secondary" className="warn-sub">
        {o.stateName}
      </Typography.Text>
    </span>
  );
}

/** What 派单 needs from the screen: who may, and the row the dialog is for. */
interface Ordering {
  canOrder: boolean;
  canView: boolean;
  onOrder: (m: WarnMsg, kit: CrudKit<WarnMsg>) => void;
}

/** 批量处理: the chosen rows, after 温馨提示. */
function BatchHandle({ kit }: { kit: CrudKit<WarnMsg> }) {
  const { confirm } = useConfirm();
  const n = kit.selected.length;
  if (!kit.canEdit) return null;
  return (
    <Button
      icon={<CheckOutlined />}
      disabled={!n}
      onClick={() =>
        confirm({ content: `确定将选中的 ${n} 条异常标记为已处理吗？`, onOk: () => kit.run(() => handleMsgs(kit.selected.map(Number)), '处理成功') })
      }
    >
      批量处理
    </Button>
  );
}

const warnSpec = (brands: AreaBrands, ordering: Ordering) =>
  defineCrud<WarnMsg, WarnKey, WarnMsg, WarnPage>({
    key: 'warn',
    rowKey: 'id',
    list: fetchMsgs,
    areaFilter: true,
    filters: [
      { name: 'abnormalType', label: '异常类型', type: 'select', multiple: true, options: optionsOf(ABNORMAL_TYPES) },
      brandFilter(brands, '品牌'),
      {
        name: 'startTime',
        label: '时间范围',
        type: 'dateRange',
        names: ['startTime', 'endTime'],
        // the answer says which window applied: the last three days, or none for 进行中 without dates
        applied: (d) => [(d as WarnPage).startTime, (d as WarnPage).endTime],
        emptyMeans: '最近三天（前天 00:00 至今天结束）；异常状态选「进行中」时不限日期。范围内存在过的异常都列出：此前发生、范围内仍被发现的也算',
      },
      { name: 'handled', label: '处理状态', type: 'select', options: optionsOf({ 0: '未处理', 1: '已处理' }) },
      { name: 'closed', label: '异常状态', type: 'select', options: optionsOf({ 0: '进行中', 1: '已结束' }) },
      { name: 'site', label: '站点', type: 'input', placeholder: '站点编号或名称' },
      { name: 'bikeId', label: '车辆编号', type: 'input' },
    ],
    columns: [
      { title: '异常类型', dataIndex: 'abnormalTypeName', width: 120, render: (name: string) => <Tag color="orange">{name}</Tag> },
      { title: '品牌', dataIndex: 'brandName', width: 80, render: dash },
      { title: '车辆编号', dataIndex: 'bikeId', width: 120, render: dash },
      {
        title: '站点',
        dataIndex: 'siteName',
        width: 180,
        render: (name: string, m) => (
          <span>
            {dash(name)}
            {m.siteId && m.siteId !== name ? (
              <Typography.Text type="secondary" className="warn-sub">
                {m.siteId}
              </Typography.Text>
            ) : null}
          </span>
        ),
      },
      // the position and the times wrap at their space (longitude over latitude, day over time) so every column fits 1920 wide
      { title: '位置（经度, 纬度）', key: 'position', width: 140, render: (_, m) => (m.lon === null ? '—' : `${fixed(m.lon)}, ${fixed(m.lat)}`) },
      {
        title: '详情',
        dataIndex: 'detail',
        width: 230,
        ellipsis: { showTitle: false },
        render: (d: string) => (
          <Tooltip title={d} placement="topLeft">
            {dash(d)}
          </Tooltip>
        ),
      },
      { title: '发生时间', dataIndex: 'createTime', width: 110 },
      {
        title: (
          <Tooltip title="进行中的：最近一次发现该异常的时间（站点、位置随之更新）；已结束的：结束时间；站外还车等一次性事件：发生时间">
            <span>更新时间</span>
          </Tooltip>
        ),
        dataIndex: 'updateTime',
        width: 110,
      },
      {
        title: '状态',
        dataIndex: 'closed',
        width: 80,
        render: (closed: boolean, m) =>
          closed ? (
            <Tooltip title={`结束于 ${m.closeTime ?? ''}`}>
              <Tag>已结束</Tag>
            </Tooltip>
          ) : (
            <Tag color="red">进行中</Tag>
          ),
      },
      {
        title: '处理',
        dataIndex: 'handled',
        width: 160,
        render: (handled: boolean, m) =>
          handled ? (
            <span>
              <Tag color="green">已处理</Tag>
              {dash(m.handledBy)}
              <Typography.Text type="secondary" className="warn-sub">
                {m.handleTime}
              </Typography.Text>
            </span>
          ) : (
            <Tag color="gold">未处理</Tag>
          ),
      },
      { title: '工单', dataIndex: 'workOrder', width: 120, render: (_: unknown, m) => <OrderCell m={m} canView={ordering.canView} /> },
    ],
    actionsWidth: 110,
    actions: (m, kit) => [
      { label: '处理', hidden: m.handled || !kit.canEdit, onClick: () => kit.edit(m) },
      { label: '派单', hidden: !ordering.canOrder || !orderable(m), onClick: () => ordering.onOrder(m, kit) },
    ],
    form: handleForm,
    selectable: (m) => !m.handled,
    // the type tabs count the unhandled ones
    refreshes: [['warn', 'counts']],
    exportCall: exportMsgs,
    permissions: { edit: 'warn.handle', export: 'warn.export' },
    header: (kit) => <TypeTabs kit={kit} />,
    toolbar: (kit) => <BatchHandle kit={kit} />,
  });

export default function Warn() {
  const canOrder = useSession((s) => can(s.permissions, 'workOrder.handle'));
  const canView = useSession((s) => can(s.permissions, 'workOrder.view'));
  const [order, setOrder] = useState<{ m: WarnMsg; kit: CrudKit<WarnMsg> } | null>(null);
  const brands = useAreaBrands();
  const spec = useMemo(() => warnSpec(brands, { canOrder, canView, onOrder: (m, kit) => setOrder({ m, kit }) }), [brands, canOrder, canView]);
  return (
    <DeskPage screen="warn">
      <CrudTab spec={spec} />
      {order && (
        <NewOrderDialog
          target={{ kind: 'alert', alert: order.m }}
          onClose={() => setOrder(null)}
          // the row now shows its order, and 派单 leaves it
          onDone={() => void order.kit.refresh()}
        />
      )}
    </DeskPage>
  );
}
