/**
 * A small city for the home-map browser tests, built the way production data arrives: the admin
 * sets up the district's operating fence, a forbidden zone, an enterprise and named sites through
 * the console API; the enterprise files its bikes and reports rides and positions through the open
 * API. The 20,000 bulk sites of the timing are written straight into the database of the stopped
 * server (seedBulkSites): the API has no bulk create and one POST /api/site/ a site takes minutes.
 *
 * 海淀 110108, operating fence lon 116.25–116.35, lat 39.95–40.01; named sites around (116.30, 39.98):
 *   M1 中关村地铁站 ceiling 10, 5 bikes → 正常     M2 海淀黄庄站 ceiling 10, 9 bikes → 偏多
 *   M3 知春路口站 ceiling 4, 4 bikes → 满桩        M4 科学院南路站 ceiling 10, 1 bike → 偏少
 *   M5 双榆树公园站 ceiling 10 → 空桩              M6 人民大学东门站 fenced (polygon), 2 bikes
 *   DEL 待删除站点 (the delete test removes it)
 * Bikes MT001–MT021 (美团, filed; MT001 has plate 京A10001); XX001 unfiled → illegal, at M1.
 * Rides today: M1 → M2 ×2, M1 → off-site (116.32, 39.99), M3 → M1.
 */
import { Console, type Envelope } from './homeWorld';

export const AREA = '110108';
export const FENCE = { west: 116.25, east: 116.35, south: 39.95, north: 40.01 };
export const FORBID = [
  { lon: 116.315, lat: 39.975 },
  { lon: 116.325, lat: 39.975 },
  { lon: 116.325, lat: 39.97 },
  { lon: 116.315, lat: 39.97 },
];
export const OFF_SITE = { lon: 116.32, lat: 39.99 };

export interface NamedSite {
  id: string;
  name: string;
  lon: number;
  lat: number;
  ceiling: number;
  bikes: number;
  rail?: boolean;
}

export const SITES = {
  M1: { id: '1101089000001', name: '中关村地铁站', lon: 116.3, lat: 39.98, ceiling: 10, bikes: 5 },
  M2: { id: '1101089000002', name: '海淀黄庄站', lon: 116.304, lat: 39.98, ceiling: 10, bikes: 9 },
  M3: { id: '1101089000003', name: '知春路口站', lon: 116.308, lat: 39.98, ceiling: 4, bikes: 4 },
  M4: { id: '1101089000004', name: '科学院南路站', lon: 116.3, lat: 39.984, ceiling: 10, bikes: 1 },
  M5: { id: '1101089000005', name: '双榆树公园站', lon: 116.304, lat: 39.984, ceiling: 10, bikes: 0 },
  M6: { id: '1101089000006', name: '人民大学东门站', lon: 116.308, lat: 39.984, ceiling: 10, bikes: 2, rail: true },
  DEL: { id: '1101089000099', name: '待删除站点', lon: 116.312, lat: 39.982, ceiling: 10, bikes: 0 },
} satisfies Record<string, NamedSite>;

export const BRAND = { name: '美团', account: 'mt-e2e-map', password: 'Mt-e2e-pass-2024' };
export const PLATE = '京A10001';
export const ILLEGAL_BIKE = 'XX001';

export { Console };

/** An operator on the open API. */
class Operator {
  private token = '';
  constructor(private readonly base: string) {}

  async login(account: string, password: string) {
    const r = await fetch(`${this.base}/api/open/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password }),
    });
    const env = (await r.json()) as Envelope<{ token: string }>;
    if (r.status !== 200) throw new Error(`open token: ${env.message}`);
    this.token = env.data.token;
    return this;
  }

  async post(path: string, items: unknown[]) {
    const r = await fetch(`${this.base}/api/open/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    const env = (await r.json()) as Envelope<{ accepted: number; rejected: unknown[] }>;
    if (r.status !== 200 || env.data.rejected?.length) throw new Error(`open ${path}: ${r.status} ${JSON.stringify(env)}`);
  }
}

const rect = (w: number, s: number, e: number, n: number) => [
  { lon: w, lat: s },
  { lon: e, lat: s },
  { lon: e, lat: n },
  { lon: w, lat: n },
];
/** metres → degrees of latitude */
const north = (lat: number, metres: number) => lat + metres / 111_320;

export interface MapWorld {
  admin: Console;
  brandId: number;
}

/** Builds the named part of the city. Site states appear after the next minute snapshot. */
export async function buildMapWorld(base: string, admin: Console): Promise<MapWorld> {
  await admin.call('POST', '/area/rail', { selfAreaId: AREA }, { areaId: AREA, gpsRail: rect(FENCE.west, FENCE.south, FENCE.east, FENCE.north) });
  await admin.call('POST', '/forbid/', { selfAreaId: AREA }, { areaId: AREA, type: 1, alias: '苏州街禁停区', fence: FORBID });
  const { brandId } = await admin.call<{ brandId: number }>(
    'POST',
    '/company/createEnterprise',
    {},
    {
      brandName: BRAND.name,
      brandAccount: BRAND.account,
      brandPassword: BRAND.password,
      areaId: AREA,
      launchArea: [AREA],
      operationAreaId: [AREA],
      bikeColor: '#ffc53d',
      ebikeColor: '#ff7a45',
    },
  );
  for (const s of Object.values(SITES) as NamedSite[]) {
    const d = 0.0004;
    await admin.call(
      'POST',
      '/site/',
      {},
      {
        siteId: s.id,
        siteName: s.name,
        areaId: AREA,
        siteLon: s.lon,
        siteLat: s.lat,
        siteBikeCeiling: s.ceiling,
        bleNum: 2,
        length: 25,
        ...(s.rail ? { gpsRail: rect(s.lon - d, s.lat - d / 1.5, s.lon + d, s.lat + d / 1.5) } : {}),
      },
    );
  }

  const op = await new Operator(base).login(BRAND.account, BRAND.password);
  const parked: Array<{ bikeId: string; at: { lon: number; lat: number } }> = [];
  let n = 0;
  for (const s of Object.values(SITES) as NamedSite[]) {
    for (let i = 0; i < s.bikes; i++) parked.push({ bikeId: `MT${String(++n).padStart(3, '0')}`, at: { lon: s.lon, lat: north(s.lat, (i % 5) + 1) } });
  }
  // one more bike returned off-site
  const offSite = { bikeId: `MT${String(n + 1).padStart(3, '0')}`, at: OFF_SITE };
  await op.post(
    '/bikes',
    [...parked, offSite].map((b, i) => ({ bikeId: b.bikeId, bikeType: i % 4 === 3 ? 1 : 0, licenseCode: b.bikeId === 'MT001' ? PLATE : undefined })),
  );

  const now = Date.now();
  // keep the rides inside today (Asia/Shanghai, the server's TZ)
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(now)
    .split(':')
    .map(Number);
  const back = Math.min(20, Math.max(1, h * 60 + m - 1)) * 60_000;
  const iso = (t: number) => new Date(t).toISOString();
  const { M1, M2, M3 } = SITES;
  const rides = [
    { orderId: 'E2E-O1', bikeId: parked[5].bikeId, from: M1, to: M2 },
    { orderId: 'E2E-O2', bikeId: parked[6].bikeId, from: M1, to: M2 },
    { orderId: 'E2E-O3', bikeId: offSite.bikeId, from: M1, to: OFF_SITE },
    { orderId: 'E2E-O4', bikeId: parked[0].bikeId, from: M3, to: M1 },
  ];
  await op.post(
    '/orders',
    rides.map((r) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'rent', at: iso(now - back), lon: r.from.lon, lat: r.from.lat })),
  );
  await op.post(
    '/orders',
    rides.map((r) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'return', at: iso(now - back / 2), lon: r.to.lon, lat: r.to.lat })),
  );
  await op.post(
    '/bikes/status',
    [...parked, offSite, { bikeId: ILLEGAL_BIKE, at: { lon: M1.lon + 0.00005, lat: M1.lat } }].map((b) => ({
      bikeId: b.bikeId,
      status: 1,
      lon: b.at.lon,
      lat: b.at.lat,
      reportedAt: iso(now - 30_000),
    })),
  );
  return { admin, brandId };
}

/** Bulk site `i` of `total`: id 1101081 + 6 digits, on a grid over the district's fence. */
export function bulkSite(i: number, total: number) {
  const cols = Math.ceil(Math.sqrt(total * 1.6));
  const rows = Math.ceil(total / cols);
  const c = i % cols;
  const r = Math.floor(i / cols);
  const w = FENCE.east - FENCE.west;
  const h = FENCE.north - FENCE.south;
  return {
    id: `${AREA}1${String(i).padStart(6, '0')}`,
    name: `批量站点${i}`,
    lon: Math.round((FENCE.west + (w * (c + 0.5)) / cols) * 1e6) / 1e6,
    lat: Math.round((FENCE.south + (h * (r + 0.5)) / rows) * 1e6) / 1e6,
  };
}

/**
 * Writes `total` grid sites straight into a stopped server's database (PGlite in DATA_DIR/pgdata):
 * one INSERT, where POST /api/site/ takes 30-50 ms a site (20,000 sites: well over ten minutes).
 * No bikes stand there, so the snapshot makes them 空桩. Answers the time it took.
 */
export async function seedBulkSites(dataDir: string, total: number): Promise<number> {
  const t0 = Date.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: `${dataDir}/pgdata` });
  try {
    const sites = Array.from({ length: total }, (_, i) => bulkSite(i, total));
    await db.query(
      `insert into sites (id, area_id, site_name, lon, lat, site_bike_ceiling, ble_num, length)
       select u.id, $5, u.name, u.lon, u.lat, 10, 1, 20
         from unnest($1::varchar[], $2::varchar[], $3::float8[], $4::float8[]) as u(id, name, lon, lat)`,
      [sites.map((s) => s.id), sites.map((s) => s.name), sites.map((s) => s.lon), sites.map((s) => s.lat), AREA],
    );
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from sites where area_id = $1 and deleted_at is null', [AREA])).rows;
    if (n < total) throw new Error(`seeded ${total} sites but the area holds ${n}`);
  } finally {
    await db.close();
  }
  return Date.now() - t0;
}

/** Waits until the minute snapshot has given the named sites their states (up to ~75 s). */
export async function waitForSiteStates(admin: Console, timeoutMs = 80_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const s = await admin.get<{ flag: number; num: number }>('/dashboard/getSite', { selfAreaId: AREA, siteId: SITES.M2.id, flowMapType: 1 });
    if (s.num > 0) return true;
    await new Promise((r) => setTimeout(r, 2000));
  }
  return false;
}
