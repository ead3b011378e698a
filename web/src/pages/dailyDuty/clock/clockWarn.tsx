/**
 * 日常值守 · 维护预警 (#/dailyDuty/clockWarn, issue 28 point 3): the maintainers' and supervisors'
 * warnings (缺卡 / 迟到 / 范围外) with, under 处理运维预警 (clock.warn), 处理 of one or of the rows chosen
 * (批量处理), a note required. Filters in the URL: 处理状态 (clockWarn 1 未处理, 2 已处理), role
 * (clockRole), kind, person, enterprise, day; the home to-do 运维预警 opens
 * #/dailyDuty/clockWarn?clockWarn=1&clockRole=1.
 */
import { Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { type CrudAsk, CrudTab, defineCrud, optionsOf, useAreaBrands, brandFilter, type AreaBrands } from '../../../components/desk';
import { fetchClockWarns, handleClockWarns } from './service';
import { KIND_OPTIONS, KindTag, ROLE_FILTER, USER_FILTER, dash, rangeFilter } from './shared';
import type { ClockWarn, ClockWarnKey } from './types';

const handle: CrudAsk<ClockWarn> = {
  label: '处理',
  batchLabel: '批量处理',
  on: (w) => !w.handled,
  title: (w, n) => (w ? `处理预警：${w.userName} ${w.day} ${w.window} ${w.kindName}` : `批量处理 ${n} 条预警`),
  rulesOf: '/api/clockRecord/handleClockWarn',
  fields: [{ name: 'note', label: '处理说明', type: 'textarea', required: true, placeholder: '如：已核实，因道路施工绕行；已提醒本人按时打卡' }],
  save: (v, ids) => handleClockWarns(ids.map(Number), String(v.note).trim()),
  success: '预警已处理',
  okText: '标记为已处理',
};

/** 处理: 未处理, or 已处理 with who, when and the note (on hover). */
const Handled = ({ w }: { w: ClockWarn }) =>
  w.handled ? (
    <Tooltip title={w.note ? `处理说明：${w.note}` : undefined}>
      <span>
        <Tag color="green">已处理</Tag>
        {dash(w.handlerName)}
        <Typography.Text type="secondary" className="clock-sub">
          {w.handleTime}
        </Typography.Text>
      </span>
    </Tooltip>
  ) : (
    <Tag color="gold">未处理</Tag>
  );

const spec = (brands: AreaBrands) =>
  defineCrud<ClockWarn, ClockWarnKey>({
    key: 'clockWarns',
    rowKey: 'id',
    list: fetchClockWarns,
    areaFilter: true,
    filters: [
      { name: 'clockWarn', label: '处理状态', type: 'select', options: optionsOf({ 1: '未处理', 2: '已处理' }) },
      ROLE_FILTER,
      { name: 'kind', label: '预警类型', type: 'select', options: KIND_OPTIONS },
      USER_FILTER,
      brandFilter(brands),
      rangeFilter('日期'),
    ],
    columns: [
      { title: '人员', dataIndex: 'userName', width: 110 },
      { title: '企业', dataIndex: 'brandName', width: 100, render: dash },
      { title: '角色', dataIndex: 'roleName', width: 100 },
      { title: '日期', dataIndex: 'day', width: 110 },
      { title: '时段', dataIndex: 'window', width: 120 },
      { title: '预警类型', dataIndex: 'kindName', width: 100, render: (name: string, w) => <KindTag kind={w.kind} name={name} /> },
      { title: '打卡时间', dataIndex: 'clockTime', width: 170, render: dash },
      { title: '距离', dataIndex: 'distance', width: 90, align: 'right', render: (d: number | null) => (d === null ? '—' : `${Math.round(d)} 米`) },
      { title: '产生时间', dataIndex: 'createTime', width: 170 },
      { title: '处理', key: 'handled', width: 250, render: (_, w) => <Handled w={w} /> },
    ],
    actionsWidth: 80,
    actions: (w, kit) => [kit.askAction('handle', w)],
    asks: { handle },
    selectable: (w) => !w.handled,
    // the home to-do count (运维预警) follows the handling
    refreshes: [['home', 'pend']],
    permissions: { edit: 'clock.warn' },
  });

export default function ClockWarnTab() {
  const brands = useAreaBrands();
  const declared = useMemo(() => spec(brands), [brands]);
  return <CrudTab spec={declared} />;
}
