/**
 * 区域核准数量 (#/companyManagement/check): the enterprises of the chosen area (default: the user's),
 * each with its approved quota there per bike type, edited in place (saved through
 * setAreaBikeNumber), beside the approved total of the area and below, and the filed, online and
 * in-site counts — the big screen's numbers for that area (getAreaBrandList shares them with
 * areaVerify and brandPercent). Filed and online counts above the approved total are red (+n, share).
 * The area's caps head the table; the server refuses a quota past them. Editing needs 118.
 *
 * 考核建议: MANAGEMENT.md puts the rating evaluation's suggested change beside each quota; the
 * evaluation (评级考核) is not built yet, so the column stands empty and says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useSession } from '../../../app/session/store';
import { DataTable, ListToolbar, QueryForm, type Field, useList, useUrlQuery } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { CountCell, NumberCell, overCell } from '../quotaCells';
import { type AreaBrandRow, type AreaTotal, fetchAreaBrands, fetchAreaTotal, saveBrandQuota } from '../quotaService';

type CheckKey = 'selfAreaId';
export const checkFilters: Field<CheckKey>[] = [{ name: 'selfAreaId', label: '区域', type: 'area' }];

const TYPES = [
  { key: 'bike', title: '自行车', own: 'ownBikeNum', approved: 'bikeNum', filed: 'filedBikeNum', online: 'onlineBikeNum', site: 'siteBikeNum' },
  { key: 'ebike', title: '电动车', own: 'ownEBikeNum', approved: 'ebikeNum', filed: 'filedEBikeNum', online: 'onlineEBikeNum', site: 'siteEBikeNum' },
] as const;

export const NO_SUGGESTION = '评级考核尚未开展，暂无建议调整';

export function checkColumns(h: {
  editable: boolean;
  save: (row: AreaBrandRow, type: 'bike' | 'ebike', value: number) => Promise<unknown>;
}): ColumnsType<AreaBrandRow> {
  return [
    { title: '企业', dataIndex: 'brandName', width: 120, fixed: 'left' },
    ...TYPES.map((t) => ({
      title: t.title,
      children: [
        {
          title: '核准数量',
          key: `${t.key}-own`,
          width: 150,
          render: (_: unknown, r: AreaBrandRow) => (
            <NumberCell
              value={r[t.own]}
              label={`${r.brandName}${t.title}核准数量`}
              editable={h.editable}
              onSave={(v) => h.save(r, t.key, v)}
              note={r[t.approved] !== r[t.own] ? `含下级区域共 ${r[t.approved]}` : undefined}
            />
          ),
        },
        ...(['filed', 'online', 'site'] as const).map((k) => ({
          title: { filed: '备案', online: '在线', site: '站内' }[k],
          key: `${t.key}-${k}`,
          width: 110,
          align: 'right' as const,
          onCell: (r: AreaBrandRow) => overCell(r[t[k]], r[t.approved], k === 'site'),
          render: (_: unknown, r: AreaBrandRow) =>
            k === 'site' ? r[t[k]] : <CountCell count={r[t[k]]} quota={r[t.approved]} what={k === 'filed' ? '备案' : '在线'} />,
        })),
      ],
    })),
    {
      title: (
        <Tooltip title={NO_SUGGESTION}>
          <span>考核建议调整</span>
        </Tooltip>
      ),
      key: 'suggestion',
      width: 120,
      render: () => (
        <Tooltip title={NO_SUGGESTION}>
          <span className="quota-unset" aria-label={NO_SUGGESTION}>
            —
          </span>
        </Tooltip>
      ),
    },
  ];
}

const capText = (cap: number, approved: number) =>
  cap > 0 ? `上限 ${cap}，已核准 ${approved}，可再核准 ${Math.max(0, cap - approved)}` : `不限，已核准 ${approved}`;

/** The area's caps and approved totals above the table. */
function Head({ total }: { total?: AreaTotal }) {
  if (!total) return null;
  return (
    <span className="quota-head" aria-label="区域总量">
      <b>{total.areaName}</b> 自行车：{capText(total.capBikeNum, total.bikeNum)}；电动车：{capText(total.capEBikeNum, total.ebikeNum)}
    </span>
  );
}

export default function Check() {
  const perms = useSession((s) => s.permissions);
  const editable = can(perms, 'company.quota');
  const query = useUrlQuery(checkFilters);
  const list = useList('areaBrands', query, fetchAreaBrands);
  const area = query.filters.selfAreaId;
  const total = useQuery({ queryKey: ['desk', 'areaTotal', area], queryFn: () => fetchAreaTotal(area) });
  const client = useQueryClient();
  const columns = useMemo(
    () =>
      checkColumns({
        editable,
        save: async (r, type, value) => {
          await saveBrandQuota(r.areaId, r.brandId, type === 'bike' ? value : r.ownBikeNum, type === 'ebike' ? value : r.ownEBikeNum);
          await client.invalidateQueries({ queryKey: ['desk'] });
        },
      }),
    [editable, client],
  );
  return (
    <>
      <QueryForm fields={checkFilters} query={query} />
      <ListToolbar
        left={<Head total={total.data} />}
        onRefresh={() => {
          void list.refetch();
          void total.refetch();
        }}
      />
      <DataTable<AreaBrandRow> rowKey="brandId" columns={columns} list={list} query={query} bordered />
    </>
  );
}
