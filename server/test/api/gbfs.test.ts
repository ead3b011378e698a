/**
 * GBFS 3.0 feeds (issue 32): every published file of a fixture city (a fenced site, a circle site,
 * Chinese names, a forbidden zone, an operating fence, an empty area) passes MobilityData's runtime
 * checkers; discovery lists every feed; station_status ids are station_information ids; counts are
 * never negative. Access: the area's key, never another area's, 公开发布 without a key, per-key rate
 * limit, the key's last use. Caching: ETag / 304, gzip, the same bytes until the next snapshot.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckers, type Checker, type ITypeSuite } from 'ts-interface-checker';
import gbfsTi from 'gbfs-typescript-types/v3.0/test-type-checkers/gbfs-ti.js';
import manifestTi from 'gbfs-typescript-types/v3.0/test-type-checkers/manifest-ti.js';
import systemInformationTi from 'gbfs-typescript-types/v3.0/test-type-checkers/system_information-ti.js';
import vehicleTypesTi from 'gbfs-typescript-types/v3.0/test-type-checkers/vehicle_types-ti.js';
import stationInformationTi from 'gbfs-typescript-types/v3.0/test-type-checkers/station_information-ti.js';
import stationStatusTi from 'gbfs-typescript-types/v3.0/test-type-checkers/station_status-ti.js';
import geofencingZonesTi from 'gbfs-typescript-types/v3.0/test-type-checkers/geofencing_zones-ti.js';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand, addSite } from '../support/world.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { runSnapshot } from '../../src/jobs/snapshot.js';
import { convert } from '../../src/domain/coords.js';

const HD = '110108';
const CY = '110105';
const EMPTY = '110101'; // 东城区: no site
const RATE = 40;

/** A checker module's suite (its default export; typed as CommonJS, where the default is the module). */
const suite = (m: unknown) => ((m as { default?: ITypeSuite }).default ?? m) as ITypeSuite;

/** Each file's checker (strict: no property the reference does not name, where its objects are closed). */
const CHECK: Record<string, Checker> = {
  gbfs: createCheckers(suite(gbfsTi)).Gbfs,
  manifest: createCheckers(suite(manifestTi)).Manifest,
  system_information: createCheckers(suite(systemInformationTi)).SystemInformation,
  vehicle_types: createCheckers(suite(vehicleTypesTi)).VehicleTypes,
  station_information: createCheckers(suite(stationInformationTi)).StationInformation,
  station_status: createCheckers(suite(stationStatusTi)).StationStatus,
  geofencing_zones: createCheckers(suite(geofencingZonesTi)).GeofencingZones,
};
const FEEDS = ['system_information', 'vehicle_types', 'station_information', 'station_status', 'geofencing_zones'];
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

let t: TestContext;
let admin: Client;
let hdKey: string;
let cyKey: string;
let minute = 0;
const start = new Date(Date.now() - 10 * 60_000);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/feed/v1/gbfs/${url}`, headers });
const bearer = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });
const snapshot = () => runSnapshot(jobContextOf(t.app.ctx), new Date(start.getTime() + ++minute * 60_000));

// a fence drawn clockwise (GCJ-02): the feed answers it counter-clockwise
const FENCE = [
  { lon: 116.31, lat: 39.98 },
  { lon: 116.312, lat: 39.98 },
  { lon: 116.312, lat: 39.978 },
  { lon: 116.31, lat: 39.978 },
];

beforeAll(async () => {
  t = await createTestApp({ GBFS_RATE_LIMIT: String(RATE) });
  admin = await adminClient(t.app);
  const hd = await userClient(t.app, admin, { username: 'hd_gbfs', areaId: HD });
  const cy = await userClient(t.app, admin, { username: 'cy_gbfs', areaId: CY });
  const keyOf = async (c: Client, areaId: string, phone: string) =>
    (await c.post('/api/saveThirdPartyAuthUser', { name: '出行平台', phone, areaId, expireTime: '2099-12-31' })).body.data.key as string;
  hdKey = await keyOf(hd, HD, '13900000011');
  cyKey = await keyOf(cy, CY, '13900000012');
  await addSite(t.database, { id: 'HDF1', areaId: HD, name: '中关村地铁站A口', lon: 116.311, lat: 39.979, ceiling: 10, gpsRail: FENCE });
  await addSite(t.database, { id: 'HDC1', areaId: HD, name: '海淀黄庄（圆形站点）', lon: 116.32, lat: 39.976, ceiling: 0, length: 30 });
  await addSite(t.database, { id: 'CYS1', areaId: CY, name: '朝阳门', lon: 116.43, lat: 39.92, ceiling: 5 });
  const brand = await addBrand(t.database, { name: '青桔', account: 'qj_gbfs' });
  const at = new Date().toISOString();
  for (const [id, type] of [
    ['GB001', 0],
    ['GB002', 0],
    ['GB003', 1],
  ] as const)
    await t.database.query(
      `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, reported_at) values ($1, $2, $3, $4, 116.311, 39.979, 1, 'HDF1', $5)`,
      [id, brand, type, HD, at],
    );
  await t.database.query(`insert into forbid_zones (area_id, type, alias, fence) values ($1, 1, '地铁口禁停区', $2)`, [
    HD,
    JSON.stringify([
      { lon: 116.315, lat: 39.98 },
      { lon: 116.316, lat: 39.98 },
      { lon: 116.316, lat: 39.981 },
    ]),
  ]);
  await t.database.query(`update areas set gps_rail = $2, updated_at = now() where id = $1`, [
    HD,
    JSON.stringify([
      { lon: 116.2, lat: 39.9 },
      { lon: 116.4, lat: 39.9 },
      { lon: 116.4, lat: 40.1 },
      { lon: 116.2, lat: 40.1 },
    ]),
  ]);
  await snapshot();
}, 120_000);
afterAll(() => t.close());

/** A feed's JSON, checked against the GBFS 3.0 reference. */
async function valid(areaId: string, feed: string, key = hdKey) {
  const r = await get(`${areaId}/${feed}.json`, key ? bearer(key) : {});
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  const doc = r.json();
  CHECK[feed].strictCheck(doc);
  expect(doc.last_updated).toMatch(RFC3339);
  expect(Number.isInteger(doc.ttl) && doc.ttl >= 0).toBe(true);
  return doc;
}

describe('GBFS 3.0 feeds of an area', () => {
  it('publishes every file of the fixture city, each valid against the reference, the discovery listing every feed', async () => {
    const gbfs = await valid(HD, 'gbfs');
    expect(gbfs.data.feeds.map((f: { name: string }) => f.name)).toEqual(FEEDS);
    for (const f of gbfs.data.feeds) {
      expect(f.url).toBe(`http://localhost:80/api/feed/v1/gbfs/${HD}/${f.name}.json`);
      await valid(HD, f.name);
    }
    const info = await valid(HD, 'system_information');
    expect(info.data).toMatchObject({
      system_id: `cn-${HD}`,
      languages: ['zh'],
      name: [{ text: '海淀区站点单车', language: 'zh' }],
      timezone: 'Asia/Shanghai',
    });
    const types = await valid(HD, 'vehicle_types');
    expect(types.data.vehicle_types.map((v: { vehicle_type_id: string; propulsion_type: string }) => [v.vehicle_type_id, v.propulsion_type])).toEqual([
      ['bike', 'human'],
      ['ebike', 'electric_assist'],
    ]);
  });

  it('gives every site as a station: Chinese name, WGS-84 position, capacity, the fence as a counter-clockwise MultiPolygon', async () => {
    const { data } = await valid(HD, 'station_information');
    expect(data.stations.map((s: { station_id: string }) => s.station_id)).toEqual(['HDC1', 'HDF1']);
    const fenced = data.stations.find((s: { station_id: string }) => s.station_id === 'HDF1');
    const circle = data.stations.find((s: { station_id: string }) => s.station_id === 'HDC1');
    expect(fenced.name).toEqual([{ text: '中关村地铁站A口', language: 'zh' }]);
    expect(circle.name).toEqual([{ text: '海淀黄庄（圆形站点）', language: 'zh' }]);
    const w = convert(116.311, 39.979, 'gcj02', 'wgs84');
    expect(fenced.lon).toBeCloseTo(w.lon, 5);
    expect(fenced.lat).toBeCloseTo(w.lat, 5);
    expect(Math.abs(fenced.lon - 116.311)).toBeGreaterThan(0.003); // moved off GCJ-02 (~600 m in Beijing)
    expect(fenced.capacity).toBe(10);
    expect(circle.capacity).toBeUndefined(); // no ceiling: no capacity claimed
    expect(circle.station_area).toBeUndefined();
    const ring: number[][] = fenced.station_area.coordinates[0][0];
    expect(fenced.station_area.type).toBe('MultiPolygon');
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    let twice = 0;
    for (let i = 0; i + 1 < ring.length; i++) twice += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    expect(twice).toBeGreaterThan(0); // counter-clockwise
  });

  it('gives each station its bikes by type from the snapshot; every status id is a station; no count negative', async () => {
    const info = await valid(HD, 'station_information');
    const status = await valid(HD, 'station_status');
    const ids = new Set(info.data.stations.map((s: { station_id: string }) => s.station_id));
    for (const s of status.data.stations) {
      expect(ids.has(s.station_id)).toBe(true);
      for (const n of [s.num_vehicles_available, s.num_docks_available ?? 0, ...s.vehicle_types_available.map((v: { count: number }) => v.count)])
        expect(n).toBeGreaterThanOrEqual(0);
      expect(s.last_reported).toMatch(RFC3339);
    }
    const f = status.data.stations.find((s: { station_id: string }) => s.station_id === 'HDF1');
    expect(f).toMatchObject({
      num_vehicles_available: 3,
      vehicle_types_available: [
        { vehicle_type_id: 'bike', count: 2 },
        { vehicle_type_id: 'ebike', count: 1 },
      ],
      num_docks_available: 7,
      is_installed: true,
      is_renting: true,
      is_returning: true,
    });
    expect(status.data.stations.find((s: { station_id: string }) => s.station_id === 'HDC1')).toMatchObject({ num_vehicles_available: 0 });
    expect(status.ttl).toBe(60);
    // the checker does check: a station without its counts is refused
    expect(() => CHECK.station_status.strictCheck({ ...status, data: { stations: [{ station_id: 'x', is_installed: true }] } })).toThrow(/value\.data/);
    expect(status.last_updated).toBe(f.last_reported);
  });

  it('counts each station as the big screen counts its site (/api/dashboard/get): bikes, by type, and free places', async () => {
    const status = await valid(HD, 'station_status');
    const { map } = (await admin.get('/api/dashboard/get', { selfAreaId: HD, limit: 0 })).body.data as {
      map: { siteId: string; num: number; bikeNum: number; ebikeNum: number; capacity: number }[];
    };
    const screen = Object.fromEntries(map.map((s) => [s.siteId, s]));
    expect(status.data.stations.map((s: { station_id: string }) => s.station_id).sort()).toEqual(Object.keys(screen).sort());
    for (const s of status.data.stations) {
      const site = screen[s.station_id];
      const typed = Object.fromEntries(s.vehicle_types_available.map((v: { vehicle_type_id: string; count: number }) => [v.vehicle_type_id, v.count]));
      expect([s.num_vehicles_available, typed.bike ?? 0, typed.ebike ?? 0], s.station_id).toEqual([site.num, site.bikeNum, site.ebikeNum]);
      if (site.capacity > 0) expect(s.num_docks_available, s.station_id).toBe(Math.max(0, site.capacity - site.num));
    }
    expect(screen.HDF1.num).toBe(3);
  });

  it('publishes the forbidden zones (no ride ends there) before the operating fence, outside it nothing starts or ends', async () => {
    const { data } = await valid(HD, 'geofencing_zones');
    const [zone, fence] = data.geofencing_zones.features;
    expect(data.geofencing_zones.features).toHaveLength(2);
    expect(zone.properties).toMatchObject({ name: [{ text: '地铁口禁停区', language: 'zh' }], rules: [{ ride_end_allowed: false, ride_start_allowed: true }] });
    expect(zone.geometry.coordinates[0][0]).toHaveLength(4); // closed
    expect(fence.properties.rules).toEqual([{ ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true, station_parking: true }]);
    expect(data.global_rules).toEqual([{ ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }]);
  });

  it('publishes an empty area (公开发布, no key needed) as valid files with no station', async () => {
    expect((await get(`${EMPTY}/gbfs.json`)).statusCode).toBe(401);
    expect((await admin.put('/api/area/', { id: EMPTY, gbfsPublic: true })).body.code).toBe(200);
    for (const f of ['gbfs', ...FEEDS]) await valid(EMPTY, f, '');
    expect((await valid(EMPTY, 'station_information', '')).data.stations).toEqual([]);
    expect((await valid(EMPTY, 'geofencing_zones', '')).data.global_rules[0]).toMatchObject({ ride_end_allowed: true });
    // another area's key reads a public area too
    expect((await get(`${EMPTY}/station_status.json`, bearer(cyKey))).statusCode).toBe(200);
    expect((await admin.get('/api/area/get', { areaId: EMPTY })).body.data).toMatchObject({ id: EMPTY, gbfsPublic: true });
  });

  it('lists the published areas in manifest.json: the public ones, and the key’s own', async () => {
    const open = await get('manifest.json');
    expect(open.statusCode).toBe(200);
    CHECK.manifest.strictCheck(open.json());
    expect(open.json().data.datasets).toEqual([
      { system_id: `cn-${EMPTY}`, versions: [{ version: '3.0', url: `http://localhost:80/api/feed/v1/gbfs/${EMPTY}/gbfs.json` }] },
    ]);
    const keyed = (await get('manifest.json', bearer(hdKey))).json();
    CHECK.manifest.strictCheck(keyed);
    expect(keyed.data.datasets.map((d: { system_id: string }) => d.system_id)).toEqual([`cn-${EMPTY}`, `cn-${HD}`]);
  });
});

describe('who reads the feeds', () => {
  it('refuses no key, a wrong key and another area’s key, in Chinese', async () => {
    const none = await get(`${HD}/station_status.json`);
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/未公开发布.*密钥/);
    const wrong = await get(`${HD}/station_status.json`, bearer(`${hdKey}x`));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('授权密钥无效、已撤销或已过期');
    const other = await get(`${HD}/station_status.json`, bearer(cyKey));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/只能读取朝阳区/);
    expect(other.body).not.toContain('中关村');
    // and the other way round
    expect((await get(`${CY}/station_information.json`, bearer(hdKey))).statusCode).toBe(403);
    expect((await get(`${CY}/station_information.json`, bearer(cyKey))).json().data.stations.map((s: { station_id: string }) => s.station_id)).toEqual([
      'CYS1',
    ]);
    // a console token is no key
    expect((await get(`${HD}/gbfs.json`, bearer(admin.token!))).statusCode).toBe(401);
  });

  it('refuses bad input with 4xx and a Chinese message', async () => {
    for (const url of [`${HD}/stations.json`, `abc/gbfs.json`, `${HD}/gbfs`, `1101080/gbfs.json`]) {
      const r = await get(url, bearer(hdKey));
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.json().message, url).toMatch(/[\u4e00-\u9fff]/);
    }
    const unknown = await get('999999/gbfs.json', bearer(hdKey));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('区域 999999 不存在');
  });

  it("records the key's last use (最近使用)", async () => {
    const [row] = await t.database.query<{ used: Date | null }>(`select last_used_at as used from third_party_keys where phone = '13900000012'`);
    expect(row.used).not.toBeNull();
  });

  it('limits requests per key (429 in Chinese), other keys unaffected', async () => {
    const hd = await userClient(t.app, admin, { username: 'hd_gbfs_rate', areaId: HD });
    const key = (await hd.post('/api/saveThirdPartyAuthUser', { name: '限流', phone: '13900000013', areaId: HD, expireTime: '2099-12-31' })).body.data.key;
    let last = 0;
    for (let i = 0; i <= RATE; i++) last = (await get(`${HD}/vehicle_types.json`, bearer(key))).statusCode;
    expect(last).toBe(429);
    const r = await get(`${HD}/vehicle_types.json`, bearer(key));
    expect(r.json().message).toMatch(/请求过于频繁/);
    expect((await get(`${HD}/vehicle_types.json`, bearer(hdKey))).statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('answers 304 to If-None-Match with the ETag, and gzip when accepted', async () => {
    const r = await get(`${HD}/station_information.json`, bearer(hdKey));
    const etag = r.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`${HD}/station_information.json`, bearer(hdKey, { 'if-none-match': etag }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(`${HD}/station_information.json`, bearer(hdKey, { 'if-none-match': '"other"' }))).statusCode).toBe(200);
    const gz = await get(`${HD}/station_information.json`, bearer(hdKey, { 'accept-encoding': 'br;q=1, gzip;q=0.8' }));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(r.json());
    expect((await get(`${HD}/station_information.json`, bearer(hdKey, { 'accept-encoding': 'gzip;q=0' }))).headers['content-encoding']).toBeUndefined();
  });

  it('keeps the same answer until the next snapshot, then builds the new one', async () => {
    const a = await get(`${HD}/station_status.json`, bearer(hdKey));
    const b = await get(`${HD}/station_status.json`, bearer(hdKey));
    expect(b.headers.etag).toBe(a.headers.etag);
    // a bike leaves; nothing changes before the snapshot
    await t.database.query(`update bike_live set status = 2, site_id = null where bike_id = 'GB001'`);
    expect((await get(`${HD}/station_status.json`, bearer(hdKey))).headers.etag).toBe(a.headers.etag);
    await snapshot();
    const c = await get(`${HD}/station_status.json`, bearer(hdKey));
    expect(c.headers.etag).not.toBe(a.headers.etag);
    expect(c.json().data.stations.find((s: { station_id: string }) => s.station_id === 'HDF1').num_vehicles_available).toBe(2);
    expect(c.json().last_updated).not.toBe(a.json().last_updated);
  });
});
