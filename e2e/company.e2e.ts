/**
 * 企业管理 in the browser, one enterprise through the whole chain (issue 14): the admin creates
 * 小蓝单车 in 海淀 on 企业信息 with four documents uploaded as files and a generated open-API
 * password (shown once); the test logs in to the open API over HTTP with the account and the
 * password the screen showed, files bikes (one item refused), fetches its sites and dispatches (one
 * refused). The admin opens the detail (the missing 电动车信息 warned), a document (a blob: tab) and
 * adds a maintainer; imports a spreadsheet of its bikes with good and bad rows on 车辆备案, sees both
 * lists and downloads the refused rows; one of the imported bikes is ridden through the open API
 * (positions during the ride, returned outside every site with a fee): the admin finds the ride on
 * 骑行订单, its track in the drawer, exports the list, and sees the fee on 站外还车扣费; on the four
 * sync-log tabs filtered to 小蓝单车 every call above is listed (another enterprise's left out) and
 * the import's and the dispatch's details show their counts and refused items; deleting the
 * enterprise is then refused with the count of its bikes. The world around it: companyWorld.ts.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BIKES,
  API_REFUSED,
  DISPATCH_REFUSED,
  OTHER,
  RIDE_POSITIONS,
  XLSX_MIME,
  buildCompanyWorld,
  filingRows,
  firstCalls,
  operatorToken,
  readSheet,
  rideOutsideWithFee,
  sheet,
} from './companyWorld';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, pickArea } from './harness';
import { OUTPUT_DIR } from './paths';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;
let password = '';
let token = '';

const BRAND = '小蓝单车';
const ACCOUNT = 'xiaolan_e2e';
/** The spreadsheet imported for 小蓝单车; its first filed bike is the one ridden. */
const SHEET = filingRows('XLX');
const SHEET_NAME = '小蓝车辆.xlsx';
const RIDE = { orderId: 'XL-E2E-1', bikeId: SHEET.accepted[0] };

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

beforeAll(async () => {
  server = await startServer('company', 220_000);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('企业管理: one enterprise through the whole chain (screenshots in test-output/e2e)', () => {
  it('opens the tab: an empty area says so', { timeout: 120_000 }, async () => {
    await page.goto(`${server.url}/#/companyManagement/company`);
    await page.locator('.desk-page .ant-table').waitFor();
    await page.locator('.desk-page .ant-empty', { hasText: '暂无数据' }).waitFor();
  });

  it('creates an enterprise with uploaded documents and a generated password shown once', { timeout: 180_000 }, async () => {
    await page.getByRole('button', { name: /新增企业/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新增企业' });
    await drawer.locator('[id="brandName"]').fill(BRAND);
    await drawer.locator('[id="brandOperation"]').fill('北京小蓝科技有限公司');
    await drawer.locator('[id="brandAccount"]').fill(ACCOUNT);
    await drawer.locator('[id="brandContactPerson"]').fill('李四');
    await drawer.locator('[id="brandContactMobile"]').fill('13912345678');
    await drawer.locator('[id="brandAddress"]').fill('北京市海淀区中关村大街 1 号');
    await drawer.locator('[id="brandOperationNum"]').fill('12');
    await pickArea(drawer.locator('[id="areaId"]'), '海淀区', true);
    await pickArea(drawer.locator('[id="launchArea"]'), '海淀区', true);
    await pickArea(drawer.locator('[id="operationAreaId"]'), '海淀区', true);
    const upload = async (label: string, name: string, mimeType: string, buffer: Buffer) => {
      await drawer.locator('.ant-form-item', { hasText: label }).locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
      await drawer.locator('.company-doc-file', { hasText: name }).waitFor();
    };
    await upload('政府批准文件', '政府批准文件.pdf', 'application/pdf', PDF);
    await upload('其他证明文件', '营业执照.png', 'image/png', PNG);
    await upload('运维人员信息', '运维人员名单.pdf', 'application/pdf', PDF);
    await upload('自行车信息', '自行车信息.pdf', 'application/pdf', PDF);
    await screenshot(page, 'company-form');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const shown = page.locator('[data-testid="new-password"]');
    await shown.waitFor();
    password = (await shown.textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await screenshot(page, 'company-password-once');
    await page.getByRole('button', { name: '我已转交，关闭' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.locator('.desk-page tr.ant-table-row', { hasText: BRAND }).waitFor();
    await page.getByText('共 1 条').waitFor();
    expect(await page.locator('.desk-page a[href*="/uploads/"]').count()).toBe(0);
    await screenshot(page, 'company-list');
    expect(problems.errors).toEqual([]);
  });

  it('logs in to the open API with the account and password set on the screen: files bikes, fetches its sites, dispatches', { timeout: 60_000 }, async () => {
    // another enterprise with a filing call of its own, and a site in 海淀 to dispatch to
    await buildCompanyWorld(server.url, ADMIN_PASSWORD);
    token = await operatorToken(server.url, ACCOUNT, password);
    const { filed, sites, dispatched } = await firstCalls(server.url, token);
    // a partial batch answers 400, the valid items saved
    expect(filed.status).toBe(400);
    expect(filed.data.accepted).toBe(API_BIKES.length);
    expect(filed.data.rejected).toEqual([{ index: 3, id: API_REFUSED.id, reason: API_REFUSED.reason }]);
    expect(sites.status).toBe(200);
    expect(dispatched.data.accepted).toBe(1);
    expect(dispatched.data.rejected.map((r) => r.reason)).toEqual([DISPATCH_REFUSED.reason]);
    const wrong = await fetch(`${server.url}/api/open/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: 'not-the-password-1' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('opens the detail with every field, a document through the session and a new maintainer', { timeout: 180_000 }, async () => {
    await page.reload();
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: BRAND });
    await row.getByText('139****5678').waitFor();
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `企业详情：${BRAND}` });
    await drawer.getByText('电动车信息不存在！').waitFor();
    await drawer.locator('.ant-descriptions-item-content', { hasText: '北京市海淀区中关村大街 1 号' }).waitFor();
    await screenshot(page, 'company-detail-top');
    expect(await drawer.locator('a[href*="/uploads/"]').count()).toBe(0);
    const popup = page.waitForEvent('popup');
    await drawer.getByRole('button', { name: /政府批准文件\.pdf/ }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    await tab.close();
    await drawer.getByRole('button', { name: /新增运维人员/ }).click();
    const form = page.locator('.ant-modal', { hasText: '新增运维人员' });
    await form.locator('[id="maintainName"]').fill('王五');
    await form.locator('[id="maintainPhone"]').fill('13700001111');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    await drawer.locator('tr', { hasText: '王五' }).getByText('137****1111').waitFor();
    await screenshot(page, 'company-detail-maintainers');
    await drawer.locator('.ant-drawer-close').click();
    expect(problems.errors).toEqual([]);
  });

  it('imports a spreadsheet of its bikes with good and bad rows, shows both lists and downloads the refused rows', { timeout: 180_000 }, async () => {
    await page.getByRole('tab', { name: '车辆备案', exact: true }).click();
    await page.getByText('导入车辆备案表格').waitFor();
    await page.locator('.filing-brand').click();
    await page.locator('.ant-select-item-option', { hasText: BRAND }).click();
    await page.locator('.filing-card input[type=file]').setInputFiles({ name: SHEET_NAME, mimeType: XLSX_MIME, buffer: await sheet(SHEET.rows) });
    await page.getByText('导入完成：已备案 3 行，拒绝 3 行').waitFor({ timeout: 60_000 });
    for (const [, , reason] of SHEET.refused) await page.locator('.filing-result').getByText(reason).waitFor();
    await page.locator('.desk-page tr.ant-table-row', { hasText: SHEET_NAME }).waitFor();
    await screenshot(page, 'company-filing-rejected');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /下载被拒绝的行/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('小蓝车辆-被拒绝的行.xlsx');
    const path = join(OUTPUT_DIR, 'company-filing-rejected.xlsx');
    await file.saveAs(path);
    const rows = await readSheet(path);
    expect(rows[0]).toEqual(['行号', '车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC', '拒绝原因']);
    expect(rows.slice(1).map((r) => [r[0], r[7]])).toEqual(SHEET.refused.map(([row, , reason]) => [row, reason]));

    await page.getByRole('tab', { name: '已备案的行（3）' }).click();
    const filed = page.getByRole('tabpanel', { name: '已备案的行（3）' });
    for (const id of SHEET.accepted) await filed.getByText(id, { exact: true }).waitFor();
    // the row whose type the sheet wrote as the code 1 says the type it was filed as
    expect(await filed.locator('tr', { hasText: SHEET.accepted[2] }).textContent()).toContain('电动车');
    await screenshot(page, 'company-filing-accepted');
    expect(problems.errors).toEqual([]);
  });

  it('finds a ride of an imported bike on 骑行订单 with its track, exports it and sees its fee on 站外还车扣费', { timeout: 180_000 }, async () => {
    await rideOutsideWithFee(server.url, token, RIDE.orderId, RIDE.bikeId);
    await page.goto(`${server.url}/#/companyManagement/bikeRideOrder?bikeId=${RIDE.bikeId}&returnType=out`);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: RIDE.orderId });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(BRAND);
    expect(await row.textContent()).toContain('站外还车');
    expect(await row.textContent()).toContain('6.50');
    await page.getByText('共 1 条').waitFor();
    await screenshot(page, 'company-ride-list');

    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `骑行订单 ${RIDE.orderId}` });
    await drawer.locator('.desk-map').waitFor({ timeout: 30_000 });
    await drawer.getByText(`骑行中上报的 ${RIDE_POSITIONS.length} 个位置`).waitFor();
    // 借 and 还 markers and the line through the positions
    await drawer.locator('.desk-map-label', { hasText: '借' }).waitFor();
    await drawer.locator('.desk-map-label', { hasText: '还' }).waitFor();
    expect(await drawer.locator('.leaflet-overlay-pane path, .leaflet-overlay-pane canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'company-ride-track');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('骑行订单.xlsx');
    const path = join(OUTPUT_DIR, 'company-rides.xlsx');
    await file.saveAs(path);
    const rows = await readSheet(path);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 3)).toEqual([RIDE.orderId, BRAND, RIDE.bikeId]);
    expect(rows[1].slice(13)).toEqual(['站外还车', '否', 20, 6.5]);

    await page.getByRole('tab', { name: '站外还车扣费', exact: true }).click();
    const fee = page.locator('.desk-page tr.ant-table-row', { hasText: BRAND });
    await fee.waitFor({ timeout: 30_000 });
    expect(await fee.textContent()).toContain('6.50');
    // the export's toast gone before the screenshots
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'company-fee');
    await fee.getByRole('button', { name: '用户明细' }).click();
    const riders = page.locator('.ant-drawer', { hasText: '站外还车扣费用户明细' });
    await riders.getByText('138****8000').waitFor();
    await screenshot(page, 'company-fee-riders');
    await riders.locator('.ant-drawer-close').click();
    await riders.waitFor({ state: 'hidden' });
    expect(problems.errors).toEqual([]);
  });

  /** Opens a sync-log tab, filters it to 小蓝单车 with the query form and waits for `count` entries. */
  async function syncTab(title: string, count: number): Promise<Locator> {
    await page.getByRole('tab', { name: title, exact: true }).click();
    await page.getByRole('tab', { name: title, selected: true }).waitFor();
    const form = page.locator('.desk-query');
    await form.locator('[id="brandId"]').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: BRAND }).click();
    await form.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL(/brandId=\d+/);
    await page.getByText(`共 ${count} 条`).waitFor();
    const rows = page.locator('.desk-page tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(count);
    for (const text of await rows.allTextContents()) expect(text).toContain(BRAND);
    return rows;
  }

  /** The row of a sync log whose 接口 cell is exactly `endpoint`. */
  const byEndpoint = (rows: Locator, endpoint: string | RegExp) =>
    rows.filter({ has: page.locator('td', { hasText: typeof endpoint === 'string' ? new RegExp(`^${endpoint}$`) : endpoint }) });

  it('finds its calls on the four sync-log tabs filtered to the enterprise, with the details of the refused items', { timeout: 240_000 }, async () => {
    // unfiltered, 车辆同步 also lists the other enterprise's filing
    await page.goto(`${server.url}/#/companyManagement/bikeSync`);
    await page.locator('.desk-page tr.ant-table-row', { hasText: OTHER.name }).waitFor();

    const site = await syncTab('站点同步', 1);
    expect(await byEndpoint(site, 'GET /sites').count()).toBe(1);
    await screenshot(page, 'company-sync-site');

    const dispatch = await syncTab('调度同步', 1);
    const d = byEndpoint(dispatch, 'POST /dispatch');
    expect(await d.textContent()).toContain('部分成功');
    await d.getByRole('button', { name: '明细' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '同步明细' });
    await drawer.locator('tr', { hasText: DISPATCH_REFUSED.id }).getByText(DISPATCH_REFUSED.reason).waitFor();
    await screenshot(page, 'company-sync-dispatch-detail');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // the rent and the return of the ride
    const request = await syncTab('租还信息', 2);
    expect(await byEndpoint(request, 'POST /orders').count()).toBe(2);
    await screenshot(page, 'company-sync-request');

    // the open-API filing, the spreadsheet import and the four positions of the ride
    const bike = await syncTab('车辆同步', 2 + RIDE_POSITIONS.length);
    expect(await page.locator('.desk-page tr.ant-table-row', { hasText: OTHER.name }).count()).toBe(0);
    expect(await byEndpoint(bike, 'POST /bikes/status').count()).toBe(RIDE_POSITIONS.length);
    const api = byEndpoint(bike, 'POST /bikes');
    expect(await api.textContent()).toContain('部分成功');
    await screenshot(page, 'company-sync-bike');
    const sheetLog = byEndpoint(bike, /^表格导入 #\d+$/);
    await sheetLog.getByRole('button', { name: '明细' }).click();
    const cell = (label: string) => drawer.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
    await drawer.getByText('被拒绝的行').waitFor();
    expect(await cell('企业').textContent()).toBe(BRAND);
    expect(await cell('提交条数').textContent()).toBe(String(SHEET.rows.length - 1));
    expect(await cell('接收条数').textContent()).toBe('3');
    expect(await cell('拒绝条数').textContent()).toBe('3');
    // numbered by the sheet's row, as on 车辆备案
    for (const [row, id, reason] of SHEET.refused) {
      const item = drawer.locator('tr', { hasText: reason });
      await item.waitFor();
      expect(await item.textContent()).toContain(`第 ${row} 行${id ?? '—'}`);
    }
    await screenshot(page, 'company-sync-import-detail');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    await api.getByRole('button', { name: '明细' }).click();
    await drawer.locator('tr', { hasText: API_REFUSED.id }).getByText(API_REFUSED.reason).waitFor();
    expect(await cell('提交条数').textContent()).toBe(String(API_BIKES.length + 1));
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    expect(problems.errors).toEqual([]);
  });

  it('refuses to delete the enterprise while it has bikes, saying how many', { timeout: 120_000 }, async () => {
    await page.getByRole('tab', { name: '企业信息', exact: true }).click();
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: BRAND });
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal', { hasText: `确定要删除企业“${BRAND}”吗` });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    // the three filed through the open API and the three of the spreadsheet
    await page.getByText(`该企业还有 ${API_BIKES.length + SHEET.accepted.length} 辆车，不能删除：请先撤销这些车辆的备案`).waitFor();
    await screenshot(page, 'company-delete-refused');
    await row.waitFor();
  });
});
