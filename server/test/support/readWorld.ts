/**
 * A small world for the console's read side, built the way production data arrives: the city sets
 * up areas, brands, sites and quotas (plain SQL, as an administrator would); everything the bikes do
 * goes through the open API (filing, status, rides, dispatches, pile scans); then the minute and
 * hourly jobs run. Tests check the calls' answers against numbers worked out by hand from the table
 * below; keep the two in step when changing it.
 *
 * 海淀 110108 (fence lon 116.25–116.35, lat 39.95–40.01)        朝阳 110105 (fence 116.42–116.48, 39.89–39.95)
 *   H1 空桩 ceiling 10: —                                         C1 正常 ceiling 10: MTB08 MTB09 HBE03(e)
 *   H2 偏少 ceiling 10: MTB01                                     C2 空桩 ceiling 10: —
 *   H3 正常 ceiling 10: MTB02 MTB03 MTE01(e) HBB01 HBB02 HBX01(illegal)      off-site: MTB13 (returned off-site, O7)
 *   H4 偏多 ceiling 10: MTB04-07 HBB03-05 HBE01-02(e)
 *   H5 满桩 ceiling 5 (no brand put): MTE02-03(e) HBB06-08
 *   off-site in fence: MTB10 (returned off-site, O4) · outside every fence: HBB09 (→ 110108, out of area)
 *   rented: MTB11 (O5, from H4) · silent 25 h, rented: HBB10 · filed, never reported: MTB12, MTE04
 * Rides today: O1 MTB01 H3→H2, O2 MTB02 H4→H3, O3 HBB01 H2→H3, O4 MTB10 H3→off-site, O5 MTB11 H4→(riding),
 *              O6 HBE03 C2→C1, O7 MTB13 C1→off-site(朝阳)
 * Dispatches: D1 MTB04 up H4 (mt), D2 HBB03 down H4 (hb), D3 HBB06 up H5 (hb; H5 refuses puts → alert 8)
 * Pile at H3 hears MTB02 (by MAC), MTB04 (by MAC; the platform has it at H4), HBBLE77 (hb rule → HB77, not filed), junk.
 * Brands: 美团 mt and 哈啰 hb registered in 110108, operating in 110108 and 110105; 青桔 qj registered in 110105 only.
 * Quotas: mt 110108 100/20, hb 110108 80/10, mt 110105 50/0.
 */
import type { TestContext } from './app.js';
import { adminClient, userClient, type Client } from './app.js';
import { Operator, addBrand, addGateway, addSite, north } from './world.js';
import { runHourlyJobs, runMinuteJobs, jobContextOf } from '../../src/jobs/index.js';

export const HD = '110108';
export const CY = '110105';

export const SITES = {
  H1: { id: '1101080000001', name: '海淀空桩站', lon: 116.3, lat: 39.98, ceiling: 10, areaId: HD },
  H2: { id: '1101080000002', name: '海淀偏少站', lon: 116.303, lat: 39.98, ceiling: 10, areaId: HD },
  H3: { id: '1101080000003', name: '海淀正常站', lon: 116.306, lat: 39.98, ceiling: 10, areaId: HD },
  H4: { id: '1101080000004', name: '海淀偏多站', lon: 116.309, lat: 39.98, ceiling: 10, areaId: HD },
  H5: { id: '1101080000005', name: '海淀满桩站', lon: 116.312, lat: 39.98, ceiling: 5, areaId: HD, brandPutSwitch: false },
  C1: { id: '1101050000001', name: '朝阳正常站', lon: 116.45, lat: 39.92, ceiling: 10, areaId: CY },
  C2: { id: '1101050000002', name: '朝阳空桩站', lon: 116.453, lat: 39.92, ceiling: 10, areaId: CY },
} as const;
export type SiteKey = keyof typeof SITES;

const rect = (lon1: number, lat1: number, lon2: number, lat2: number) => [
  { lon: lon1, lat: lat1 },
  { lon: lon2, lat: lat1 },
  { lon: lon2, lat: lat2 },
  { lon: lon1, lat: lat2 },
  { lon: lon1, lat: lat1 },
];

/** Positions that are in no site. */
export const SPOTS = {
  hdOffSite: { lon: 116.32, lat: 39.99 },
  cyOffSite: { lon: 116.46, lat: 39.93 },
  outside: { lon: 116.2, lat: 39.9 },
  hdStale: { lon: 116.305, lat: 39.985 },
};

type Where = SiteKey | keyof typeof SPOTS;

interface BikeSpec {
  id: string;
  brand: 'mt' | 'hb';
  type: 0 | 1;
  filed: boolean;
  license?: string;
  mac?: string;
  /** Final parked place; null: not reported by a status report (rented or never heard of). */
  at: Where | null;
}

const b = (id: string, brand: 'mt' | 'hb', type: 0 | 1, at: Where | null, extra: Partial<BikeSpec> = {}): BikeSpec => ({
  id,
  brand,
  type,
  filed: true,
  at,
  ...extra,
});

export const BIKES: BikeSpec[] = [
  b('MTB01', 'mt', 0, 'H2', { license: '京A00001' }),
  b('MTB02', 'mt', 0, 'H3', { mac: 'AA:00:00:00:00:02' }),
  b('MTB03', 'mt', 0, 'H3'),
  b('MTE01', 'mt', 1, 'H3'),
  b('MTB04', 'mt', 0, 'H4', { mac: 'AA:00:00:00:00:04' }),
  b('MTB05', 'mt', 0, 'H4'),
  b('MTB06', 'mt', 0, 'H4'),
  b('MTB07', 'mt', 0, 'H4'),
  b('MTE02', 'mt', 1, 'H5'),
  b('MTE03', 'mt', 1, 'H5'),
  b('MTB08', 'mt', 0, 'C1'),
  b('MTB09', 'mt', 0, 'C1'),
  b('MTB10', 'mt', 0, 'hdOffSite'),
  b('MTB11', 'mt', 0, null, { license: '京A00011' }),
  b('MTB12', 'mt', 0, null),
  b('MTE04', 'mt', 1, null),
  b('MTB13', 'mt', 0, 'cyOffSite'),
  b('HBB01', 'hb', 0, 'H3'),
  b('HBB02', 'hb', 0, 'H3'),
  b('HBX01', 'hb', 0, 'H3', { filed: false }),
  b('HBB03', 'hb', 0, 'H4'),
  b('HBB04', 'hb', 0, 'H4'),
  b('HBB05', 'hb', 0, 'H4'),
  b('HBE01', 'hb', 1, 'H4'),
  b('HBE02', 'hb', 1, 'H4'),
  b('HBB06', 'hb', 0, 'H5'),
  b('HBB07', 'hb', 0, 'H5'),
  b('HBB08', 'hb', 0, 'H5'),
  b('HBB09', 'hb', 0, 'outside', { license: '京B00009' }),
  b('HBB10', 'hb', 0, null),
  b('HBE03', 'hb', 1, 'C1'),
];

const place = (w: Where): { lon: number; lat: number } => (w in SITES ? SITES[w as SiteKey] : SPOTS[w as keyof typeof SPOTS]);

export interface ReadWorld {
  /** The instant the jobs ran at. */
  now: Date;
  /** Event times (rents, returns, dispatches, scans, status reports). */
  times: { rent: Date; ret: Date; dispatch: Date; status: Date; stale: Date };
  brandIds: { mt: number; hb: number; qj: number };
  admin: Client;
  /** 区域管理员 of 110108 and of 110105. */
  hd: Client;
  cy: Client;
  /** 企业用户 of 110108: home only (no alerts, no exports, no full-pile setting). */
  ent: Client;
  mt: Operator;
  hb: Operator;
}

const MINUTE = 60_000;

function msToLocalMidnight(now: number, tz = 'Asia/Shanghai') {
  const hms = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(now);
  const [h, m, s] = hms.split(':').map(Number);
  return { since: ((h * 60 + m) * 60 + s) * 1000, until: 86_400_000 - ((h * 60 + m) * 60 + s) * 1000 };
}

/** Builds the world in a fresh test app (create it with OFFSITE_MINUTES=1) and runs the jobs. */
export async function buildReadWorld(t: TestContext): Promise<ReadWorld> {
  const db = t.database;
  // keep every event inside one local day: never start within 90 s of midnight
  let m = msToLocalMidnight(Date.now());
  if (m.until < 90_000) await new Promise((r) => setTimeout(r, m.until + 1000));
  m = msToLocalMidnight(Date.now());
  const real = Date.now();
  const base = Math.max(real - 8 * MINUTE, real - m.since + 10_000);
  const times = {
    rent: new Date(base),
    ret: new Date(base + 2 * MINUTE),
    dispatch: new Date(base + 3 * MINUTE),
    status: new Date(base + 4 * MINUTE),
    stale: new Date(real - 25 * 60 * MINUTE),
  };
  const now = new Date(Math.max(real, base + 5 * MINUTE));

  await db.query(`update areas set gps_rail = $2::jsonb, updated_at = now() where id = $1`, [HD, JSON.stringify(rect(116.25, 39.95, 116.35, 40.01))]);
  await db.query(`update areas set gps_rail = $2::jsonb, updated_at = now() where id = $1`, [CY, JSON.stringify(rect(116.42, 39.89, 116.48, 39.95))]);
  const mtId = await addBrand(db, { name: '美团', account: 'mt', areaId: HD });
  const hbId = await addBrand(db, { name: '哈啰', account: 'hb', areaId: HD });
  const qjId = await addBrand(db, { name: '青桔', account: 'qj', areaId: CY });
  await db.query(`update brands set operation_area_id = $2::jsonb where id = any($1::int[])`, [[mtId, hbId], JSON.stringify([HD, CY])]);
  await db.query(
    `insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota) values ($1, '110108', 100, 20), ($2, '110108', 80, 10), ($1, '110105', 50, 0)`,
    [mtId, hbId],
  );
  await db.query(`insert into mac_rules (brand_id, name_prefix, bike_id_prefix, bike_id_extract_start) values ($1, 'HBBLE', 'HB', 5)`, [hbId]);
  for (const s of Object.values(SITES)) {
    await addSite(db, {
      id: s.id,
      name: s.name,
      lon: s.lon,
      lat: s.lat,
      ceiling: s.ceiling,
      areaId: s.areaId,
      brandPutSwitch: 'brandPutSwitch' in s ? s.brandPutSwitch : true,
    });
  }
  await addGateway(db, { account: 'gw1', areaId: HD });
  t.app.ctx.geo.invalidate();

  const mt = await new Operator(t.app, 'mt').login();
  const hb = await new Operator(t.app, 'hb').login();
  const gw = await new Operator(t.app, 'gw1').login();
  const op = { mt, hb };
  const must = async (r: Promise<{ status: number; body: unknown }>, what: string) => {
    const x = await r;
    if (x.status !== 200) throw new Error(`${what}: ${JSON.stringify(x.body)}`);
  };

  // filing
  for (const brand of ['mt', 'hb'] as const) {
    const items = BIKES.filter((k) => k.brand === brand && k.filed).map((k) => ({
      bikeId: k.id,
      bikeType: k.type,
      licenseCode: k.license,
      bikeMac: k.mac,
    }));
    await must(op[brand].post('/bikes', items), `filing ${brand}`);
  }

  const iso = (d: Date) => d.toISOString();
  const S = SITES;
  const rides = [
    { brand: 'mt', orderId: 'O1', bikeId: 'MTB01', from: S.H3, to: S.H2 },
    { brand: 'mt', orderId: 'O2', bikeId: 'MTB02', from: S.H4, to: S.H3 },
    { brand: 'hb', orderId: 'O3', bikeId: 'HBB01', from: S.H2, to: S.H3 },
    { brand: 'mt', orderId: 'O4', bikeId: 'MTB10', from: S.H3, to: SPOTS.hdOffSite },
    { brand: 'mt', orderId: 'O5', bikeId: 'MTB11', from: S.H4, to: null },
    { brand: 'hb', orderId: 'O6', bikeId: 'HBE03', from: S.C2, to: S.C1 },
    { brand: 'mt', orderId: 'O7', bikeId: 'MTB13', from: S.C1, to: SPOTS.cyOffSite },
  ] as const;
  for (const brand of ['mt', 'hb'] as const) {
    const mine = rides.filter((r) => r.brand === brand);
    await must(
      op[brand].post(
        '/orders',
        mine.map((r) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'rent', at: iso(times.rent), lon: r.from.lon, lat: r.from.lat })),
      ),
      `rents ${brand}`,
    );
    const returns = mine.flatMap((r) =>
      r.to ? [{ orderId: r.orderId, bikeId: r.bikeId, event: 'return', at: iso(times.ret), lon: r.to.lon, lat: r.to.lat, fee: 150 }] : [],
    );
    await must(op[brand].post('/orders', returns), `returns ${brand}`);
  }

  await must(mt.post('/dispatch', [{ dispatchId: 'D1', bikeId: 'MTB04', action: 'up', siteId: S.H4.id, at: iso(times.dispatch) }]), 'D1');
  await must(
    hb.post('/dispatch', [
      { dispatchId: 'D2', bikeId: 'HBB03', action: 'down', siteId: S.H4.id, at: iso(times.dispatch) },
      { dispatchId: 'D3', bikeId: 'HBB06', action: 'up', siteId: S.H5.id, at: iso(times.dispatch) },
    ]),
    'D2/D3',
  );

  // where every parked bike stands now (a metre or two apart inside its site)
  for (const brand of ['mt', 'hb'] as const) {
    const items = BIKES.filter((k) => k.brand === brand && k.at).map((k, i) => {
      const p = place(k.at!);
      return { bikeId: k.id, status: 1, lon: p.lon, lat: north(p.lat, (i % 5) + 1), reportedAt: iso(times.status), bikeType: k.type };
    });
    await must(op[brand].post('/bikes/status', items), `status ${brand}`);
  }
  await must(hb.post('/bikes/status', [{ bikeId: 'HBB10', status: 2, lon: SPOTS.hdStale.lon, lat: SPOTS.hdStale.lat, reportedAt: iso(times.stale) }]), 'stale');

  await must(
    gw.post('/piles/scan', [
      {
        equipmentMac: 'CC:00:00:00:00:03',
        siteId: S.H3.id,
        power: 80,
        at: iso(times.dispatch),
        seen: [
          { mac: 'AA:00:00:00:00:02' },
          { mac: 'AA:00:00:00:00:04' },
          { mac: 'DD:00:00:00:00:77', name: 'HBBLE77' },
          { mac: 'EE:00:00:00:00:01', name: 'junk' },
        ],
      },
    ]),
    'scan',
  );

  const ctx = jobContextOf(t.app.ctx);
  await runMinuteJobs(ctx, now);
  await runHourlyJobs(ctx, now);

  const admin = await adminClient(t.app);
  const hd = await userClient(t.app, admin, { username: 'hd_admin', areaId: HD, roleIds: [2] });
  const cy = await userClient(t.app, admin, { username: 'cy_admin', areaId: CY, roleIds: [2] });
  const ent = await userClient(t.app, admin, { username: 'hd_ent', areaId: HD, roleIds: [3], userLevel: 1 });
  return { now, times, brandIds: { mt: mtId, hb: hbId, qj: qjId }, admin, hd, cy, ent, mt, hb };
}

/** Local hour (0-23) of an instant in Asia/Shanghai. */
export const localHour = (d: Date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(d));
/** Local date yyyy-MM-dd of an instant in Asia/Shanghai. */
export const localDate = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
