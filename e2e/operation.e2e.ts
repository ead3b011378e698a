/**
 * 运营统计 (#/operation) against a real server with the home world (homeWorld.ts: sites, bikes and
 * today's rides pushed through the open API, then the minute job's snapshot): each view opened and
 * compared with its call, the trend drilled from the year to today's month and to today, the
 * rent/return view exported through the export dialog and read back with exceljs, the current view
 * printed to PDF (A4 landscape) and its print layout screenshot.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, FAST_SNAPSHOTS, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { type HomeWorld, SITES, buildHomeWorld, waitForSnapshot } from './homeWorld';
import { OUTPUT_DIR } from './paths';

let server: TestServer;
let browser: Browser;
let world: HomeWorld;
let page: Page;
let problems: PageProblems;

const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
const [Y, M, D] = today.split('-').map(Number);
const daysInMonth = new Date(Y, M, 0).getDate();

beforeAll(async () => {
  server = await startServer('operation', 240_000, { env: FAST_SNAPSHOTS });
  world = await buildHomeWorld(server.url, ADMIN_PASSWORD);
  await waitForSnapshot(world.admin);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const go = async (hash: string) => {
  await page.goto(`${server.url}/#${hash}`);
  await page.getByTestId('screen-title').getByText('运营统计').waitFor();
};

/** Clicks the x-axis label `index` (0-based) of `count` labels under the chart (grid left 56, right 24, bottom 32). */
async function clickAxisLabel(testId: string, index: number, count: number) {
  const box = (await page.getByTestId(testId).boundingBox())!;
  const width = box.width - 56 - 24;
  await page.mouse.click(box.x + 56 + (index + 0.5) * (width / count), box.y + box.height - 32 + 10);
}

describe('运营统计', () => {
  it('趋势: a year, drilled to this month by its label, then to today', async () => {
    await go(`/operation/trend?year=${Y}&dataType=1`);
    await page.getByTestId('trend-chart').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('period-label').textContent()).toBe(`${Y}年`);
    await screenshot(page, 'operation-trend-year');
    await clickAxisLabel('trend-chart', M - 1, 12);
    await expect.poll(() => page.getByTestId('period-label').textContent(), { timeout: 15_000 }).toBe(`${Y}年${M}月`);
    await page.getByTestId('trend-chart').locator('canvas').first().waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'operation-trend-month');
    await clickAxisLabel('trend-chart', D - 1, daysInMonth);
    await expect.poll(() => page.getByTestId('period-label').textContent(), { timeout: 15_000 }).toBe(`${Y}年${M}月${D}日`);
    expect(page.url()).toContain(`day=${D}`);
    await page.getByText('已是最细的时间粒度（逐时）').waitFor();
    await screenshot(page, 'operation-trend-day');
  });

  it('租还: today per hour equals the call; the export dialog’s file read back equals it too', async () => {
    const flows = await world.admin.get<{ rentTotal: number; returnTotal: number; rent: number[] }>('/statistics/rentReturn', { year: Y, month: M, day: D });
    expect(flows.rentTotal).toBeGreaterThan(0);
    await go(`/operation/flows?year=${Y}&month=${M}&day=${D}`);
    await page.getByTestId('flow-chart').locator('canvas').first().waitFor();
    const figure = (title: string) => page.locator('.ant-statistic').filter({ hasText: title }).first().locator('.ant-statistic-content-value').textContent();
    await expect.poll(() => figure('租车')).toBe(String(flows.rentTotal));
    await expect.poll(() => figure('还车')).toBe(String(flows.returnTotal));
    // the tidal view: circles on the map and the ranked sites
    const tidal = await world.admin.get<{ lists: { siteName: string; net: number }[] }>('/statistics/tidalSites', { year: Y, month: M, day: D, limit: 100 });
    expect(tidal.lists.length).toBeGreaterThan(0);
    await page.getByRole('cell', { name: tidal.lists[0].siteName }).first().waitFor();
    await page.getByTestId('desk-map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    await screenshot(page, 'operation-flows-map');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'operation-flows');

    await page
      .getByRole('button', { name: /导\s*出/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog').last();
    await dialog.getByText('导出设置 · 租还统计').waitFor();
    expect(await dialog.getByRole('checkbox', { name: '全选' }).isChecked()).toBe(true);
    await dialog.getByText('已选 24 / 24 项').waitFor();
    await screenshot(page, 'operation-export-dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('租还统计.xlsx');
    const path = join(OUTPUT_DIR, 'operation-rentReturn.xlsx');
    await file.saveAs(path);
    await page.getByText('数据导出成功！').waitFor();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const rows: (string | number)[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as (string | number)[]).slice(1)));
    expect(rows[0]).toEqual(['时间', '品牌', '车型', '租车数', '还车数', '租还差']);
    const body = rows.slice(1);
    expect(body.reduce((t, r) => t + Number(r[3]), 0)).toBe(flows.rentTotal);
    expect(body.reduce((t, r) => t + Number(r[4]), 0)).toBe(flows.returnTotal);
    expect(new Set(body.map((r) => String(r[0]).slice(0, 10)))).toEqual(new Set([today]));
  });

  it('站点: the ranking of today with a site’s usage curve', async () => {
    const rank = await world.admin.get<{ lists: { siteName: string; rentNum: number }[] }>('/statistics/siteRankAll', {
      year: Y,
      month: M,
      day: D,
      orderBy: 'rent',
    });
    await go(`/operation/sites?year=${Y}&month=${M}&day=${D}`);
    const first = page.locator('tr.ant-table-row').first();
    await first.getByText(rank.lists[0].siteName).waitFor();
    expect(await first.locator('td').nth(3).textContent()).toBe(String(rank.lists[0].rentNum));
    await screenshot(page, 'operation-sites');
    await first.getByText('使用曲线').click();
    await page.getByTestId('usage-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'operation-sites-usage');
    await page.keyboard.press('Escape');
  });

  it('品牌: approved, filed, online and in-site per brand, and the data-access rate', async () => {
    await go(`/operation/brands?year=${Y}&month=${M}`);
    await page.getByTestId('brand-bars').locator('canvas').first().waitFor();
    await page.getByTestId('access-chart').locator('canvas').first().waitFor();
    const rates = await world.admin.get<{ lists: { brandName: string }[] }>('/statistics/brandPercentNew', {});
    for (const b of rates.lists) await page.getByRole('cell', { name: b.brandName, exact: true }).first().waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'operation-brands');
  });

  it('prints the current view (租还) on A4 landscape without the menu', async () => {
    await go(`/operation/flows?year=${Y}&month=${M}&day=${D}`);
    await page.getByTestId('flow-chart').locator('canvas').first().waitFor();
    await page
      .getByRole('cell', { name: SITES.S3.siteName })
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 1123, height: 794 });
    await page.waitForTimeout(1200);
    expect(await page.locator('.console-sider').isVisible()).toBe(false);
    expect(await page.locator('.ant-tabs-nav').isVisible()).toBe(false);
    await page.screenshot({ path: join(OUTPUT_DIR, 'operation-print.png'), fullPage: true });
    const pdf = join(OUTPUT_DIR, 'operation.pdf');
    await page.pdf({ path: pdf, landscape: true, format: 'A4', printBackground: true });
    expect(statSync(pdf).size).toBeGreaterThan(20_000);
    const pages = (
      readFileSync(pdf)
        .toString('latin1')
        .match(/\/Type\s*\/Page[^s]/g) ?? []
    ).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('left no page errors', () => {
    expect(problems.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });
});
