/**
 * Issue 25, points 3 and 5, at one fixture moment.
 *
 * 3. An open alert carries when and where its condition was last seen: two unfiled bikes first heard
 *    at site S1 a month ago (their 非法车辆 alerts backdated so) report at S2 today; the detection job
 *    moves the alerts to S2 with today's time, and the three-day window (#/warn's default, the counts)
 *    counts them: "active in the last three days" = opened before the window's end, last seen after
 *    its start.
 * 5. The three totals of the two screens, each computed from the call that screen makes:
 *    the board's 全部 (open, unhandled, of its six types, any day), #/warn's 全部 (active in the last
 *    three days, any state) and its 待处理 (open, unhandled, any type, any day); each equals its
 *    list's total, and they reconcile:
 *      待处理 = 大屏全部 + open unhandled of the types the board leaves out
 *      待处理 = 待处理 seen in the three days + 待处理 not seen for three days
 *      三天全部 = 待处理 seen in the three days + handled ones + ended ones (of the window)
 *
 * The fixture, area 110108, besides the two bikes (7, open, seen today):
 *   1 站外还车 a month ago, unhandled (an event: never seen again) · 9 还车异常 a month ago, unhandled
 *   2 非法设备 today, open · 6 满桩还车 today, handled · 13 站外停放 ended today
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestApp, type Client, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite } from '../support/world.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { runAbnormalDetection } from '../../src/jobs/abnormal.js';

const HD = '110108';
const S = (n: number) => `110108000000${n}`;
const SITES = [
  { id: S(1), lon: 116.31, lat: 39.98, ceiling: 10 },
  { id: S(2), lon: 116.315, lat: 39.98, ceiling: 10 },
];
/** The big screen's alert board (web lib/constants WARNING_BOARD.types): its tabs and 全部. */
const BOARD_TYPES = [1, 4, 6, 7, 13, 14];
const MONTH_AGO = new Date(Date.now() - 30 * 86_400_000).toISOString();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

let t: TestContext;
let admin: Client;
let mt: Operator;
let brandId: number;
let seenAt: string;

async function alert(type: number, subject: string, at: string, extra: { handled?: boolean; closed?: boolean } = {}) {
  await t.database.query(
    `insert into abnormal_messages (abnormal_type, brand_id, area_id, subject, detail, created_at, updated_at, closed_at, handled_at)
     values ($1, $2, $3, $4, 'fixture', $5, $5, $6, $7)`,
    [type, type === 2 ? null : brandId, HD, subject, at, extra.closed ? at : null, extra.handled ? at : null],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  brandId = await addBrand(t.database, { name: '美团', account: 'mt' });
  for (const s of SITES) await addSite(t.database, s);
  mt = await new Operator(t.app, 'mt').login();
  admin = await adminClient(t.app);
  const ctx = jobContextOf(t.app.ctx);

  // a month ago: two unfiled bikes heard at S1, their alerts opened then
  await mt.post(
    '/bikes/status',
    ['ILL1', 'ILL2'].map((bikeId) => ({ bikeId, status: 1, lon: SITES[0].lon, lat: SITES[0].lat, reportedAt: minutesAgo(3) })),
  );
  await runAbnormalDetection(ctx, new Date());
  await t.database.query(`update abnormal_messages set created_at = $1, updated_at = $1 where abnormal_type = 7`, [MONTH_AGO]);
  await alert(1, 'order:1:OLD', MONTH_AGO);
  await alert(9, 'sync:1:OLD', MONTH_AGO);
  const today = minutesAgo(5);
  await alert(2, 'device:AA', today);
  await alert(6, 'order:1:FULL', today, { handled: true });
  await alert(13, 'bike:GONE', today, { closed: true });

  // today: the same bikes report at S2
  seenAt = minutesAgo(1);
  const r = await mt.post(
    '/bikes/status',
    ['ILL1', 'ILL2'].map((bikeId) => ({ bikeId, status: 1, lon: SITES[1].lon, lat: SITES[1].lat, reportedAt: seenAt })),
  );
  expect(r.status).toBe(200);
  await runAbnormalDetection(ctx, new Date());
});
afterAll(() => t.close());

type Msg = {
  abnormalType: number;
  bikeId: string | null;
  siteId: string | null;
  lon: number;
  lat: number;
  createTime: string;
  updateTime: string;
  closed: boolean;
};
const list = async (q: Record<string, unknown> = {}) => (await admin.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 1000, ...q })).body.data;
const counts = async () => (await admin.get('/api/abnormal/getMsgCounts', { selfAreaId: HD })).body.data;
const local = (iso: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });

describe('point 3: an open alert carries when and where it was last seen', () => {
  it('moves the illegal-bike alerts to where the bikes report today, keeping when they opened', async () => {
    const open = (await list({ abnormalType: '7', closed: 0 })).lists as Msg[];
    expect(open.map((m) => m.bikeId).sort()).toEqual(['ILL1', 'ILL2']);
    for (const m of open) {
      expect(m).toMatchObject({ siteId: S(2), lon: SITES[1].lon, lat: SITES[1].lat, closed: false });
      expect(m.createTime).toBe(local(MONTH_AGO));
      expect(m.updateTime).toBe(local(seenAt));
    }
    // the raw events: every open alert about a bike that reported in the window is in #/warn's default list
    const reported = await t.database.query<{ bike_id: string }>(
      `select a.bike_id from abnormal_messages a join bike_live b on b.bike_id = a.bike_id
        where a.closed_at is null and b.reported_at >= now() - interval '1 day' order by 1`,
    );
    const shown = ((await list()).lists as Msg[]).filter((m) => m.bikeId && !m.closed).map((m) => m.bikeId);
    expect(shown.sort()).toEqual(reported.map((r) => r.bike_id));
    const c = await counts();
    expect(c.lists[6]).toMatchObject({ abnormalType: 7, openNum: 2, recentNum: 2, openRecentNum: 2 });
  });

  it('writes nothing on a run when no bike reported since', async () => {
    expect((await runAbnormalDetection(jobContextOf(t.app.ctx), new Date())).refreshed).toBe(0);
  });
});

describe('point 5: the three alert totals of one moment reconcile', () => {
  it('computes each screen’s total from its own call and checks how they relate', async () => {
    const c = await counts();
    const byType = new Map<number, { openNum: number; recentNum: number; openRecentNum: number }>(
      (c.lists as { abnormalType: number; openNum: number; recentNum: number; openRecentNum: number }[]).map((l) => [l.abnormalType, l]),
    );
    // big screen 异常告警 全部: the sum of its tabs (getMsgCounts openNum)
    const boardAll = BOARD_TYPES.reduce((s, x) => s + (byType.get(x)?.openNum ?? 0), 0);
    const others = [...byType].filter(([x]) => !BOARD_TYPES.includes(x)).reduce((s, [, l]) => s + l.openNum, 0);
    const handled = (await list({ handled: 1 })).total;
    const ended = (await list({ handled: 0, closed: 1 })).total;
    // #/warn 全部 is recentTotal, its 待处理 openTotal
    const figures = { boardAll, warnRecent: c.recentTotal, warnOpen: c.openTotal, openRecent: c.openRecentTotal, others, handled, ended };
    console.log(`[alert totals] ${t.database.kind}: ${JSON.stringify(figures)}`);
    // the fixture, counted by hand: open unhandled 7 ×2, 1, 9, 2 → 5, of which the board's types 7 ×2, 1 → 3;
    // active in the three days 7 ×2 (seen today), 2, 6 (handled), 13 (ended) → 5, of them open unhandled 7 ×2, 2 → 3
    expect(figures).toEqual({ boardAll: 3, warnRecent: 5, warnOpen: 5, openRecent: 3, others: 2, handled: 1, ended: 1 });

    // each total equals the list its screen opens: the board's (closed=0, handled=0, no date), #/warn's default
    // (last three days), 只看待处理 (closed=0, handled=0, no date), and 待处理 from the window's start
    expect((await list({ abnormalType: BOARD_TYPES.join(','), closed: 0, handled: 0 })).total).toBe(boardAll);
    const warn = await list();
    expect(warn.total).toBe(c.recentTotal);
    // the window the list applied, for its date picker to show (issue 25, point 12): the counts' three days
    expect([warn.startTime, warn.endTime]).toEqual([c.startTime, c.endTime]);
    expect((await list({ closed: 0 })).startTime).toBeNull();
    expect((await list({ closed: 0, handled: 0 })).total).toBe(c.openTotal);
    expect((await list({ closed: 0, handled: 0, startTime: c.startTime })).total).toBe(c.openRecentTotal);
    // and they relate as the screens say
    expect(c.openTotal).toBe(boardAll + others);
    expect(c.openTotal - c.openRecentTotal).toBe(2); // the month-old 站外还车 and 还车异常, not seen since
    expect(c.recentTotal).toBe(c.openRecentTotal + handled + ended);
  });
});

describe('point 3: a site alert records that it still holds, and what it is now', () => {
  it('4 站点异常: confirmed at most every CONFIRM_MINUTES, its detail following the piles', async () => {
    const ctx = jobContextOf(t.app.ctx);
    const t0 = Date.now();
    const at = (m: number) => new Date(t0 + m * 60_000);
    await t.database.query(`insert into piles (equipment_mac, site_id, area_id, power, last_seen_at) values ('P1', $1, $2, 5, $3)`, [
      S(1),
      HD,
      at(0).toISOString(),
    ]);
    const row = async () =>
      (
        await t.database.query<{ created_at: Date; updated_at: Date; detail: string }>(
          `select created_at, updated_at, detail from abnormal_messages where abnormal_type = 4 and closed_at is null`,
        )
      ).map((r) => ({ created: new Date(r.created_at).getTime() - t0, updated: new Date(r.updated_at).getTime() - t0, detail: r.detail }));
    await runAbnormalDetection(ctx, at(0));
    expect(await row()).toEqual([{ created: 0, updated: 0, detail: '站点蓝牙桩电量低于 10%' }]);
    await runAbnormalDetection(ctx, at(5));
    expect(await row()).toEqual([{ created: 0, updated: 0, detail: '站点蓝牙桩电量低于 10%' }]);
    await runAbnormalDetection(ctx, at(11));
    expect(await row()).toEqual([{ created: 0, updated: 11 * 60_000, detail: '站点蓝牙桩电量低于 10%' }]);
    // the pile went silent for an hour: the detail says so at once
    await runAbnormalDetection(ctx, at(75));
    expect(await row()).toEqual([{ created: 0, updated: 75 * 60_000, detail: '站点蓝牙桩全部离线超过 1 小时' }]);
  });
});
