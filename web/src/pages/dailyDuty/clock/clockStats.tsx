/**
 * 日常值守 · 打卡统计 (#/dailyDuty/clockStats, issue 28 point 3): each person's day: the clocks required
 * (windows × clocks per window), done (正常 and 迟到), late, missing (of windows already over) and out of
 * range; a missing or out-of-range figure above 0 in red. Filters in the URL: area, enterprise, role,
 * person, days.
 */
import { useMemo } from 'react';
import { CrudTab, defineCrud, useAreaBrands, brandFilter, type AreaBrands } from '../../../components/desk';
import { fetchClockDays } from './service';
import { ROLE_FILTER, USER_FILTER, dash, rangeFilter } from './shared';
import type { ClockDay, ClockDayKey } from './types';

/** A figure in red when above 0 (something to look at). */
const Alarm = ({ n }: { n: number }) => <span className={n > 0 ? 'duty-overdue' : ''}>{n}</span>;

const spec = (brands: AreaBrands) =>
  defineCrud<ClockDay, ClockDayKey>({
    key: 'clockDays',
    rowKey: (d) => `${d.day}-${d.userId}`,
    list: fetchClockDays,
    areaFilter: true,
    filters: [USER_FILTER, ROLE_FILTER, brandFilter(brands), rangeFilter('日期')],
    columns: [
      { title: '日期', dataIndex: 'day', width: 120 },
      { title: '人员', dataIndex: 'userName', width: 120 },
      { title: '企业', dataIndex: 'brandName', width: 110, render: dash },
      { title: '角色', dataIndex: 'roleName', width: 100 },
      { title: '应打卡', dataIndex: 'required', width: 90, align: 'right' },
      { title: '已打卡', dataIndex: 'done', width: 90, align: 'right' },
      { title: '迟到', dataIndex: 'late', width: 90, align: 'right' },
      { title: '缺卡', dataIndex: 'missing', width: 90, align: 'right', render: (n: number) => <Alarm n={n} /> },
      { title: '范围外', dataIndex: 'outOfRange', width: 90, align: 'right', render: (n: number) => <Alarm n={n} /> },
    ],
  });

export default function ClockStatsTab() {
  const brands = useAreaBrands();
  const declared = useMemo(() => spec(brands), [brands]);
  return <CrudTab spec={declared} />;
}
