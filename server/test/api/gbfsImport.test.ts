/**
 * 区域设置 · 外部站点 from files (issue 32 point 4): a real GBFS 2.3 pair (Divvy, test/fixtures/gbfs)
 * imported into 海淀 is listed with its counts and drawn on 海淀's big screen layer; a bad pair is refused
 * (code 400) naming the field; no token 401; 朝阳 neither lists nor changes 海淀's feeds (5002) and its
 * big screen holds none of them; a file feed cannot be refreshed; deleting removes it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

const HD = '110108';
const CY = '110105';
const text = (name: string) => fs.readFileSync(new URL(`../fixtures/gbfs/${name}`, import.meta.url), 'utf8');
const INFO = text('divvy-station_information.json');
const STATUS = text('divvy-station_status.json');

let t: TestContext;
let haidian: Client;
let chaoyang: Client;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_gbfsin', areaId: HD });
  chaoyang = await userClient(t.app, admin, { username: 'cy_gbfsin', areaId: CY });
});
afterAll(() => t.close());

const importFiles = (c: Client, body: Record<string, unknown>) =>
  c.post('/api/externalFeed/files', { name: '芝加哥 Divvy', stationInformation: INFO, stationStatus: STATUS, ...body });

describe('external GBFS stations from files', () => {
  let id = 0;

  it('imports a real GBFS 2.3 pair: listed with its counts, drawn on the big screen layer', async () => {
    const r = await importFiles(haidian, {});
    expect(r.body).toMatchObject({ code: 200, message: '已导入 30 个站点（GBFS 2.3）', data: { stations: 30, version: '2.3' } });
    id = r.body.data.id;
    const list = (await haidian.get('/api/externalFeed/')).body.data;
    expect(list.total).toBe(1);
    const bikes = JSON.parse(STATUS).data.stations.reduce((n: number, s: { num_bikes_available: number }) => n + s.num_bikes_available, 0);
    expect(list.lists[0]).toMatchObject({
      id,
      areaId: HD,
      areaName: '海淀区',
      name: '芝加哥 Divvy',
      source: 'file',
      url: null,
      version: '2.3',
      ttl: 60,
      stationCount: 30,
      bikes,
      dataUpdateTime: '2025-01-29 17:47:40',
      nextFetchTime: null,
      lastError: null,
    });
    expect(list.lists[0].fetchTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const layer = (await haidian.get('/api/externalFeed/stations')).body.data;
    expect(layer).toHaveLength(1);
    expect(layer[0]).toMatchObject({ id, name: '芝加哥 Divvy', source: 'file', version: '2.3', lastError: null });
    expect(layer[0].stations).toHaveLength(30);
    expect(layer[0].stations.find((s: { name: string }) => s.name === 'Wood St & Augusta Blvd')).toEqual({
      id: 'a3b481e1-a135-11e9-9cda-0a87ae2ba916',
      name: 'Wood St & Augusta Blvd',
      lon: -87.6722,
      lat: 41.899181,
      capacity: 15,
      bikes: 13,
      docks: 1,
      renting: true,
      returning: true,
      reportTime: '2025-01-29 17:45:41',
    });
  });

  it('refuses a bad pair with code 400 naming the field, and stores nothing', async () => {
    const status = JSON.parse(STATUS);
    status.data.stations[3].num_bikes_available = -1;
    const neg = await importFiles(haidian, { stationStatus: JSON.stringify(status) });
    expect(neg.body).toMatchObject({ code: 400, message: 'station_status.data.stations[3].num_bikes_available 为负数（-1）' });
    const unmatched = JSON.parse(STATUS);
    unmatched.data.stations[0].station_id = 'not-in-information';
    expect((await importFiles(haidian, { stationStatus: JSON.stringify(unmatched) })).body.message).toBe(
      'station_status.data.stations[0].station_id（not-in-information）在 station_information 中没有对应的站点',
    );
    const info = JSON.parse(INFO);
    info.data.stations[2].lat = 123;
    expect((await importFiles(haidian, { stationInformation: JSON.stringify(info) })).body.message).toBe(
      'station_information.data.stations[2].lat 超出范围（123），纬度应在 -90 到 90 之间',
    );
    delete info.data.stations[2].lat;
    expect((await importFiles(haidian, { stationInformation: JSON.stringify(info) })).body.message).toBe('station_information.data.stations[2].lat 缺失');
    expect((await importFiles(haidian, { stationStatus: '{"data": ' })).body.message).toMatch(/^station_status 不是有效的 JSON（/);
    // both files swapped: each is read as what it claims to be
    expect((await importFiles(haidian, { stationInformation: STATUS })).body.message).toBe('station_information.data.stations[0].name 缺失');
    expect((await importFiles(haidian, { name: '  ' })).body).toMatchObject({ code: 400, message: '请填写数据源名称' });
    expect((await haidian.post('/api/externalFeed/files', { name: 'x', stationInformation: INFO })).body.code).toBe(400);
    expect((await haidian.get('/api/externalFeed/')).body.data.total).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const anon = new Client(t.app);
    for (const r of [
      await anon.get('/api/externalFeed/'),
      await anon.get('/api/externalFeed/stations'),
      await anon.post('/api/externalFeed/files', { name: 'x', stationInformation: INFO, stationStatus: STATUS }),
      await anon.post('/api/externalFeed/url', { name: 'x', url: 'https://example.com/gbfs.json' }),
      await anon.post(`/api/externalFeed/${id}/refresh`),
      await anon.del(`/api/externalFeed/${id}`),
    ])
      expect(r.body.code).toBe(401);
  });

  it('keeps another area out: 朝阳 neither sees nor changes 海淀’s feed, nor imports into 海淀', async () => {
    expect((await chaoyang.get('/api/externalFeed/')).body.data).toEqual({ lists: [], total: 0 });
    expect((await chaoyang.get('/api/externalFeed/stations')).body.data).toEqual([]);
    expect((await chaoyang.get('/api/externalFeed/', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/externalFeed/stations', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await chaoyang.del(`/api/externalFeed/${id}`)).body.code).toBe(5002);
    expect((await chaoyang.post(`/api/externalFeed/${id}/refresh`)).body.code).toBe(5002);
    expect((await importFiles(chaoyang, { areaId: HD })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/externalFeed/url', { name: 'x', url: 'https://example.com/gbfs.json', areaId: HD })).body.code).toBe(5002);
    // its own import stays its own
    expect((await importFiles(chaoyang, { name: '朝阳导入' })).body.code).toBe(200);
    expect((await haidian.get('/api/externalFeed/')).body.data.lists.map((f: { name: string }) => f.name)).toEqual(['芝加哥 Divvy']);
    // the city above both sees both
    const admin = await adminClient(t.app);
    expect((await admin.get('/api/externalFeed/', { selfAreaId: '110100' })).body.data.total).toBe(2);
  });

  it('refuses to refresh a file feed; deletes one', async () => {
    expect((await haidian.post(`/api/externalFeed/${id}/refresh`)).body).toMatchObject({
      code: 400,
      message: '该数据源由文件导入，没有地址可以刷新；要更新数据请重新导入文件',
    });
    expect((await haidian.post('/api/externalFeed/999999/refresh')).body).toMatchObject({ code: 400, message: '外部数据源不存在，请刷新后重试' });
    expect((await haidian.del(`/api/externalFeed/${id}`)).body).toMatchObject({ code: 200, message: '外部数据源已删除' });
    expect((await haidian.get('/api/externalFeed/stations')).body.data).toEqual([]);
    const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from audit_log where route like '/api/externalFeed%'`);
    expect(row.n).toBe(3); // 海淀's import and delete, 朝阳's import: refusals leave none
  });
});
