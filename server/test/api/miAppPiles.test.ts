/**
 * 米单车管理 · 设备 (issue 29 point 3) via app.inject(): the field app's pile installs (installer,
 * time, site, position, MAC, photos) and the piles of 海淀 heard within the hour (在线设备) or silent
 * an hour or more, never heard included (离线设备, with the last report and how long silent), the two
 * lists splitting the piles between them; filters; bad input (a date that does not exist) 400; no
 * token 401; 朝阳 5002; an enterprise account refused (piles are the regulator's); every export read
 * back equals its list, also past the keyset page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { addBrand, addSite } from '../support/world.js';
import { silentText } from '../../src/domain/power.js';

const HD = '110108';
const CY = '110105';
const SITE = '1101089600101';
const SITE2 = '1101089600102';
const SITE_CY = '1101059600101';

let t: TestContext;
let hd: Client;
let cy: Client;
let ent: Client;
let installer = 0;

type Cell = string | number;

const download = (c: Client | null, url: string, body?: Record<string, unknown>, query: Record<string, unknown> = {}) =>
  exportSheet<Cell>(t.app, { method: 'POST', url, query, payload: body, token: c?.token }, { pad: '' });

async function all(c: Client, url: string, q: Record<string, unknown> = {}) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(url, { ...q, pageSize: 1000, currentPage: page });
    expect(r.body.code, r.body.message).toBe(200);
    out.push(...r.body.data.lists);
    if (out.length >= r.body.data.total) return out;
  }
}

const e = (v: unknown) => (v === null || v === undefined ? '' : (v as Cell));
const installCells = (r: any): Cell[] =>
  [r.installTime, r.installerName, r.areaName, r.equipmentMac, r.siteId, r.siteName, r.lon, r.lat, r.photos.join(' ')].map(e);
const pileCells = (r: any): Cell[] => [r.equipmentMac, r.siteId, r.siteName, r.areaName, r.power, r.lastSeenTime, r.createTime].map(e);
const silentCells = (r: any): Cell[] => [...pileCells(r), e(r.silentMinutes), r.silentText];

/** A pile last heard `minutesAgo` minutes ago (null: never). */
async function pile(mac: string, site: string, minutesAgo: number | null, power: number | null = 50, area = HD) {
  await t.database.query(
    `insert into piles (equipment_mac, site_id, area_id, power, last_seen_at) values ($1, $2, $3, $4, case when $5::int is null then null else now() - $5::int * interval '1 minute' end)`,
    [mac, site, area, power, minutesAgo],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  const MT = await addBrand(t.database, { name: '美团', account: 'mt_pile', areaId: HD });
  await addSite(t.database, { id: SITE, name: '桩站一', lon: 116.31, lat: 39.98, ceiling: 10 });
  await addSite(t.database, { id: SITE2, name: '桩站二', lon: 116.32, lat: 39.98, ceiling: 10 });
  await addSite(t.database, { id: SITE_CY, name: '朝阳桩站', lon: 116.45, lat: 39.92, ceiling: 10, areaId: CY });
  hd = await userClient(t.app, admin, { username: 'hd_pile', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_pile', areaId: CY });
  const en = await userClient(t.app, admin, { username: 'mt_ent_pile', areaId: HD, userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [MT, en.userId]);
  ent = en;
  const ins = await userClient(t.app, admin, { username: 'installer1', areaId: HD, roleIds: [31], userLevel: 2 });
  await t.database.query(`update users set name = '安装员甲' where id = $1`, [ins.userId]);
  installer = ins.userId;
  await pile('AA:00:00:00:00:01', SITE, 5, 80);
  await pile('AA:00:00:00:00:02', SITE, 50, 8);
  await pile('AA:00:00:00:00:03', SITE2, 70, 40);
  await pile('AA:00:00:00:00:04', SITE2, 3 * 1440 + 125, 30);
  await pile('AA:00:00:00:00:05', SITE2, null, null);
  await pile('CC:00:00:00:00:01', SITE_CY, 5, 60, CY);
  await pile('CC:00:00:00:00:02', SITE_CY, 600, 60, CY);
  const installs = [
    ['AA:00:00:00:00:01', SITE, '2026-11-20 09:00:00', HD],
    ['AA:00:00:00:00:03', SITE2, '2026-11-20 15:00:00', HD],
    ['AA:00:00:00:00:04', SITE2, '2026-11-22 10:00:00', HD],
    ['CC:00:00:00:00:01', SITE_CY, '2026-11-21 10:00:00', CY],
  ];
  for (const [mac, site, at, area] of installs) {
    const [row] = await t.database.query<{ id: number }>(
      `insert into pile_installs (client_id, user_id, area_id, mac, site_id, lon, lat, at) values (md5(random()::text), $1, $2, $3, $4, 116.31, 39.98, $5::timestamptz) returning id::int as id`,
      [installer, area, mac, site, `${at}+08:00`],
    );
    if (mac === 'AA:00:00:00:00:03')
      await t.database.query(
        `insert into uploads (file, purpose, owner_id, uploader_id, area_id, original_name, size, mime) values ('inst1.jpg', 'install', $1, $2, $3, 'a.jpg', 10, 'image/jpeg')`,
        [row.id, installer, HD],
      );
  }
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/miApp/getInstallList', () => {
  it('lists 海淀 installs newest first: installer, time, site, position, MAC, photos', async () => {
    const r = await hd.get('/api/miApp/getInstallList');
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.lists.map((x: any) => x.equipmentMac)).toEqual(['AA:00:00:00:00:04', 'AA:00:00:00:00:03', 'AA:00:00:00:00:01']);
    expect(r.body.data.lists[1]).toMatchObject({
      installerName: '安装员甲',
      installTime: '2026-11-20 15:00:00',
      siteId: SITE2,
      siteName: '桩站二',
      lon: 116.31,
      lat: 39.98,
      photos: ['/uploads/inst1.jpg'],
    });
  });

  it('filters by MAC, site, installer and time; refuses a date that does not exist', async () => {
    const macs = async (q: Record<string, unknown>) => (await hd.get('/api/miApp/getInstallList', q)).body.data.lists.map((x: any) => x.equipmentMac);
    expect(await macs({ equipmentMac: '00:01' })).toEqual(['AA:00:00:00:00:01']);
    expect(await macs({ siteId: SITE2 })).toEqual(['AA:00:00:00:00:04', 'AA:00:00:00:00:03']);
    expect(await macs({ miUserName: '甲' })).toHaveLength(3);
    expect(await macs({ miUserName: '乙' })).toEqual([]);
    expect(await macs({ startTime: '2026-11-20', endTime: '2026-11-20' })).toEqual(['AA:00:00:00:00:03', 'AA:00:00:00:00:01']);
    const bad = await hd.get('/api/miApp/getInstallList', { startTime: '2026-02-30 10:00:00' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('startTime');
    expect((await hd.get('/api/miApp/getInstallList', { siteId: 'bad site!' })).body.code).toBe(400);
  });
});

describe('GET /api/miApp/getLineList, getNoLineList', () => {
  it('split 海淀’s piles at an hour: online latest first, silent longest first with how long', async () => {
    const line = await hd.get('/api/miApp/getLineList');
    expect(line.body.code, line.body.message).toBe(200);
    expect(line.body.data.lists.map((x: any) => x.equipmentMac)).toEqual(['AA:00:00:00:00:01', 'AA:00:00:00:00:02']);
    expect(line.body.data.lists[1]).toMatchObject({ siteName: '桩站一', power: 8, lowPower: true });
    const no = await hd.get('/api/miApp/getNoLineList');
    expect(no.body.data.total).toBe(3);
    const rows = no.body.data.lists;
    expect(rows.map((x: any) => x.equipmentMac)).toEqual(['AA:00:00:00:00:05', 'AA:00:00:00:00:04', 'AA:00:00:00:00:03']);
    expect(rows[0]).toMatchObject({ lastSeenTime: null, silentMinutes: null, silentText: '从未上报' });
    expect(rows[1].silentMinutes).toBeGreaterThanOrEqual(3 * 1440 + 125);
    expect(rows[1].silentMinutes).toBeLessThan(3 * 1440 + 128);
    expect(rows[1].silentText).toBe(silentText(rows[1].silentMinutes));
    expect(rows[1].silentText).toMatch(/^3天2小时$/);
    expect(rows[2].lastSeenTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // every pile of the area is in exactly one of the two lists
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from piles where area_id = $1`, [HD]);
    expect(line.body.data.total + no.body.data.total).toBe(n);
  });

  it('filter by site and MAC; 朝阳 sees its own', async () => {
    expect((await hd.get('/api/miApp/getNoLineList', { siteId: SITE })).body.data.total).toBe(0);
    expect((await hd.get('/api/miApp/getLineList', { equipmentMac: 'aa:00:00:00:00:02' })).body.data.total).toBe(1);
    const c = await cy.get('/api/miApp/getNoLineList');
    expect(c.body.data.lists.map((x: any) => x.equipmentMac)).toEqual(['CC:00:00:00:00:02']);
    expect(c.body.data.lists[0].silentText).toMatch(/^10小时0分钟$/);
  });

  it('answers 401 without a token, 5002 for another area and for an enterprise account', async () => {
    for (const url of ['/api/miApp/getInstallList', '/api/miApp/getLineList', '/api/miApp/getNoLineList']) {
      expect((await new Client(t.app).get(url)).body.code, url).toBe(401);
      expect((await hd.get(url, { areaId: CY })).body.code, url).toBe(5002);
      expect((await hd.get(url, { selfAreaId: CY })).body.code, url).toBe(5002);
      const r = await ent.get(url);
      expect(r.body.code, url).toBe(5002);
      expect(r.body.message).toContain('企业账号');
    }
    for (const url of ['/api/miApp/exportInstallList', '/api/miApp/exportLineList', '/api/miApp/exportNoLineList']) {
      expect((await download(null, url)).json.code, url).toBe(401);
      expect((await download(hd, url, { areaId: CY })).json.code, url).toBe(5002);
      expect((await download(ent, url, {})).json.code, url).toBe(5002);
    }
    expect((await download(hd, '/api/miApp/exportInstallList', { endTime: '2026-04-31' })).json.code).toBe(400);
  });
});

describe('the exports equal their lists', () => {
  const cases: [string, string, string, (r: any) => Cell[]][] = [
    ['/api/miApp/exportInstallList', '/api/miApp/getInstallList', '设备安装记录.xlsx', installCells],
    ['/api/miApp/exportLineList', '/api/miApp/getLineList', '在线设备.xlsx', pileCells],
    ['/api/miApp/exportNoLineList', '/api/miApp/getNoLineList', '离线设备.xlsx', silentCells],
  ];

  it('each export, filtered or not (body or query), holds the list’s rows in its order', async () => {
    for (const [url, list, name, cells] of cases) {
      for (const q of [{}, { siteId: SITE2 }, { equipmentMac: '00:0' }]) {
        const f = await download(hd, url, q);
        expect(f.json, url).toBeNull();
        expect(f.disposition).toContain(encodeURIComponent(name));
        expect(f.rows.slice(1), `${url} ${JSON.stringify(q)}`).toEqual((await all(hd, list, q)).map(cells));
      }
      const byQuery = await download(hd, url, undefined, { siteId: SITE2 });
      expect(byQuery.rows.slice(1)).toEqual((await all(hd, list, { siteId: SITE2 })).map(cells));
    }
  });

  it('past the keyset page (2,000 rows) too, ties in the last report included', async () => {
    await t.database.query(
      `insert into piles (equipment_mac, site_id, area_id, power, last_seen_at)
       select 'BB:' || lpad(g::text, 5, '0'), $1, $2, g % 100, case when g % 7 = 0 then null else now() - (case when g % 2 = 0 then 5 + (g % 6) * 10 else 65 + (g % 30) * 10 end) * interval '1 minute' end
         from generate_series(1, 6000) g`,
      [SITE2, HD],
    );
    await t.database.query(
      `insert into pile_installs (client_id, user_id, area_id, mac, site_id, at)
       select 'bulk' || g, $1, $2, 'BB:' || lpad(g::text, 5, '0'), $3, timestamptz '2026-10-01 00:00:00+08' + (g % 900) * interval '1 hour' from generate_series(1, 2300) g`,
      [installer, HD, SITE2],
    );
    for (const [url, list, , cells] of cases) {
      const f = await download(hd, url, {});
      const rows = await all(hd, list);
      expect(f.rows.length - 1, url).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(2000);
      // silentMinutes may tick between the list and the file: compare all but it
      const strip = (r: Cell[]) => (url.includes('NoLine') ? r.slice(0, 7) : r);
      expect(f.rows.slice(1).map(strip)).toEqual(rows.map(cells).map(strip));
    }
  }, 120_000);
});
