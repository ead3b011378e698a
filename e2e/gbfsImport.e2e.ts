/**
 * 区域设置 · 外部站点 with a real public GBFS 2.3 pair (issue 32 point 4, Must show), at 1920x1080: an
 * invalid station_status is refused in the import dialog naming the field; the real Divvy pair
 * (server/test/fixtures/gbfs) imported from files into 海淀区 is listed with its counts; on the big
 * screen its stations are a separate read-only layer (purple diamonds, a legend entry with 定位, a
 * switch), one station's info window says it is an external read-only feed with its counts and fetch
 * time. Screenshots in test-output/e2e.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, launchBrowser, loginViaForm, openPage, pickArea, screenshot, startServer } from './harness';
import { ROOT } from './paths';

const fixture = (name: string) => readFileSync(`${ROOT}/server/test/fixtures/gbfs/divvy-${name}.json`);
const INFO = fixture('station_information');
const STATUS = fixture('station_status');
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/json', buffer });

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer('gbfsin');
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('外部站点: a real GBFS 2.3 pair from files', () => {
  it('refuses an invalid file naming the field, imports the real pair, lists it', { timeout: 60_000 }, async () => {
    await page.goto(`${server.url}/#/regionalSettings/external`);
    await page.getByRole('button', { name: /导入外部站点/ }).click();
    const dialog = page.locator('.feed-import-dialog');
    await dialog.getByPlaceholder('如：邻市公共自行车').fill('芝加哥 Divvy');
    await pickArea(dialog.locator('[id="areaId"]'), '海淀区');
    await dialog.locator('[data-testid="feed-stationInformation"] input[type="file"]').setInputFiles(file('station_information.json', INFO));
    const bad = JSON.parse(STATUS.toString('utf8'));
    bad.data.stations[3].num_bikes_available = -1;
    const statusInput = dialog.locator('[data-testid="feed-stationStatus"] input[type="file"]');
    await statusInput.setInputFiles(file('station_status.json', Buffer.from(JSON.stringify(bad))));
    await dialog.getByText('station_information.json：GBFS 2.3 · 30 个站点').waitFor();
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    const refusal = dialog.getByTestId('feed-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('station_status.data.stations[3].num_bikes_available 为负数（-1）');
    await screenshot(page, 'gbfs-import-refused');

    await statusInput.setInputFiles(file('station_status.json', STATUS));
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row', { hasText: '芝加哥 Divvy' });
    await row.waitFor();
    const bikes = JSON.parse(STATUS.toString('utf8')).data.stations.reduce((n: number, s: { num_bikes_available: number }) => n + s.num_bikes_available, 0);
    const cells = await row.locator('td').allTextContents();
    expect(cells).toEqual(expect.arrayContaining(['海淀区', '30', String(bikes)]));
    expect(await row.textContent()).toContain('GBFS 2.3');
    await screenshot(page, 'gbfs-import-list');
  });

  it('shows the stations on the big screen as a separate read-only layer with their counts', { timeout: 60_000 }, async () => {
    await page.goto(`${server.url}/#/index`);
    const legend = page.getByTestId('legend-external');
    await legend.waitFor({ timeout: 30_000 });
    expect(await legend.textContent()).toContain('外部站点（只读）30 个');
    await legend.getByRole('button', { name: '定位' }).click();
    const diamonds = page.locator('.home-map-ext');
    await expect.poll(() => diamonds.count(), { timeout: 15_000 }).toBe(30);
    // each diamond carries its bikes available (few in view); one opened
    expect(await page.getByLabel('外部站点 Wood St & Augusta Blvd').textContent()).toBe('13');
    await page.getByLabel('外部站点 Exchange Ave & 79th St').click();
    const info = page.getByTestId('external-info');
    await info.waitFor();
    const text = (await info.textContent()) ?? '';
    for (const t of ['Exchange Ave & 79th St', '外部站点 · 只读', '芝加哥 Divvy（GBFS 2.3，文件导入）', '可借车辆3 辆', '可还车位7 个', '容量11', '获取时间'])
      expect(text).toContain(t);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.leaflet-popup')!).opacity === '1');
    await screenshot(page, 'gbfs-bigscreen');

    // the layer's switch hides it, legend entry and all
    const toggle = page.getByRole('button', { name: /外部站点/ });
    await toggle.click();
    await expect.poll(() => diamonds.count()).toBe(0);
    expect(await legend.count()).toBe(0);
    await toggle.click();
    await expect.poll(() => diamonds.count()).toBe(30);
  });
});
