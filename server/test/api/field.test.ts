/**
 * The field app's clock-in and records (issue 28) and the duty desk that supervises them, via
 * app.inject(): a maintainer of 美团 clocks at 美团's clock site in 海淀 in its window (正常), after
 * it (迟到) and from thousands of kilometres away (范围外); a maintainer of 哈啰 at 美团's site, a
 * position outside China, a photo that is not an image or not theirs, a patrol of a bike in another
 * area are refused and store nothing; a record sent twice is stored once. The clock job closes the
 * windows (缺卡); the day figures equal a recomputation from the raw records (dayFigures), the
 * warnings list equals the to-do's dispatchWarnPend, and handling lowers both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand, addSite } from '../support/world.js';
import { JPG, PDF, PNG, upload } from '../support/uploads.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { runClockJob } from '../../src/jobs/clock.js';
import { loadConfig } from '../../src/config.js';
import { dayFigures, windowsOfDay, type ClockConfig } from '../../src/domain/clock.js';
import { dayNumber, dayStart, dayText, localDay } from '../../src/domain/time.js';

const HD = '110108';
const CY = '110105';
const TZ = 'Asia/Shanghai';
const SITE = '1101089800101';
const SITE_CY = '1101059800101';
// the clock site (GCJ-02) and a point 30 m east of it
const AT = { lon: 116.31, lat: 39.98 };
const NEAR = { lon: 116.31035, lat: 39.98, coord: 'gcj02' };
const GUANGZHOU = { lon: 113.26, lat: 23.13, coord: 'gcj02' };

let t: TestContext;
let admin: Client;
let hd: Client;
let cy: Client;
let mt1: Client & { userId: number };
let mt2: Client & { userId: number };
let hb1: Client & { userId: number };
let entMt: Client;
let MT = 0;
let HB = 0;
let siteMt = 0;
let siteOpen = 0;
let configId = 0;
// yesterday (local): the records are made "offline" then, so the test does not depend on the hour it runs
const yesterday = dayText(dayNumber(localDay(new Date(), TZ)) - 1);
let n = 0;
const cid = () => `test-${Date.now().toString(36)}-${(n++).toString(36)}`;

async function photo(c: Client, purpose: string, bytes = JPG): Promise<string> {
  const r = await upload(t.app, c.token, purpose, 'p.jpg', bytes);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.file as string;
}

async function clockIn(c: Client, at: string, pos: Record<string, unknown> = NEAR, extra: Record<string, unknown> = {}) {
  return c.post('/api/field/clock', { clientId: cid(), clockSiteId: siteMt, at: `${yesterday} ${at}`, photos: [await photo(c, 'clock')], ...pos, ...extra });
}

const accuse = async () => (await hd.get('/api/statistics/pend')).body.data.accusePend as number;
const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  MT = await addBrand(t.database, { name: '美团', account: 'mt_field', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_field', areaId: HD });
  await addSite(t.database, { id: SITE, name: '打卡站', lon: AT.lon, lat: AT.lat, ceiling: 10 });
  await addSite(t.database, { id: SITE_CY, name: '朝阳站', lon: 116.45, lat: 39.92, ceiling: 10, areaId: CY });
  hd = await userClient(t.app, admin, { username: 'hd_clock', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_clock', areaId: CY });
  mt1 = await userClient(t.app, admin, { username: 'mt_m1', areaId: HD, roleIds: [31], userLevel: 1 });
  mt2 = await userClient(t.app, admin, { username: 'mt_m2', areaId: HD, roleIds: [31], userLevel: 1 });
  hb1 = await userClient(t.app, admin, { username: 'hb_m1', areaId: HD, roleIds: [31], userLevel: 1 });
  const e = await userClient(t.app, admin, { username: 'mt_ent', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = any($2::int[])', [MT, [mt1.userId, mt2.userId, e.userId]]);
  await t.database.query('update users set brand_id = $1 where id = $2', [HB, hb1.userId]);
  entMt = e;
  // the enterprise account may see its own clocks
  await t.database.query(`insert into role_permissions (role_id, permission_id) values (3, 123) on conflict do nothing`);

  const s1 = await hd.post('/api/clock/saveClockSiteInfo', { name: '美团打卡点', areaId: HD, brandId: MT, siteId: SITE, ...AT, radius: 100 });
  expect(s1.body, JSON.stringify(s1.body)).toMatchObject({ code: 200 });
  siteMt = s1.body.data.id;
  siteOpen = (await hd.post('/api/clock/saveClockSiteInfo', { name: '公共打卡点', areaId: HD, ...AT, radius: 50 })).body.data.id;
  const c = await hd.post('/api/clockRecord/saveClockConfigInfo', {
    name: '运维早晚班',
    areaId: HD,
    roleId: 31,
    days: [1, 2, 3, 4, 5, 6, 7],
    windows: [
      { start: '17:00', end: '18:00' },
      { start: '07:00', end: '09:00' },
    ],
    clocksPerWindow: 1,
    radius: null,
    lateMinutes: 60,
    enabled: true,
  });
  expect(c.body.code, c.body.message).toBe(200);
  configId = c.body.data.id;
  // saved three days ago: yesterday's windows count
  await t.database.query(`update clock_configs set created_at = now() - interval '3 days'`);
  // the job has closed the windows up to yesterday's start
  await t.database.query(`insert into clock_job_state (id, closed_to) values (1, $1)`, [dayStart(yesterday, TZ)]);
});
afterAll(() => t.close());

describe('clock-in from the field app', () => {
  it('files a clock in the window as 正常, and the same record sent again once', async () => {
    const body = { clientId: cid(), clockSiteId: siteMt, at: `${yesterday} 08:00:00`, photos: [await photo(mt1, 'clock')], ...NEAR };
    const r = await mt1.post('/api/field/clock', body);
    expect(r.body).toMatchObject({
      code: 200,
      message: '打卡成功（07:00-09:00）',
      data: { result: 1, resultName: '正常', window: '07:00-09:00', radius: 100, repeated: false },
    });
    expect(r.body.data.distance).toBeGreaterThan(20);
    expect(r.body.data.distance).toBeLessThan(40);
    const before = await count('clock_records');
    const again = await mt1.post('/api/field/clock', body);
    expect(again.body).toMatchObject({ code: 200, message: '该打卡记录已提交过，未重复保存', data: { id: r.body.data.id, result: 1, repeated: true } });
    expect(await count('clock_records')).toBe(before);
  });

  it('marks a clock after the window 迟到 and one thousands of kilometres away 范围外, each with a warning', async () => {
    const late = await clockIn(mt2, '09:30:00');
    expect(late.body).toMatchObject({ code: 200, message: '迟到打卡，已记录（07:00-09:00）', data: { result: 2 } });
    const far = await clockIn(mt2, '17:30:00', GUANGZHOU);
    expect(far.body.data).toMatchObject({ result: 3, resultName: '范围外', radius: 100 });
    expect(far.body.data.distance).toBeGreaterThan(1_800_000);
    expect(far.body.message).toBe(`不在打卡范围内：距打卡点 ${far.body.data.distance} 米（范围 100 米），已记为范围外`);
    const offHours = await clockIn(mt2, '12:00:00');
    expect(offHours.body).toMatchObject({ code: 200, data: { result: 4, window: null } });
    const warns = (await hd.get('/api/clockRecord/getClockWarnList', { userName: 'mt_m2' })).body.data;
    expect(warns.lists.map((w: { kindName: string; window: string }) => `${w.kindName} ${w.window}`).sort()).toEqual([
      '范围外 17:00-18:00',
      '迟到 07:00-09:00',
    ]);
    expect(warns.lists.find((w: { kind: number }) => w.kind === 3).distance).toBe(far.body.data.distance);
  });

  it('refuses another enterprise’s clock site, a position outside China, a photo that is not an image or not one’s own: nothing stored', async () => {
    const before = await count('clock_records');
    const other = await clockIn(hb1, '08:10:00');
    expect(other.body).toMatchObject({ code: 5002, message: '该打卡点属于其他企业，不能在此打卡' });
    const paris = await clockIn(mt1, '08:10:00', { lon: 2.35, lat: 48.85 });
    expect(paris.body.code).toBe(400);
    expect(paris.body.message).toContain('定位不在中国境内');
    const pdf = await upload(t.app, mt1.token, 'clock', 'x.pdf', PDF);
    expect(pdf.body).toMatchObject({ code: 400, message: '参数 file 的文件类型不支持：打卡照片仅支持 PNG、JPG、WEBP' });
    const foreign = await photo(mt2, 'clock', PNG);
    const notMine = await mt1.post('/api/field/clock', { clientId: cid(), clockSiteId: siteMt, at: `${yesterday} 08:20:00`, photos: [foreign], ...NEAR });
    expect(notMine.body).toMatchObject({ code: 400, message: '参数 photos 不是可用的上传文件，请重新上传' });
    const none = await mt1.post('/api/field/clock', { clientId: cid(), clockSiteId: siteMt, photos: [], ...NEAR });
    expect(none.body.code).toBe(400);
    const future = await clockIn(mt1, '08:00:00', NEAR, { at: '2099-01-01 08:00:00' });
    expect(future.body).toMatchObject({ code: 400, message: '参数 at 晚于当前时间：请检查手机的日期和时间' });
    expect(await count('clock_records')).toBe(before);
    // the refused clocks left their photos unattached (the hourly sweep removes them)
    const [{ n: attached }] = await t.database.query<{ n: number }>(`select count(*)::int as n from uploads where file = $1 and owner_id is not null`, [
      foreign,
    ]);
    expect(attached).toBe(0);
  });

  it('needs a token and the clock permission', async () => {
    expect((await new Client(t.app).post('/api/field/clock', {})).body.code).toBe(401);
    expect((await new Client(t.app).get('/api/field/nearby')).body.code).toBe(401);
    // a regulator without 外勤
    const reg = await userClient(t.app, admin, { username: 'hd_noclock', areaId: HD, roleIds: [3], userLevel: 1 });
    expect((await reg.get('/api/field/nearby')).body.code).toBe(5002);
  });

  it('shows the maintainer the clock sites open to them, nearest first, and today’s windows', async () => {
    const r = await mt1.get('/api/field/nearby', { ...NEAR });
    expect(r.body.code).toBe(200);
    expect(r.body.data.clockSites.map((s: { name: string }) => s.name).sort()).toEqual(['公共打卡点', '美团打卡点']);
    expect(r.body.data.today.windows.map((w: { start: string; lateUntil: string }) => `${w.start}~${w.lateUntil}`)).toEqual(['07:00~10:00', '17:00~19:00']);
    expect(r.body.data.sites[0]).toMatchObject({ siteId: SITE });
    // 哈啰's maintainer does not see 美团's clock site
    const hb = await hb1.get('/api/field/nearby');
    expect(hb.body.data.clockSites.map((s: { id: number }) => s.id)).toEqual([siteOpen]);
  });
});

describe('the clock job, the day figures and 维护预警', () => {
  it('closes yesterday’s windows: 缺卡 for each window without its clock, once', async () => {
    const ctx = jobContextOf({ config: loadConfig({ TZ, DATA_DIR: '/tmp' }), database: t.database });
    // run at today's start: yesterday's windows close, none of today's
    const todayStart = dayStart(localDay(new Date(), TZ), TZ);
    const run = await runClockJob(ctx, todayStart);
    expect(run).toMatchObject({ windows: 6, warned: 4, days: 3 });
    const again = await runClockJob(ctx, todayStart);
    expect(again.warned).toBe(0);
    const missing = async (user: string) =>
      (await hd.get('/api/clockRecord/getClockWarnList', { userName: user, kind: 1, startTime: yesterday, endTime: yesterday })).body.data.lists.map(
        (w: { window: string }) => w.window,
      );
    expect(await missing('mt_m1')).toEqual(['17:00-18:00']);
    // mt_m2 clocked late in the morning (done) and out of range in the evening (not done)
    expect(await missing('mt_m2')).toEqual(['17:00-18:00']);
    expect((await missing('hb_m1')).sort()).toEqual(['07:00-09:00', '17:00-18:00']);
  });

  it('lists each person’s day as dayFigures computes it from the raw records', async () => {
    const stats = (await hd.get('/api/clockRecord/getClockStatisticsDayList', { startTime: yesterday, endTime: yesterday, pageSize: 100 })).body.data;
    expect(stats.total).toBe(3);
    const [cfg] = await t.database.query<ClockConfig>(
      `select id, area_id as "areaId", brand_id as "brandId", role_id as "roleId", days, windows, clocks_per_window as "clocksPerWindow", radius,
              late_minutes as "lateMinutes", enabled from clock_configs where id = $1`,
      [configId],
    );
    const windows = windowsOfDay([{ ...cfg, days: cfg.days.map(Number) }], yesterday);
    for (const row of stats.lists) {
      const records = await t.database.query<{ windowStart: string | null; result: number }>(
        `select window_start as "windowStart", result from clock_records where user_id = $1 and day = $2::date`,
        [row.userId, yesterday],
      );
      const f = dayFigures(windows, records, null);
      expect(row, row.userName).toMatchObject({
        day: yesterday,
        required: f.required,
        done: f.done,
        late: f.late,
        missing: f.missing,
        outOfRange: f.outOfRange,
      });
    }
    const byName = Object.fromEntries(stats.lists.map((r: { userName: string }) => [r.userName, r]));
    expect(byName.mt_m1).toMatchObject({ required: 2, done: 1, late: 0, missing: 1, outOfRange: 0, brandName: '美团', roleName: '运维人员' });
    expect(byName.mt_m2).toMatchObject({ required: 2, done: 1, late: 1, missing: 1, outOfRange: 1 });
    expect(byName.hb_m1).toMatchObject({ required: 2, done: 0, missing: 2 });
    // the list's records are the ones the figures count, with their photos
    const recs = (await hd.get('/api/clockRecord/getUserClockRecordList', { userName: 'mt_m2', startTime: yesterday, endTime: yesterday })).body.data;
    expect(recs.total).toBe(3);
    expect(recs.lists[0].photos[0]).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  });

  it('counts the unhandled warnings as the to-do’s dispatchWarnPend, and handling lowers both', async () => {
    const pend = async (c: Client) => (await c.get('/api/statistics/pend')).body.data.dispatchWarnPend as number;
    const open = async (c: Client, q: Record<string, unknown> = {}) =>
      (await c.get('/api/clockRecord/getClockWarnList', { clockWarn: 1, clockRole: 1, ...q })).body.data as { total: number; lists: { id: number }[] };
    const before = await open(hd);
    // mt_m2: 迟到, 范围外, 缺卡; mt_m1: 缺卡; hb_m1: 缺卡 twice
    expect(before.total).toBe(6);
    expect(await pend(hd)).toBe(before.total);
    // the enterprise account: its own enterprise's only
    const own = await open(entMt);
    expect(own.total).toBe(4);
    expect(await pend(entMt)).toBe(4);
    // 朝阳's regulator: none of 海淀's, and 海淀's refused
    expect(await pend(cy)).toBe(0);
    expect((await cy.get('/api/clockRecord/getClockWarnList', { areaId: HD })).body.code).toBe(5002);
    expect((await cy.post('/api/clockRecord/handleClockWarn', { ids: [before.lists[0].id], note: '越权' })).body.data.handled).toBe(0);
    // no note: refused
    expect((await hd.post('/api/clockRecord/handleClockWarn', { ids: [before.lists[0].id], note: '' })).body.code).toBe(400);
    const h = await hd.post('/api/clockRecord/handleClockWarn', { ids: before.lists.slice(0, 2).map((w) => w.id), note: '已电话提醒' });
    expect(h.body).toMatchObject({ code: 200, message: '已处理 2 条预警', data: { handled: 2 } });
    expect((await open(hd)).total).toBe(4);
    expect(await pend(hd)).toBe(4);
    const done = (await hd.get('/api/clockRecord/getClockWarnList', { clockWarn: 2 })).body.data.lists;
    expect(done).toHaveLength(2);
    expect(done[0]).toMatchObject({ handled: true, handlerName: 'hd_clock', note: '已电话提醒' });
  });
});

describe('patrols, installs, site applications and reports', () => {
  it('refuses a patrol of a bike in another area, stores one sent twice once', async () => {
    await t.database.query(
      `insert into bikes (bike_id, brand_id, bike_type, bike_mac) values ('MTCY01', $1, 1, 'AA:BB:CC:DD:EE:01'), ('MTHD01', $1, 1, 'AA:BB:CC:DD:EE:02')`,
      [MT],
    );
    await t.database.query(
      `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, reported_at) values ('MTCY01', $1, 1, $2, 116.45, 39.92, 0, now()), ('MTHD01', $1, 1, $3, 116.31, 39.98, 0, now())`,
      [MT, CY, HD],
    );
    const before = await count('patrol_records');
    const cyBike = await mt1.post('/api/field/patrol', { clientId: cid(), bikeId: 'MTCY01', result: 2, photos: [await photo(mt1, 'patrol')], ...NEAR });
    expect(cyBike.body).toMatchObject({ code: 5002, message: '车辆 MTCY01 不在您的管辖区域内，不能登记巡检' });
    expect(await count('patrol_records')).toBe(before);
    const body = { clientId: cid(), bikeMac: 'aa:bb:cc:dd:ee:02', result: 3, note: '车铃坏了', photos: [await photo(mt1, 'patrol')], ...NEAR };
    const first = await mt1.post('/api/field/patrol', body);
    expect(first.body).toMatchObject({ code: 200, message: '巡检已记录：故障（美团）', data: { bikeId: 'MTHD01', brandName: '美团', repeated: false } });
    const second = await mt1.post('/api/field/patrol', body);
    expect(second.body.data).toMatchObject({ id: first.body.data.id, repeated: true });
    expect(await count('patrol_records')).toBe(before + 1);
    expect((await mt1.post('/api/field/patrol', { clientId: cid(), result: 1, photos: [await photo(mt1, 'patrol')], ...NEAR })).body).toMatchObject({
      code: 400,
      message: '请填写或扫描车辆编号或车辆 MAC',
    });
  });

  it('records an install at a site of the area and refuses one in another area', async () => {
    const ok = await mt1.post('/api/field/install', { clientId: cid(), mac: 'a1b2c3d4e5f6', siteId: SITE, photos: [await photo(mt1, 'install')], ...NEAR });
    expect(ok.body).toMatchObject({ code: 200, message: '安装已记录' });
    const [row] = await t.database.query<{ mac: string }>(`select mac from pile_installs where id = $1`, [ok.body.data.id]);
    expect(row.mac).toBe('A1B2C3D4E5F6');
    const other = await mt1.post('/api/field/install', { clientId: cid(), mac: 'a1b2c3d4e5f7', siteId: SITE_CY, photos: [await photo(mt1, 'install')] });
    expect(other.body.code).toBe(5002);
    const badMac = await mt1.post('/api/field/install', { clientId: cid(), mac: 'xyz', siteId: SITE, photos: [await photo(mt1, 'install')] });
    expect(badMac.body.code).toBe(400);
  });

  it('counts a site application and a report in the to-do until decided', async () => {
    const pend = async () => (await hd.get('/api/statistics/pend')).body.data as { siteApplyPend: number; accusePend: number };
    const before = await pend();
    const apply = await mt1.post('/api/field/siteApply', {
      clientId: cid(),
      name: '清华东门站',
      capacity: 30,
      piles: 2,
      reason: '早高峰乱停严重',
      photos: [await photo(mt1, 'siteApply')],
      ...NEAR,
    });
    expect(apply.body).toMatchObject({ code: 200, message: '站点申请已提交，等待审核' });
    const report = await mt1.post('/api/field/report', {
      clientId: cid(),
      brandId: HB,
      text: '哈啰单车堵塞盲道',
      photos: [await photo(mt1, 'report')],
      ...NEAR,
    });
    expect(report.body).toMatchObject({ code: 200, message: '举报已提交，感谢您的监督' });
    const after = await pend();
    expect(after.siteApplyPend).toBe(before.siteApplyPend + 1);
    expect(after.accusePend).toBe(before.accusePend + 1);
    // the reporter's own photos are theirs to read; the history lists every kind
    const history = (await mt1.get('/api/field/history')).body.data.items as { kind: string }[];
    expect(new Set(history.map((h) => h.kind))).toEqual(new Set(['clock', 'patrol', 'install', 'siteApply', 'report']));
  });

  it('lists the reports on 米单车管理 as accusePend counts them; a regulator handles one with a note', async () => {
    const pending = async () => (await hd.get('/api/miApp/report/list', { state: 0 })).body.data as { total: number; lists: any[] };
    const before = await pending();
    expect(before.total).toBe(await accuse());
    const r = before.lists[0];
    expect(r).toMatchObject({ reporterName: 'mt_m1', brandName: '哈啰', text: '哈啰单车堵塞盲道', stateName: '待处理', areaName: '海淀区' });
    expect(r.photos[0]).toMatch(/^\/uploads\//);
    // the regulator may read the reporter's photo
    const file = await t.app.inject({ method: 'GET', url: r.photos[0], headers: { authorization: `Bearer ${hd.token}` } });
    expect(file.statusCode).toBe(200);
    // 朝阳 may neither see nor decide it
    expect((await cy.get('/api/miApp/report/list')).body.data.total).toBe(0);
    expect((await cy.post('/api/miApp/report/handle', { id: r.id, state: 1, note: '越权' })).body.code).toBe(5002);
    expect((await hd.post('/api/miApp/report/handle', { id: r.id, state: 2, note: '' })).body.code).toBe(400);
    expect((await hd.post('/api/miApp/report/handle', { id: r.id, state: 2, note: '现场核实无堵塞' })).body).toMatchObject({
      code: 200,
      message: '举报已驳回',
    });
    expect((await hd.post('/api/miApp/report/handle', { id: r.id, state: 1, note: '再次' })).body).toMatchObject({
      code: 400,
      message: '该举报已处理过，请刷新列表',
    });
    expect((await pending()).total).toBe(before.total - 1);
    expect(await accuse()).toBe(before.total - 1);
    const done = (await hd.get('/api/miApp/report/list', { state: 2 })).body.data.lists[0];
    expect(done).toMatchObject({ id: r.id, stateName: '已驳回', note: '现场核实无堵塞', handlerName: 'hd_clock' });
  });

  it('turns a report into a work order for the enterprise named: the order carries its place, text and photos, the report is settled', async () => {
    const sent = async (body: Record<string, unknown>) => {
      const r = await mt1.post('/api/field/report', { clientId: cid(), photos: [await photo(mt1, 'report')], ...NEAR, ...body });
      expect(r.body.code, r.body.message).toBe(200);
      return r.body.data.id as number;
    };
    const id = await sent({ brandId: HB, text: '哈啰电单车压占消防通道' });
    const [before, orders] = [await accuse(), await count('work_orders')];
    // bad input, another area, an enterprise account: refused and nothing written
    expect((await hd.post('/api/workOrder/add', { reportId: id, text: '   ' })).body).toMatchObject({ code: 400, message: '请填写工单内容' });
    expect((await hd.post('/api/workOrder/add', { reportId: 99_999_999, text: 'x' })).body).toMatchObject({
      code: 400,
      message: '举报 99999999 不存在，请刷新后重试',
    });
    expect((await hd.post('/api/workOrder/add', { reportId: id, alertId: 1, text: 'x' })).body).toMatchObject({
      code: 400,
      message: '工单只能从一条告警或一条举报新建',
    });
    expect((await cy.post('/api/workOrder/add', { reportId: id, text: '越权' })).body.code).toBe(5002);
    expect((await entMt.post('/api/workOrder/add', { reportId: id, text: '企业' })).body.code).toBe(5002);
    expect((await new Client(t.app).post('/api/workOrder/add', { reportId: id, text: 'x' })).body.code).toBe(401);
    expect(await count('work_orders')).toBe(orders);

    const made = await hd.post('/api/workOrder/add', { reportId: id, text: '请 30 分钟内清理消防通道', deadlineMinutes: 30 });
    expect(made.body, JSON.stringify(made.body)).toMatchObject({ code: 200, message: '工单已派发' });
    const orderId = made.body.data.id as number;
    const detail = (await hd.get('/api/workOrder/detail', { id: orderId })).body.data;
    expect(detail).toMatchObject({ brandId: HB, type: 5, state: 1 });
    expect(detail.evidence).toMatchObject({ reportId: id, reportText: '哈啰电单车压占消防通道', reporter: 'mt_m1', text: '请 30 分钟内清理消防通道' });
    expect(detail.evidence.photos[0]).toMatch(/^\/uploads\//);
    expect(detail.evidence.reportAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // the report is settled, names its order, and leaves the to-do
    const settled = (await hd.get('/api/miApp/report/list', { state: 1 })).body.data.lists.find((x: { id: number }) => x.id === id);
    expect(settled).toMatchObject({
      stateName: '已处理',
      workOrderId: orderId,
      note: `请 30 分钟内清理消防通道（已转工单 ${orderId}）`,
      handlerName: 'hd_clock',
    });
    expect(await accuse()).toBe(before - 1);
    // once only: neither a second order nor a decision afterwards
    expect((await hd.post('/api/workOrder/add', { reportId: id, text: '再派' })).body).toMatchObject({ code: 400, message: `举报 ${id} 已处理过，请刷新列表` });
    expect(await count('work_orders')).toBe(orders + 1);

    // a report naming no enterprise needs one chosen
    const anon = await sent({ text: '路口乱停' });
    expect((await hd.post('/api/workOrder/add', { reportId: anon, text: '清理' })).body).toMatchObject({
      code: 400,
      message: '举报未指明企业，请选择派给的企业',
    });
    const chosen = await hd.post('/api/workOrder/add', { reportId: anon, brandId: MT, type: 8, text: '清理' });
    expect(chosen.body.code).toBe(200);
    expect((await hd.get('/api/workOrder/detail', { id: chosen.body.data.id })).body.data).toMatchObject({ brandId: MT, type: 8 });
  });
});

describe('clock sites and configs on the desk', () => {
  it('refuses another area, another enterprise and overlapping windows with a clear message', async () => {
    expect((await cy.post('/api/clock/saveClockSiteInfo', { name: 'x', areaId: HD, ...AT, radius: 100 })).body.code).toBe(5002);
    expect((await cy.post('/api/clock/delClockSiteById', { id: siteMt })).body.code).toBe(5002);
    const overlap = await hd.post('/api/clockRecord/saveClockConfigInfo', {
      name: '重叠',
      areaId: HD,
      roleId: 31,
      days: [1],
      windows: [
        { start: '07:00', end: '09:00' },
        { start: '09:30', end: '10:00' },
      ],
      clocksPerWindow: 1,
      radius: null,
      lateMinutes: 60,
      enabled: true,
    });
    expect(overlap.body).toMatchObject({ code: 400, message: '参数 windows：打卡时段 07:00-09:00（含迟到 60 分钟）与 09:30-10:00 重叠' });
    const list = (await hd.get('/api/clockRecord/getClockConfigList', { clockRole: 1 })).body.data;
    expect(list.lists[0]).toMatchObject({
      name: '运维早晚班',
      roleName: '运维人员',
      days: [1, 2, 3, 4, 5, 6, 7],
      windows: [{ start: '07:00' }, { start: '17:00' }],
    });
    const sites = (await hd.get('/api/clock/getClockSiteList', { pageSize: 1000 })).body.data;
    expect(sites.total).toBe(2);
    expect(sites.lists.find((s: { id: number }) => s.id === siteMt)).toMatchObject({ brandName: '美团', siteName: '打卡站', areaName: '海淀区' });
    // the enterprise account sees its own enterprise's clock sites and the open ones? its own only
    expect((await entMt.get('/api/clock/getClockSiteList')).body.data.total).toBe(1);
    expect((await hd.post('/api/clock/delClockSiteById', { id: siteOpen })).body.code).toBe(200);
    expect((await hd.get('/api/clock/getClockSiteList')).body.data.total).toBe(1);
  });
});
