import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STORAGE_KEY, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, storedSession } from './harness';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer('auth');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('login, session and logout', () => {
  it("shows the server's message for a wrong password", async () => {
    const { page, problems } = await openPage(browser);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await loginViaForm(page, server.url, 'not-the-password');
    const body = (await (await answer).json()) as { code: number; message: string };
    expect(body.code).not.toBe(200);
    expect(body.message).toBeTruthy();
    await page.getByRole('alert').getByText(body.message).waitFor();
    expect(page.url()).toContain('#/login');
    await screenshot(page, 'login-wrong-password');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('logs in, keeps the session over a reload and logs out', async () => {
    const { page, problems } = await openPage(browser);
    await loginViaForm(page, server.url, ADMIN_PASSWORD);
    await page.waitForURL(/#\/index$/);
    await page.getByTestId('area-name').getByText('全国').waitFor();
    const token = (await storedSession(page))?.state.authorization as string;
    expect(token).toBeTruthy();
    // the stored session keeps the small fields only, not the national area tree (it was 1.6 MB)
    await page.waitForLoadState('networkidle');
    const raw = (await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)) ?? '';
    expect(raw.length).toBeLessThan(20_000);
    expect((await storedSession(page))?.state).not.toHaveProperty('areaAll');
    // (the admin's own area is the nation: selfAddress may be empty, and is never stored with its subtree)
    expect((await storedSession(page))?.state.selfAddress ?? {}).not.toHaveProperty('children');

    await page.reload();
    await page.getByTestId('area-name').getByText('全国').waitFor();
    expect((await storedSession(page))?.state.authorization).toBe(token);
    await page.goto(`${server.url}/#/operation`);
    await page.getByTestId('screen-title').getByText('运营统计').waitFor();
    expect(page.url()).toContain('#/operation');

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('退出登录').click();
    await page.getByText('你是否确定退出登录？').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)).toBeNull();

    // the home screen needs no user
    await page.goto(`${server.url}/#/index`);
    await page.getByTestId('area-name').getByText('未登录').waitFor();
    const loginButton = page.getByRole('button', { name: /登\s*录/ });
    await loginButton.waitFor();
    // a solid blue button on the navy header (it was navy on navy)
    // (the primary blue of the theme in force: #1677ff light, #1668dc dark; a ghost button is transparent)
    const [r, g, b, a = 1] = (await loginButton.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/[\d.]+/g)!.map(Number);
    expect({ r: r < 60, g: g > 90 && g < 130, b: b > 200, opaque: a === 1 }).toEqual({ r: true, g: true, b: true, opaque: true });
    expect(page.url()).toContain('#/index');

    // the server ended the token too
    const res = await fetch(`${server.url}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await res.json()) as { code: number }).code).toBe(401);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('sends an invalid token from a protected route to /login with one toast', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.url}/#/login`);
    await page.evaluate((key) => {
      localStorage.setItem(key, JSON.stringify({ state: { authorization: 'garbage-token', user: null }, version: 1 }));
    }, STORAGE_KEY);
    await page.goto(`${server.url}/#/operation`);
    await page.reload();
    await page.waitForURL(/#\/login$/);
    await page.locator('.ant-message-notice').first().waitFor();
    await page.waitForTimeout(1_500);
    expect(await page.locator('.ant-message-notice').count()).toBe(1);
    await screenshot(page, 'invalid-token-toast');
    expect((await storedSession(page))?.state.authorization ?? '').toBe('');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
