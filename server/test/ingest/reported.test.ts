/** Abnormal types that reports say: 2 illegal device (a pile flags it) and 5 faulty bike (the operator says so). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { Operator, addBrand, addGateway, addSite } from '../support/world.js';
import { jobContextOf, runMinuteJobs } from '../../src/jobs/index.js';
import { MIGRATIONS_DIR, type Database } from '../../src/db/client.js';
import { openFaults } from '../../src/ingest/faults.js';

let t: TestContext;
let mt: Operator;
let hb: Operator;
let gw: Operator;
let mtId: number;
const LON = 116.31;
const LAT = 39.98;
const S1 = '1101080000001';
const S2 = '1101080000002';
const P1 = 'AA:00:00:00:00:01';
const P2 = 'AA:00:00:00:00:02';
const P3 = 'AA:00:00:00:00:03';
const DEV = 'DE:AD:BE:EF:00:01';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

interface Row {
  id: number;
  subject: string;
  brand_id: number | null;
  bike_id: string | null;
  site_id: string | null;
  area_id: string;
  detail: string | null;
  updated_at: Date;
  closed_at: Date | null;
  pile_mac: string | null;
}

const messages = (type: number) =>
  t.database.query<Row>(
    `select id::int, subject, brand_id, bike_id, site_id, area_id, detail, updated_at, closed_at, pile_mac from abnormal_messages where abnormal_type = $1 order by id`,
    [type],
  );
const open = async (type: number) => (await messages(type)).filter((m) => m.closed_at === null);

beforeAll(async () => {
  t = await createTestApp();
  mtId = await addBrand(t.database, { name: '美团', account: 'mt' });
  await addBrand(t.database, { name: '哈啰', account: 'hb' });
  await addSite(t.database, { id: S1, lon: LON, lat: LAT, ceiling: 10 });
  await addSite(t.database, { id: S2, lon: LON + 0.01, lat: LAT, ceiling: 10 });
  await addGateway(t.database, { account: 'gw' });
  await t.database.query(`insert into mac_rules (brand_id, name_prefix, bike_id_prefix, bike_id_extract_start) values ($1, 'MTBLE_', 'MT', 6)`, [mtId]);
  mt = await new Operator(t.app, 'mt').login();
  hb = await new Operator(t.app, 'hb').login();
  gw = await new Operator(t.app, 'gw').login();
  expect(
    (
      await mt.post(
        '/bikes',
        ['F1', 'F2', 'F3'].map((bikeId) => ({ bikeId, bikeType: 0 })),
      )
    ).status,
  ).toBe(200);
});
afterAll(() => t.close());

const report = (bikeId: string, minutes: number, extra: Record<string, unknown> = {}) => ({
  bikeId,
  status: 1,
  lon: LON,
  lat: LAT,
  reportedAt: minutesAgo(minutes),
  ...extra,
});

describe('5 faulty bike, from the operator', () => {
  it('opens one message for a bike reported faulty, at its place, with the reason', async () => {
    const r = await mt.post('/bikes/status', [report('F1', 10, { fault: true, faultReason: '刹车失灵' }), report('F2', 10)]);
    expect(r.status).toBe(200);
    const rows = await open(5);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'bike:F1', brand_id: mtId, bike_id: 'F1', site_id: S1, area_id: '110108', detail: '刹车失灵' });
  });

  it('refreshes the open message while the fault lasts: no second one', async () => {
    const before = (await open(5))[0];
    expect((await mt.post('/bikes/status', [report('F1', 8, { fault: true })])).status).toBe(200);
    await mt.post('/bikes/status', [report('F1', 8, { fault: true })]); // a retry of the same report
    const rows = await messages(5);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(before.id);
    expect(rows[0].closed_at).toBeNull();
    expect(rows[0].detail).toBe('运营企业上报车辆故障');
    expect(rows[0].updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('keeps it open for batches without the bike, for an older report, and through the minute jobs', async () => {
    await mt.post('/bikes/status', [report('F2', 7)]);
    await mt.post('/bikes/status', [report('F1', 9)]); // older than the faulty report: superseded
    await runMinuteJobs(jobContextOf(t.app.ctx), new Date());
    expect((await open(5)).map((m) => m.bike_id)).toEqual(['F1']);
  });

  it('refuses another brand reporting the bike faulty, without a message', async () => {
    const r = await hb.post('/bikes/status', [report('F1', 1)]);
    expect(r.status).toBe(403);
    expect((await open(5)).map((m) => m.bike_id)).toEqual(['F1']);
  });

  it('closes it with a later report of the bike without the fault, at that report time', async () => {
    const clean = minutesAgo(6);
    expect((await mt.post('/bikes/status', [{ ...report('F1', 6), reportedAt: clean }, report('F2', 6)])).status).toBe(200);
    expect(await open(5)).toEqual([]);
    const [row] = await messages(5);
    expect(row.closed_at?.toISOString()).toBe(clean);
  });

  it('opens a new message when the bike is faulty again; the newest report of a batch decides', async () => {
    await mt.post('/bikes/status', [report('F1', 5, { fault: true, faultReason: '链条断裂' })]);
    // F2: faulty then fine in one batch → no fault; F3: fine then faulty → fault
    await mt.post('/bikes/status', [
      report('F2', 5, { fault: true }),
      report('F2', 4),
      report('F3', 5),
      report('F3', 4, { fault: true, faultReason: '车座损坏' }),
    ]);
    const rows = await messages(5);
    expect(rows.map((m) => [m.bike_id, m.closed_at === null, m.detail])).toEqual([
      ['F1', false, '运营企业上报车辆故障'],
      ['F1', true, '链条断裂'],
      ['F3', true, '车座损坏'],
    ]);
    // explicit fault: false closes as well
    await mt.post('/bikes/status', [report('F1', 3, { fault: false }), report('F3', 3, { fault: false, faultReason: '' })]);
    expect(await open(5)).toEqual([]);
    expect(await messages(5)).toHaveLength(3);
  });

  it('validates fault and faultReason per item, naming the field', async () => {
    const r = await mt.post('/bikes/status', [
      report('F2', 2),
      report('F2', 2, { fault: 'yes' }),
      report('F2', 2, { fault: 1 }),
      report('F2', 2, { fault: true, faultReason: '坏'.repeat(65) }),
      report('F2', 2, { fault: true, faultReason: 42 }),
      report('F2', 2, { faultReason: '刹车失灵' }),
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected).toEqual([
      { index: 1, id: 'F2', reason: 'fault 应为布尔值 true 或 false' },
      { index: 2, id: 'F2', reason: 'fault 应为布尔值 true 或 false' },
      { index: 3, id: 'F2', reason: 'faultReason 应为不超过 64 个字符的文本' },
      { index: 4, id: 'F2', reason: 'faultReason 应为不超过 64 个字符的文本' },
      { index: 5, id: 'F2', reason: 'faultReason 仅在 fault 为 true 时填写' },
    ]);
    expect((await mt.post('/bikes/status', [report('F2', 1, { fault: true, faultReason: '坏'.repeat(64) })])).status).toBe(200);
    expect((await open(5)).map((m) => [m.bike_id, m.detail])).toEqual([['F2', '坏'.repeat(64)]]);
  });
});

describe('5 faulty bike, with two servers on one database', () => {
  /** Waits until a server's fault set says what it should (the notice between servers takes milliseconds). */
  const until = async (database: Database, bikeId: string, has: boolean) => {
    for (let i = 0; i < 100 && (await openFaults(database)).has(bikeId) !== has; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await openFaults(database)).has(bikeId)).toBe(has);
  };

  it('closes, through one server, a fault opened through the other, at the next clean report', async () => {
    const second = await t.secondApp();
    try {
      const mt2 = await new Operator(second.app, 'mt').login();
      // both servers have loaded their fault sets before the fault opens
      expect((await mt2.post('/bikes/status', [report('F4', 0.9)])).status).toBe(200);
      expect((await mt.post('/bikes/status', [report('F4', 0.85)])).status).toBe(200);
      expect((await mt.post('/bikes/status', [report('F5', 0.8, { fault: true, faultReason: '刹车失灵' })])).status).toBe(200);
      await until(second.database, 'F5', true);
      expect((await mt2.post('/bikes/status', [report('F5', 0.5)])).status).toBe(200);
      expect((await open(5)).map((m) => m.bike_id)).not.toContain('F5');
      // and the first server hears of the close
      await until(t.database, 'F5', false);
    } finally {
      await second.close();
    }
  });
});

const scan = (pile: string, siteId: string, minutes: number, seen?: unknown[]) => ({
  equipmentMac: pile,
  siteId,
  power: 80,
  at: minutesAgo(minutes),
  ...(seen ? { seen } : {}),
});

describe('2 illegal device, from the piles', () => {
  it('opens one message per device a pile flags, at its site, with the brand its name claims', async () => {
    const r = await gw.post('/piles/scan', [
      scan(P1, S1, 10, [
        { mac: 'de:ad:be:ef:00:01', name: 'MTBLE_F9', rssi: -70, illegal: true },
        { mac: 'AA:BB:CC:00:00:02', name: 'MTBLE_ZZ' }, // an unfiled bike by the MAC rule: not flagged, no message
        { mac: 'AA:BB:CC:00:00:03', illegal: false },
      ]),
    ]);
    expect(r.status).toBe(200);
    const rows = await open(2);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: `device:${DEV}`, brand_id: mtId, bike_id: null, site_id: S1, area_id: '110108' });
    expect(rows[0].detail).toBe(`蓝牙桩 ${P1} 发现非法设备 ${DEV}（名称 MTBLE_F9），自称车辆 MTF9`);
  });

  it('refreshes it while piles keep flagging it, and power-only scans or other sites change nothing', async () => {
    await gw.post('/piles/scan', [scan(P1, S1, 9, [{ mac: DEV, illegal: true }])]);
    await gw.post('/piles/scan', [scan(P1, S1, 9, [{ mac: DEV, illegal: true }])]); // a retry
    await gw.post('/piles/scan', [scan(P1, S1, 8), scan(P3, S2, 8, [])]);
    // another pile of the site that does not hear it, in the same batch as one that flags it
    const flagAt = minutesAgo(7);
    await gw.post('/piles/scan', [{ ...scan(P1, S1, 7, [{ mac: DEV, illegal: true }]), at: flagAt }, scan(P2, S1, 7, [{ mac: 'AA:BB:CC:00:00:02' }])]);
    const rows = await messages(2);
    expect(rows).toHaveLength(1);
    expect(rows[0].closed_at).toBeNull();
    expect(rows[0].updated_at.toISOString()).toBe(flagAt);
    await runMinuteJobs(jobContextOf(t.app.ctx), new Date());
    expect(await open(2)).toHaveLength(1);
  });

  it('closes it when the pile that flagged it lists what it hears without the device; an older scan or another pile not hearing it cannot', async () => {
    await gw.post('/piles/scan', [scan(P1, S1, 20, [])]); // older than the last flag
    expect(await open(2)).toHaveLength(1);
    // P2 stands in the same site but may be out of the device's range: not hearing it says nothing
    await gw.post('/piles/scan', [scan(P2, S1, 6.5, [{ mac: 'AA:BB:CC:00:00:02' }])]);
    expect(await open(2)).toHaveLength(1);
    expect((await open(2))[0].pile_mac).toBe(P1);
    const clean = minutesAgo(6);
    expect((await gw.post('/piles/scan', [{ ...scan(P1, S1, 6, [{ mac: 'AA:BB:CC:00:00:02' }]), at: clean }])).status).toBe(200);
    expect(await open(2)).toEqual([]);
    expect((await messages(2))[0].closed_at?.toISOString()).toBe(clean);
  });

  it('opens a new message when the device is flagged again, at the site that flags it', async () => {
    await gw.post('/piles/scan', [
      scan(P3, S2, 5, [
        { mac: DEV, name: 'X', illegal: true },
        { mac: 'DE:AD:BE:EF:00:02', illegal: true },
      ]),
    ]);
    const rows = await open(2);
    expect(rows.map((m) => [m.subject, m.site_id, m.brand_id])).toEqual([
      [`device:${DEV}`, S2, null],
      ['device:DE:AD:BE:EF:00:02', S2, null],
    ]);
    expect(await messages(2)).toHaveLength(3);
    // S1's piles hearing nothing do not close what S2's piles flag
    await gw.post('/piles/scan', [scan(P1, S1, 4, [])]);
    expect(await open(2)).toHaveLength(2);
    await gw.post('/piles/scan', [scan(P3, S2, 3, [{ mac: 'DE:AD:BE:EF:00:02', illegal: true }])]);
    expect((await open(2)).map((m) => m.subject)).toEqual(['device:DE:AD:BE:EF:00:02']);
  });

  it('closes it when any pile hears the device without flagging it, even at another site', async () => {
    expect((await open(2)).map((m) => [m.subject, m.pile_mac])).toEqual([['device:DE:AD:BE:EF:00:02', P3]]);
    await gw.post('/piles/scan', [scan(P1, S1, 2, [{ mac: 'DE:AD:BE:EF:00:02', name: 'X' }])]);
    expect(await open(2)).toEqual([]);
  });

  it('names the pile of an open message written before piles were remembered (migration 0004)', async () => {
    await t.database.query(
      `insert into abnormal_messages (abnormal_type, site_id, area_id, subject, detail)
       values (2, $1, '110108', 'device:OLD', $2), (2, $1, '110108', 'device:OLD2', '其他说明')`,
      [S1, `蓝牙桩 ${P3} 发现非法设备 OLD（名称 X），自称车辆 MTF9`],
    );
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0004_illegal_device_pile.sql'), 'utf8').split('--> statement-breakpoint')[1];
    await t.database.query(sql);
    const rows = await t.database.query<{ subject: string; pile_mac: string | null }>(
      `select subject, pile_mac from abnormal_messages where subject like 'device:OLD%' order by subject`,
    );
    expect(rows).toEqual([
      { subject: 'device:OLD', pile_mac: P3 },
      { subject: 'device:OLD2', pile_mac: null },
    ]);
    await t.database.query(`delete from abnormal_messages where subject like 'device:OLD%'`);
  });

  it('validates seen and seen[].illegal per item, naming the field', async () => {
    const r = await gw.post('/piles/scan', [
      scan(P1, S1, 1, [{ mac: DEV, illegal: 'yes' }]),
      scan(P1, S1, 1, [{ mac: DEV }, { mac: 'AA:BB:CC:00:00:02', illegal: 1 }]),
      { ...scan(P1, S1, 1), seen: 'nothing' },
      scan(P1, S1, 1),
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected).toEqual([
      { index: 0, id: P1, reason: 'seen[0].illegal 应为布尔值 true 或 false' },
      { index: 1, id: P1, reason: 'seen[1].illegal 应为布尔值 true 或 false' },
      { index: 2, id: P1, reason: 'seen 应为最多 500 项的数组' },
    ]);
  });
});

describe('OpenAPI document', () => {
  it('documents fault, faultReason and illegal with Chinese descriptions and example bodies', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    const op = (path: string) => doc.paths[`/api/open/v1${path}`].post;
    const body = (path: string) => op(path).requestBody.content['application/json'];
    const status = op('/bikes/status');
    expect(status.description).toContain('`fault` 布尔值');
    expect(status.description).toContain('`faultReason` 故障说明，≤ 64 字符');
    expect(body('/bikes/status').example.items).toContainEqual(expect.objectContaining({ fault: true, faultReason: '刹车失灵' }));
    expect(body('/bikes/status').schema.properties.items.items.description).toContain('异常类型 5');
    const piles = op('/piles/scan');
    expect(piles.description).toContain('`seen[].illegal` 布尔值');
    expect(piles.description).toContain('非法设备');
    expect(body('/piles/scan').example.items[0].seen).toContainEqual(expect.objectContaining({ illegal: true }));
  });
});
