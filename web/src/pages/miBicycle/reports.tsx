/**
 * 米单车管理 · 违规举报 (#/miBicycle/report): what the field app's reporters sent (issue 28), with
 * the photos (through the session, large on a click), the place and the enterprise named; 处理 or
 * 驳回 with a note (巡检与匹配规则, 107), or 转工单: a work order to the enterprise named (also
 * 处理工单, 122), carrying the report's place, text and photos; the report is then 已处理 and names
 * its order. The home to-do 违规举报 (accusePend) opens it at state=0: its figure is this list's total.
 */
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../app/session/store';
import { type CrudAsk, type CrudForm, CrudTab, type Field, defineCrud, optionsOf, type AreaBrands, brandFilter, useAreaBrands } from '../../components/desk';
import { Photos } from '../../components/uploads';
import { can } from '../../lib/permission';
import { DEADLINE_EXTRA, ORDER_TYPES } from '../../lib/workOrders';
import { fetchReports, handleReport, orderFromReport } from './service';
import type { Report, ReportKey } from './types';

const STATES: Record<number, string> = { 0: '待处理', 1: '已处理', 2: '已驳回' };
const STATE_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };

/** The dialog: the report shown, the decision and its note. */
type Decision = Pick<Report, 'reporterName' | 'reportTime' | 'brandName' | 'text'> & { state: string; note: string };

const DECIDE_FIELDS: Field[] = [
  { name: 'reporterName', label: '举报人', type: 'display' },
  { name: 'reportTime', label: '举报时间', type: 'display' },
  { name: 'brandName', label: '被举报企业', type: 'display', render: (v) => String(v || '未指明') },
  { name: 'text', label: '举报内容', type: 'display' },
  {
    name: 'state',
    label: '处理结果',
    type: 'select',
    required: true,
    options: [
      { value: '1', label: '已处理（举报属实，已处置）' },
      { value: '2', label: '驳回（举报不属实或无法核实）' },
    ],
  },
  { name: 'note', label: '处理说明', type: 'textarea', required: true, placeholder: '将告知举报人，如：已通知企业清理' },
];

const decideForm: CrudForm<Report, Decision> = {
  noun: '举报',
  title: (r) => `处理举报 ${r?.id ?? ''}`,
  addLabel: null,
  updated: '举报已处理',
  useFields: () => DECIDE_FIELDS,
  initial: (r) => ({
    reporterName: r?.reporterName ?? '',
    reportTime: r?.reportTime ?? '',
    brandName: r?.brandName ?? null,
    text: r?.text ?? '',
    state: '1',
    note: '',
  }),
  save: (v, r) => handleReport({ id: r!.id, state: Number(v.state) as 1 | 2, note: v.note.trim() }),
  rulesOf: '/api/miApp/report/handle',
};

/** 转工单: the order's type (违规停放 first), the enterprise (the one named first), what it must do, the deadline. */
const toOrder = (brands: AreaBrands): CrudAsk<Report> => ({
  label: '转工单',
  on: (r) => r.state === 0,
  title: (r) => `举报 ${r?.id ?? ''} 转工单`,
  initial: (r) => ({ reportText: r?.text ?? '', type: '5', brandId: r?.brandId ? String(r.brandId) : undefined }),
  fields: [
    { name: 'reportText', label: '举报内容', type: 'display' },
    { name: 'type', label: '工单类型', type: 'select', required: true, options: optionsOf(ORDER_TYPES) },
    {
      name: 'brandId',
      label: '派给企业',
      type: 'select',
      options: brands.options,
      required: true,
      extra: '默认为被举报企业',
    },
    { name: 'text', label: '工单内容', type: 'textarea', required: true, placeholder: '要求企业处理的内容，也作为举报的处理说明告知举报人' },
    { name: 'deadlineMinutes', label: '期限（分钟）', type: 'number', extra: DEADLINE_EXTRA },
  ],
  rulesOf: '/api/workOrder/add',
  save: (v, [id]) =>
    orderFromReport({
      reportId: Number(id),
      type: Number(v.type),
      brandId: Number(v.brandId),
      text: String(v.text ?? '').trim(),
      deadlineMinutes: typeof v.deadlineMinutes === 'number' ? v.deadlineMinutes : undefined,
    }),
  success: '工单已派发，举报已处理',
});

export default function ReportsTab() {
  const brands = useAreaBrands();
  const canOrder = useSession((s) => can(s.permissions, 'workOrder.handle'));
  const spec = useMemo(
    () =>
      defineCrud<Report, ReportKey, Decision>({
        key: 'miReports',
        rowKey: 'id',
        list: fetchReports,
        areaFilter: true,
        permissions: { edit: 'miBicycle.edit' },
        filters: [
          { name: 'state', label: '状态', type: 'select', options: optionsOf(STATES) },
          brandFilter(brands, '被举报企业'),
          { name: 'startTime', names: ['startTime', 'endTime'], label: '举报日期', type: 'dateRange' },
        ],
        columns: [
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '举报时间', dataIndex: 'reportTime', width: 170 },
          { title: '举报人', dataIndex: 'reporterName', width: 110 },
          { title: '区域', dataIndex: 'areaName', width: 100 },
          { title: '被举报企业', dataIndex: 'brandName', width: 110, render: (v: string | null) => v ?? '未指明' },
          { title: '举报内容', dataIndex: 'text', ellipsis: true },
          { title: '位置', key: 'pos', width: 190, render: (_: unknown, r: Report) => `${r.lon.toFixed(6)}, ${r.lat.toFixed(6)}` },
          { title: '照片', dataIndex: 'photos', width: 170, render: (p: string[]) => <Photos urls={p} alt="举报照片" /> },
          { title: '状态', dataIndex: 'state', width: 90, render: (s: number) => <Tag color={STATE_COLORS[s]}>{STATES[s]}</Tag> },
          {
            title: '处理',
            key: 'handled',
            width: 200,
            render: (_: unknown, r: Report) => (r.state === 0 ? '—' : `${r.handlerName ?? ''} ${r.handleTime ?? ''}：${r.note ?? ''}`),
          },
        ],
        form: decideForm,
        actions: (r, kit) => [
          { label: '处理', hidden: !kit.canEdit || r.state !== 0, onClick: () => kit.edit(r) },
          ...(canOrder ? [kit.askAction('order', r)] : []),
        ],
        asks: { order: toOrder(brands) },
        // the home to-do count (违规举报) and the work orders follow
        refreshes: [['home', 'pend']],
      }),
    [brands, canOrder],
  );
  return <CrudTab spec={spec} />;
}
