/**
 * 米单车管理 · 在线设备 / 离线设备 (#/miBicycle/line, #/miBicycle/noLine, issue 29 point 3): the piles
 * of the area heard within the last hour, latest first; and those silent an hour or more (never heard
 * included), the longest silent first, with the last report and how long. Power below 10 % in red.
 * Filters in the URL: area, MAC, site; 导出 (在线设备.xlsx / 离线设备.xlsx) takes them.
 */
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CrudTab, type Field, defineCrud } from '../../../components/desk';
import { dash } from '../inspections/cells';
import { exportLinePiles, exportSilentPiles, fetchLinePiles, fetchSilentPiles } from './service';
import type { LinePile, PileKey, SilentPile } from './types';

const filters: Field<PileKey>[] = [
  { name: 'equipmentMac', label: '设备MAC', type: 'input' },
  { name: 'siteId', label: '站点编号', type: 'input' },
];

const power = (v: number | null, r: LinePile) => (v === null ? '—' : <span style={r.lowPower ? { color: '#cf1322' } : undefined}>{v}%</span>);

const pileColumns: ColumnsType<LinePile> = [
  { title: '设备MAC', dataIndex: 'equipmentMac', width: 170 },
  { title: '站点编号', dataIndex: 'siteId', width: 150 },
  { title: '站点名称', dataIndex: 'siteName', render: dash },
  { title: '区域', dataIndex: 'areaName', width: 100, render: dash },
  { title: '电量', dataIndex: 'power', width: 90, align: 'right', render: power },
];

const lineSpec = defineCrud<LinePile, PileKey>({
  key: 'miLinePiles',
  rowKey: 'equipmentMac',
  list: fetchLinePiles,
  areaFilter: true,
  filters,
  columns: [...pileColumns, { title: '最近上报时间', dataIndex: 'lastSeenTime', width: 170, render: dash }],
  exportCall: exportLinePiles,
});

const silentSpec = defineCrud<SilentPile, PileKey>({
  key: 'miSilentPiles',
  rowKey: 'equipmentMac',
  list: fetchSilentPiles,
  areaFilter: true,
  filters,
  columns: [
    ...(pileColumns as ColumnsType<SilentPile>),
    { title: '最近上报时间', dataIndex: 'lastSeenTime', width: 170, render: (v: string | null) => v ?? '从未上报' },
    {
      title: '离线时长',
      dataIndex: 'silentText',
      width: 130,
      render: (v: string, r: SilentPile) => <Tag color={r.silentMinutes === null || r.silentMinutes >= 1440 ? 'red' : 'orange'}>{v}</Tag>,
    },
  ],
  exportCall: exportSilentPiles,
});

export const LinePilesTab = () => <CrudTab spec={lineSpec} />;
export const SilentPilesTab = () => <CrudTab spec={silentSpec} />;
