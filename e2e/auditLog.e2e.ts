/**
 * 操作日志 in the browser: the admin makes a few writes (a role, a user with a password, a password
 * reset, a role edit); 系统设置 · 操作日志 lists each with who, what, which object and from where,
 * a row opens to the request and answer with the passwords replaced by ***, and the 操作 filter in
 * the URL narrows the list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USER, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { permissionIds } from './permissions';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;
const SECRET = 'Audit-E2e-Pass-7';

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; message: string; data: any };
  if (env.code !== 200) throw new Error(`${method} ${path}: ${env.message}`);
  return env.data;
}

beforeAll(async () => {
  server = await startServer('auditLog', 240_000);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1440, height: 900 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const role = await api(token, 'POST', '/role/add?selfAreaId=110108', { roleName: '审计巡查员', permissionIds: permissionIds(['warn']) });
  const user = await api(token, 'POST', '/user/add', { username: 'audit_e2e', password: SECRET, name: '审计测试', areaId: '110108', roleIds: [role.id] });
  await api(token, 'PUT', '/user/reset', { id: user.id });
  await api(token, 'POST', '/role/edit', { id: role.id, roleName: '审计巡查员（改）' });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('操作日志 (screenshots in test-output/e2e)', () => {
  it('lists the writes newest first and opens one without its password', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/systemSettings/log`);
    const rows = page.locator('.desk-page tr.ant-table-row');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    expect(texts.slice(0, 4).map((t) => ['编辑角色', '重置密码', '新增用户', '新增角色'].find((s) => t.includes(s)))).toEqual([
      '编辑角色',
      '重置密码',
      '新增用户',
      '新增角色',
    ]);
    const add = rows.filter({ hasText: '新增用户' }).first();
    expect(await add.textContent()).toContain('password: ***');
    expect(await page.content()).not.toContain(SECRET);
    await add.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('audit-details').first().waitFor();
    await screenshot(page, 'audit-log-list');
    expect(await page.getByTestId('audit-details').first().textContent()).toContain('"password": "***"');

    await page.goto(`${server.url}/#/systemSettings/log?op=${encodeURIComponent('PUT /api/user/reset')}`);
    await page.waitForFunction(() => document.querySelectorAll('.desk-page tr.ant-table-row').length === 1);
    expect(await rows.first().textContent()).toContain('重置密码');
    await screenshot(page, 'audit-log-filtered');
    expect(problems.errors).toEqual([]);
  });
});
