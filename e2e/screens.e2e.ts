import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer('screens');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('screens and dialogs (screenshots in test-output/e2e)', () => {
  it('login, home, management screens and the user dialogs', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('heading', { name: '站点单车监管平台' }).waitFor();
    await screenshot(page, 'login');

    await loginViaForm(page, server.url, ADMIN_PASSWORD);
    await page.waitForURL(/#\/index$/);
    await page.getByTestId('area-name').getByText('全国').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'index');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'index-1920');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('个人信息').click();
    const profile = page.getByRole('dialog');
    await profile.getByText('登录账号').waitFor();
    await profile.getByText('admin', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'profile-dialog');
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('修改密码').click();
    await page.getByPlaceholder('请输入旧密码').fill('abc12345');
    await page.getByPlaceholder('请输入新密码').fill('abc');
    await page.getByPlaceholder('请输入旧密码').click();
    await page.getByText('新密码长度为 6-32 位').waitFor();
    await screenshot(page, 'password-dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: '运营统计' }).click();
    await page.getByTestId('screen-title').getByText('运营统计').waitFor();
    await screenshot(page, 'operation');

    await page.goto(`${server.url}/#/companyManagement/company`);
    await page.getByTestId('screen-title').getByText('企业管理', { exact: true }).waitFor();
    await page.locator('.ant-tabs-tab-active').getByText('企业信息', { exact: true }).waitFor();
    await screenshot(page, 'company-management');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('shows 重新加载 when a screen chunk fails to load', async () => {
    const { page } = await openPage(browser);
    await loginViaForm(page, server.url, ADMIN_PASSWORD);
    await page.waitForURL(/#\/index$/);
    await page.route(/\/assets\/warn-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('link', { name: '异常告警' }).click();
    await page.getByText('页面加载失败').waitFor();
    await page.getByRole('button', { name: /重新加载/ }).waitFor();
    await screenshot(page, 'chunk-load-failed');
    await page.context().close();
  });
});
