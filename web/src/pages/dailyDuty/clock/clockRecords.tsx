/**
 * 日常值守 · 打卡记录 (#/dailyDuty/clockRecord, issue 28 point 3): each clock-in with its person,
 * enterprise, role, clock site, time, window, result (正常 / 迟到 / 范围外 / 非打卡时段), distance against
 * the radius (over it in red) and its photos (through the session, enlarged on a click). Filters in the
 * URL: area, enterprise, role, person, clock site, result, time.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CrudTab, type Option, defineCrud, useAreaBrands, brandFilter, type AreaBrands } from '../../../components/desk';
import { Photos } from '../../../components/uploads';
import { fetchClockRecords, fetchClockSites } from './service';
import { RESULT_OPTIONS, ROLE_FILTER, ResultTag, USER_FILTER, dash, rangeFilter } from './shared';
import type { ClockRecord, ClockRecordKey } from './types';

/** The clock sites of the area as the filter's options (the first 1,000 by name). */
function useClockSiteOptions(): { options: Option[]; loading: boolean } {
  const q = useQuery({
    queryKey: ['dailyDuty', 'clockSiteOptions'],
    queryFn: () => fetchClockSites({ currentPage: 1, pageSize: 1000 }),
    staleTime: 60_000,
  });
  const { data, isLoading } = q;
  return useMemo(() => ({ options: (data?.lists ?? []).map((s) => ({ value: String(s.id), label: s.name })), loading: isLoading }), [data, isLoading]);
}

/** 距离: the metres from the clock site, against the radius; over it in red. */
const Distance = ({ distance, radius }: { distance: number; radius: number }) => (
  <span className={distance > radius ? 'duty-overdue' : ''}>
    {Math.round(distance)} 米 / {radius} 米
  </span>
);

const spec = (brands: AreaBrands, sites: { options: Option[]; loading: boolean }) =>
  defineCrud<ClockRecord, ClockRecordKey>({
    key: 'clockRecords',
    rowKey: 'id',
    list: fetchClockRecords,
    areaFilter: true,
    visibleFilters: 3,
    filters: [
      USER_FILTER,
      ROLE_FILTER,
      { name: 'result', label: '结果', type: 'select', options: RESULT_OPTIONS },
      brandFilter(brands),
      { name: 'clockSiteId', label: '打卡点', type: 'select', options: sites.options, loading: sites.loading },
      rangeFilter('打卡时间'),
    ],
    columns: [
      { title: '人员', dataIndex: 'userName', width: 110 },
      { title: '企业', dataIndex: 'brandName', width: 100, render: dash },
      { title: '角色', dataIndex: 'roleName', width: 100, render: dash },
      { title: '打卡点', dataIndex: 'clockSiteName', width: 180 },
      { title: '打卡时间', dataIndex: 'clockTime', width: 170 },
      { title: '时段', dataIndex: 'window', width: 120, render: dash },
      { title: '结果', dataIndex: 'resultName', width: 110, render: (name: string, r) => <ResultTag result={r.result} name={name} /> },
      { title: '距离 / 范围', key: 'distance', width: 140, align: 'right', render: (_, r) => <Distance distance={r.distance} radius={r.radius} /> },
      { title: '照片', key: 'photos', width: 200, render: (_, r) => <Photos urls={r.photos} alt={`${r.userName} 打卡照片`} width={56} height={42} /> },
    ],
  });

export default function ClockRecordsTab() {
  const brands = useAreaBrands();
  const sites = useClockSiteOptions();
  const declared = useMemo(() => spec(brands, sites), [brands, sites]);
  return <CrudTab spec={declared} />;
}
