/**
 * 骑行订单 in the browser (issue 14): an enterprise's bike is rented, reports where it is during the
 * ride and is returned outside every site with a fee, all through the open API; the admin finds the
 * ride on 骑行订单 filtered by bike and 站外还车, opens its track on the map (借, the positions, 还),
 * exports the filtered list and reads it back, and sees the fee on 站外还车扣费.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USER, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { OUTPUT_DIR } from './paths';

let server: TestServer;
let browser: Browser;
let page: Page;
const MIN = 60_000;

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
}

beforeAll(async () => {
  server = await startServer('rides', 220_000);
  const login = await post('/api/login', { username: ADMIN_USER, password: ADMIN_PASSWORD });
  const created = await post(
    '/api/company/createEnterprise',
    {
      brandName: '青桔单车',
      brandOperation: '北京青桔科技有限公司',
      brandAccount: 'qingju_rides',
      brandPassword: 'Qingju2024x',
      launchArea: ['110108'],
      operationAreaId: '110108',
    },
    login.data.token as string,
  );
  expect(created.code).toBe(200);
  const open = await post('/api/open/v1/token', { account: 'qingju_rides', password: 'Qingju2024x' });
  const tok = open.data.token as string;
  expect((await post('/api/open/v1/bikes', { items: [{ bikeId: 'QJRIDE01', bikeType: 0 }] }, tok)).code).toBe(200);
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN).toISOString();
  const rent = await post(
    '/api/open/v1/orders',
    { items: [{ orderId: 'QJ-E2E-1', bikeId: 'QJRIDE01', event: 'rent', at: at(30), lon: 116.3105, lat: 39.9805 }] },
    tok,
  );
  expect(rent.data.accepted).toBe(1);
  for (const [k, lon, lat] of [
    [26, 116.3125, 39.9812],
    [22, 116.3151, 39.9808],
    [18, 116.3178, 39.9821],
    [14, 116.3204, 39.9815],
  ] as const) {
    const r = await post('/api/open/v1/bikes/status', { items: [{ bikeId: 'QJRIDE01', status: 2, lon, lat, reportedAt: at(k) }] }, tok);
    expect(r.data.accepted).toBe(1);
  }
  const ret = await post(
    '/api/open/v1/orders',
    { items: [{ orderId: 'QJ-E2E-1', bikeId: 'QJRIDE01', event: 'return', at: at(10), lon: 116.3231, lat: 39.9829, fee: 650, userPhone: '13800138000' }] },
    tok,
  );
  expect(ret.data.accepted).toBe(1);
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('骑行订单 (screenshots in test-output/e2e)', () => {
  it('filters the ride, shows its track on the map, exports it and shows its fee', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/companyManagement/bikeRideOrder?bikeId=QJRIDE&returnType=out`);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: 'QJ-E2E-1' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('站外还车');
    expect(await row.textContent()).toContain('6.50');
    await page.getByText('共 1 条').waitFor();
    await screenshot(page, 'rides-list');

    await row.getByRole('button', { name: '详情' }).click();
    await page.locator('.ant-drawer .desk-map').waitFor({ timeout: 30_000 });
    await page.getByText('骑行中上报的 4 个位置').waitFor();
    // 借 and 还 markers and the line through the positions
    await page.locator('.ant-drawer .desk-map-label', { hasText: '借' }).waitFor();
    await page.locator('.ant-drawer .desk-map-label', { hasText: '还' }).waitFor();
    expect(await page.locator('.ant-drawer .leaflet-overlay-pane path, .ant-drawer .leaflet-overlay-pane canvas').count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await screenshot(page, 'rides-track');
    await page.locator('.ant-drawer-close').click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('骑行订单.xlsx');
    const path = join(OUTPUT_DIR, 'rides.xlsx');
    await file.saveAs(path);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 3)).toEqual(['QJ-E2E-1', '青桔单车', 'QJRIDE01']);
    expect(rows[1].slice(13)).toEqual(['站外还车', '否', 20, 6.5]);

    await page.goto(`${server.url}/#/companyManagement/bikeOutSideFee`);
    const fee = page.locator('.desk-page tr.ant-table-row', { hasText: '青桔单车' });
    await fee.waitFor({ timeout: 30_000 });
    expect(await fee.textContent()).toContain('6.50');
    await screenshot(page, 'rides-fee');
  });
});
