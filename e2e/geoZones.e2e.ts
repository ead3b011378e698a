/**
 * The 禁停区域 import dialog with zone files from elsewhere (issue 32 point 5), at 1920x1080: a zone with
 * a hole drawn with it, a far-away zone waiting for the confirmation that names its distance, one outside
 * China refused. Screenshot in test-output/e2e.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, launchBrowser, loginViaForm, openPage, pickArea, screenshot, startServer } from './harness';
import { Console } from './homeWorld';

let server: TestServer;
let browser: Browser;
let page: Page;

const square = (lon: number, lat: number, d: number) => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];

beforeAll(async () => {
  server = await startServer('geozones');
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
  // 海淀区's operating fence: what the distances are measured from
  const admin = await Console.login(server.url, 'admin', ADMIN_PASSWORD);
  const gpsRail = square(116.28, 39.95, 0.06).map(([lon, lat]) => ({ lon, lat }));
  // Console.call throws unless the answer's code is 200
  await admin.call('POST', '/area/rail', {}, { areaId: '110108', gpsRail });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('导入禁停区域 with zone files from elsewhere', () => {
  it('draws the hole, asks about the far zone with its distance, refuses the one abroad', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/regionalSettings/forbid`);
    await page.getByRole('button', { name: /导入 GeoJSON/ }).click();
    const dialog = page.locator('.geo-import-dialog');
    await dialog.locator('.desk-map .leaflet-container').waitFor();
    await pickArea(dialog.locator('[id="areaId"]'), '海淀区');
    const file = {
      version: '3.0',
      data: {
        geofencing_zones: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { name: [{ text: '圆明园（中间可停）', language: 'zh' }], rules: [] },
              geometry: { type: 'MultiPolygon', coordinates: [[square(116.296, 39.998, 0.012), square(116.3, 40.002, 0.004)]] },
            },
            {
              type: 'Feature',
              properties: { name: [{ text: '外滩', language: 'zh' }] },
              geometry: { type: 'Polygon', coordinates: [square(121.49, 31.24, 0.01)] },
            },
            { type: 'Feature', properties: { name: 'Puerta del Sol' }, geometry: { type: 'Polygon', coordinates: [square(-3.71, 40.41, 0.01)] } },
          ],
        },
      },
    };
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'geofencing_zones.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    const summary = dialog.getByTestId('geo-import-summary');
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toContain('共 3 个要素：1 个禁停区待保存，1 个不保存，1 处错误');
    await dialog.getByText(/仍然保存 1 个远离所选区域的多边形（距海淀区约 1,\d{3} 公里）/).waitFor();
    await page.waitForTimeout(1500);
    await screenshot(page, 'geozones-import');
    expect(await dialog.getByRole('button', { name: /保存 1 个/ }).count()).toBe(1);
  });
});
