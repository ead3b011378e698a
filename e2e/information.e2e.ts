/**
 * Uploads and 信息管理 in the browser: the admin creates an enterprise account of 青桔单车 in 海淀
 * with ID card photos (preview through the session), publishes a notice with a PDF to 海淀 for
 * 青桔; the enterprise account sees it 未读 in its inbox, opens it and its attachment, and it is
 * read; the admin sees who has read it.
 */
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  type PageProblems,
  type TestServer,
  launchBrowser,
  loginViaForm,
  openPage,
  screenshot,
  startServer,
  pickArea,
  loginAs,
} from './harness';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;

const ACCOUNT = { username: 'qingju_hd', password: 'Qingju2026x', name: '青桔海淀运营' };
const TITLE = '关于冬季规范停放的通知';

/** A real PNG (w×h, one colour with a band) so that the preview shows something. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const band = y > h * 0.6 && y < h * 0.75 && x > w * 0.1 && x < w * 0.9;
      row.set(band ? [255, 255, 255] : rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function api(path: string, token: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

beforeAll(async () => {
  server = await startServer('information', 220_000);
  // the enterprise the account belongs to, through the console API
  const login = await (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
    })
  ).json();
  const brand = await api('/api/company/createEnterprise', login.data.token, {
    brandName: '青桔单车',
    brandOperation: '北京青桔科技有限公司',
    brandAccount: 'qingju_e2e',
    brandPassword: 'Qingju2024x',
    launchArea: ['110108'],
    operationAreaId: '110108',
  });
  expect(brand.code).toBe(200);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('信息管理 and uploads (screenshots in test-output/e2e)', () => {
  it('the admin creates an enterprise account with ID card photos and sees their preview', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/systemSettings/user`);
    await page.getByRole('button', { name: /新增用户/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增用户' });
    await dialog.locator('[id="username"]').fill(ACCOUNT.username);
    await dialog.locator('[id="password"]').fill(ACCOUNT.password);
    await dialog.locator('[id="name"]').fill(ACCOUNT.name);
    await dialog.locator('[id="roleIds"]').click();
    await page.locator('.ant-select-item-option', { hasText: '企业用户' }).click();
    await page.keyboard.press('Escape');
    await pickArea(dialog.locator('[id="areaId"]'));
    await dialog.locator('[id="brandId"]').click();
    await page.locator('.ant-select-item-option', { hasText: '青桔单车' }).click();
    const item = (label: string) => dialog.locator('.ant-form-item', { hasText: label });
    await item('身份证正面')
      .locator('input[type=file]')
      .setInputFiles({ name: '身份证正面.png', mimeType: 'image/png', buffer: png(320, 200, [64, 128, 200]) });
    await dialog.locator('img[alt="身份证正面"][src^="blob:"]').waitFor();
    await item('身份证背面')
      .locator('input[type=file]')
      .setInputFiles({ name: '身份证背面.png', mimeType: 'image/png', buffer: png(320, 200, [200, 120, 60]) });
    await dialog.locator('img[alt="身份证背面"][src^="blob:"]').waitFor();
    await screenshot(page, 'information-user-form');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: ACCOUNT.username });
    await row.waitFor();
    // reopened, the saved photos load from /uploads through the session
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.locator('.ant-modal', { hasText: '编辑用户' });
    await edit.locator('.ant-form-item', { hasText: '身份证正面' }).waitFor();
    await screenshot(page, 'information-user-edit');
    await edit.locator('img[alt="身份证正面"][src^="blob:"]').waitFor();
    await edit.locator('img[alt="身份证背面"][src^="blob:"]').waitFor();
    expect(await edit.locator('[id="brandId"]').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').textContent()).toContain('青桔单车');
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    expect(problems.errors).toEqual([]);
  });

  it('the admin publishes a notice with a PDF to 海淀 for 青桔单车', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/inforManagement`);
    await page.getByRole('button', { name: /新增通知/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新增通知' });
    await drawer.locator('[id="title"]').fill(TITLE);
    await pickArea(drawer.locator('[id="areaId"]'));
    await drawer.locator('[id="brandIds"]').click();
    await page.locator('.ant-select-item-option', { hasText: '青桔单车' }).click();
    await page.keyboard.press('Escape');
    await drawer.locator('[id="body"]').fill('各运营企业：\n\n入冬后请加强站点巡查，及时清运站外车辆，确保车辆在站点内有序停放。\n\n具体要求见附件。');
    await drawer
      .locator('.ant-form-item', { hasText: '附件' })
      .locator('input[type=file]')
      .setInputFiles({ name: '冬季停放规范.pdf', mimeType: 'application/pdf', buffer: PDF });
    await drawer.locator('.file-upload .ant-list-item', { hasText: '冬季停放规范.pdf' }).waitFor();
    await screenshot(page, 'information-notice-editor');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: TITLE });
    await row.waitFor();
    await row.getByText('已发布').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('the enterprise account sees it unread, opens it and its attachment, and it is read', { timeout: 180_000 }, async () => {
    const fresh = await openPage(browser, { width: 1440, height: 900 });
    const p = fresh.page;
    await loginAs(p, ACCOUNT.username, ACCOUNT.password, server.url);
    await p.waitForURL(/#\/index/);
    await p.goto(`${server.url}/#/inforManagement`);
    const row = p.locator('.desk-page tr.ant-table-row', { hasText: TITLE });
    await row.getByText('未读').waitFor();
    await screenshot(p, 'information-inbox');
    await row.getByRole('button', { name: TITLE }).click();
    const drawer = p.locator('.ant-drawer', { hasText: '具体要求见附件' });
    await drawer.waitFor();
    const popup = p.waitForEvent('popup');
    await drawer.locator('.notice-attachments button', { hasText: '冬季停放规范.pdf' }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    await tab.close();
    await screenshot(p, 'information-inbox-detail');
    await drawer.locator('.ant-drawer-close').click();
    await row.getByText(/已读 \d{4}-/).waitFor();
    expect(fresh.problems.errors).toEqual([]);
    await p.context().close();
  });

  it('the admin sees who has read it', { timeout: 120_000 }, async () => {
    await page.goto(`${server.url}/#/inforManagement`);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: TITLE });
    await row.getByRole('button', { name: TITLE }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '阅读情况' });
    await drawer.getByText('阅读情况（已读 1 / 共 1）').waitFor();
    await drawer
      .locator('tr', { hasText: ACCOUNT.username })
      .getByText(/已读 \d{4}-/)
      .waitFor();
    await screenshot(page, 'information-read-list');
    expect(problems.errors).toEqual([]);
  });

  it('操作日志 holds the notice published, with its title', { timeout: 120_000 }, async () => {
    // opening a notice marks it read on a GET (not a write), so the publication is what the log holds
    await page.goto(`${server.url}/#/systemSettings/log?op=${encodeURIComponent('POST /api/information/add')}`);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: '通知已发布' }).first();
    await row.waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain('admin');
    await row.locator('.ant-table-row-expand-icon').click();
    const details = page.getByTestId('audit-details').first();
    await details.waitFor();
    expect(await details.textContent()).toContain(TITLE);
    await screenshot(page, 'information-log-published');
    expect(problems.errors).toEqual([]);
  });
});
