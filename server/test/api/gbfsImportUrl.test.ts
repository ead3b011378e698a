/**
 * 区域设置 · 外部站点 from a URL (issue 32 point 4), against HTTP servers started here: a GBFS 2.3
 * discovery file (feeds per language) with the real Divvy pair behind it; the platform's own GBFS 3.0
 * feeds (point 1) read back, Chinese names and positions round-tripping WGS-84 → GCJ-02; the refresh
 * job by ttl taking new counts, then keeping the last good data on a failing fetch (HTTP 500, a bad
 * feed) with the failure and its time listed; 立即刷新 making a feed due; the time and size limits; no
 * intranet address unless GBFS_IMPORT_PRIVATE.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addSite } from '../support/world.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { refreshExternalFeeds } from '../../src/jobs/externalFeeds.js';
import { runSnapshot } from '../../src/jobs/snapshot.js';
import { loadFromUrl } from '../../src/shared/externalFeeds.js';

const HD = '110108';
const json = (name: string) => JSON.parse(fs.readFileSync(new URL(`../fixtures/gbfs/${name}`, import.meta.url), 'utf8'));

/** What the test server answers for the station_status of /2.3/. */
type Mode = 'ok' | '500' | 'negative' | 'hang' | 'big';
let mode: Mode = 'ok';
const status = json('divvy-station_status.json');
const info = json('divvy-station_information.json');
let server: http.Server;
let base = '';

function discovery23(origin: string) {
  const feeds = (lang: string) => [
    { name: 'system_information', url: `${origin}/2.3/${lang}/system_information.json` },
    { name: 'station_information', url: `${origin}/2.3/${lang}/station_information.json` },
    { name: 'station_status', url: `${origin}/2.3/${lang}/station_status.json` },
  ];
  return { data: { en: { feeds: feeds('en') }, fr: { feeds: feeds('fr') } }, last_updated: 1738144058, ttl: 60, version: '2.3' };
}

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const send = (code: number, body: unknown) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  if (req.url === '/2.3/gbfs.json') return send(200, discovery23(base));
  if (req.url === '/moved/gbfs.json') {
    res.writeHead(302, { location: '/2.3/gbfs.json' });
    return res.end();
  }
  if (req.url === '/2.3/en/station_information.json') return send(200, info);
  if (req.url === '/2.3/en/station_status.json') {
    if (mode === 'hang') return; // never answers
    if (mode === '500') return send(500, 'upstream down');
    if (mode === 'big') return send(200, `{"pad":"${'x'.repeat(1_300_000)}"}`);
    if (mode === 'negative') {
      const bad = structuredClone(status);
      bad.data.stations[5].num_docks_available = -3;
      return send(200, bad);
    }
    return send(200, status);
  }
  if (req.url === '/nostations/gbfs.json')
    return send(200, { data: { feeds: [{ name: 'vehicle_status', url: `${base}/v.json` }] }, last_updated: '2025-01-01T00:00:00Z', ttl: 0, version: '3.0' });
  send(404, { error: 'not found' });
}

let t: TestContext;
let haidian: Client;
let own = '';

beforeAll(async () => {
  server = http.createServer(answer);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ GBFS_IMPORT_PRIVATE: '1', GBFS_IMPORT_TIMEOUT_SECONDS: '1', GBFS_IMPORT_MAX_MB: '1' });
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_gbfsurl', areaId: HD });
  // the platform's own GBFS 3.0 feeds of 海淀, published openly, served on a port
  await addSite(t.database, { id: 'HDX1', areaId: HD, name: '中关村地铁站A口', lon: 116.311, lat: 39.979, ceiling: 10 });
  await addSite(t.database, { id: 'HDX2', areaId: HD, name: '海淀黄庄', lon: 116.32, lat: 39.976, ceiling: 0 });
  expect((await admin.put('/api/area/', { id: HD, gbfsPublic: true })).body.code).toBe(200);
  await runSnapshot(jobContextOf(t.app.ctx), new Date()); // capacities and counts for station_status
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  own = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/feed/v1/gbfs/${HD}/gbfs.json`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

const list = async () => (await haidian.get('/api/externalFeed/')).body.data.lists as any[];
const layer = async (id: number) => ((await haidian.get('/api/externalFeed/stations')).body.data as any[]).find((f) => f.id === id);
const runJob = (at: Date) => refreshExternalFeeds(jobContextOf(t.app.ctx), at);
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('external GBFS stations from a URL', () => {
  let id = 0;

  it('imports a GBFS 2.3 discovery file (feeds per language, a redirect followed)', async () => {
    const r = await haidian.post('/api/externalFeed/url', { name: 'Divvy', url: `${base}/moved/gbfs.json` });
    expect(r.body).toMatchObject({ code: 200, message: '已导入 30 个站点（GBFS 2.3）', data: { stations: 30, version: '2.3' } });
    id = r.body.data.id;
    const [feed] = await list();
    expect(feed).toMatchObject({ id, source: 'url', url: `${base}/moved/gbfs.json`, version: '2.3', ttl: 60, stationCount: 30, lastError: null });
    const next = Date.parse(feed.nextFetchTime.replace(' ', 'T') + '+08:00') - Date.parse(feed.fetchTime.replace(' ', 'T') + '+08:00');
    expect(next).toBe(60_000); // the feed's ttl
    expect((await layer(id)).stations[0]).toMatchObject({ name: 'Nordica Ave & Medill Ave', bikes: 3, docks: 12 });
  });

  it('reads the platform’s own GBFS 3.0 feeds back: Chinese names, positions back in GCJ-02', async () => {
    const r = await haidian.post('/api/externalFeed/url', { name: '本平台海淀（3.0）', url: own });
    expect(r.body).toMatchObject({ code: 200, data: { stations: 2, version: '3.0' } });
    const stations = (await layer(r.body.data.id)).stations;
    const a = stations.find((s: { id: string }) => s.id === 'HDX1');
    expect(a).toMatchObject({ name: '中关村地铁站A口', capacity: 10, bikes: 0, docks: 10, renting: true });
    expect(a.lon).toBeCloseTo(116.311, 4);
    expect(a.lat).toBeCloseTo(39.979, 4);
    expect(stations.find((s: { id: string }) => s.id === 'HDX2')).toMatchObject({ name: '海淀黄庄', capacity: null, docks: null });
    expect((await haidian.del(`/api/externalFeed/${r.body.data.id}`)).body.code).toBe(200);
  });

  it('refreshes by ttl: new counts taken; a failing fetch keeps the last good data and lists the failure', async () => {
    expect(await runJob(new Date())).toMatchObject({ due: 0 }); // not yet: the ttl has not run out
    status.data.stations[0].num_bikes_available = 9;
    expect(await runJob(later(2))).toEqual({ due: 1, refreshed: 1, failed: 0 });
    expect((await layer(id)).stations[0]).toMatchObject({ bikes: 9 });

    mode = '500';
    expect(await runJob(later(4))).toEqual({ due: 1, refreshed: 0, failed: 1 });
    const s = await layer(id);
    expect(s.stations[0]).toMatchObject({ bikes: 9 }); // kept
    expect(s.lastError).toBe(`获取 station_status 失败（${base}/2.3/en/station_status.json）：服务器返回 HTTP 500`);
    const [feed] = await list();
    expect(feed).toMatchObject({ stationCount: 30, lastError: s.lastError });
    expect(feed.lastErrorTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // a bad feed on refresh: refused as on import, the good data stays; retried later each time
    mode = 'negative';
    expect(await runJob(later(5))).toMatchObject({ due: 1, failed: 1 });
    expect((await list())[0].lastError).toBe('station_status.data.stations[5].num_docks_available 为负数（-3）');
    expect((await layer(id)).stations[0]).toMatchObject({ bikes: 9 });
    const [row] = await t.database.query<{ failures: number; wait: number }>(
      'select failures, extract(epoch from next_fetch_at - last_error_at)::int as wait from external_feeds where id = $1',
      [id],
    );
    expect(row).toEqual({ failures: 2, wait: 120 });

    // 立即刷新: due now; the job's next run fetches it, and a good fetch clears the failure
    mode = 'ok';
    status.data.stations[0].num_bikes_available = 4;
    expect((await haidian.post(`/api/externalFeed/${id}/refresh`)).body).toMatchObject({ code: 200, message: '已安排刷新，1 分钟内完成，届时列表显示结果' });
    expect(await runJob(new Date(Date.now() + 1000))).toEqual({ due: 1, refreshed: 1, failed: 0 });
    expect((await list())[0]).toMatchObject({ lastError: null, lastErrorTime: null });
    expect((await layer(id)).stations[0]).toMatchObject({ bikes: 4 });
  });

  it('refuses a feed that answers too slowly or too much, or lists no stations, or is not there', async () => {
    mode = 'hang';
    const slow = await haidian.post('/api/externalFeed/url', { name: '慢', url: `${base}/2.3/gbfs.json` });
    expect(slow.body).toMatchObject({ code: 400, message: `获取 station_status 失败（${base}/2.3/en/station_status.json）：超时（超过 1 秒）` });
    mode = 'big';
    expect((await haidian.post('/api/externalFeed/url', { name: '大', url: `${base}/2.3/gbfs.json` })).body.message).toBe(
      `获取 station_status 失败（${base}/2.3/en/station_status.json）：内容超过 1 MB`,
    );
    mode = 'ok';
    expect((await haidian.post('/api/externalFeed/url', { name: '无桩', url: `${base}/nostations/gbfs.json` })).body.message).toBe(
      'gbfs.data.feeds 没有 station_information：该系统没有站点数据（无桩系统只发布车辆位置），无法导入',
    );
    expect((await haidian.post('/api/externalFeed/url', { name: '无', url: `${base}/none/gbfs.json` })).body.message).toBe(
      `获取 gbfs.json 失败（${base}/none/gbfs.json）：服务器返回 HTTP 404`,
    );
    expect((await haidian.post('/api/externalFeed/url', { name: 'x', url: 'ftp://example.com/gbfs.json' })).body).toMatchObject({
      code: 400,
      message: 'url 不是有效的 http(s) 网址，请填写 GBFS 发现文件（gbfs.json）的完整地址',
    });
    expect(await list()).toHaveLength(1);
  });

  it('does not read an intranet address unless GBFS_IMPORT_PRIVATE', async () => {
    const limits = { timeoutMs: 1000, maxBytes: 1 << 20, allowPrivate: false };
    expect(await loadFromUrl(`${base}/2.3/gbfs.json`, limits)).toEqual({
      ok: false,
      message: `获取 gbfs.json 失败（${base}/2.3/gbfs.json）：127.0.0.1 指向内网地址（127.0.0.1），平台不读取内网的数据源`,
    });
    for (const host of ['10.1.2.3', '192.168.0.9', '172.20.0.1', '169.254.169.254', '[::1]', '[fd00::1]']) {
      expect((await loadFromUrl(`http://${host}/gbfs.json`, limits)).ok).toBe(false);
    }
  });
});
