/**
 * 设备管理: every pile (device) with its site, its last power and report time
 * (GET /api/equipment/power/list); 电量曲线 per pile, 删除 with the 温馨提示 confirm (设备管理 105).
 */
import { CrudTab, defineCrud } from '../../components/desk';
import { fetchPiles } from './detailService';
import { deletePile } from './service';
import type { PileKey, PileRow } from './detailTypes';
import { PowerBar } from './power';
import PowerCurve from './PowerCurve';
import { SiteDetailLink } from './SiteDetail';

const RANGES = [
  // bands as the server reads them (min ≤ power < max): 0-10 is the low band, below 10 %
  { value: '0-10', label: '低于 10%（电量低）' },
  { value: '10-30', label: '10-30%' },
  { value: '30-60', label: '30-60%' },
  { value: '60-100', label: '60-100%' },
];

const pilesSpec = defineCrud<PileRow, PileKey>({
  key: 'piles',
  rowKey: 'equipmentMac',
  list: fetchPiles,
  areaFilter: true,
  filters: [
    { name: 'equipmentMac', label: '设备MAC', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'power', label: '电量', type: 'select', options: RANGES },
  ],
  columns: [
    { title: '设备MAC', dataIndex: 'equipmentMac', width: 190 },
    {
      title: '站点',
      key: 'site',
      width: 260,
      ellipsis: true,
      render: (_, r) => (r.siteName ? <SiteDetailLink siteId={r.siteId} siteName={r.siteName} suffix={`（${r.siteId}）`} /> : r.siteId),
    },
    { title: '区域', dataIndex: 'areaName', width: 100, render: (a: string | null) => a ?? '—' },
    { title: '电量', dataIndex: 'power', width: 190, render: (v: number | null) => <PowerBar power={v} /> },
    { title: '最后上报时间', dataIndex: 'lastSeenTime', width: 170, render: (t: string | null) => t ?? '—' },
  ],
  actionsWidth: 150,
  actions: (r, kit) => [{ label: '电量曲线', onClick: () => kit.show(r) }, kit.removeAction(r)],
  remove: {
    call: (r) => deletePile(r.equipmentMac),
    confirm: (r) => `是否确定删除设备 ${r.equipmentMac}？其电量记录一并删除。`,
    success: '设备已删除',
  },
  permissions: { edit: 'device.edit' },
  detail: (r, close) => <PowerCurve mac={r?.equipmentMac ?? null} onClose={close} />,
});

export default function PilesTab() {
  return <CrudTab spec={pilesSpec} />;
}
