/**
 * 设备电量: sites with their piles and the piles' last power (GET /api/device/list/get), the lowest
 * first in each site; the home screen's to-do link 电量低于10%站点 opens it with equipmentPower=0-10.
 */
import { Progress, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from '../../app/feedback';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, useList, useUrlQuery } from '../../components/desk';
import { LIMITS } from '../../lib/constants';
import { deletePile, fetchDeviceSites } from './service';
import type { DeviceSiteRow, Pile, PowerKey } from './types';

const RANGES = [
  { value: '0-10', label: '0-10%（电量低）' },
  { value: '10-30', label: '10-30%' },
  { value: '30-100', label: '30-100%' },
];

function powerFilters(withArea: boolean): Field<PowerKey>[] {
  const fields: Field<PowerKey>[] = [
    { name: 'siteName', label: '站点名称', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'equipmentPower', label: '设备电量', type: 'select', options: RANGES },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

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

function PileTable({ site, canEdit, onDelete }: { site: DeviceSiteRow; canEdit: boolean; onDelete: (mac: string) => Promise<unknown> }) {
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
              hidden: !canEdit,
              confirm: `是否确定删除设备 ${pile.equipmentMac}？其电量记录一并删除。`,
              onClick: () => onDelete(pile.equipmentMac),
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

export default function PowerTab({ canEdit, areaUser }: { canEdit: boolean; areaUser: boolean }) {
  const fields = useMemo(() => powerFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('deviceSites', query, fetchDeviceSites);
  const client = useQueryClient();
  const onDelete = async (mac: string) => {
    await deletePile(mac);
    toast().success('设备已删除');
    await client.invalidateQueries({ queryKey: ['desk', 'deviceSites'] });
  };
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar onRefresh={() => void list.refetch()} />
      <DataTable<DeviceSiteRow>
        rowKey="siteId"
        columns={siteColumns}
        list={list}
        query={query}
        expandable={{
          expandedRowRender: (site) => <PileTable site={site} canEdit={canEdit} onDelete={onDelete} />,
          rowExpandable: (site) => site.piles.length > 0,
        }}
      />
    </>
  );
}
