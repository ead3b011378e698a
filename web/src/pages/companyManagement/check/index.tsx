/**
 * 区域核准数量 (#/companyManagement/check): the enterprises of the chosen area (default: the user's),
 * each with its approved quota there per bike type, edited in place (saved through
 * setAreaBikeNumber), beside the approved total of the area and below, and the filed, online and
 * in-site counts — the big screen's numbers for that area (getAreaBrandList shares them with
 * areaVerify and brandPercent). Filed and online counts above the approved total are red (+n, share).
 * The area's caps head the table; the server refuses a quota past them. Editing needs 118.
 *
 * 考核建议: the rating evaluation's suggested quota for the enterprise's grade (评级考核, the area's
 * latest assessed month) beside each quota, with the change and a link to its 考核详情; an area not
 * yet assessed says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { AREA_FILTER, CrudTab, type CrudKit, defineCrud } from '../../../components/desk';
import { CountCell, NumberCell, overCell } from '../quotaCells';
import { type AreaBrandRow, fetchAreaBrands, fetchAreaTotal, saveBrandQuota } from '../quotaService';
import { Term } from '../../../lib/fleetTerms';

const TYPES = [
  { key: 'bike', title: '自行车', own: 'ownBikeNum', approved: 'bikeNum', filed: 'filedBikeNum', online: 'onlineBikeNum', site: 'siteBikeNum' },
  { key: 'ebike', title: '电动车', own: 'ownEBikeNum', approved: 'ebikeNum', filed: 'filedEBikeNum', online: 'onlineEBikeNum', site: 'siteEBikeNum' },
] as const;

export const NO_SUGGESTION = '本区域尚未进行评级考核，暂无建议调整';

function checkColumns(kit: CrudKit<AreaBrandRow>): ColumnsType<AreaBrandRow> {
  const save = async (r: AreaBrandRow, type: 'bike' | 'ebike', value: number) => {
    await saveBrandQuota(r.areaId, r.brandId, type === 'bike' ? value : r.ownBikeNum, type === 'ebike' ? value : r.ownEBikeNum);
    await kit.refresh();
  };
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
              editable={kit.canEdit}
              onSave={(v) => save(r, t.key, v)}
              note={r[t.approved] !== r[t.own] ? `含下级区域共 ${r[t.approved]}` : undefined}
            />
          ),
        },
        ...(['filed', 'online', 'site'] as const).map((k) => ({
          title: <Term label={{ filed: '备案', online: '在线', site: '站内' }[k]} note={k} />,
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
        <Tooltip title="按最近一次评级考核的等级建议的核准数量（自行车 + 电动车）">
          <span>考核建议调整</span>
        </Tooltip>
      ),
      key: 'suggestion',
      width: 170,
      render: (_: unknown, r: AreaBrandRow) => {
        const g = r.rating;
        if (!g || g.suggestedQuota === null) {
          return (
            <Tooltip title={NO_SUGGESTION}>
              <span className="quota-unset" aria-label={NO_SUGGESTION}>
                —
              </span>
            </Tooltip>
          );
        }
        const diff = g.suggestedQuota - (g.quota ?? 0);
        return (
          <Tooltip title={`${g.period} 考核 ${g.grade} 级，${g.score} 分`}>
            <Link to={`/ratingEvaluation/rate/grade?period=${g.period}&brandId=${r.brandId}&selfAreaId=${r.areaId}`} aria-label={`${r.brandName}考核建议`}>
              {g.suggestedQuota}（{diff > 0 ? `+${diff}` : diff === 0 ? '持平' : diff}）
            </Link>
          </Tooltip>
        );
      },
    },
  ];
}

const capText = (cap: number, approved: number) =>
  cap > 0 ? `上限 ${cap}，已核准 ${approved}，可再核准 ${Math.max(0, cap - approved)}` : `不限，已核准 ${approved}`;

/**
 * The area's caps and approved totals above the table, keyed under the list's key so that 刷新 and a
 * saved quota refresh them with the list.
 */
function Head({ area }: { area?: string }) {
  const total = useQuery({ queryKey: ['desk', 'areaBrands', 'total', area], queryFn: () => fetchAreaTotal(area) }).data;
  if (!total) return null;
  return (
    <span className="quota-head" aria-label="区域总量">
      <b>{total.areaName}</b> 自行车：{capText(total.capBikeNum, total.bikeNum)}；电动车：{capText(total.capEBikeNum, total.ebikeNum)}
    </span>
  );
}

const checkSpec = defineCrud<AreaBrandRow, 'selfAreaId'>({
  key: 'areaBrands',
  rowKey: 'brandId',
  list: fetchAreaBrands,
  filters: [AREA_FILTER],
  columns: checkColumns,
  toolbar: (kit) => <Head area={kit.filters.selfAreaId} />,
  permissions: { edit: 'company.quota' },
  table: { bordered: true },
});

export default function Check() {
  return <CrudTab spec={checkSpec} />;
}
