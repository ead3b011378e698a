/**
 * 运营统计 (issue 15): its own calls (rentReturn, tidalSites, the rent/return and trend spreadsheets)
 * answer the same figures as the big screen's calls (tidal, siteRankAll, brandBikeOnline) for the same
 * area and period, in statsWorld; plus bad input, no token, another area and a missing permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, userClient, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { CY, HD, P, SITES, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';
import { recordFiled } from '../../src/jobs/areaStats.js';

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;

beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
});
afterAll(() => t.close());

const DAY = { year: 2024, month: 3, day: 10 };
const MONTH = { year: 2024, month: 3 };

async function data(client: Client, url: string, q: Record<string, unknown>) {
  const r = await client.get(url, q);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

type Cell = string | number | null;
async function sheet(client: Client, url: string, q: Record<string, unknown>) {
  const f = await exportSheet<Cell>(t.app, { method: 'GET', url, query: q, token: client.token }, { pad: null });
  expect(f.type).toContain('spreadsheetml');
  return f;
}

const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);

describe('租还 equals the big screen tidal curve', () => {
  it('a 海淀 day: per hour and in total, rents and returns split by brand and type add up to tidal', async () => {
    const flows = await data(c.hd, '/api/statistics/rentReturn', { selfAreaId: HD, ...DAY });
    const tidal = await data(c.hd, '/api/statistics/tidal', { selfAreaId: HD, ...DAY });
    expect(flows.granularity).toBe('day');
    expect(flows.slots).toHaveLength(24);
    const hours = tidal.series[0].hours as Record<string, number>[];
    expect(flows.rent).toEqual(hours.map((h) => h.bike_rent_num + h.e_bike_rent_num));
    expect(flows.ret).toEqual(hours.map((h) => h.bike_return_num + h.e_bike_return_num));
    expect(flows.rentTotal).toBe(tidal.dayTotal.bike_rent_num + tidal.dayTotal.e_bike_rent_num);
    expect(flows.returnTotal).toBe(tidal.dayTotal.bike_return_num + tidal.dayTotal.e_bike_return_num);
    // worked out by hand: rents 08 → 4, 09 → 3; returns 08 → 3, 09 → 3, 10 → 1 (off-site)
    expect([flows.rent[8], flows.rent[9], flows.ret[8], flows.ret[9], flows.ret[10]]).toEqual([4, 3, 3, 3, 1]);
    // the lines by bike type equal tidal's bicycle / e-bike split
    const byType = (k: 'rent' | 'ret', type: number) =>
      sum((flows.lists as { bikeType: number; rent: number[]; ret: number[] }[]).filter((l) => l.bikeType === type).map((l) => sum(l[k])));
    expect(byType('rent', 0)).toBe(tidal.dayTotal.bike_rent_num);
    expect(byType('rent', 1)).toBe(tidal.dayTotal.e_bike_rent_num);
    expect(byType('ret', 1)).toBe(tidal.dayTotal.e_bike_return_num);
    // both brands of 海淀 are listed, each with a bicycle and an e-bike line
    expect(new Set(flows.lists.map((l: { brandId: number }) => l.brandId))).toEqual(new Set([w.brands.mt, w.brands.hb]));
  });

  it('a month: per day, and the month total equals tidal monthTotal', async () => {
    const flows = await data(c.hd, '/api/statistics/rentReturn', { selfAreaId: HD, ...MONTH });
    const tidal = await data(c.hd, '/api/statistics/tidal', { selfAreaId: HD, ...MONTH });
    expect(flows.granularity).toBe('month');
    expect(flows.slots).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(flows.rentTotal).toBe(tidal.monthTotal.bike_rent_num + tidal.monthTotal.e_bike_rent_num);
    expect(flows.returnTotal).toBe(tidal.monthTotal.bike_return_num + tidal.monthTotal.e_bike_return_num);
    // 2024-03-09: r10-r12 (3 and 3); 2024-03-10: r1-r7 rented and returned in 海淀 (7 and 7)
    expect([flows.rent[8], flows.ret[8], flows.rent[9], flows.ret[9]]).toEqual([3, 3, 7, 7]);
  });

  it('an enterprise user sees its own brand only, summing to its own tidal curve', async () => {
    const flows = await data(c.ent, '/api/statistics/rentReturn', { selfAreaId: HD, ...DAY });
    const tidal = await data(c.ent, '/api/statistics/tidal', { selfAreaId: HD, ...DAY });
    expect(new Set(flows.lists.map((l: { brandId: number }) => l.brandId))).toEqual(new Set([w.brands.mt]));
    expect(flows.rentTotal).toBe(tidal.dayTotal.bike_rent_num + tidal.dayTotal.e_bike_rent_num);
  });

  it('the spreadsheet holds the chosen hours only, and its counts equal the call', async () => {
    const flows = await data(c.hd, '/api/statistics/rentReturn', { selfAreaId: HD, ...DAY });
    const x = await sheet(c.hd, '/api/statistics/rentReturnOut', { selfAreaId: HD, ...DAY, group: '8,9' });
    expect(x.disposition).toContain("filename*=UTF-8''");
    expect(x.rows[0]).toEqual(['时间', '品牌', '车型', '租车数', '还车数', '租还差']);
    const body = x.rows.slice(1);
    expect(new Set(body.map((r) => r[0]))).toEqual(new Set(['2024-03-10 08:00', '2024-03-10 09:00']));
    expect(sum(body.map((r) => Number(r[3])))).toBe(flows.rent[8] + flows.rent[9]);
    expect(sum(body.map((r) => Number(r[4])))).toBe(flows.ret[8] + flows.ret[9]);
    expect(body.every((r) => Number(r[5]) === Number(r[3]) - Number(r[4]))).toBe(true);
  });
});

describe('潮汐站点 equals the site ranking', () => {
  it('each site’s rents minus returns equal siteRankAll’s for the same day, most unbalanced first, with the centre', async () => {
    const tidal = await data(c.hd, '/api/statistics/tidalSites', { selfAreaId: HD, ...DAY });
    const rank = await data(c.hd, '/api/statistics/siteRankAll', { selfAreaId: HD, ...DAY });
    const byId = new Map((rank.lists as { siteId: string; rentNum: number; returnNum: number }[]).map((r) => [r.siteId, r]));
    expect(tidal.lists.length).toBeGreaterThan(0);
    for (const s of tidal.lists) {
      const r = byId.get(s.siteId)!;
      expect([s.rentNum, s.returnNum, s.net]).toEqual([r.rentNum, r.returnNum, r.rentNum - r.returnNum]);
    }
    // every unbalanced site of the ranking is listed, and balanced ones are not
    const unbalanced = [...byId.values()].filter((r) => r.rentNum !== r.returnNum).map((r) => r.siteId);
    expect(tidal.lists.map((s: { siteId: string }) => s.siteId).sort()).toEqual(unbalanced.sort());
    const nets = tidal.lists.map((s: { net: number }) => Math.abs(s.net));
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    // S3: rents r5, r6; return r2 → +1, at its centre
    const s3 = tidal.lists.find((s: { siteId: string }) => s.siteId === SITES.S3.id);
    expect(s3).toMatchObject({ net: 1, lon: SITES.S3.lon, lat: SITES.S3.lat });
  });
});

describe('趋势 export equals the big screen trend', () => {
  it('the month spreadsheet rows carry brandBikeOnline’s figures for the chosen days', async () => {
    const trend = await data(c.hd, '/api/dashboard/brandBikeOnline', { selfAreaId: HD, ...MONTH, dataType: 1 });
    const x = await sheet(c.hd, '/api/dashboard/brandBikeOnlineOutput', { selfAreaId: HD, ...MONTH, group: '9,10' });
    expect(x.rows[0].slice(0, 3)).toEqual(['时间', '品牌', '投放自行车']);
    const body = x.rows.slice(1);
    expect(new Set(body.map((r) => r[0]))).toEqual(new Set(['2024-03-09', '2024-03-10']));
    for (const b of Object.values(trend) as { brandName: string; rows: { date: string; online_num: number | null; online_num_e: number | null }[] }[]) {
      for (const day of ['2024-03-09', '2024-03-10']) {
        const want = b.rows.find((r) => r.date === day)!;
        const got = body.find((r) => r[0] === day && r[1] === b.brandName)!;
        expect([got[2], got[3]]).toEqual([want.online_num, want.online_num_e]);
      }
    }
  });
});

describe('refusals', () => {
  it('bad input names the field', async () => {
    const noMonth = await c.hd.get('/api/statistics/rentReturn', { selfAreaId: HD, year: 2024 });
    expect(noMonth.body.code).toBe(400);
    expect(noMonth.body.message).toContain('month');
    const badDay = await c.hd.get('/api/statistics/rentReturn', { selfAreaId: HD, year: 2024, month: 2, day: 30 });
    expect(badDay.body.code).toBe(400);
    expect(badDay.body.message).toContain('day');
    const badGroup = await c.hd.get('/api/statistics/rentReturnOut', { selfAreaId: HD, ...DAY, group: '24' });
    expect(badGroup.body).toMatchObject({ code: 400, message: expect.stringContaining('group') });
    const badLimit = await c.hd.get('/api/statistics/tidalSites', { selfAreaId: HD, ...DAY, limit: 0 });
    expect(badLimit.body.code).toBe(400);
    expect(badLimit.body.message).toContain('limit');
  });

  it('no token: 401', async () => {
    const anon = new Client(t.app);
    for (const url of ['/api/statistics/rentReturn', '/api/statistics/tidalSites', '/api/statistics/rentReturnOut', '/api/dashboard/brandBikeOnlineOutput']) {
      expect((await anon.get(url, { ...DAY })).body.code).toBe(401);
    }
  });

  it('another area: 5002', async () => {
    expect((await c.hd.get('/api/statistics/rentReturn', { selfAreaId: CY, ...DAY })).body.code).toBe(5002);
    expect((await c.hd.get('/api/statistics/tidalSites', { selfAreaId: CY, ...DAY })).body.code).toBe(5002);
    // 朝阳's own view holds its own rides only (r8, r9, r14 rented there on D)
    const cy = await data(c.cy, '/api/statistics/rentReturn', { selfAreaId: CY, ...DAY });
    expect(cy.rentTotal).toBe(3);
  });

  it('a user with 运营统计 and its export only (no big screen) reads every call of the screen, and nothing else of the big screen', async () => {
    const role = await c.admin.post('/api/role/add', { roleName: '只有运营统计', permissionIds: [4, 106] }, { selfAreaId: HD });
    const op = await userClient(t.app, c.admin, { username: 'operation_only', areaId: HD, roleIds: [role.body.data.id] });
    const q = { selfAreaId: HD };
    const calls: [string, Record<string, unknown>][] = [
      ['/api/statistics/rentReturn', { ...q, ...DAY }],
      ['/api/statistics/tidalSites', { ...q, ...DAY }],
      ['/api/statistics/siteRankAll', { ...q, ...DAY }],
      ['/api/statistics/tidal', { ...q, ...DAY }],
      ['/api/statistics/brandPercent', q],
      ['/api/statistics/brandPercentNew', q],
      ['/api/statistics/areaVerify', q],
      ['/api/dashboard/brandBikeOnline', { ...q, ...MONTH, dataType: 1 }],
      ['/api/dashboard/siteStatistics', { ...q, ...DAY, siteId: SITES.S1.id }],
    ];
    for (const [url, query] of calls) expect((await op.get(url, query)).body.code, url).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: `/api/statistics/siteRankAllOut?selfAreaId=${HD}&year=2024&month=3&day=10`,
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['content-type'])).toContain('spreadsheetml');
    // the big screen's own calls stay the big screen's
    expect((await op.get('/api/dashboard/todayHistory', q)).body.code).toBe(5002);
    expect((await op.get('/api/statistics/areaBrandDetails', q)).body.code).toBe(5002);
  });

  it('without 运营统计 (a supervisor) or its export button (an enterprise user): 5002', async () => {
    expect((await c.sup.get('/api/statistics/rentReturn', { selfAreaId: HD, ...DAY })).body.code).toBe(5002);
    expect((await c.sup.get('/api/statistics/tidalSites', { selfAreaId: HD, ...DAY })).body.code).toBe(5002);
    expect((await c.ent.get('/api/statistics/rentReturnOut', { selfAreaId: HD, ...DAY })).body.code).toBe(5002);
    expect((await c.ent.get('/api/dashboard/brandBikeOnlineOutput', { selfAreaId: HD, ...MONTH })).body.code).toBe(5002);
  });
});

describe('数据接入率 over time: each day’s filed bikes', () => {
  type Row = { date: string; online_num: number | null; online_num_e: number | null; filed_num: number | null; access_percent: number | null };
  const trendOf = async (q: Record<string, unknown>) =>
    Object.values(await data(c.hd, '/api/dashboard/brandBikeOnline', { selfAreaId: HD, dataType: 1, ...q })) as { brandId: number; rows: Row[] }[];

  it('today’s filed bikes, as the statistics job records them, equal brandPercent’s; the rate divides by them', async () => {
    const [y, m, d] = w.today.split('-').map(Number);
    const trend = await trendOf({ year: y, month: m });
    const shares = await data(c.hd, '/api/statistics/brandPercent', { selfAreaId: HD });
    for (const b of shares.lists as { brandId: number; PutBikeNum: number; PutEBikeNum: number }[]) {
      const row = trend.find((t) => t.brandId === b.brandId)!.rows[d - 1];
      expect(row.filed_num, `brand ${b.brandId}`).toBe(b.PutBikeNum + b.PutEBikeNum);
      const placed = row.online_num! + row.online_num_e!;
      expect(row.access_percent).toBe(row.filed_num ? Math.round((placed / row.filed_num) * 10000) / 100 : null);
    }
  });

  it('a day before the job recorded any takes the bikes filed by then from their filing history, not today’s count', async () => {
    // 美团 filed MB1, MB2, MB3 on 03-01 and withdrew MB3 on 03-05; its other bikes came later
    await t.database.query(`update bikes set filed_at = '2024-03-01T02:00:00Z' where bike_id in ('MB1', 'MB2', 'MB3')`);
    await t.database.query(`update bikes set withdrawn_at = '2024-03-05T02:00:00Z' where bike_id = 'MB3'`);
    await t.database.query(`update stats_daily set filed_num = null where day = $1::date`, [P]);
    await recordFiled(w.ctx, new Date());
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from stats_daily where filed_num is null`);
    expect(n).toBe(0);
    const trend = await trendOf(MONTH);
    const mt = trend.find((b) => b.brandId === w.brands.mt)!;
    const p = mt.rows.find((r) => r.date === P)!;
    expect(p.filed_num).toBe(2);
    expect(p.access_percent).toBe(Math.round(((p.online_num! + p.online_num_e!) / 2) * 10000) / 100);
    // the day the job recorded keeps its own count
    const today = (await trendOf({ year: Number(w.today.slice(0, 4)), month: Number(w.today.slice(5, 7)) })).find((b) => b.brandId === w.brands.mt)!;
    expect(today.rows[Number(w.today.slice(8, 10)) - 1].filed_num).toBeGreaterThan(2);
    // the spreadsheet carries the same per-day figures
    const x = await sheet(c.hd, '/api/dashboard/brandBikeOnlineOutput', { selfAreaId: HD, ...MONTH, group: '9' });
    const head = x.rows[0];
    const got = x.rows.slice(1).find((r) => r[0] === P && r[1] === '美团')!;
    expect([got[head.indexOf('备案车辆')], got[head.indexOf('数据接入率(%)')]]).toEqual([p.filed_num, p.access_percent]);
  });
});
