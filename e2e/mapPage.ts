/** Page helpers of the home-map browser tests (map.e2e.ts, mapSmall.e2e.ts). */
import type { Browser, Page } from 'playwright-core';
import { type PageProblems, type TestServer, loginViaForm, openPage } from './harness';
import { AREA, type Console } from './mapWorld';

export const FULL_HD = { width: 1920, height: 1080 };
export const SIZE_KEY = 'sbs-home-map-size';
/** The machine these run on is shared and often loaded: generous waits, long tests. */
export const WAIT = 90_000;
export const TEST_MS = 300_000;

/** The element's box once two reads 100 ms apart agree (the map has stopped panning). */
export async function stableBox(page: Page, locator: ReturnType<Page['locator']>) {
  let prev = await locator.boundingBox();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const box = await locator.boundingBox();
    if (box && prev && Math.abs(box.x - prev.x) < 0.5 && Math.abs(box.y - prev.y) < 0.5) return box;
    prev = box;
  }
  if (!prev) throw new Error('element has no box');
  return prev;
}

export const map = (page: Page) => page.getByTestId('home-map');
export const siteCount = async (page: Page) => Number(await map(page).getAttribute('data-site-count'));
export const sitesDrawn = async (page: Page) => Number(await map(page).getAttribute('data-sites-drawn'));

export async function waitForCount(page: Page, n: number, timeout = WAIT) {
  try {
    await page.waitForFunction((want) => Number(document.querySelector('[data-testid="home-map"]')?.getAttribute('data-site-count')) === want, n, {
      timeout,
      polling: 50,
    });
  } catch (e) {
    // say what the page showed instead
    const seen = await page
      .evaluate(() => {
        const el = document.querySelector('[data-testid="home-map"]');
        const toasts = Array.from(document.querySelectorAll('.ant-message-notice, .ant-notification-notice'), (t) => t.textContent);
        return { url: location.href, count: el?.getAttribute('data-site-count'), size: el?.getAttribute('data-site-size'), toasts };
      })
      .catch((err: Error) => ({ evaluateFailed: err.message }));
    throw new Error(`waited ${timeout} ms for ${n} sites on the map; the page showed ${JSON.stringify(seen)}: ${(e as Error).message}`, { cause: e });
  }
}

export async function search(page: Page, type: string, text: string) {
  await page.getByRole('combobox', { name: '搜索类型' }).click();
  await page.locator('.ant-select-item-option').getByText(type, { exact: true }).click();
  const input = map(page).locator('.ant-input-search input');
  await input.fill(text);
  await input.press('Enter');
}

export const info = (page: Page) => page.getByTestId('site-info');
export const legend = (page: Page, part: string) => map(page).getByTestId(part).textContent();

/** Page errors and console errors, without the ones the test caused on purpose. */
export const unexpected = (problems: PageProblems) => problems.errors.filter((e) => !/status of 400/.test(e));

export interface MapContext {
  server: TestServer;
  browser: Browser;
  admin: Console;
}

/** The calls of a map test file over its server, browser and admin (read when called: they are set in beforeAll). */
export function mapSession(context: () => MapContext) {
  /** GET /api/dashboard/get for 全部 (v 1, limit 0): the sites the map must draw. */
  async function apiSites() {
    const d = await context().admin.get<{ map: Array<{ siteId: string; siteName: string }> }>('/dashboard/get', { selfAreaId: AREA, v: 1, limit: 0 });
    return d.map;
  }

  /** Logged in on the home screen with the site-count choice `size` remembered. */
  async function home(size?: 0 | 200 | 50, viewport = FULL_HD): Promise<{ page: Page; problems: PageProblems }> {
    const opened = await openPage(context().browser, viewport);
    opened.page.setDefaultTimeout(WAIT);
    await loginViaForm(opened.page, context().server.url);
    await opened.page.waitForURL(/#\/index$/);
    if (size !== undefined) {
      await opened.page.evaluate(([k, v]) => localStorage.setItem(k, v), [SIZE_KEY, String(size)]);
      await opened.page.reload();
    }
    await map(opened.page).waitFor();
    return opened;
  }
  return { apiSites, home };
}
