/**
 * 日常值守 · 打卡点 (#/dailyDuty/clockSite, issue 28 point 3): the clock sites of the area on a map
 * (ClockSitesMap) and in a list (filters in the URL: name, enterprise); with 打卡设置 (clock.manage)
 * 新增 / 编辑 (position picked on the map, clockSiteForm) and 删除.
 */
import { useMemo, useState } from 'react';
import { CrudTab, defineCrud, useAreaBrands, brandFilter, type AreaBrands } from '../../../components/desk';
import ClockSitesMap from './ClockSitesMap';
import { type ClockSiteValues, clockSiteForm } from './clockSiteForm';
import { deleteClockSite, fetchClockSites } from './service';
import { dash } from './shared';
import type { ClockSite, ClockSiteKey } from './types';

const spec = (brands: AreaBrands, focus: ClockSite | null, pick: (s: ClockSite) => void) =>
  defineCrud<ClockSite, ClockSiteKey, ClockSiteValues>({
    key: 'clockSites',
    rowKey: 'id',
    list: fetchClockSites,
    areaFilter: true,
    filters: [{ name: 'name', label: '名称', type: 'input' }, brandFilter(brands)],
    columns: [
      { title: '名称', dataIndex: 'name', width: 200 },
      { title: '区域', dataIndex: 'areaName', width: 120 },
      { title: '企业', dataIndex: 'brandName', width: 120, render: (b: string | null) => b ?? '全部企业' },
      { title: '站点', key: 'site', width: 220, render: (_, s) => (s.siteId ? `${s.siteName ?? ''}（${s.siteId}）` : '—') },
      { title: '位置（经度, 纬度）', key: 'position', width: 200, render: (_, s) => `${s.lon.toFixed(6)}, ${s.lat.toFixed(6)}` },
      { title: '打卡半径', dataIndex: 'radius', width: 100, align: 'right', render: (r: number) => `${r} 米` },
      { title: '创建时间', dataIndex: 'createTime', width: 170, render: dash },
    ],
    actionsWidth: 110,
    form: clockSiteForm,
    remove: { call: (s) => deleteClockSite(s.id), what: (s) => `打卡点“${s.name}”`, success: '打卡点已删除' },
    permissions: { edit: 'clock.manage' },
    beforeTable: (kit) => <ClockSitesMap kit={kit} focus={focus} pick={pick} />,
    table: {
      rowClassName: (s) => (s.id === focus?.id ? 'duty-row-clickable duty-row-focus' : 'duty-row-clickable'),
      onRow: (s) => ({ onClick: () => pick(s) }),
    },
  });

export default function ClockSitesTab() {
  const brands = useAreaBrands();
  const [focus, setFocus] = useState<ClockSite | null>(null);
  const declared = useMemo(() => spec(brands, focus, setFocus), [brands, focus]);
  return <CrudTab spec={declared} />;
}
