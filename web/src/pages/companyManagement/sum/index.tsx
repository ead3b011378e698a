/**
 * 总量设置 (#/companyManagement/sum): the chosen area (default: the user's) and the areas right below
 * it, each with its own caps per bike type (区域总量上限, edited in place; 0 = 不限) beside the
 * approved total of its enterprises' quotas there and below and the filed, online and in-site counts
 * — the numbers the big screen shows for that area. Counts above the cap are red (+n, share).
 * Editing needs 118 (区域核准数量); the server keeps a cap from going below what is approved.
 */
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/store';
import { AREA_FILTER, CrudTab, type CrudKit, defineCrud } from '../../../components/desk';
import { CountCell, NumberCell, overCell } from '../quotaCells';
import { type AreaTotalRow, fetchAreaTotals, saveAreaCap } from '../quotaService';
import { Term } from '../../../lib/fleetTerms';

const TYPES = [
  { key: 'bike', title: '自行车', cap: 'capBikeNum', approved: 'bikeNum', filed: 'filedBikeNum', online: 'onlineBikeNum', site: 'siteBikeNum' },
  { key: 'ebike', title: '电动车', cap: 'capEBikeNum', approved: 'ebikeNum', filed: 'filedEBikeNum', online: 'onlineEBikeNum', site: 'siteEBikeNum' },
] as const;

/** The columns; `current`: the area the list is about (marked 所选). */
function sumColumns(kit: CrudKit<AreaTotalRow>, current: string | undefined): ColumnsType<AreaTotalRow> {
  const save = async (r: AreaTotalRow, type: 'bike' | 'ebike', value: number) => {
    await saveAreaCap(r.areaId, type === 'bike' ? value : r.capBikeNum, type === 'ebike' ? value : r.capEBikeNum);
    await kit.refresh();
  };
  return [
    {
      title: '区域',
      dataIndex: 'areaName',
      width: 140,
      fixed: 'left',
      render: (name: string, r) => (
        <span>
          {name}
          {r.areaId === current && (
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
              editable={kit.canEdit}
              onSave={(v) => save(r, t.key, v)}
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
          title: <Term label={{ filed: '备案', online: '在线', site: '站内' }[k]} note={k} />,
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
  ];
}

/** `own`: the user's area (the list's when none is chosen); `quotas`: open 区域核准数量 on an area. */
const sumSpec = (own: string | undefined, quotas: (areaId: string) => void) =>
  defineCrud<AreaTotalRow, 'selfAreaId'>({
    key: 'areaTotals',
    rowKey: 'areaId',
    list: fetchAreaTotals,
    filters: [AREA_FILTER],
    columns: (kit) => sumColumns(kit, kit.filters.selfAreaId ?? own),
    actionsWidth: 160,
    actions: (r, kit) => [
      { label: '下级区域', onClick: () => kit.setFilters({ selfAreaId: r.areaId }), hidden: r.childNum === 0 || r.areaId === (kit.filters.selfAreaId ?? own) },
      { label: '核准数量', onClick: () => quotas(r.areaId) },
    ],
    toolbar: () => <span className="quota-head">首行为所选区域，其下为直属下级区域；总量上限为 0 表示不限，已核准为各企业在该区域及下级的核准数量之和。</span>,
    permissions: { edit: 'company.quota' },
    table: { bordered: true },
  });

export default function Sum() {
  const own = useSession((s) => s.user?.areaId);
  const navigate = useNavigate();
  const spec = useMemo(() => sumSpec(own, (areaId) => void navigate(`/companyManagement/check?selfAreaId=${areaId}`)), [own, navigate]);
  return <CrudTab spec={spec} />;
}
