/**
 * #/regionalSettings 禁停区域 in the browser (issue 12 "Must show"), on the home world (homeWorld.ts):
 * the admin draws a forbidden zone on the map and saves it; a bike reported inside it through the
 * open API gets the off-site placement alert (type 13) at the next minute job, seen in #/warn; a
 * GeoJSON file with one bad feature shows that feature's error only and previews the good ones,
 * which are saved; a 海淀 district user (role and user made through the API) does not see a 朝阳
 * zone and is refused when changing or deleting it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, loginAs } from './harness';
import { CY, Console, type Envelope, HD, type HomeWorld, PASSWORD, buildHomeWorld, openApi, operatorToken } from './homeWorld';
import { permissionIds } from './permissions';

let server: TestServer;
let browser: Browser;
let world: HomeWorld;
let page: Page;
let problems: PageProblems;

const DRAWN = '浏览器绘制禁停区';
const BIKE = 'MTF01';
const USER = { username: 'hd_zone', password: 'Zone2026x', name: '海淀围栏员' };

interface Zone {
  id: number;
  alias: string;
  areaId: string;
  fence: Array<{ lon: number; lat: number }>;
}
interface Msg {
  abnormalType: number;
  bikeId: string | null;
  detail?: string;
}

const zones = (who: Console, params: Record<string, unknown> = {}) => who.get<{ lists: Zone[]; total: number }>('/forbid/', { pageSize: 1000, ...params });

/** A square ring (open) of side `d` degrees at a corner. */
const square = (lon: number, lat: number, d = 0.002): [number, number][] => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
];
const closed = (r: [number, number][]) => [...r, r[0]];

async function openForbid(p: Page = page) {
  await p.goto(`${server.url}/#/regionalSettings/forbid`);
  await p.locator('.desk-page .ant-table').first().waitFor();
  await p.getByRole('tab', { name: '禁停区域', selected: true }).waitFor();
  await p.waitForLoadState('networkidle');
}

/** Choose an area by name in an area tree select. */
async function pickArea(p: Page, select: ReturnType<Page['locator']>, name: string) {
  await select.click();
  await p.keyboard.type(name.slice(0, 2));
  await p.locator('.ant-select-tree-node-content-wrapper', { hasText: name }).first().click();
}

beforeAll(async () => {
  server = await startServer('regional', 240_000); // a loaded machine may take minutes to migrate a fresh database
  world = await buildHomeWorld(server.url, ADMIN_PASSWORD);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1600, height: 960 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('区域设置 · 禁停区域 (screenshots in test-output/e2e)', () => {
  it('draws a zone on the map and saves it; a bike reported inside gets the off-site placement alert (13)', { timeout: 300_000 }, async () => {
    await openForbid();
    problems.clear();
    await page.getByRole('button', { name: /新增禁停区/ }).click();
    const dialog = page.locator('.zone-form-dialog');
    const map = dialog.locator('.desk-map .leaflet-container');
    await map.waitFor();
    await dialog.locator('[id="alias"]').fill(DRAWN);
    await pickArea(page, dialog.locator('[id="areaId"]'), '海淀区');
    await dialog.getByRole('button', { name: '绘制区域' }).click();
    await dialog.locator('.leaflet-container[data-draw-ready="1"]').waitFor();
    const box = (await map.boundingBox())!;
    const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const ring = [
      { x: c.x - 60, y: c.y - 45 },
      { x: c.x + 60, y: c.y - 45 },
      { x: c.x + 60, y: c.y + 45 },
      { x: c.x - 60, y: c.y + 45 },
    ];
    for (const p of [...ring, ring[0]]) {
      await page.mouse.click(p.x, p.y);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => dialog.getByTestId('zone-size').textContent()).toMatch(/^4 个顶点/);
    await screenshot(page, 'regional-zone-drawn');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('禁停区已保存').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.desk-page tr.ant-table-row', { hasText: DRAWN }).waitFor();

    const zone = (await zones(world.admin, { alias: DRAWN })).lists[0];
    expect(zone.areaId).toBe(HD);
    expect(zone.fence).toHaveLength(5); // stored closed
    const corners = zone.fence.slice(0, 4);
    const mid = { lon: corners.reduce((t, p) => t + p.lon, 0) / 4, lat: corners.reduce((t, p) => t + p.lat, 0) / 4 };

    // a filed bike parked in the middle of the zone (no restart: the geo cache sees the new zone)
    const token = await operatorToken(server.url, 'e2emt', PASSWORD);
    await openApi(server.url, token, 'POST', '/bikes', [{ bikeId: BIKE, bikeType: 0, licenseCode: `京${BIKE}` }]);
    await openApi(server.url, token, 'POST', '/bikes/status', [{ bikeId: BIKE, status: 1, ...mid, reportedAt: new Date().toISOString(), bikeType: 0 }]);
    let alert: Msg | undefined;
    for (const until = Date.now() + 150_000; !alert && Date.now() < until; await new Promise((r) => setTimeout(r, 2_000))) {
      alert = (await world.admin.get<{ lists: Msg[] }>('/abnormal/getMsg', { abnormalType: 13 })).lists.find((m) => m.bikeId === BIKE);
    }
    expect(alert?.abnormalType).toBe(13);

    await page.goto(`${server.url}/#/warn?abnormalType=13`);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: BIKE });
    await row.waitFor({ timeout: 30_000 });
    await screenshot(page, 'regional-alert-13');
    expect(problems.errors).toEqual([]);
  });

  it('imports a GeoJSON file: the bad feature alone is listed, the good ones previewed and saved', { timeout: 180_000 }, async () => {
    await openForbid();
    problems.clear();
    await page.getByRole('button', { name: /导入 GeoJSON/ }).click();
    const dialog = page.locator('.geo-import-dialog');
    await dialog.locator('.desk-map .leaflet-container').waitFor();
    // WGS-84 squares north of the world's sites, and one whose edges cross
    const file = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: '导入禁停区甲' }, geometry: { type: 'Polygon', coordinates: [closed(square(116.29, 39.99))] } },
        {
          type: 'Feature',
          properties: { name: '交叉的区' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              closed([
                [116.3, 39.99],
                [116.32, 40.0],
                [116.32, 39.99],
                [116.3, 40.005],
              ]),
            ],
          },
        },
        { type: 'Feature', properties: { 名称: '导入禁停区乙' }, geometry: { type: 'Polygon', coordinates: [closed(square(116.295, 39.995))] } },
      ],
    };
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: '海淀禁停区.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(file)) });
    await dialog.getByTestId('geo-import-file').getByText('海淀禁停区.geojson').waitFor();
    await dialog.locator('[id="crs"]').click();
    await page.locator('.ant-select-item-option', { hasText: 'WGS-84' }).click();
    await pickArea(page, dialog.locator('[id="areaId"]'), '海淀区');
    const problemsList = dialog.getByRole('list', { name: '错误列表' });
    await problemsList.waitFor();
    expect(await problemsList.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^第 2 个要素：多边形围栏边线不能相交.*（交叉的区）$/)]);
    await expect.poll(() => dialog.locator('.desk-map-label').allTextContents()).toEqual(['导入禁停区甲', '导入禁停区乙']);
    await expect(dialog.getByTestId('geo-import-summary').textContent()).resolves.toContain('共 3 个要素：2 个禁停区待保存，1 处错误（不会保存）');
    await screenshot(page, 'regional-import-preview');

    await dialog.getByRole('button', { name: /保存 2 个/ }).click();
    await page.getByText('已导入 2 个禁停区').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await zones(world.admin, { alias: '导入禁停区' })).lists;
    expect(saved.map((z) => [z.alias, z.areaId])).toEqual([
      ['导入禁停区甲', HD],
      ['导入禁停区乙', HD],
    ]);
    // converted to GCJ-02: about 600 m east of the file's WGS-84 numbers in Beijing
    expect(saved[0].fence[0].lon - 116.29).toBeGreaterThan(0.005);
    expect(problems.errors).toEqual([]);
  });

  it('a 海淀 district user does not see a 朝阳 zone, and changing or deleting it is refused', { timeout: 180_000 }, async () => {
    // a 海淀 zone of its own (the test runs alone too) beside the 朝阳 one
    await world.admin.call(
      'POST',
      '/forbid/',
      { selfAreaId: '000000' },
      { areaId: HD, type: 0, alias: '海淀禁停围栏', fence: square(116.28, 39.97).map(([lon, lat]) => ({ lon, lat })) },
    );
    const cy = await world.admin.call<{ id: number }>(
      'POST',
      '/forbid/',
      { selfAreaId: '000000' },
      { areaId: CY, type: 1, alias: '朝阳禁停区', fence: square(116.45, 39.925).map(([lon, lat]) => ({ lon, lat })) },
    );
    // a role with 区域设置 (and 站点管理, whose site list the zone map shows) and a 海淀 user holding it
    const role = await world.admin.call<{ id: number }>(
      'POST',
      '/role/add',
      { selfAreaId: '000000' },
      { roleName: '海淀围栏管理', permissionIds: permissionIds(['deviceManagement', 'area.manage', 'rail.manage', 'forbid.manage']) },
    );
    await world.admin.call('POST', '/user/add', { selfAreaId: '000000' }, { ...USER, areaId: HD, roleIds: [role.id], userLevel: 3 });
    const district = await Console.login(server.url, USER.username, USER.password);
    const seen = (await zones(district)).lists.map((z) => z.alias);
    expect(seen).toContain('海淀禁停围栏');
    expect(seen).not.toContain('朝阳禁停区');
    const raw = async (method: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/forbid/${cy.id}`, {
        method,
        headers: { authorization: `Bearer ${district.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as Envelope<unknown>;
    };
    for (const answer of [await raw('PUT', { alias: '改名' }), await raw('PUT', { enabled: false }), await raw('DELETE')]) {
      expect(answer.code).not.toBe(200);
      expect(answer.message).toBeTruthy();
    }
    expect((await zones(world.admin, { alias: '朝阳禁停区' })).lists.map((z) => z.alias)).toEqual(['朝阳禁停区']);

    const fresh = await openPage(browser, { width: 1600, height: 960 });
    const p = fresh.page;
    await loginAs(p, USER.username, USER.password, server.url);
    // without the big screen it lands on the first section its role holds (站点管理), then goes on
    await p.waitForURL(/#\/deviceManagement/);
    await p.locator('.desk-page .ant-table').first().waitFor();
    // every call the screen makes for this user is one its role allows
    const refused: string[] = [];
    p.on('response', (res) => {
      if (!res.url().includes('/api/')) return;
      void res
        .json()
        .then((b: { code?: number }) => b?.code !== undefined && b.code !== 200 && refused.push(`${new URL(res.url()).pathname} ${b.code}`))
        .catch(() => undefined);
    });
    await openForbid(p);
    await p.locator('.desk-page tr.ant-table-row', { hasText: '海淀禁停围栏' }).waitFor();
    const rows = await p.locator('.desk-page tr.ant-table-row').allTextContents();
    expect(rows.some((r) => r.includes('朝阳'))).toBe(false);
    expect(rows.every((r) => r.includes('海淀区'))).toBe(true);
    await screenshot(p, 'regional-district-list');
    expect(fresh.problems.errors).toEqual([]);
    expect(refused).toEqual([]);
    await p.context().close();
  });
});
