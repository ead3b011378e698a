/**
 * 账号申请 and 第三方授权 in the browser: someone applies for a 海淀 maintainer account on the
 * registration page (phone-sized), the admin sees it in the big screen's 待办事项, follows the link
 * to 账号审核 filtered to pending maintainers, approves it, and the applicant logs in; the admin
 * creates a third-party key (shown once), the key reads the feed route (最近使用), the admin revokes
 * it and the key is refused; 操作日志 lists the approval, the key's creation and its revocation,
 * each with the object as it was before.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, loginAs } from './harness';

let server: TestServer;
let browser: Browser;
let admin: Page;
let adminProblems: PageProblems;

const APPLICANT = { username: 'wang_yw', password: 'Apply2026x', name: '王运维', phone: '13512345670' };
const KEY_NAME = '海淀区数据局';

beforeAll(async () => {
  server = await startServer('accounts');
  browser = await launchBrowser();
  ({ page: admin, problems: adminProblems } = await openPage(browser, { width: 1440, height: 900 }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const feed = (key: string) => fetch(`${server.url}/api/feed/v1/key`, { headers: { authorization: `Bearer ${key}` } });

describe('账号申请 and 第三方授权 (screenshots in test-output/e2e)', () => {
  it('someone applies for a 海淀 maintainer account from the login page', { timeout: 120_000 }, async () => {
    const { page, problems } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/#/login`);
    await page.getByText('没有账号？申请账号').click();
    await page.waitForURL(/#\/register$/);
    await page.locator('.register-kind').getByText('运维人员').click();
    await page.locator('.ant-cascader').click();
    for (const name of ['北京市', '市辖区', '海淀区']) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
    await page.locator('#name').fill(APPLICANT.name);
    await page.locator('#phone').fill(APPLICANT.phone);
    await page.locator('#username').fill(APPLICANT.username);
    await page.locator('#password').fill(APPLICANT.password);
    await page.locator('#confirm').fill(APPLICANT.password);
    await page.locator('#reason').fill('负责海淀区站点的日常运维');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'accounts-register');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.getByText('申请已提交').waitFor();
    await screenshot(page, 'accounts-register-done');
    // waiting for audit: the login says so
    await page.getByRole('button', { name: /返回登录/ }).click();
    await loginAs(page, APPLICANT.username, APPLICANT.password);
    await page.getByText('账号正在审核中，请等待管理员审核').waitFor();
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('the admin follows 运维人员申请 from the big screen to the filtered list and approves', { timeout: 180_000 }, async () => {
    await loginViaForm(admin, server.url, ADMIN_PASSWORD);
    await admin.waitForURL(/#\/index$/);
    const count = admin.getByTestId('todo-maintainPend');
    await expect.poll(() => count.textContent(), { timeout: 60_000 }).toBe('1');
    await count.click();
    await admin.waitForURL(/#\/systemSettings\/audit\?roleId=31&auditStatus=0$/);
    const row = admin.locator('.desk-page tr.ant-table-row', { hasText: APPLICANT.name });
    await row.waitFor();
    await row.getByText('135****5670').waitFor();
    expect(await admin.locator('.desk-page tr.ant-table-row').count()).toBe(1);
    await screenshot(admin, 'accounts-applications');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText(/确定通过“王运维”的运维人员申请吗/).waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('审核已通过').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(adminProblems.errors).toEqual([]);
  });

  it('the applicant logs in with the role applied for', { timeout: 120_000 }, async () => {
    const { page, problems } = await openPage(browser, { width: 1440, height: 900 });
    await loginAs(page, APPLICANT.username, APPLICANT.password, server.url);
    await page.waitForURL((u) => !u.hash.startsWith('#/login'));
    await page.getByTestId('area-name').getByText('海淀区').waitFor();
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('the admin creates a key, it reads the feed, the admin revokes it and it is refused', { timeout: 180_000 }, async () => {
    await admin.goto(`${server.url}/#/systemSettings/thirdParty`);
    await admin.getByRole('button', { name: /新增授权/ }).click();
    const dialog = admin.locator('.ant-modal', { hasText: '新增授权' });
    await dialog.locator('#name').fill(KEY_NAME);
    await dialog.locator('#company').fill('北京市海淀区数据局');
    await dialog.locator('#phone').fill('13900000001');
    await dialog.locator('#areaId').click();
    await admin.keyboard.type('海淀');
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '海淀区' }).first().click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const shown = admin.getByTestId('new-password');
    await shown.waitFor();
    const key = (await shown.textContent()) ?? '';
    expect(key).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/);
    await screenshot(admin, 'accounts-key-dialog');
    await admin.getByRole('button', { name: '我已转交，关闭' }).click();
    await shown.waitFor({ state: 'detached' });

    const ok = await feed(key);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ name: KEY_NAME, areaId: '110108', areaName: '海淀区' });

    const row = admin.locator('.desk-page tr.ant-table-row', { hasText: KEY_NAME });
    await row.getByText('139****0001').waitFor();
    await row.getByText('有效').waitFor();
    await screenshot(admin, 'accounts-keys');
    await row.getByRole('button', { name: /撤\s*销/ }).click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText(/撤销后其密钥立即失效/).waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await row.getByText('已撤销').waitFor();
    expect((await feed(key)).status).toBe(401);
    await screenshot(admin, 'accounts-keys-revoked');
    // the feed call above is the key's 最近使用
    expect(await row.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(adminProblems.errors).toEqual([]);
  });

  it('操作日志 holds the approval, the key created and the key revoked, each with what it changed', { timeout: 180_000 }, async () => {
    const rows = admin.locator('.desk-page tr.ant-table-row');
    const find = async (op: string, outcome: string) => {
      await admin.goto(`${server.url}/#/systemSettings/log?op=${encodeURIComponent(op)}`);
      const row = rows.filter({ hasText: outcome }).first();
      await row.waitFor({ timeout: 60_000 });
      return row;
    };
    const approval = await find('POST /api/user/audit', '审核已通过');
    expect(await approval.textContent()).toContain('admin');
    await approval.locator('.ant-table-row-expand-icon').click();
    // before: the application as it was (waiting, auditStatus 0), beside the request
    const details = admin.getByTestId('audit-details').first();
    await details.waitFor();
    expect(await details.textContent()).toContain('"auditStatus": 0');
    await screenshot(admin, 'accounts-log-approval');

    const created = await find('POST /api/saveThirdPartyAuthUser', '授权已创建');
    expect(await created.textContent()).toContain(KEY_NAME);
    const revoked = await find('POST /api/saveThirdPartyAuthUser', '授权已撤销');
    await revoked.locator('.ant-table-row-expand-icon').click();
    await admin.getByTestId('audit-details').first().waitFor();
    const text = (await admin.getByTestId('audit-details').first().textContent()) ?? '';
    expect(text).toContain('"status": 0'); // before: enabled
    expect(text).toContain('"keyHash": "***"');
    expect(text).not.toMatch(/tpk_[A-Za-z0-9_-]{43}/);
    await screenshot(admin, 'accounts-log-keys');
    expect(adminProblems.errors).toEqual([]);
  });
});
