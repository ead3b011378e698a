/**
 * 系统设置 in the browser: the admin creates a role with one menu (异常列表) and a 海淀 user holding
 * it; that user logs in and sees only that section, its own area, and 无权访问 elsewhere.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
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

const ROLE = '值守巡查员';
const USER = { username: 'zhou_hd', password: 'Start2026x', name: '周海淀', phone: '13812345679' };

beforeAll(async () => {
  server = await startServer('settings');
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('系统设置 (screenshots in test-output/e2e)', () => {
  it('the admin creates a role with 异常列表 only and a 海淀 user holding it', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/systemSettings/role`);
    await page.getByRole('button', { name: /新增角色/ }).click();
    const roleDialog = page.locator('.ant-modal', { hasText: '新增角色' });
    await roleDialog.locator('[id="roleName"]').fill(ROLE);
    await roleDialog.locator('.ant-tree-treenode', { hasText: '异常列表' }).first().locator('.ant-tree-checkbox').click();
    await screenshot(page, 'settings-role-form');
    await roleDialog.getByRole('button', { name: /确\s*定/ }).click();
    await roleDialog.waitFor({ state: 'hidden' });
    await page.locator('.desk-page tr.ant-table-row', { hasText: ROLE }).waitFor();

    await page.goto(`${server.url}/#/systemSettings/user`);
    await page.getByRole('button', { name: /新增用户/ }).click();
    const userDialog = page.locator('.ant-modal', { hasText: '新增用户' });
    await userDialog.locator('[id="username"]').fill(USER.username);
    await userDialog.locator('[id="password"]').fill(USER.password);
    await userDialog.locator('[id="name"]').fill(USER.name);
    await userDialog.locator('[id="phone"]').fill(USER.phone);
    await userDialog.locator('[id="roleIds"]').click();
    await page.locator('.ant-select-item-option', { hasText: ROLE }).click();
    await page.keyboard.press('Escape');
    await pickArea(userDialog.locator('[id="areaId"]'));
    await screenshot(page, 'settings-user-form');
    await userDialog.getByRole('button', { name: /确\s*定/ }).click();
    await userDialog.waitFor({ state: 'hidden' });
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: USER.username });
    await row.waitFor();
    // the phone is masked in the list
    await row.getByText('138****5679').waitFor();
    await screenshot(page, 'settings-user-list');
    expect(problems.errors).toEqual([]);
  });

  it('the new user sees only 异常列表, in 海淀区, and 无权访问 on 系统设置', { timeout: 120_000 }, async () => {
    const fresh = await openPage(browser, { width: 1440, height: 900 });
    const p = fresh.page;
    // every call the console makes for this user is one its role allows: no 5002 refusal
    const refused: string[] = [];
    p.on('response', (res) => {
      if (!res.url().includes('/api/')) return;
      void res
        .json()
        .then((b: { code?: number }) => b?.code === 5002 && refused.push(new URL(res.url()).pathname))
        .catch(() => undefined);
    });
    await loginAs(p, USER.username, USER.password, server.url);
    // without the big screen (64) it lands on its first section instead of the screen's refused calls
    await p.waitForURL(/#\/warn$/);
    const menu = p.locator('.console-sider .ant-menu');
    await menu.getByRole('link', { name: '异常列表' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['异常列表']);
    await p.getByTestId('area-name').getByText('海淀区').waitFor();
    await p.locator('.desk-page .ant-table').waitFor();
    await screenshot(p, 'settings-new-user-warn');
    expect(fresh.problems.errors).toEqual([]);
    expect(refused).toEqual([]);
    await p.goto(`${server.url}/#/systemSettings`);
    await p.getByText('无权访问').waitFor();
    await screenshot(p, 'settings-new-user-refused');
    await p.context().close();
  });
});
