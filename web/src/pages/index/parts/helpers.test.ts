import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { slotsOf } from '../dialogs/ExportDialog';
import { serial } from '../dialogs/HomeModal';
import { areaPath } from '../AreaBar';
import { cutMessages } from '../panels/MessagePanel';
import { multiSlices, shareText, singleSlices } from '../panels/total/BrandRing';
import { stageScale } from '../useStageScale';
import type { BrandStat, SiteMessage } from '../types';
import { PALETTE, axisSplits, distinctColors, lineOption } from './chart';
import { parseCurrentBike } from './currentBike';
import { defaultTrendPeriod, drillDown, lastSevenDays, lastThreeDays, periodLabel, rankPeriod, yearOptions } from './period';
import { trendChart } from './trend';

describe('time windows', () => {
  it('defaults the trend to the day on the 1st, otherwise to the month', () => {
    expect(defaultTrendPeriod(dayjs('2024-05-01 10:00'))).toEqual({ year: 2024, month: 5, day: 1 });
    expect(defaultTrendPeriod(dayjs('2024-05-17 10:00'))).toEqual({ year: 2024, month: 5 });
  });

  it('gives the seven days ending today and the three-day warning window', () => {
    expect(lastSevenDays(dayjs('2024-03-02'))).toEqual(['2024-02-25', '2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(lastThreeDays(dayjs('2024-03-02 15:20'))).toEqual({ startTime: '2024-02-29 00:00:00', endTime: '2024-03-02 23:59:59' });
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
    const row = (date: string, value: number) => ({ date, hour: null, value, online_num: 0, online_num_e: 0, site_num: 0, site_num_e: 0, active_bike_num: 0, dispatch_percent: 0, rent_percent: 0 });
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
  });
});

describe('share ring', () => {
  const brand = { brandId: 1, brandName: '美团', onlineNum: 10, siteNum: 7, brandBikeNum: 8, brandEBikeNum: 2, bikeColor: '#f5c518', ebikeColor: '#1890ff' } as BrandStat;

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
        { brandId: 1, brandName: '美团', bikeColor: '#f5c518', ebikeColor: '', PutBikeNum: 0, PutEBikeNum: 0, BrandBikeNum: 9, BrandEBikeNum: 1, SiteBikeNum: 5, SiteEBikeNum: 0, brandBikePercent: 0, brandEBikePercent: 0 },
        { brandId: 2, brandName: '哈啰', bikeColor: '#f5c518', ebikeColor: '', PutBikeNum: 0, PutEBikeNum: 0, BrandBikeNum: 30, BrandEBikeNum: 0, SiteBikeNum: 15, SiteEBikeNum: 0, brandBikePercent: 0, brandEBikePercent: 0 },
      ],
    };
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
