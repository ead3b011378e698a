/**
 * A small world for the statistics and limits tests, built through the open API (filings, rides,
 * dispatches, status reports, pile scans), with the jobs run at chosen instants. Two districts:
 * 海淀 110108 (sites S1..S5) and 朝阳 110105 (C1, C2); two brands: 美团 (mt, registered in 110108)
 * and 哈啰 (hb, registered in 110105, operating in both). Every number the tests expect is
 * worked out by hand from the tables below.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { jobContextOf, runDailyJobs, runMinuteJobs, type JobContext } from '../../src/jobs/index.js';
import { Operator, addBrand, addGateway, addSite, fenceTestDistricts } from './world.js';
import { adminClient, createTestApp, userClient } from './app.js';

export const HD = '110108';
export const CY = '110105';

const p = (lon: number, lat: number) => ({ lon, lat });
export const SITES = {
  S1: { id: '1101080000001', name: '知春路站', areaId: HD, ...p(116.31, 39.98), ceiling: 3, major: true },
  S2: { id: '1101080000002', name: '中关村站', areaId: HD, ...p(116.312, 39.98), ceiling: 10, recycle: true },
  S3: { id: '1101080000003', name: '五道口站', areaId: HD, ...p(116.314, 39.98), ceiling: 20 },
  S4: { id: '1101080000004', name: '西二旗站', areaId: HD, ...p(116.316, 39.98), ceiling: 1 },
  S5: { id: '1101080000005', name: '上地站', areaId: HD, ...p(116.318, 39.98), ceiling: 5 },
  C1: { id: '1101050000001', name: '国贸站', areaId: CY, ...p(116.45, 39.92), ceiling: 10 },
  C2: { id: '1101050000002', name: '三里屯站', areaId: CY, ...p(116.452, 39.92), ceiling: 1 },
} as const;
export type SiteKey = keyof typeof SITES;
/** Off-site spots inside each district's fence. */
const OUT = { HD: p(116.32, 39.975), CY: p(116.46, 39.91) };
type Place = SiteKey | 'OUT_HD' | 'OUT_CY';
const where = (k: Place) => (k === 'OUT_HD' ? OUT.HD : k === 'OUT_CY' ? OUT.CY : { lon: SITES[k].lon, lat: SITES[k].lat });

/** An instant given as local (Asia/Shanghai, UTC+8, no DST) date and time. */
export const local = (date: string, time: string) => `${date}T${time}:00+08:00`;

/** Historic days (their calendar is fixed): D = 2024-03-10, P = 2024-03-09, F = 2024-02-20. */
export const D = '2024-03-10';
export const P = '2024-03-09';
export const F = '2024-02-20';

type Brand = 'mt' | 'hb';
interface Ride {
  id: string;
  brand: Brand;
  bike: string;
  from: Place;
  rentAt: string;
  to: Place;
  returnAt: string;
}

/** Historic rides (local times). */
export const RIDES: Ride[] = [
  { id: 'r1', brand: 'mt', bike: 'MB1', from: 'S1', rentAt: local(D, '08:05'), to: 'S2', returnAt: local(D, '08:20') },
  { id: 'r2', brand: 'mt', bike: 'MB2', from: 'S1', rentAt: local(D, '08:10'), to: 'S3', returnAt: local(D, '08:40') },
  { id: 'r3', brand: 'hb', bike: 'HB1', from: 'S1', rentAt: local(D, '08:15'), to: 'S2', returnAt: local(D, '08:50') },
  { id: 'r4', brand: 'mt', bike: 'ME1', from: 'S2', rentAt: local(D, '08:30'), to: 'S1', returnAt: local(D, '09:10') },
  { id: 'r5', brand: 'hb', bike: 'HE1', from: 'S3', rentAt: local(D, '09:05'), to: 'S1', returnAt: local(D, '09:30') },
  { id: 'r6', brand: 'mt', bike: 'MB3', from: 'S3', rentAt: local(D, '09:20'), to: 'S1', returnAt: local(D, '09:45') },
  { id: 'r7', brand: 'mt', bike: 'MB1', from: 'S2', rentAt: local(D, '09:50'), to: 'OUT_HD', returnAt: local(D, '10:05') },
  { id: 'r14', brand: 'mt', bike: 'MB4', from: 'C1', rentAt: local(D, '10:00'), to: 'OUT_CY', returnAt: local(D, '10:20') },
  { id: 'r8', brand: 'hb', bike: 'HB2', from: 'C1', rentAt: local(D, '18:00'), to: 'C2', returnAt: local(D, '18:30') },
  { id: 'r9', brand: 'mt', bike: 'MB4', from: 'C1', rentAt: local(D, '18:10'), to: 'C1', returnAt: local(D, '18:40') },
  { id: 'r10', brand: 'mt', bike: 'MB2', from: 'S2', rentAt: local(P, '12:00'), to: 'S3', returnAt: local(P, '12:15') },
  { id: 'r11', brand: 'mt', bike: 'MB3', from: 'S2', rentAt: local(P, '12:30'), to: 'S3', returnAt: local(P, '12:45') },
  { id: 'r12', brand: 'hb', bike: 'HB1', from: 'S2', rentAt: local(P, '13:00'), to: 'S2', returnAt: local(P, '13:20') },
  { id: 'r13', brand: 'mt', bike: 'MB1', from: 'S4', rentAt: local(F, '10:00'), to: 'S1', returnAt: local(F, '10:30') },
];

/** Historic dispatches on D. */
export const DISPATCHES = [
  { id: 'd1', brand: 'mt' as Brand, bike: 'MB1', action: 'down', site: 'S1' as SiteKey, at: local(D, '11:00') },
  { id: 'd2', brand: 'mt' as Brand, bike: 'MB1', action: 'up', site: 'S3' as SiteKey, at: local(D, '11:30') },
  { id: 'd3', brand: 'hb' as Brand, bike: 'HB1', action: 'up', site: 'S3' as SiteKey, at: local(D, '11:40') },
  { id: 'd4', brand: 'hb' as Brand, bike: 'HB2', action: 'down', site: 'C1' as SiteKey, at: local(D, '19:00') },
];

/** Where each bike stands now (reported 30 s before the build); status 2 = riding. MB6 and HB4 never report. */
const NOW_STATUS: { brand: Brand; bike: string; at: Place; status?: number; bikeType?: number }[] = [
  { brand: 'mt', bike: 'MB1', at: 'S1' },
  { brand: 'mt', bike: 'MB2', at: 'S1' },
  { brand: 'mt', bike: 'MB3', at: 'S2' },
  { brand: 'mt', bike: 'MB4', at: 'C1' },
  { brand: 'mt', bike: 'MB5', at: 'OUT_HD', status: 2 },
  { brand: 'mt', bike: 'ME1', at: 'S3' },
  { brand: 'mt', bike: 'ME2', at: 'OUT_HD' },
  { brand: 'hb', bike: 'HB1', at: 'S1' },
  { brand: 'hb', bike: 'HB2', at: 'C2' },
  { brand: 'hb', bike: 'HB3', at: 'S2' },
  { brand: 'hb', bike: 'HE1', at: 'S4' },
  { brand: 'hb', bike: 'HE2', at: 'OUT_HD', status: 2 },
  { brand: 'hb', bike: 'HX1', at: 'S3', bikeType: 0 }, // never filed: illegal
];

/** Applications (direct SQL, as POST /api/register stores them): no role is a platform account (apply_type 1). */
export const PENDING_USERS: { username: string; areaId: string; roles: number[]; audit?: number }[] = [
  { username: 'p_maint1', areaId: HD, roles: [31] },
  { username: 'p_maint2', areaId: HD, roles: [31, 34] },
  { username: 'p_super', areaId: HD, roles: [32] },
  { username: 'p_siterole', areaId: HD, roles: [27] },
  { username: 'p_reporter', areaId: HD, roles: [5] },
  { username: 'p_norole', areaId: HD, roles: [] },
  { username: 'ok_maint', areaId: HD, roles: [31], audit: 1 },
  { username: 'p_maint_cy', areaId: CY, roles: [31] },
];

/** Pile scans: power per pile (S1 and S2 have one under 10 %, S3's is exactly 10 %, C1's is 3 %). */
const PILES = [
  { mac: 'A1:00:00:00:00:01', site: 'S1' as SiteKey, power: 5 },
  { mac: 'A1:00:00:00:00:02', site: 'S1' as SiteKey, power: 50 },
  { mac: 'A1:00:00:00:00:03', site: 'S2' as SiteKey, power: 9 },
  { mac: 'A1:00:00:00:00:04', site: 'S3' as SiteKey, power: 10 },
  { mac: 'A1:00:00:00:00:05', site: 'C1' as SiteKey, power: 3 },
];

export interface StatsWorld {
  ctx: JobContext;
  brands: Record<Brand, number>;
  /** Local date of yesterday and today (yyyy-MM-dd) at build time. */
  yesterday: string;
  today: string;
  /** The live ride (bike MB7, S2 → S2): its rent and return instants. */
  live: { rentAt: Date; returnAt: Date };
  /** Open-API calls made: per kind and brand, with their item and rejection counts. */
  calls: { kind: 'request' | 'dispatch'; brand: Brand; items: number; rejected: number; result: 'ok' | 'partial' | 'failed' }[];
  buildStartedAt: Date;
  buildEndedAt: Date;
}

export const localDate = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);
export const localHour = (d: Date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(d));

function dayBefore(date: string) {
  const d = new Date(`${date}T12:00:00+08:00`);
  return localDate(new Date(d.getTime() - 24 * 3600_000));
}

export async function buildStatsWorld(app: FastifyInstance, database: Database): Promise<StatsWorld> {
  const buildStartedAt = new Date();
  const ctx = jobContextOf(app.ctx);
  const mtId = await addBrand(database, { name: '美团', account: 'mt', areaId: HD });
  const hbId = await addBrand(database, { name: '哈啰', account: 'hb', areaId: CY });
  await database.query(`update brands set operation_area_id = $2, bike_color = '#00a0e9', ebike_color = '#ff7f00' where id = $1`, [
    hbId,
    JSON.stringify([CY, HD]),
  ]);
  for (const s of Object.values(SITES)) {
    await addSite(database, { id: s.id, areaId: s.areaId, name: s.name, lon: s.lon, lat: s.lat, ceiling: s.ceiling });
  }
  await database.query(`update sites set major_switch = true where id = $1`, [SITES.S1.id]);
  await database.query(`update sites set recycle_switch = true where id = $1`, [SITES.S2.id]);
  await fenceTestDistricts(app, database);

  const op: Record<Brand, Operator> = { mt: await new Operator(app, 'mt').login(), hb: await new Operator(app, 'hb').login() };
  const calls: StatsWorld['calls'] = [];
  const send = async (brand: Brand, path: '/orders' | '/dispatch', items: unknown[], expect: 'ok' | 'partial' | 'failed' = 'ok') => {
    const r = await op[brand].post(path, items);
    if (!r.body.data) throw new Error(`${brand} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    const rejected = r.body.data.rejected.length;
    const result = rejected === 0 ? 'ok' : rejected === items.length ? 'failed' : 'partial';
    if (result !== expect) throw new Error(`${brand} ${path}: expected ${expect}, got ${JSON.stringify(r.body)}`);
    calls.push({ kind: path === '/orders' ? 'request' : 'dispatch', brand, items: items.length, rejected, result });
  };
  /**
   * Orders go out in rounds holding one event per bike: the open API currently answers 500 to a batch
   * with two events of a bike that has no newer live state (bike_live upsert hits the row twice).
   */
  const sendOrders = async (brand: Brand, items: ({ bikeId: string } & Record<string, unknown>)[]) => {
    const rounds: (typeof items)[] = [];
    for (const it of items) {
      const round = rounds.find((r) => !r.some((x) => x.bikeId === it.bikeId));
      if (round) round.push(it);
      else rounds.push([it]);
    }
    for (const r of rounds) await send(brand, '/orders', r);
  };

  const must = async (brand: Brand, path: string, items: unknown[]) => {
    const r = await op[brand].post(path, items);
    if (r.status !== 200) throw new Error(`${brand} ${path}: ${JSON.stringify(r.body)}`);
  };
  await must('mt', '/bikes', [
    ...['MB1', 'MB2', 'MB3', 'MB4', 'MB5', 'MB6', 'MB7'].map((bikeId) => ({ bikeId, bikeType: 0, licenseCode: `京A${bikeId}` })),
    ...['ME1', 'ME2'].map((bikeId) => ({ bikeId, bikeType: 1 })),
  ]);
  await must('hb', '/bikes', [
    ...['HB1', 'HB2', 'HB3', 'HB4'].map((bikeId) => ({ bikeId, bikeType: 0 })),
    ...['HE1', 'HE2'].map((bikeId) => ({ bikeId, bikeType: 1 })),
  ]);

  const orderItems = (rides: Ride[]) =>
    rides.flatMap((r) => [
      { orderId: r.id, bikeId: r.bike, event: 'rent', at: r.rentAt, ...where(r.from) },
      { orderId: r.id, bikeId: r.bike, event: 'return', at: r.returnAt, ...where(r.to), fee: 150 },
    ]);
  for (const brand of ['mt', 'hb'] as Brand[]) await sendOrders(brand, orderItems(RIDES.filter((r) => r.brand === brand)));
  for (const brand of ['mt', 'hb'] as Brand[]) {
    await send(
      brand,
      '/dispatch',
      DISPATCHES.filter((d) => d.brand === brand).map((d) => ({ dispatchId: d.id, bikeId: d.bike, action: d.action, siteId: SITES[d.site].id, at: d.at })),
    );
  }

  // yesterday: y1 mt MB2 S3 07:15 → S1 07:40; y2 hb HE1 S1 21:05 → S4 21:30
  const today = localDate(new Date());
  const yesterday = dayBefore(today);
  await sendOrders(
    'mt',
    orderItems([{ id: 'y1', brand: 'mt', bike: 'MB2', from: 'S3', rentAt: local(yesterday, '07:15'), to: 'S1', returnAt: local(yesterday, '07:40') }]),
  );
  await sendOrders(
    'hb',
    orderItems([{ id: 'y2', brand: 'hb', bike: 'HE1', from: 'S1', rentAt: local(yesterday, '21:05'), to: 'S4', returnAt: local(yesterday, '21:30') }]),
  );
  // a failed call (nothing valid) and a partly failed one (a repeat of r1's rent and a bad item)
  await send('hb', '/orders', [{ orderId: 'bad1', bikeId: 'HB1', event: 'teleport', at: local(D, '08:00'), ...where('S1') }], 'failed');
  await send('mt', '/orders', [orderItems([RIDES[0]])[0], { orderId: 'bad2', bikeId: 'MB1', event: 'rent', at: 'yesterday', ...where('S1') }], 'partial');

  // where bikes are now, then the live ride (MB7, S2 → S2, in the last two minutes)
  const now = Date.now();
  for (const brand of ['mt', 'hb'] as Brand[]) {
    await must(
      brand,
      '/bikes/status',
      NOW_STATUS.filter((s) => s.brand === brand).map((s) => ({
        bikeId: s.bike,
        status: s.status ?? 1,
        ...where(s.at),
        reportedAt: new Date(now - 30_000).toISOString(),
        ...(s.bikeType !== undefined ? { bikeType: s.bikeType } : {}),
      })),
    );
  }
  const live = { rentAt: new Date(now - 120_000), returnAt: new Date(now - 60_000) };
  await sendOrders('mt', [
    { orderId: 'l1', bikeId: 'MB7', event: 'rent', at: live.rentAt.toISOString(), ...where('S2') },
    { orderId: 'l1', bikeId: 'MB7', event: 'return', at: live.returnAt.toISOString(), ...where('S2') },
  ]);

  await addGateway(database, { account: 'gw1', areaId: HD });
  const gateway = await new Operator(app, 'gw1').login();
  const scan = await gateway.post(
    '/piles/scan',
    PILES.map((x) => ({ equipmentMac: x.mac, siteId: SITES[x.site].id, power: x.power, at: new Date(now - 10_000).toISOString(), seen: [] })),
  );
  if (scan.status !== 200) throw new Error(`scan: ${JSON.stringify(scan.body)}`);

  for (const u of PENDING_USERS) {
    const [row] = await database.query<{ id: number }>(
      `insert into users (username, password_hash, name, area_id, user_level, audit_status, apply_type) values ($1, 'x', $1, $2, 2, $3, $4) returning id`,
      [u.username, u.areaId, u.audit ?? 0, u.roles.length ? 2 : 1],
    );
    for (const roleId of u.roles) await database.query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [row.id, roleId]);
  }

  // the jobs: each historic day rolled up by the run after its midnight, yesterday by today's, then a snapshot
  for (const day of [F, P, D]) await runDailyJobs(ctx, new Date(local(nextDay(day), '00:30')));
  await runDailyJobs(ctx, new Date(local(today, '00:30')));
  await runMinuteJobs(ctx, new Date());
  return { ctx, brands: { mt: mtId, hb: hbId }, yesterday, today, live, calls, buildStartedAt, buildEndedAt: new Date() };
}

function nextDay(date: string) {
  const d = new Date(`${date}T12:00:00+08:00`);
  return localDate(new Date(d.getTime() + 24 * 3600_000));
}

/** Console users: district administrators of 海淀 and 朝阳, a 美团 enterprise user, a 海淀 supervisor. */
export async function statsClients(app: FastifyInstance, database: Database, brands: Record<Brand, number>) {
  const admin = await adminClient(app);
  const hd = await userClient(app, admin, { username: 'hd_admin', areaId: HD, roleIds: [2] });
  const cy = await userClient(app, admin, { username: 'cy_admin', areaId: CY, roleIds: [2] });
  const ent = await userClient(app, admin, { username: 'mt_user', areaId: HD, roleIds: [3], userLevel: 1 });
  await database.query(`update users set brand_id = $2 where id = $1`, [ent.userId, brands.mt]);
  const sup = await userClient(app, admin, { username: 'hd_super', areaId: HD, roleIds: [32] });
  return { admin, hd, cy, ent, sup };
}

export type StatsClients = Awaited<ReturnType<typeof statsClients>>;

/** A test app holding the statistics world, with its clients: the setup the statistics tests share. */
export async function openStatsWorld() {
  const t = await createTestApp();
  const w = await buildStatsWorld(t.app, t.database);
  const c = await statsClients(t.app, t.database, w.brands);
  return { t, w, c };
}
