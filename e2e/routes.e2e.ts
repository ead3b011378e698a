import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;

/** Every route of spec §2 and the title its screen shows. */
const ROUTES: Array<[string, string]> = [
  ['/index', '首页'],
  ['/index/1', '首页'],
  ['/warn', '异常列表'],
  ['/dailyDuty', '日常值守'],
  ['/deviceManagement', '站点管理'],
  ['/operation', '运营统计'],
  ['/operation/2', '运营统计'],
  ['/miBicycle', '米单车管理'],
  ['/ratingEvaluation', '评级考核'],
  ['/ratingEvaluation/rate/index', '评级考核'], // built: the section's desk page, 企业考核 its selected tab
  ['/ratingEvaluation/rate/grade/12/2024-05', '评级考核'], // built: 考核详情 is its selected tab
  ['/ratingEvaluation/setting', '评级考核'], // built: 考核设置 is its selected tab
  ['/companyManagement', '企业管理'],
  ['/companyManagement/company', '企业管理'], // built: 企业信息 is its selected tab
  ['/companyManagement/sum', '企业管理'], // built: 总量设置 is its selected tab
  ['/companyManagement/check', '企业管理'], // built: 区域核准数量 is its selected tab
  ['/companyManagement/siteSync', '企业管理'], // built: 站点同步 is its selected tab
  ['/companyManagement/dispatchSync', '企业管理'], // built: 调度同步 is its selected tab
  ['/companyManagement/requestSync', '企业管理'], // built: 租还信息 is its selected tab
  ['/companyManagement/bikeSync', '企业管理'], // built: 车辆同步 is its selected tab
  ['/companyManagement/bikeOutSideFee', '企业管理'], // built: the section's desk page, 站外还车扣费 its selected tab
  ['/companyManagement/bikeRideOrder', '企业管理'], // built: 骑行订单 is its selected tab
  ['/inforManagement', '信息管理'],
  ['/systemSettings', '系统设置'],
  ['/regionalSettings', '区域设置'],
];

beforeAll(async () => {
  server = await startServer('routes');
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visit(path: string) {
  problems.clear();
  await page.goto(`${server.url}/#${path}`);
}

describe('every route opens without console errors', () => {
  it('redirects / to /index', async () => {
    await visit('/');
    await page.waitForURL(/#\/index$/);
  });

  for (const [path, title] of ROUTES) {
    it(`${path} shows ${title}`, async () => {
      await visit(path);
      await page.getByTestId('screen-title').getByText(title, { exact: true }).waitFor();
      expect(page.url()).toContain(`#${path}`);
      await page.waitForLoadState('networkidle');
      expect(problems.errors).toEqual([]);
    });
  }

  it('opens the first tab at the 评级考核 and 企业管理 roots', async () => {
    for (const [root, first, tab] of [
      ['/ratingEvaluation', '/ratingEvaluation/rate/index', '企业考核'],
      ['/companyManagement', '/companyManagement/company', '企业信息'],
    ]) {
      await visit(root);
      await page.waitForURL(new RegExp(`#${first}$`));
      await page.locator('.ant-tabs-tab-active').getByText(tab, { exact: true }).waitFor();
    }
    expect(problems.errors).toEqual([]);
  });

  /** Runs `body` with every script the page asks for held back `ms` (a slow link). */
  async function withSlowScripts(ms: number, body: () => Promise<void>) {
    const scripts = /\/assets\/.*\.js$/;
    await page.route(scripts, async (route) => {
      await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    });
    try {
      await body();
    } finally {
      await page.unroute(scripts);
    }
  }

  /** Sets the hash in the page and returns when (ms after it) each selector first matched, -1 if not within `limit`. */
  function timesAfterHash(hash: string, selectors: string[], limit = 30_000): Promise<number[]> {
    return page.evaluate(
      ([h, sels, max]) =>
        new Promise<number[]>((resolve) => {
          const t0 = performance.now();
          const seen = sels.map(() => -1);
          const check = () => {
            sels.forEach((sel, i) => {
              if (seen[i] < 0 && document.querySelector(sel)) seen[i] = Math.round(performance.now() - t0);
            });
            if (seen.every((t) => t >= 0) || performance.now() - t0 > max) {
              obs.disconnect();
              resolve(seen);
            }
          };
          const obs = new MutationObserver(check);
          obs.observe(document.body, { childList: true, subtree: true });
          setTimeout(check, max + 10);
          window.location.hash = h;
        }),
      [hash, selectors, limit] as const,
    );
  }

  it('leaves the big screen for an unknown address at once, with no script to wait for', async () => {
    await visit('/index');
    await page.getByTestId('home-stage').waitFor();
    // scripts held back 10 s: a 404 that needed a chunk (or waited behind the big screen's
    // updates) came after seconds
    await withSlowScripts(10_000, async () => {
      const [notFound] = await timesAfterHash('#/no-such-page', ['.ant-result-404'], 15_000);
      expect(notFound).toBeGreaterThanOrEqual(0);
      expect(notFound).toBeLessThan(5_000);
      expect(await page.getByTestId('home-stage').count()).toBe(0);
    });
    await page.getByText('您访问的页面不存在，请检查地址是否正确。').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('covers the old screen with a loading state while the next one loads', async () => {
    await visit('/index');
    await page.getByTestId('home-stage').waitFor();
    await withSlowScripts(4_000, async () => {
      const [loading, next] = await timesAfterHash('#/regionalSettings', ['[data-testid="route-loading"]', '.console-layout [data-testid="screen-title"]']);
      expect(loading).toBeGreaterThanOrEqual(0);
      expect(next).toBeGreaterThan(loading);
    });
    await page.getByTestId('screen-title').getByText('区域设置', { exact: true }).waitFor();
    expect(await page.getByTestId('route-loading').count()).toBe(0);
    expect(await page.getByRole('progressbar', { name: '页面加载中' }).count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it('shows the 401 and 404 pages', async () => {
    for (const path of ['/unlogin', '/401']) {
      await visit(path);
      await page.getByText('您尚未登录或登录已过期，请重新登录。').waitFor();
    }
    for (const path of ['/404', '/no/such/page']) {
      await visit(path);
      await page.getByText('您访问的页面不存在，请检查地址是否正确。').waitFor();
    }
    await screenshot(page, 'not-found');
    expect(problems.errors).toEqual([]);
  });

  it('takes the page title from the platform name', async () => {
    expect(await page.title()).toBe('站点单车监管平台');
  });
});
