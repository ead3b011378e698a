/**
 * 企业信息 in the browser (issue 14 point 1): the admin creates an enterprise in 海淀 with four
 * documents uploaded as files and a generated open-API password (shown once), opens its detail
 * (the missing 电动车信息 warned) and a document (a blob: tab through the session), adds a
 * maintainer (phone masked); the test logs in to the open API over HTTP with the account and the
 * password the screen showed and files bikes; deleting the enterprise is then refused with the count.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;
let password = '';

const BRAND = '小蓝单车';
const ACCOUNT = 'xiaolan_e2e';

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

/** Choose 海淀区 in an area tree select (single or multiple). */
async function pickHaidian(select: ReturnType<Page['locator']>) {
  await select.click();
  await page.keyboard.type('海淀');
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '海淀区' }).first().click();
  await page.keyboard.press('Escape');
}

describe('企业信息 (screenshots in test-output/e2e)', () => {
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
    await pickHaidian(drawer.locator('[id="areaId"]'));
    await pickHaidian(drawer.locator('[id="launchArea"]'));
    await pickHaidian(drawer.locator('[id="operationAreaId"]'));
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

  it('logs in to the open API with the account and password set on the screen and files bikes', { timeout: 60_000 }, async () => {
    const token = await fetch(`${server.url}/api/open/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password }),
    });
    expect(token.status).toBe(200);
    const { data } = (await token.json()) as { data: { token: string } };
    const filed = await fetch(`${server.url}/api/open/v1/bikes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
      body: JSON.stringify({ items: ['XLE2E001', 'XLE2E002', 'XLE2E003'].map((bikeId) => ({ bikeId, bikeType: 0 })) }),
    });
    expect(filed.status).toBe(200);
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

  it('refuses to delete the enterprise while it has bikes, saying how many', { timeout: 120_000 }, async () => {
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: BRAND });
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal', { hasText: `确定要删除企业“${BRAND}”吗` });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('该企业还有 3 辆车，不能删除：请先撤销这些车辆的备案').waitFor();
    await screenshot(page, 'company-delete-refused');
    await row.waitFor();
  });
});
