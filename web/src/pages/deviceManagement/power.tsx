/**
 * 设备电量: sites with their piles and the piles' last power (GET /api/device/list/get), the lowest
 * first in each site; the home screen's to-do link 电量低于10%站点 opens it with equipmentPower=0-10.
 */
import { Progress, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type CrudKit, CrudTab, RowActions, defineCrud } from '../../components/desk';
import { LIMITS } from '../../lib/constants';
import { deletePile, fetchDeviceSites } from './service';
import type { DeviceSiteRow, Pile, PowerKey } from './types';

const RANGES = [
  // bands as the server reads them (min ≤ power < max): 0-10 is the low band, below 10 %
  { value: '0-10', label: '低于 10%（电量低）' },
  { value: '10-30', label: '10-30%' },
  { value: '30-100', label: '30-100%' },
];

/** A power bar: red under the low-power line (spec: 10 percent), blue above; '未上报' without a reading. */
export function PowerBar({ power }: { power: number | null }) {
  if (power === null) return <Typography.Text type="secondary">未上报</Typography.Text>;
  return (
    <Progress
      percent={power}
      size="small"
      status={power < LIMITS.lowPowerPercent ? 'exception' : 'normal'}
      format={(p) => `${p}%`}
      style={{ width: 140, marginBottom: 0 }}
    />
  );
}

const siteColumns: ColumnsType<DeviceSiteRow> = [
  { title: '站点编号', dataIndex: 'siteId', width: 150 },
  { title: '站点名称', dataIndex: 'siteName', width: 220, ellipsis: true },
  { title: '区域', dataIndex: 'areaName', width: 100 },
  { title: '设备 / 蓝牙桩', key: 'piles', width: 120, render: (_, s) => `${s.pileNum} / ${s.bleNum}` },
  { title: '最低电量', dataIndex: 'minPower', width: 190, render: (p: number | null) => <PowerBar power={p} /> },
];

/** A site's piles under its row; 删除 of one after 温馨提示 (设备管理 105). */
function PileTable({ site, kit }: { site: DeviceSiteRow; kit: CrudKit<DeviceSiteRow> }) {
  const columns: ColumnsType<Pile> = [
    { title: '设备 MAC', dataIndex: 'equipmentMac', width: 200 },
    { title: '电量', dataIndex: 'power', width: 190, render: (p: number | null) => <PowerBar power={p} /> },
    { title: '最近上报', dataIndex: 'lastSeenTime', width: 170, render: (t: string | null) => t ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, pile) => (
        <RowActions
          actions={[
            {
              label: '删除',
              danger: true,
              hidden: !kit.canEdit,
              confirm: `是否确定删除设备 ${pile.equipmentMac}？其电量记录一并删除。`,
              onClick: () => kit.run(() => deletePile(pile.equipmentMac), '设备已删除'),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Table<Pile> rowKey="equipmentMac" size="small" columns={columns} dataSource={site.piles} pagination={false} locale={{ emptyText: '该站点尚未登记设备' }} />
  );
}

const powerSpec = defineCrud<DeviceSiteRow, PowerKey>({
  key: 'deviceSites',
  rowKey: 'siteId',
  list: fetchDeviceSites,
  areaFilter: true,
  filters: [
    { name: 'siteName', label: '站点名称', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'equipmentPower', label: '设备电量', type: 'select', options: RANGES },
  ],
  columns: siteColumns,
  permissions: { edit: 'device.edit' },
  table: (kit) => ({
    expandable: {
      expandedRowRender: (site) => <PileTable site={site} kit={kit} />,
      rowExpandable: (site) => site.piles.length > 0,
    },
  }),
});

export default function PowerTab() {
  return <CrudTab spec={powerSpec} />;
}
