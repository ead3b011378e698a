/**
 * A small world for the home big-screen tests, built only through the server's public APIs (the
 * browser tests have no database access): the console API as admin creates brands, sites and
 * quotas; the open API (/api/open/v1) files bikes, reports where they stand and posts rides.
 * The server's minute job then takes the site snapshot; waitForSnapshot() waits for it.
 *
 * 海淀 110108: two brands (美团 mt, 哈啰 hb) → the multi-brand layout.
 *   S1 空桩 ceiling 10: —
 *   S2 偏少 ceiling 10: MTB01
 *   S3 正常 ceiling 10: MTB02 MTB03 HBB01 HBE01(e)
 *   S4 偏多 ceiling 10: MTB04-MTB07 HBB02-HBB05 HBE02(e)
 *   S5 满桩 ceiling 5, recycle site: MTB08 MTB09 HBB06 HBB07 HBB08
 *   off-site: MTB10 (returned off-site → alert 1), HBX01 (never filed → alert 7 at S3)
 *   filed, never reported: MTB11, HBB09
 * 朝阳 110105: only 美团 operates there → the single-brand layout.
 *   C1 正常 ceiling 10: MTB20 MTB21 MTE20(e)
 * Magnify group 晚高峰放大 (S4, S5, factor 1.2, off).
 * Rides today: R1 MTB01 S3→S2, R2 MTB02 S4→S3, R3 HBB01 S2→S3, R4 MTB10 S3→off-site, R5 MTB20 C1→C1.
 */

export const HD = '110108';
export const CY = '110105';

export const SITES = {
  S1: { siteId: '1101089900001', siteName: '海淀测试空桩站', siteLon: 116.3, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD },
  S2: { siteId: '1101089900002', siteName: '海淀测试偏少站', siteLon: 116.303, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD },
  S3: { siteId: '1101089900003', siteName: '海淀测试正常站', siteLon: 116.306, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD },
  S4: { siteId: '1101089900004', siteName: '海淀测试偏多站', siteLon: 116.309, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD },
  S5: { siteId: '1101089900005', siteName: '海淀测试满桩站', siteLon: 116.312, siteLat: 39.98, siteBikeCeiling: 5, areaId: HD, recycleSwitch: 1 },
  C1: { siteId: '1101059900001', siteName: '朝阳测试正常站', siteLon: 116.45, siteLat: 39.92, siteBikeCeiling: 10, areaId: CY },
} as const;
type SiteKey = keyof typeof SITES;

const OFF_SITE = { lon: 116.32, lat: 39.99 };
export const MAGNIFY_ALIAS = '晚高峰放大';

type Brand = 'mt' | 'hb';
interface BikeSpec {
  id: string;
  brand: Brand;
  type: 0 | 1;
  filed: boolean;
  at: SiteKey | 'off' | null;
}
const bike = (id: string, brand: Brand, type: 0 | 1, at: BikeSpec['at'], filed = true): BikeSpec => ({ id, brand, type, at, filed });

export const BIKES: BikeSpec[] = [
  bike('MTB01', 'mt', 0, 'S2'),
  bike('MTB02', 'mt', 0, 'S3'),
  bike('MTB03', 'mt', 0, 'S3'),
  bike('HBB01', 'hb', 0, 'S3'),
  bike('HBE01', 'hb', 1, 'S3'),
  bike('MTB04', 'mt', 0, 'S4'),
  bike('MTB05', 'mt', 0, 'S4'),
  bike('MTB06', 'mt', 0, 'S4'),
  bike('MTB07', 'mt', 0, 'S4'),
  bike('HBB02', 'hb', 0, 'S4'),
  bike('HBB03', 'hb', 0, 'S4'),
  bike('HBB04', 'hb', 0, 'S4'),
  bike('HBB05', 'hb', 0, 'S4'),
  bike('HBE02', 'hb', 1, 'S4'),
  bike('MTB08', 'mt', 0, 'S5'),
  bike('MTB09', 'mt', 0, 'S5'),
  bike('HBB06', 'hb', 0, 'S5'),
  bike('HBB07', 'hb', 0, 'S5'),
  bike('HBB08', 'hb', 0, 'S5'),
  bike('MTB10', 'mt', 0, 'off'),
  bike('HBX01', 'hb', 0, 'S3', false),
  bike('MTB11', 'mt', 0, null),
  bike('HBB09', 'hb', 0, null),
  bike('MTB20', 'mt', 0, 'C1'),
  bike('MTB21', 'mt', 0, 'C1'),
  bike('MTE20', 'mt', 1, 'C1'),
];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Calls the console API with a token; throws unless the body code is 200. */
export class Console {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  static async login(base: string, username: string, password: string): Promise<Console> {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as Envelope<{ token: string }>;
    if (body.code !== 200) throw new Error(`login: ${JSON.stringify(body)}`);
    return new Console(base, body.data.token);
  }

  async call<T>(method: string, path: string, params: Record<string, unknown> = {}, body?: unknown): Promise<T> {
    const qs = new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const res = await fetch(`${this.base}/api${path}${qs.size ? `?${qs}` : ''}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(env)}`);
    return env.data;
  }

  get<T>(path: string, params: Record<string, unknown> = {}) {
    return this.call<T>('GET', path, params);
  }
}

export async function openApi(base: string, token: string, method: string, path: string, items: unknown[]) {
  const res = await fetch(`${base}/api/open/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  const body = (await res.json()) as Envelope<{ accepted: number; rejected: unknown[] }>;
  if (res.status !== 200 || body.data.rejected.length) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

export async function operatorToken(base: string, account: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/open/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as Envelope<{ token: string }>;
  if (res.status !== 200) throw new Error(`token ${account}: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** An enterprise registered in 海淀 (open-API account `account`, password PASSWORD) operating in `areas`. */
export function createEnterprise(admin: Console, name: string, account: string, areas: string[], extra: Record<string, unknown> = {}) {
  return admin.call<{ brandId: number }>(
    'POST',
    '/company/createEnterprise',
    { selfAreaId: '000000' },
    {
      brandName: name,
      brandOperation: `${name}运营有限公司`,
      brandAccount: account,
      brandPassword: PASSWORD,
      brandContactPerson: '张三',
      brandContactMobile: '13812345678',
      brandAddress: '北京市海淀区测试路 1 号',
      brandOperationNum: 12,
      areaId: HD,
      operationAreaId: areas,
      launchArea: areas,
      ...extra,
    },
  );
}

export interface HomeWorld {
  admin: Console;
  brandIds: Record<Brand, number>;
}

export const PASSWORD = 'Secret123abc';

/** Builds the world on a fresh server (run it once per database). */
export async function buildHomeWorld(base: string, adminPassword: string): Promise<HomeWorld> {
  const admin = await Console.login(base, 'admin', adminPassword);
  const enterprise = (name: string, account: string, areas: string[]) => createEnterprise(admin, name, account, areas);
  const mt = (await enterprise('美团', 'e2emt', [HD, CY])).brandId;
  const hb = (await enterprise('哈啰', 'e2ehb', [HD])).brandId;
  for (const [brandId, areaId, bikeQuota, ebikeQuota] of [
    [mt, HD, 30, 5],
    [hb, HD, 20, 5],
    [mt, CY, 10, 2],
  ] as const) {
    await admin.call('POST', '/company/setAreaQuota', { selfAreaId: '000000' }, { brandId, areaId, bikeQuota, ebikeQuota });
  }
  for (const s of Object.values(SITES)) await admin.call('POST', '/site/', { selfAreaId: '000000' }, { ...s, length: 20 });
  // a magnify group (the screen's scheduled-task list), switched off so it changes no capacity
  await admin.call(
    'POST',
    '/site/magnify/',
    { selfAreaId: HD },
    { areaId: HD, alias: MAGNIFY_ALIAS, siteList: [SITES.S4.siteId, SITES.S5.siteId], factor: 1.2, openSwitch: false },
  );

  const tokens = { mt: await operatorToken(base, 'e2emt', PASSWORD), hb: await operatorToken(base, 'e2ehb', PASSWORD) };
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const t = { rent: now - 6 * 60_000, ret: now - 4 * 60_000, status: now - 2 * 60_000 };
  for (const brand of ['mt', 'hb'] as const) {
    const filed = BIKES.filter((b) => b.brand === brand && b.filed).map((b) => ({ bikeId: b.id, bikeType: b.type, licenseCode: `京${b.id}` }));
    await openApi(base, tokens[brand], 'POST', '/bikes', filed);
  }
  const site = (k: SiteKey) => ({ lon: SITES[k].siteLon, lat: SITES[k].siteLat });
  const rides: Array<{ brand: Brand; orderId: string; bikeId: string; from: { lon: number; lat: number }; to: { lon: number; lat: number } }> = [
    { brand: 'mt', orderId: 'R1', bikeId: 'MTB01', from: site('S3'), to: site('S2') },
    { brand: 'mt', orderId: 'R2', bikeId: 'MTB02', from: site('S4'), to: site('S3') },
    { brand: 'hb', orderId: 'R3', bikeId: 'HBB01', from: site('S2'), to: site('S3') },
    { brand: 'mt', orderId: 'R4', bikeId: 'MTB10', from: site('S3'), to: OFF_SITE },
    { brand: 'mt', orderId: 'R5', bikeId: 'MTB20', from: site('C1'), to: site('C1') },
  ];
  for (const brand of ['mt', 'hb'] as const) {
    const mine = rides.filter((r) => r.brand === brand);
    await openApi(
      base,
      tokens[brand],
      'POST',
      '/orders',
      mine.map((r) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'rent', at: iso(t.rent), ...r.from })),
    );
    await openApi(
      base,
      tokens[brand],
      'POST',
      '/orders',
      mine.map((r) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'return', at: iso(t.ret), fee: 150, ...r.to })),
    );
  }
  for (const brand of ['mt', 'hb'] as const) {
    const items = BIKES.filter((b) => b.brand === brand && b.at).map((b, i) => {
      const p = b.at === 'off' ? OFF_SITE : site(b.at as SiteKey);
      // a metre or a few apart, inside the 20 m circle of the site
      return { bikeId: b.id, status: 1, lon: p.lon, lat: p.lat + ((i % 5) + 1) / 111_320, reportedAt: iso(t.status), bikeType: b.type };
    });
    await openApi(base, tokens[brand], 'POST', '/bikes/status', items);
  }
  return { admin, brandIds: { mt, hb } };
}

interface Counters {
  total: number;
  full: number;
  more: number;
  normal: number;
  less: number;
  empty: number;
}

/** Waits until the minute job has taken a snapshot that shows the world's site states in 海淀. */
export async function waitForSnapshot(admin: Console, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    const d = await admin.get<{ statistical: Counters }>('/dashboard/get', { selfAreaId: HD, v: 2, limit: 50 });
    const s = d.statistical;
    last = s;
    if (s.full === 1 && s.more === 1 && s.normal === 1 && s.less === 1 && s.empty === 1) return;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error(`no snapshot within ${timeoutMs} ms: ${JSON.stringify(last)}`);
}
