import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { slotsOf } from '../../../components/SlotChecks';
import { serial } from '../dialogs/HomeModal';
import { areaPath } from '../AreaBar';
import { cutMessages } from '../panels/MessagePanel';
import { multiSlices, shareText, singleSlices } from '../panels/total/BrandRing';
import { stageScale } from '../useStageScale';
import type { BrandPercentData, BrandStat, SiteMessage } from '../types';
import { axisMax } from '../../../lib/axis';
import { PALETTE, axisSplits, distinctColors, lineOption, maxOf, partialSlot, tooltipFormatter } from './chart';
import { parseCurrentBike } from './currentBike';
import { defaultTrendPeriod, drillDown, lastSevenDays, periodLabel, rankPeriod, yearOptions } from './period';
import { partialNote, trendChart } from './trend';

describe('time windows', () => {
  it('defaults the trend to the day on the 1st, otherwise to the month', () => {
    expect(defaultTrendPeriod(dayjs('2024-05-01 10:00'))).toEqual({ year: 2024, month: 5, day: 1 });
    expect(defaultTrendPeriod(dayjs('2024-05-17 10:00'))).toEqual({ year: 2024, month: 5 });
  });

  it('gives the seven days ending today', () => {
    expect(lastSevenDays(dayjs('2024-03-02'))).toEqual(['2024-02-25', '2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  });

  it('asks the ranking for the current hour, day or month', () => {
    const now = dayjs('2024-07-09 08:45');
    expect(rankPeriod('hour', now)).toEqual({ year: 2024, dateTime: '2024-07-09 08' });
    expect(rankPeriod('day', now)).toEqual({ year: 2024, month: 7, day: 9 });
    expect(rankPeriod('month', now)).toEqual({ year: 2024, month: 7 });
  });

  it('drills year → month → day and stops at the day', () => {
    expect(drillDown({ year: 2024 }, 2)).toEqual({ year: 2024, month: 3 });
    expect(drillDown({ year: 2024, month: 3 }, 9)).toEqual({ year: 2024, month: 3, day: 10 });
    expect(drillDown({ year: 2024, month: 3, day: 10 }, 4)).toBeNull();
    expect(periodLabel({ year: 2024, month: 3, day: 10 })).toBe('2024年3月10日');
  });

  it('offers this year and four before it', () => {
    expect(yearOptions(4, dayjs('2026-01-05'))).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
});

describe('export settings slots (spec §5)', () => {
  it('hours 0-23, days to the month length, months to 12', () => {
    expect(slotsOf('day', dayjs('2024-02-10'))).toHaveLength(24);
    expect(slotsOf('day', dayjs('2024-02-10'))[0]).toBe(0);
    expect(slotsOf('month', dayjs('2024-02-10'))).toHaveLength(29);
    expect(slotsOf('month', dayjs('2023-02-10')).at(-1)).toBe(28);
    expect(slotsOf('year', dayjs('2024-02-10'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('tables and lists', () => {
  it('numbers rows across pages', () => {
    expect(serial(1, 10, 0)).toBe(1);
    expect(serial(3, 10, 4)).toBe(25);
  });

  it('cuts site messages to 10 only when there are more than 5', () => {
    const m = (id: number) => ({ id }) as SiteMessage;
    expect(cutMessages([1, 2, 3].map(m))).toHaveLength(3);
    expect(cutMessages(Array.from({ length: 14 }, (_, i) => m(i)))).toHaveLength(10);
  });

  it('reads per-brand counts from currentBike and survives bad text', () => {
    const cb = parseCurrentBike('{"nowBike":[{"num":2,"brand_id":1,"brand_name":"美团"}],"nowEBike":[]}');
    expect(cb.nowBike).toEqual([{ brand_id: 1, brand_name: '美团', num: 2 }]);
    expect(parseCurrentBike('not json')).toEqual({ nowBike: [], nowEBike: [] });
    expect(parseCurrentBike(null)).toEqual({ nowBike: [], nowEBike: [] });
  });
});

describe('area chain', () => {
  it('gives province, city and district ids without repeats', () => {
    expect(areaPath('000000')).toEqual([]);
    expect(areaPath('110000')).toEqual(['110000']);
    expect(areaPath('110100')).toEqual(['110000', '110100']);
    expect(areaPath('110108')).toEqual(['110000', '110100', '110108']);
    expect(areaPath('1101')).toEqual(['110000', '110100']);
  });
});

describe('charts', () => {
  it('keeps unique brand colours and replaces repeated or missing ones', () => {
    expect(distinctColors(['#111111', '#222222'])).toEqual(['#111111', '#222222']);
    expect(distinctColors(['#f5c518', '#F5C518', null])).toEqual([PALETTE[0], PALETTE[1], PALETTE[2]]);
  });

  it('splits a capped y axis evenly', () => {
    expect(axisSplits(16)).toBe(4);
    expect(axisSplits(30)).toBe(5);
    expect(axisSplits(73)).toBeUndefined();
    const o = lineOption(['a'], [{ name: 'x', data: [13] }], { yMax: 16 }) as { yAxis: { max: number; interval: number } };
    expect(o.yAxis).toMatchObject({ max: 16, interval: 4 });
  });

  it('turns the trend answer into one series per brand with spec axis steps', () => {
    const row = (date: string, value: number) => ({
      date,
      hour: null,
      value,
      online_num: 0,
      online_num_e: 0,
      site_num: 0,
      site_num_e: 0,
      active_bike_num: 0,
      dispatch_percent: 0,
      rent_percent: 0,
      filed_num: null,
      access_percent: null,
      partial: false,
    });
    const data = {
      '2': { brandId: 2, brandName: '哈啰出行', rows: [row('2024-05-01', 3), row('2024-05-02', 7)] },
      '1': { brandId: 1, brandName: '美团', rows: [row('2024-05-01', 1), row('2024-05-02', 2)] },
    };
    const c = trendChart(data, { year: 2024, month: 5 }, 1);
    expect(c.x).toEqual(['1日', '2日']);
    expect(c.series.map((s) => s.name)).toEqual(['美团单车', '哈啰单车']);
    expect(c.yMax).toBe(8);
    expect(trendChart(data, { year: 2024, month: 5 }, 4).yMax).toBeUndefined();
    expect(trendChart(undefined, { year: 2024 }, 1).empty).toBe(true);
    expect(c.partial).toBeUndefined();
  });

  it('keeps slots to come as gaps (null, not 0) and marks the slot under way', () => {
    const row = (date: string, value: number | null, partial = false) => ({
      date,
      hour: null,
      value,
      online_num: value,
      online_num_e: 0,
      site_num: 0,
      site_num_e: 0,
      active_bike_num: 0,
      dispatch_percent: 0,
      rent_percent: 0,
      filed_num: null,
      access_percent: null,
      partial,
    });
    const data = { '1': { brandId: 1, brandName: '美团', rows: [row('2024-05-01', 4080), row('2024-05-02', 1221, true), row('2024-05-03', null)] } };
    const c = trendChart(data, { year: 2024, month: 5 }, 1);
    expect(c.series[0].data).toEqual([4080, 1221, null]);
    expect(c.partial).toEqual({ index: 1, note: '今日截至当前' });
    expect(c.yMax).toBe(axisMax(4080));
    expect(trendChart(data, { year: 2024, month: 5, day: 2 }, 1).partial?.note).toBe('本小时截至当前');
    expect(trendChart(data, { year: 2024 }, 1).partial?.note).toContain('日均');
    expect(partialNote('year')).toBe('本月截至当前');
  });

  it('draws the partial slot as a dashed step into a hollow point, and the solid line stops before it', () => {
    type S = { name: string; data: Array<number | null>; lineStyle: { type?: string }; symbol?: string };
    const o = lineOption(['1日', '2日', '3日', '4日'], [{ name: '美团单车', data: [5, 6, 3, null], color: '#111111' }], {
      partial: { index: 2, note: '今日截至当前' },
    }) as unknown as { series: S[] };
    expect(o.series).toHaveLength(2);
    expect(o.series[0].data).toEqual([5, 6, null, null]);
    expect(o.series[1]).toMatchObject({ name: '美团单车', data: [null, 6, 3, null], symbol: 'emptyCircle', lineStyle: { type: 'dashed' } });
    // without a partial slot: one plain series, nulls kept as gaps
    const plain = lineOption(['a', 'b'], [{ name: 'x', data: [1, null] }]) as unknown as { series: S[] };
    expect(plain.series.map((x) => x.data)).toEqual([[1, null]]);
    // bars: the partial bar is hollow and dashed
    const bars = lineOption(['0时', '1时'], [{ name: 'x', data: [2, 1], color: '#222222', type: 'bar' }], {
      partial: { index: 1, note: '本小时截至当前' },
    }) as unknown as {
      series: Array<{ data: unknown[] }>;
    };
    expect(bars.series[0].data[0]).toBe(2);
    expect(bars.series[0].data[1]).toMatchObject({ value: 1, itemStyle: { borderType: 'dashed', borderColor: '#222222' } });
  });

  it('names the partial slot in the tooltip, one line per brand, — for no value', () => {
    const f = tooltipFormatter({ index: 2, note: '今日截至当前' });
    const p = (seriesName: string, value: number | null, dataIndex: number) => ({
      seriesName,
      value,
      marker: '',
      dataIndex,
      axisValueLabel: `${dataIndex + 1}日`,
    });
    const html = f([p('美团单车', null, 2), p('美团单车', 1221, 2), p('哈啰单车', null, 2)]);
    expect(html).toContain('3日（今日截至当前）');
    expect(html.match(/美团单车/g)).toHaveLength(1);
    expect(html).toContain('1,221');
    expect(html).toContain('—');
    expect(f([p('美团单车', 5, 1)])).not.toContain('截至');
    expect(tooltipFormatter(undefined, '%')([p('x', 12.5, 0)])).toContain('12.50%');
    expect(tooltipFormatter(undefined, '%')([p('x', 3, 0)])).toContain('3.00%');
    // the series colour's marker (a hollow bar's own one is transparent)
    expect(tooltipFormatter(undefined, undefined, new Map([['x', '#40a9ff']]))([p('x', 1, 0)])).toContain('background-color:#40a9ff');
  });

  it('finds the slot under way and the largest value, ignoring gaps', () => {
    expect(partialSlot([{ partial: false }, { partial: true }, { partial: false }], 'n')).toEqual({ index: 1, note: 'n' });
    expect(partialSlot([{ partial: false }], 'n')).toBeUndefined();
    expect(
      maxOf([
        { name: 'a', data: [null, 3] },
        { name: 'b', data: [null] },
      ]),
    ).toBe(3);
    expect(maxOf([])).toBe(0);
  });
});

describe('share ring', () => {
  const brand = {
    brandId: 1,
    brandName: '美团',
    onlineNum: 10,
    siteNum: 7,
    brandBikeNum: 8,
    brandEBikeNum: 2,
    bikeColor: '#f5c518',
    ebikeColor: '#1890ff',
  } as BrandStat;

  it('splits one brand into in-site and out-of-site, or bicycles and e-bikes', () => {
    expect(singleSlices(brand, 0).map((s) => [s.name, s.value])).toEqual([
      ['站内车辆', 7],
      ['站外车辆', 3],
    ]);
    expect(singleSlices(brand, 1).map((s) => s.value)).toEqual([8, 2]);
    expect(singleSlices(undefined, 0)).toEqual([]);
  });

  it('shares online or in-site bikes between brands', () => {
    const data = {
      BrandBikeNum: 0,
      BrandEBikeNum: 0,
      SiteBikeNum: 0,
      SiteEBikeNum: 0,
      lists: [
        {
          brandId: 1,
          brandName: '美团',
          bikeColor: '#f5c518',
          ebikeColor: '',
          PutBikeNum: 0,
          PutEBikeNum: 0,
          BrandBikeNum: 9,
          BrandEBikeNum: 1,
          SiteBikeNum: 5,
          SiteEBikeNum: 0,
          brandBikePercent: 0,
          brandEBikePercent: 0,
        },
        {
          brandId: 2,
          brandName: '哈啰',
          bikeColor: '#f5c518',
          ebikeColor: '',
          PutBikeNum: 0,
          PutEBikeNum: 0,
          BrandBikeNum: 30,
          BrandEBikeNum: 0,
          SiteBikeNum: 15,
          SiteEBikeNum: 0,
          brandBikePercent: 0,
          brandEBikePercent: 0,
        },
      ],
    } as BrandPercentData;
    expect(multiSlices(data, 0).map((s) => s.value)).toEqual([10, 30]);
    expect(multiSlices(data, 1).map((s) => s.value)).toEqual([5, 15]);
    expect(shareText(10, 40)).toBe('25.0%');
    expect(shareText(0, 0)).toBe('0%');
  });
});

describe('stage scale', () => {
  it('scales 1920 wide to 1 and 1366 to 0.711…, never above 2', () => {
    expect(stageScale(1920)).toBe(1);
    expect(stageScale(1366)).toBeCloseTo(0.7115, 3);
    expect(stageScale(5000)).toBe(2);
    expect(stageScale(Number.NaN)).toBe(1);
  });
});
