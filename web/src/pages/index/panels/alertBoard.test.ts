import { describe, expect, it } from 'vitest';
import type { AbnormalCounts } from '../types';
import { ALERT_TABS, alertColumns, boardCaption, openCount } from './AlertBoard';
import { weekChart } from './OperationStats';

const counts = (open: Record<number, number>, recent: Record<number, number> = {}): AbnormalCounts => ({
  lists: Array.from({ length: 14 }, (_, i) => ({
    abnormalType: i + 1,
    abnormalTypeName: '',
    openNum: open[i + 1] ?? 0,
    recentNum: recent[i + 1] ?? 0,
    openRecentNum: 0,
  })),
  openTotal: Object.values(open).reduce((a, b) => a + b, 0),
  recentTotal: 0,
  openRecentTotal: 0,
  startTime: '',
  endTime: '',
});

describe('warning board', () => {
  it('counts open alerts per tab whatever day they opened, and 全部 is the sum of the tabs shown', () => {
    // the demo city: 1,448 open off-site returns of which 95 recent, 55 open illegal bikes none recent
    const c = counts({ 1: 1448, 4: 15, 6: 162, 7: 55, 13: 92, 14: 0, 8: 92 }, { 1: 95, 7: 0 });
    expect(openCount(c, [7])).toBe(55);
    expect(openCount(c, [1])).toBe(1448);
    const tabs = ALERT_TABS.map((t) => openCount(c, t.types));
    expect(openCount(c, [1, 4, 6, 7, 13, 14])).toBe(tabs.reduce((a, b) => a + b, 0));
    // type 8 is not on the board
    expect(openCount(c, [1, 4, 6, 7, 13, 14])).toBe(1448 + 15 + 162 + 55 + 92);
    expect(openCount(undefined, [1])).toBe(0);
  });

  it('says what 全部 counts and how it meets #/warn’s 待处理 (issue 25, point 5)', () => {
    // the moment: 全部 2,418 on the board, 待处理 2,508 on #/warn: 90 of the types the board leaves out
    const c = counts({ 1: 1448, 4: 15, 6: 162, 7: 55, 13: 738, 2: 12, 3: 6, 8: 72 });
    expect(openCount(c, [1, 4, 6, 7, 13, 14])).toBe(2418);
    expect(c.openTotal).toBe(2508);
    expect(boardCaption(c, 10).text).toBe('全部 = 以上 6 类进行中、未处理的异常（不限发生日期）；异常列表「待处理」2508 条另含其他类型 90 条');
    expect(boardCaption(counts({ 1: 3 }), 3).text).toBe('全部 = 以上 6 类进行中、未处理的异常（不限发生日期），即异常列表的「待处理」');
    expect(boardCaption(undefined, 0).text).toBe('全部 = 以上 6 类进行中、未处理的异常（不限发生日期）');
  });

  it('has the spec tabs 1, 7, 13, 14 and a tab for each other board type', () => {
    expect(ALERT_TABS.map((t) => [t.key, t.label])).toEqual([
      ['1', '站外还车'],
      ['7', '非法车辆'],
      ['13', '站外停放'],
      ['14', '区域外停放'],
      ['4', '站点异常'],
      ['6', '满桩还车'],
    ]);
  });

  it('puts a site alert’s site where a site goes and — where the brand and bike go', () => {
    expect(alertColumns({ brandName: '', bikeId: null, siteId: 'S1', siteName: '领秀硅谷西门' })).toEqual({ what: '—', where: '领秀硅谷西门' });
    expect(alertColumns({ brandName: '哈啰', bikeId: 'HL1', siteId: null, siteName: '' })).toEqual({ what: '哈啰 HL1', where: '站外' });
    expect(alertColumns({ brandName: '美团', bikeId: 'MT1', siteId: 'S2', siteName: '' })).toEqual({ what: '美团 MT1', where: 'S2' });
  });
});

describe('seven-day chart', () => {
  it('marks today’s point as so far', () => {
    const day = (date: string, n: number) => ({ date, hours: [], total: { bike_num: n, e_bike_num: 1 } });
    const t = { mold: 1, series: [day('2026-11-23', 1300), day('2026-11-24', 95)], dayTotal: null, monthTotal: null } as never;
    const o = weekChart(t, '2026-11-24') as unknown as {
      series: Array<{ data: Array<number | null>; lineStyle: { type?: string } }>;
      tooltip: { formatter: (p: unknown[]) => string };
    };
    // solid lines stop at yesterday, dashed helpers step into today
    expect(o.series.map((s) => s.data)).toEqual([
      [1300, null],
      [1300, 95],
      [1, null],
      [1, 1],
    ]);
    expect(o.series[1].lineStyle.type).toBe('dashed');
    expect(o.tooltip.formatter([{ seriesName: '自行车', value: 95, marker: '', dataIndex: 1, axisValueLabel: '11-24' }])).toContain('今日截至当前');
    // a window not ending today has no partial point
    expect((weekChart(t, '2026-11-25') as unknown as { series: unknown[] }).series).toHaveLength(2);
  });
});
