/**
 * 总量设置 (#/companyManagement/sum): the chosen area (default: the user's) and the areas right below
 * it, each with its own caps per bike type (区域总量上限, edited in place; 0 = 不限) beside the
 * approved total of its enterprises' quotas there and below and the filed, online and in-site counts
 * — the numbers the big screen shows for that area. Counts above the cap are red (+n, share).
 * Editing needs 118 (区域核准数量); the server keeps a cap from going below what is approved.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/store';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, useList, useUrlQuery } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { CountCell, NumberCell, overCell } from '../quotaCells';
import { type AreaTotalRow, fetchAreaTotals, saveAreaCap } from '../quotaService';

type SumKey = 'selfAreaId';
export const sumFilters: Field<SumKey>[] = [{ name: 'selfAreaId', label: '区域', type: 'area' }];

const TYPES = [
  { key: 'bike', title: '自行车', cap: 'capBikeNum', approved: 'bikeNum', filed: 'filedBikeNum', online: 'onlineBikeNum', site: 'siteBikeNum' },
  { key: 'ebike', title: '电动车', cap: 'capEBikeNum', approved: 'ebikeNum', filed: 'filedEBikeNum', online: 'onlineEBikeNum', site: 'siteEBikeNum' },
] as const;

interface Hooks {
  editable: boolean;
  save: (row: AreaTotalRow, type: 'bike' | 'ebike', value: number) => Promise<unknown>;
  open: (areaId: string) => void;
  quotas: (areaId: string) => void;
  /** the area the list is about (its own row has no 下级区域 link) */
  current?: string;
}

export function sumColumns(h: Hooks): ColumnsType<AreaTotalRow> {
  return [
    {
      title: '区域',
      dataIndex: 'areaName',
      width: 140,
      fixed: 'left',
      render: (name: string, r) => (
        <span>
          {name}
          {r.areaId === h.current && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              所选
            </Tag>
          )}
        </span>
      ),
    },
    ...TYPES.map((t) => ({
      title: t.title,
      children: [
        {
          title: '总量上限',
          key: `${t.key}-cap`,
          width: 140,
          render: (_: unknown, r: AreaTotalRow) => (
            <NumberCell
              value={r[t.cap]}
              label={`${r.areaName}${t.title}总量上限`}
              zeroText="不限"
              editable={h.editable}
              onSave={(v) => h.save(r, t.key, v)}
              note={r[t.cap] > 0 ? `可再核准 ${Math.max(0, r[t.cap] - r[t.approved])}` : undefined}
            />
          ),
        },
        {
          title: '已核准',
          key: `${t.key}-approved`,
          width: 100,
          align: 'right' as const,
          onCell: (r: AreaTotalRow) => overCell(r[t.approved], r[t.cap], r[t.cap] === 0),
          render: (_: unknown, r: AreaTotalRow) => (
            <CountCell count={r[t.approved]} quota={r[t.cap]} unlimited={r[t.cap] === 0} what="已核准" against="总量上限" />
          ),
        },
        ...(['filed', 'online', 'site'] as const).map((k) => ({
          title: { filed: '备案', online: '在线', site: '站内' }[k],
          key: `${t.key}-${k}`,
          width: 100,
          align: 'right' as const,
          onCell: (r: AreaTotalRow) => overCell(r[t[k]], r[t.cap], r[t.cap] === 0 || k === 'site'),
          render: (_: unknown, r: AreaTotalRow) =>
            k === 'site' ? (
              r[t[k]]
            ) : (
              <CountCell count={r[t[k]]} quota={r[t.cap]} unlimited={r[t.cap] === 0} what={k === 'filed' ? '备案' : '在线'} against="总量上限" />
            ),
        })),
      ],
    })),
    { title: '企业数', dataIndex: 'brandNum', width: 80, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          actions={[
            { label: '下级区域', onClick: () => h.open(r.areaId), hidden: r.childNum === 0 || r.areaId === h.current },
            { label: '核准数量', onClick: () => h.quotas(r.areaId) },
          ]}
        />
      ),
    },
  ];
}

export default function Sum() {
  const perms = useSession((s) => s.permissions);
  const editable = can(perms, 'company.quota');
  const query = useUrlQuery(sumFilters);
  const list = useList('areaTotals', query, fetchAreaTotals);
  const client = useQueryClient();
  const navigate = useNavigate();
  const current = list.data?.lists[0]?.areaId;
  const columns = useMemo(
    () =>
      sumColumns({
        editable,
        current: query.currentPage === 1 ? current : undefined,
        save: async (r, type, value) => {
          await saveAreaCap(r.areaId, type === 'bike' ? value : r.capBikeNum, type === 'ebike' ? value : r.capEBikeNum);
          await client.invalidateQueries({ queryKey: ['desk'] });
        },
        open: (areaId) => query.setFilters({ selfAreaId: areaId }),
        quotas: (areaId) => void navigate(`/companyManagement/check?selfAreaId=${areaId}`),
      }),
    [editable, current, query, client, navigate],
  );
  return (
    <>
      <QueryForm fields={sumFilters} query={query} />
      <ListToolbar
        left={<span className="quota-head">首行为所选区域，其下为直属下级区域；总量上限为 0 表示不限，已核准为各企业在该区域及下级的核准数量之和。</span>}
        onRefresh={() => void list.refetch()}
      />
      <DataTable<AreaTotalRow> rowKey="areaId" columns={columns} list={list} query={query} bordered />
    </>
  );
}
