/**
 * The home screen's curves and exports (online summary and trend, trend slots, site usage) against
 * the read world; numbers counted by hand from the table in test/support/readWorld.ts. The dialogs
 * are in dashboardDetails.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { CY, HD, SITES, buildReadWorld, localDate, localHour, type ReadWorld } from '../support/readWorld.js';
import { brandTrend, localNow, slotState } from '../../src/shared/brandTrend.js';

let t: TestContext;
let w: ReadWorld;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

async function download(c: Client, url: string, query: Record<string, unknown>) {
  const f = await exportSheet(t.app, { method: 'GET', url, query, token: c.token });
  expect(f.status).toBe(200);
  expect(f.type).toContain('spreadsheetml');
  return f;
}

describe('online summary and trend', () => {
  it('summarises today per brand, and exports the same rows', async () => {
    const rows = (await w.hd.get('/api/dashboard/brandBikeOnlineCollect', { selfAreaId: HD })).body.data;
    const today = localDate(new Date());
    expect(rows).toEqual([
      {
        date: today,
        brandId: w.brandIds.mt,
        brandName: '美团',
        onlineBikeNum: 9,
        onlineEBikeNum: 3,
        onlineNum: 12,
        siteBikeNum: 7,
        siteEBikeNum: 3,
        siteNum: 10,
        filedBikeNum: 10,
        filedEBikeNum: 4,
        filedNum: 14,
        approvedBikeNum: 100,
        approvedEBikeNum: 20,
        approvedNum: 120,
      },
      {
        date: today,
        brandId: w.brandIds.hb,
        brandName: '哈啰',
        // filed bikes only: the illegal HBX01 is not online
        onlineBikeNum: 9,
        onlineEBikeNum: 2,
        onlineNum: 11,
        siteBikeNum: 8,
        siteEBikeNum: 2,
        siteNum: 10,
        filedBikeNum: 10,
        filedEBikeNum: 2,
        filedNum: 12,
        approvedBikeNum: 80,
        approvedEBikeNum: 10,
        approvedNum: 90,
      },
    ]);
    const x = await download(w.hd, '/api/dashboard/brandBikeOnlineCollectOutput', { selfAreaId: HD });
    expect(x.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('车辆在线汇总.xlsx')}`);
    expect(x.rows[0]).toEqual([
      '日期',
      '品牌',
      '投放自行车',
      '投放电动车',
      '投放合计',
      '站内自行车',
      '站内电动车',
      '站内合计',
      '备案自行车',
      '备案电动车',
      '备案合计',
      '核准自行车',
      '核准电动车',
      '核准合计',
    ]);
    expect(x.rows.slice(1)).toEqual(
      rows.map((r: Record<string, unknown>) => [
        r.date,
        r.brandName,
        r.onlineBikeNum,
        r.onlineEBikeNum,
        r.onlineNum,
        r.siteBikeNum,
        r.siteEBikeNum,
        r.siteNum,
        r.filedBikeNum,
        r.filedEBikeNum,
        r.filedNum,
        r.approvedBikeNum,
        r.approvedEBikeNum,
        r.approvedNum,
      ]),
    );
  });

  it('draws the trend by month, day and hour', async () => {
    const day = localDate(w.now);
    const [y, m, d] = day.split('-').map(Number);
    const year = (await w.hd.get('/api/dashboard/brandBikeOnline', { selfAreaId: HD, year: y, dataType: 1 })).body.data;
    expect(Object.keys(year).map(Number)).toEqual([w.brandIds.mt, w.brandIds.hb]);
    const mtMonths = year[w.brandIds.mt].rows;
    expect(mtMonths).toHaveLength(12);
    // one day of data in the month: its values; dispatch 1 ÷ 12 online, rides 4 ÷ 12
    // this month is under way (partial); months without data or still to come are null, not 0
    expect(mtMonths[m - 1]).toEqual({
      date: `${y}-${String(m).padStart(2, '0')}`,
      hour: null,
      online_num: 9,
      online_num_e: 3,
      site_num: 7,
      site_num_e: 3,
      active_bike_num: 4,
      dispatch_percent: 8.33,
      rent_percent: 33.33,
      // today's filed bikes as the statistics job recorded them (as brandPercent counts them), 12 of them reporting
      filed_num: 14,
      access_percent: 85.71,
      value: 12,
      partial: true,
    });
    const shares = (await w.hd.get('/api/statistics/brandPercent', { selfAreaId: HD })).body.data.lists as {
      brandId: number;
      PutBikeNum: number;
      PutEBikeNum: number;
    }[];
    const mtShare = shares.find((b) => b.brandId === w.brandIds.mt)!;
    expect(mtShare.PutBikeNum + mtShare.PutEBikeNum).toBe(14);
    // placed bikes are the snapshot's: only today has data
    expect(mtMonths.filter((r: { value: number | null }) => r.value !== null).map((r: { date: string }) => r.date)).toEqual([day.slice(0, 7)]);
    expect(mtMonths.filter((r: { partial: boolean }) => r.partial)).toHaveLength(1);

    const month = (await w.hd.get('/api/dashboard/brandBikeOnline', { selfAreaId: HD, year: y, month: m, dataType: 4 })).body.data;
    const hbDay = month[w.brandIds.hb].rows[d - 1];
    expect(hbDay).toMatchObject({
      date: day,
      online_num: 9,
      online_num_e: 2,
      site_num: 8,
      site_num_e: 2,
      active_bike_num: 1,
      dispatch_percent: 18.18,
      rent_percent: 9.09,
      value: 18.18,
      partial: true,
    });
    // data exist today only (the snapshot's); every other day (before: no data; after: still to
    // come) is a gap, not 0
    const others = month[w.brandIds.hb].rows.filter((r: { date: string }) => r.date !== day);
    expect(others.length).toBeGreaterThanOrEqual(27);
    expect(
      others.every((r: { value: number | null; online_num: number | null; partial: boolean }) => r.value === null && r.online_num === null && !r.partial),
    ).toBe(true);
    expect(month[w.brandIds.hb].rows.filter((r: { partial: boolean }) => r.partial).map((r: { date: string }) => r.date)).toEqual([day]);

    const hours = (await w.hd.get('/api/dashboard/brandBikeOnline', { selfAreaId: HD, year: y, month: m, day: d, dataType: 3 })).body.data;
    const mtHours = hours[w.brandIds.mt].rows;
    expect(mtHours).toHaveLength(24);
    // hours up to the current one: placed and in-site repeat the day's value; active bikes per hour of renting;
    // the current hour is partial and the hours still to come are null
    const hour = localHour(new Date());
    const done = mtHours.slice(0, hour + 1);
    expect(done.every((r: { online_num: number; site_num: number }) => r.online_num === 9 && r.site_num === 7)).toBe(true);
    expect(mtHours.slice(hour + 1).every((r: { value: number | null; online_num: number | null }) => r.value === null && r.online_num === null)).toBe(true);
    expect(mtHours.map((r: { partial: boolean }, h: number) => (r.partial ? h : -1)).filter((h: number) => h >= 0)).toEqual([hour]);
    expect(done.reduce((s: number, r: { active_bike_num: number }) => s + r.active_bike_num, 0)).toBe(4);
    expect(mtHours[localHour(w.times.rent)].value).toBe(4);

    expect((await w.hd.get('/api/dashboard/brandBikeOnline', { selfAreaId: HD, year: y, dataType: 6 })).body.message).toContain('dataType');
    expect((await w.hd.get('/api/dashboard/brandBikeOnline', { selfAreaId: HD, year: y, day: 3, dataType: 1 })).body.message).toContain('month');
    expect((await w.hd.get('/api/dashboard/brandBikeOnline', { selfAreaId: HD, year: 2025, month: 2, day: 30, dataType: 1 })).body.message).toContain('day');
  });
});

describe('trend slots against now', () => {
  it('leaves slots to come and slots without data null, marks the slot under way, and treats today as whole once it is over', async () => {
    const day = localDate(w.now);
    const [y, m, d] = day.split('-').map(Number);
    const tomorrow = new Date(w.now.getTime() + 86_400_000);
    // seen from tomorrow: today is a whole past day, tomorrow (if in this month) is under way but has no data
    const month = await brandTrend(t.database, [HD], { year: y, month: m, dataType: 1 }, 'Asia/Shanghai', tomorrow);
    expect(month[w.brandIds.mt].rows[d - 1]).toMatchObject({ date: day, value: 12, partial: false });
    expect(month[w.brandIds.mt].rows.filter((r) => r.value !== null).map((r) => r.date)).toEqual([day]);
    expect(month[w.brandIds.mt].rows.some((r) => r.partial)).toBe(false);
    // seen from the day before: today has not happened yet
    const before = await brandTrend(t.database, [HD], { year: y, month: m, day: d, dataType: 3 }, 'Asia/Shanghai', new Date(w.now.getTime() - 86_400_000));
    expect(before[w.brandIds.mt].rows.every((r) => r.value === null && !r.partial)).toBe(true);
    // a past day without data: every hour null
    const empty = await brandTrend(t.database, [HD], { year: y - 1, month: m, day: 1, dataType: 3 }, 'Asia/Shanghai', w.now);
    expect(empty[w.brandIds.mt].rows.every((r) => r.value === null)).toBe(true);
    // the year view of a year with no data at all: twelve gaps
    const lastYear = await brandTrend(t.database, [HD], { year: y - 1, dataType: 1 }, 'Asia/Shanghai', w.now);
    expect(lastYear[w.brandIds.mt].rows.map((r) => r.value)).toEqual(Array(12).fill(null));
  });

  it('marks the slot a moment falls in: past, partial or future', () => {
    expect([slotState('2026-11-23', '2026-11-24'), slotState('2026-11-24', '2026-11-24'), slotState('2026-11-25', '2026-11-24')]).toEqual([
      'past',
      'partial',
      'future',
    ]);
    expect([slotState(6, 7), slotState(7, 7), slotState(8, 7)]).toEqual(['past', 'partial', 'future']);
    // 2026-11-23 23:30 UTC is 07:30 on the 24th in Shanghai
    expect(localNow('Asia/Shanghai', new Date('2026-11-23T23:30:00Z'))).toEqual({
      month: '2026-11',
      day: '2026-11-24',
      hour: 7,
    });
  });
});

describe('site usage statistics', () => {
  const day = () => localDate(w.now).split('-').map(Number);

  it('counts a site’s rents, returns, ups and downs per hour, day and month with percents of capacity', async () => {
    const [y, m, d] = day();
    const q = { selfAreaId: HD, siteId: SITES.H4.id, year: y, month: m, day: d };
    const rows = (await w.hd.get('/api/dashboard/siteStatistics', { ...q, dataType: 1 })).body.data;
    expect(rows).toHaveLength(24);
    // today's hours still to come are null, the current one partial
    const hour = localHour(new Date());
    expect(rows.slice(hour + 1).every((r: Record<string, unknown>) => r.rent_num === null && r.up_num === null && r.rent_num_per === null)).toBe(true);
    expect(rows.filter((r: { partial: boolean }) => r.partial).map((r: { slot: number }) => r.slot)).toEqual([hour]);
    const sum = (k: string) => rows.reduce((s: number, r: Record<string, number | null>) => s + (r[k] ?? 0), 0);
    // H4: rents O2, O5; no returns; up D1; down D2
    expect([sum('rent_num'), sum('return_num'), sum('up_num'), sum('down_num')]).toEqual([2, 0, 1, 1]);
    expect(rows[localHour(w.times.rent)]).toMatchObject({
      slot: localHour(w.times.rent),
      rent_num: 2,
      rent_num_per: 20,
    });
    expect(rows[localHour(w.times.dispatch)]).toMatchObject({ up_num: 1, down_num: 1 });

    // inferred from month alone: the days of the month
    const days = (await w.hd.get('/api/dashboard/siteStatistics', { selfAreaId: HD, siteId: SITES.H3.id, year: y, month: m })).body.data;
    expect(days).toHaveLength(new Date(Date.UTC(y, m, 0)).getUTCDate());
    expect(days[d - 1]).toMatchObject({
      slot: d,
      rent_num: 2,
      return_num: 2,
      rent_num_per: 20,
      return_num_per: 20,
      up_num: 0,
      partial: true,
    });
    // days to come: null; days gone by without events: 0 (a site's quiet day is a real 0)
    expect(days.slice(d).every((r: { rent_num: number | null }) => r.rent_num === null)).toBe(true);
    expect(days.slice(0, d - 1).every((r: { rent_num: number | null; partial: boolean }) => r.rent_num === 0 && !r.partial)).toBe(true);
    const months = (await w.hd.get('/api/dashboard/siteStatistics', { selfAreaId: HD, siteId: SITES.H5.id, year: y })).body.data;
    expect(months).toHaveLength(12);
    // H5 (capacity 5): up D3 only
    expect(months[m - 1]).toMatchObject({ slot: m, up_num: 1, rent_num: 0, rent_num_per: 0, partial: true });
    expect(months.slice(m).every((r: { up_num: number | null }) => r.up_num === null)).toBe(true);

    expect((await w.hd.get('/api/dashboard/siteStatistics', { selfAreaId: HD, siteId: SITES.H4.id, year: y, dataType: 2 })).body.message).toContain('month');
    expect((await w.hd.get('/api/dashboard/siteStatistics', { selfAreaId: HD, siteId: SITES.C1.id, year: y })).body.code).toBe(5002);
  });

  it('exports the chosen slots to 站点使用统计.xlsx, the same as the JSON rows', async () => {
    const [y, m, d] = day();
    const q = { selfAreaId: HD, siteId: SITES.H4.id, year: y, month: m, day: d, dataType: 1 };
    const rows = (await w.hd.get('/api/dashboard/siteStatistics', q)).body.data as Record<string, unknown>[];
    const group = [...new Set([localHour(w.times.rent), localHour(w.times.dispatch), 0])].sort((a, b) => a - b);
    const x = await download(w.hd, '/api/dashboard/siteStatisticsOutput', { ...q, group: group.join(',') });
    expect(x.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('站点使用统计.xlsx')}`);
    expect(x.rows[0]).toEqual(['时间', '租车数', '还车数', '上架数', '下架数', '租车占比(%)', '还车占比(%)']);
    expect(x.rows.slice(1)).toEqual(
      rows
        .filter((r) => group.includes(r.slot as number))
        .map((r) => [r.time, r.rent_num, r.return_num, r.up_num, r.down_num, r.rent_num_per, r.return_num_per]),
    );
    const all = await download(w.hd, '/api/dashboard/siteStatisticsOutput', q);
    expect(all.rows).toHaveLength(25);
    const bad = await w.hd.get('/api/dashboard/siteStatisticsOutput', { ...q, group: '1,24' });
    expect(bad.body).toMatchObject({ code: 400, message: expect.stringContaining('group') });
    expect((await w.cy.get('/api/dashboard/siteStatisticsOutput', { ...q, selfAreaId: CY })).body.code).toBe(5002);
  });
});
