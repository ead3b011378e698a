/**
 * 设备管理: every pile (device) with its site, its last power and report time
 * (GET /api/equipment/power/list); 电量曲线 per pile, 删除 with the 温馨提示 confirm (设备管理 105).
 */
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, useList, useUrlQuery } from '../../components/desk';
import { fetchPiles, removePile } from './detailService';
import type { PileKey, PileRow } from './detailTypes';
import { PowerBar } from './power';
import PowerCurve from './PowerCurve';
import { SiteDetailLink } from './SiteDetail';

const RANGES = [
  { value: '0-10', label: '0-10%（电量低）' },
  { value: '10-30', label: '10-30%' },
  { value: '30-60', label: '30-60%' },
  { value: '60-100', label: '60-100%' },
];

function pileFilters(withArea: boolean): Field<PileKey>[] {
  const fields: Field<PileKey>[] = [
    { name: 'equipmentMac', label: '设备MAC', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'power', label: '电量', type: 'select', options: RANGES },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

function pileColumns(p: { canEdit: boolean; onCurve: (mac: string) => void; onDelete: (mac: string) => Promise<unknown> }): ColumnsType<PileRow> {
  return [
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
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          actions={[
            { label: '电量曲线', onClick: () => p.onCurve(r.equipmentMac) },
            {
              label: '删除',
              danger: true,
              hidden: !p.canEdit,
              confirm: `是否确定删除设备 ${r.equipmentMac}？其电量记录一并删除。`,
              onClick: () => p.onDelete(r.equipmentMac),
            },
          ]}
        />
      ),
    },
  ];
}

export default function PilesTab({ canEdit, areaUser }: { canEdit: boolean; areaUser: boolean }) {
  const fields = useMemo(() => pileFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('piles', query, fetchPiles);
  const client = useQueryClient();
  const [curve, setCurve] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      pileColumns({
        canEdit,
        onCurve: setCurve,
        onDelete: async (mac) => {
          await removePile(mac);
          toast().success('设备已删除');
          await client.invalidateQueries({ queryKey: ['desk', 'piles'] });
        },
      }),
    [canEdit, client],
  );
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar onRefresh={() => void list.refetch()} />
      <DataTable<PileRow> rowKey="equipmentMac" columns={columns} list={list} query={query} />
      <PowerCurve mac={curve} onClose={() => setCurve(null)} />
    </>
  );
}
