/**
 * 车辆备案 in the browser (issue 14): the admin imports an .xlsx of 青桔单车's bikes with good and
 * bad rows, sees the refused rows with their reasons and the filed ones, downloads the refused list
 * and reads it back, and finds the import in the history.
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

async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('车辆');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  server = await startServer('filing', 220_000);
  const login = await (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
    })
  ).json();
  const res = await fetch(`${server.url}/api/company/createEnterprise`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
    body: JSON.stringify({
      brandName: '青桔单车',
      brandOperation: '北京青桔科技有限公司',
      brandAccount: 'qingju_filing',
      brandPassword: 'Qingju2024x',
      launchArea: ['110108'],
      operationAreaId: '110108',
    }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('车辆备案 (screenshots in test-output/e2e)', () => {
  it('imports a spreadsheet with good and bad rows, shows both lists and downloads the refused rows', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/companyManagement/bikeFiling`);
    await page.getByText('导入车辆备案表格').waitFor();
    await page.locator('.filing-brand').click();
    await page.locator('.ant-select-item-option', { hasText: '青桔单车' }).click();
    const bytes = await sheet([
      ['车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC'],
      ['QJE2E0001', '自行车', 'F0001', '860000000000001', '', 'AA:BB:CC:00:00:01'],
      ['QJE2E0002', '电动车', 'F0002', '860000000000002', '京A00002', ''],
      ['QJE2E0003', '三轮车', '', '', '', ''],
      ['', '自行车', 'F0004', '', '', ''],
      ['QJE2E0001', '自行车', '', '', '', ''],
      ['QJE2E0006', 1, '', '', '', ''],
    ]);
    await page.locator('.filing-card input[type=file]').setInputFiles({
      name: '青桔车辆.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    await page.getByText('导入完成：已备案 3 行，拒绝 3 行').waitFor({ timeout: 60_000 });
    await page.getByText('车辆类型（bikeType）只能是 0、1').waitFor();
    await page.getByText('缺少 车辆编号（bikeId）').waitFor();
    await page.getByText('车辆编号 QJE2E0001 与第 2 行重复：同一车辆只备案一次').waitFor();
    await page.locator('.desk-page tr.ant-table-row', { hasText: '青桔车辆.xlsx' }).waitFor();
    await screenshot(page, 'filing-rejected');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /下载被拒绝的行/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('青桔车辆-被拒绝的行.xlsx');
    const path = join(OUTPUT_DIR, 'filing-rejected.xlsx');
    await file.saveAs(path);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['行号', '车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC', '拒绝原因']);
    expect(rows.slice(1).map((r) => [r[0], r[7]])).toEqual([
      [4, '车辆类型（bikeType）只能是 0、1'],
      [5, '缺少 车辆编号（bikeId）'],
      [6, '车辆编号 QJE2E0001 与第 2 行重复：同一车辆只备案一次'],
    ]);

    await page.getByRole('tab', { name: '已备案的行（3）' }).click();
    await page.getByText('QJE2E0006').waitFor();
    await screenshot(page, 'filing-accepted');
  });
});
