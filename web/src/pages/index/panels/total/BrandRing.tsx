import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { brandShortName } from '../../../../lib/brand';
import LazyEChart from '../../../../components/echarts/LazyEChart';
import { REFRESH_MS } from '../../../../lib/constants';
import { useHomeArea, useHomePermissions, usePolling } from '../../hooks';
import { TEXT, distinctColors, tooltip } from '../../parts/chart';
import QueryState from '../../parts/QueryState';
import { fetchBrandPercent } from '../../service';
import type { BrandPercentData, BrandStat } from '../../types';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

const VIEWS = {
  multi: ['各品牌在线占比', '各品牌站内占比'],
  single: ['站内 / 站外', '自行车 / 电动车'],
} as const;

/** Online (view 0) or in-site (view 1) share per brand, from /api/statistics/brandPercent. */
export function multiSlices(data: BrandPercentData | undefined, view: number): Slice[] {
  const rows = data?.lists ?? [];
  const colors = distinctColors(rows.map((r) => r.bikeColor));
  return rows.map((r, i) => ({
    name: brandShortName(r.brandName),
    value: view === 0 ? r.BrandBikeNum + r.BrandEBikeNum : r.SiteBikeNum + r.SiteEBikeNum,
    color: colors[i],
  }));
}

/** The one brand's bikes in and out of sites (view 0), or bicycles and e-bikes online (view 1). */
export function singleSlices(b: BrandStat | undefined, view: number): Slice[] {
  if (!b) return [];
  const colors = distinctColors([b.bikeColor, b.ebikeColor, null]);
  return view === 0
    ? [
        { name: '站内车辆', value: b.siteNum, color: colors[0] },
        { name: '站外车辆', value: Math.max(0, b.onlineNum - b.siteNum), color: '#ff7a45' },
      ]
    : [
        { name: '自行车', value: b.brandBikeNum, color: colors[0] },
        { name: '电动车', value: b.brandEBikeNum, color: colors[1] },
      ];
}

export const shareText = (value: number, total: number) => (total > 0 ? `${((value / total) * 100).toFixed(1)}%` : '0%');

/**
 * 总量环形图 (permission 64/60). Arrows switch between the ring and the pie. Several brands: the
 * share of each; one brand: that brand's split. Users below level 2 get no brand ring data.
 */
export default function BrandRing({ single, brands }: { single: boolean; brands: BrandStat[] }) {
  const perms = useHomePermissions();
  const { area, ready, userLevel } = useHomeArea();
  const [view, setView] = useState(0);
  const polling = usePolling(REFRESH_MS.mapAndRing);
  const allowed = perms.ring && userLevel >= 2;
  const percent = useQuery({
    queryKey: ['home', 'brandPercent', area],
    queryFn: () => fetchBrandPercent(area),
    enabled: ready && allowed && !single,
    ...polling,
  });
  const slices = single ? singleSlices(brands[0], view) : multiSlices(percent.data, view);
  const total = slices.reduce((t, s) => t + s.value, 0);
  const title = VIEWS[single ? 'single' : 'multi'][view];
  const option = useMemo(
    () => ({
      tooltip: { ...tooltip, trigger: 'item', formatter: '{b}：{c} 辆（{d}%）' },
      title: {
        text: String(total),
        subtext: '辆',
        left: 'center',
        top: view === 0 ? '36%' : 'bottom',
        show: view === 0,
        textStyle: { color: TEXT, fontSize: 18 },
        subtextStyle: { color: TEXT },
      },
      series: [
        {
          type: 'pie',
          radius: view === 0 ? ['58%', '82%'] : ['0%', '82%'],
          label: { show: false },
          itemStyle: { borderColor: '#06163a', borderWidth: 2 },
          data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
        },
      ],
    }),
    [slices, total, view],
  );

  if (!allowed) {
    return <div className="tm-ring hp-state hp-state-empty">{perms.ring ? '企业用户不显示品牌占比' : '无权限查看总量环形图'}</div>;
  }
  const body = (
    <div className="tm-ring-body">
      <div className="tm-ring-chart">
        {total > 0 ? <LazyEChart option={option} ariaLabel={title} /> : <div className="hp-state hp-state-empty">暂无数据</div>}
      </div>
      <ul className="tm-ring-legend" data-testid="ring-legend">
        {slices.map((s) => (
          <li key={s.name}>
            <i style={{ background: s.color }} />
            <span className="tm-ring-name">{s.name}</span>
            <b>{s.value}</b>
            <span className="tm-ring-share">{shareText(s.value, total)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <div className="tm-ring" data-testid="brand-ring">
      <div className="tm-ring-head">
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label="上一个图" onClick={() => setView((v) => (v + 1) % 2)} />
        <span>
          {title}（{view === 0 ? '环形图' : '饼图'}）
        </span>
        <Button size="small" type="text" icon={<RightOutlined />} aria-label="下一个图" onClick={() => setView((v) => (v + 1) % 2)} />
      </div>
      {single ? (
        body
      ) : (
        <QueryState query={percent} empty={slices.length === 0}>
          {body}
        </QueryState>
      )}
    </div>
  );
}
