/**
 * The home map in headless chromium (screenshots in test-output/e2e/map-*.png). A small city is
 * made through the console and open APIs (mapWorld.ts); then the server is stopped, 20,000 grid
 * sites are written straight into its database (seedBulkSites: the API has no bulk create) and it
 * is started again on the same DATA_DIR. Every count is compared with the API's answer for the same
 * area; markers are counted through the map's data-site-count (sites on the canvas) and
 * data-sites-drawn (of those, painted in the canvas area).
 *
 * The timing test prints the time from navigation start to all markers drawn and asserts < 3 s.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USER, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { AREA, Console, PLATE, SITES, buildMapWorld, seedBulkSites, waitForSiteStates } from './mapWorld';

const BULK = 20_000;
const NAMED = Object.keys(SITES).length;
const FULL_HD = { width: 1920, height: 1080 };
const SIZE_KEY = 'sbs-home-map-size';
/** The machine these run on is shared and often loaded: generous waits, long tests. */
const WAIT = 90_000;
const TEST_MS = 300_000;
/** The product bound: navigation start → every site drawn. */
const DRAW_BOUND_MS = 3000;

/** The element's box once two reads 100 ms apart agree (the map has stopped panning). */
async function stableBox(page: Page, locator: ReturnType<Page['locator']>) {
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

let server: TestServer;
let browser: Browser;
let admin: Console;
let statesReady = false;

beforeAll(async () => {
  server = await startServer('map');
  admin = await Console.login(server.url, ADMIN_USER, ADMIN_PASSWORD);
  await buildMapWorld(server.url, admin);
  const { dataDir } = server;
  await server.stop({ keepData: true });
  const ms = await seedBulkSites(dataDir, BULK);
  console.log(`[map] ${BULK} sites written into the database in ${ms} ms`);
  server = await startServer('map', 120_000, { dataDir });
  admin = await Console.login(server.url, ADMIN_USER, ADMIN_PASSWORD);
  statesReady = await waitForSiteStates(admin, 150_000);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** GET /api/dashboard/get for 全部 (v 1, limit 0): the sites the map must draw. */
async function apiSites() {
  const d = await admin.get<{ map: Array<{ siteId: string; siteName: string }> }>('/dashboard/get', { selfAreaId: AREA, v: 1, limit: 0 });
  return d.map;
}

const map = (page: Page) => page.getByTestId('home-map');
const siteCount = async (page: Page) => Number(await map(page).getAttribute('data-site-count'));
const sitesDrawn = async (page: Page) => Number(await map(page).getAttribute('data-sites-drawn'));

async function waitForCount(page: Page, n: number, timeout = WAIT) {
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

/** Logged in on the home screen with the site-count choice `size` remembered. */
async function home(size?: 0 | 200 | 50, viewport = FULL_HD): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openPage(browser, viewport);
  opened.page.setDefaultTimeout(WAIT);
  await loginViaForm(opened.page, server.url);
  await opened.page.waitForURL(/#\/index$/);
  if (size !== undefined) {
    await opened.page.evaluate(([k, v]) => localStorage.setItem(k, v), [SIZE_KEY, String(size)]);
    await opened.page.reload();
  }
  await map(opened.page).waitFor();
  return opened;
}

async function search(page: Page, type: string, text: string) {
  await page.getByRole('combobox', { name: '搜索类型' }).click();
  await page.locator('.ant-select-item-option').getByText(type, { exact: true }).click();
  const input = map(page).locator('.ant-input-search input');
  await input.fill(text);
  await input.press('Enter');
}

const info = (page: Page) => page.getByTestId('site-info');
const legend = (page: Page, part: string) => map(page).getByTestId(part).textContent();

/** Page errors and console errors, without the ones the test caused on purpose. */
const unexpected = (problems: PageProblems) => problems.errors.filter((e) => !/status of 400/.test(e));

describe('home map', () => {
  it(
    'draws the default 50 sites, then every site of the area for 全部 (size 0)',
    async () => {
      expect(statesReady, 'the minute snapshot gave the named sites their states').toBe(true);
      const all = await apiSites();
      expect(all.length).toBe(BULK + NAMED);
      const { page, problems } = await home();
      // first visit: 50 (spec §9); the legend says what it counts, the area's totals beside
      await waitForCount(page, 50);
      expect(await map(page).getAttribute('data-site-size')).toBe('50');
      await expect.poll(() => legend(page, 'legend-total')).toBe(`显示离中心最近的 50 个 / 共 ${all.length} 个站点`);
      expect(await legend(page, 'legend-shown')).toContain('所示站点');
      expect(await legend(page, 'legend-area')).toContain('全区');
      await screenshot(page, 'map-home-50');

      await map(page).getByText('全部', { exact: true }).click();
      await waitForCount(page, all.length);
      expect(await map(page).getAttribute('data-site-size')).toBe('0');
      // zoom out until the whole district is in view: every marker of the answer painted
      for (let i = 0; i < 4 && (await sitesDrawn(page)) < all.length; i++) {
        await page.getByRole('button', { name: '缩小' }).click();
        await page.waitForTimeout(800);
      }
      expect(await sitesDrawn(page)).toBe(all.length);
      await screenshot(page, 'map-all');
      // the choice is remembered; on load the view fits the area's sites: every one in view, no zooming
      await page.reload();
      await waitForCount(page, all.length);
      expect(await map(page).getAttribute('data-site-size')).toBe('0');
      await expect.poll(() => sitesDrawn(page)).toBe(all.length);
      expect(await legend(page, 'legend-total')).toBe(`显示全部 ${all.length} 个站点`);
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'reads without tiles: the operating fence with its name, names of the sites where they fit, a scale',
    async () => {
      const { page, problems } = await home(50);
      await waitForCount(page, 50);
      // no tile layer (MAP_TILE_URL empty): the fence, its name and the scale make the plain background a map
      expect(await page.locator('.home-map .leaflet-tile').count()).toBe(0);
      await expect.poll(() => map(page).locator('.home-map-area-name').textContent()).toContain('运营区域');
      await map(page).locator('.leaflet-control-scale-line').waitFor();
      // the view fits the 50 sites (capped at zoom 16): all of them in view, and names drawn beside some
      await expect.poll(() => sitesDrawn(page)).toBe(50);
      await expect.poll(async () => Number(await map(page).getAttribute('data-labels-drawn'))).toBeGreaterThan(0);
      const labels = Number(await map(page).getAttribute('data-labels-drawn'));
      expect(labels).toBeLessThanOrEqual(50);
      expect(await map(page).getByText('运营区域', { exact: true }).count()).toBe(1);
      await screenshot(page, 'map-offline-names');
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'searches a site by name and a bike by number and plate, with the spec warnings',
    async () => {
      const { page, problems } = await home(50);
      await search(page, '站点名称', `  ${SITES.M2.name}  `);
      await expect.poll(() => info(page).getByText(SITES.M2.id).count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => info(page).getByText(SITES.M2.name).count()).toBe(1);
      await screenshot(page, 'map-search-site');

      // MT006 stands at M2; MT001 (plate 京A10001) at M1
      await search(page, '车辆编号', 'MT006');
      await expect.poll(() => page.locator('.home-map-bike').count(), { timeout: WAIT }).toBe(1);
      await expect.poll(() => info(page).getByText(SITES.M2.id).count(), { timeout: WAIT }).toBe(1);
      await search(page, '车牌号', PLATE);
      await expect.poll(() => info(page).getByText(SITES.M1.id).count(), { timeout: WAIT }).toBe(1);
      await screenshot(page, 'map-search-bike');

      await search(page, '站点名称', '不存在的站点名');
      await page.getByText('搜索不到您要的信息，请重新搜索').first().waitFor();
      await search(page, '车辆编号', 'MT022');
      await page.getByText('该车辆不在站点').first().waitFor();
      await search(page, '站点编号', SITES.M4.id.slice(0, 9));
      await page.getByRole('listbox', { name: '搜索结果' }).waitFor();
      await screenshot(page, 'map-search-list');
      await page.getByRole('option', { name: new RegExp(SITES.M4.name) }).click();
      await expect.poll(() => info(page).getByText(SITES.M4.id).count(), { timeout: WAIT }).toBe(1);
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    "opens a site's info window by clicking its marker, shows the flow map and the screen's dialogs",
    async () => {
      const { page, problems } = await home(50);
      await search(page, '站点编号', SITES.M1.id);
      await info(page).waitFor({ timeout: WAIT });
      for (const text of ['站点编号', '创建时间', '桩数', '停放容量', '当前车辆', '车辆列表', '使用曲线', '站点消息', '删除站点', '比例编辑']) {
        await info(page).getByText(text).first().waitFor();
      }
      await expect
        .poll(() =>
          info(page)
            .getByText(/5\s*辆/)
            .count(),
        )
        .toBeGreaterThan(0);
      // close, then click the marker (the located site wears the focus ring)
      await page.locator('.home-map-popup .leaflet-popup-close-button').click();
      await info(page).waitFor({ state: 'hidden' });
      const ring = await stableBox(page, page.locator('.home-map-focus'));
      const marker = { x: ring.x + ring.width / 2, y: ring.y + ring.height / 2 };
      await page.mouse.click(marker.x, marker.y);
      await info(page).getByText(SITES.M1.name).waitFor();
      await screenshot(page, 'map-info-window');

      await info(page)
        .getByText(/租车流向/)
        .click();
      await page.getByText(/今日租车流向/).waitFor();
      await expect.poll(() => page.locator('.home-map-banner b').textContent()).toBe('3');
      expect(await map(page).getAttribute('data-mode')).toBe('flow-1');
      await screenshot(page, 'map-flow-rent');
      await page.getByRole('button', { name: /返回主地图/ }).click();
      await expect.poll(() => map(page).getAttribute('data-mode')).toBe('sites');

      // click type 1 asks the screen (homeStore.siteAction) to open its bike list dialog; the map may
      // still be moving back from the flow view: click the ring once it stands still, again if missed
      for (let attempt = 0; attempt < 3; attempt++) {
        const again = await stableBox(page, page.locator('.home-map-focus'));
        await page.mouse.click(again.x + again.width / 2, again.y + again.height / 2);
        if (
          await info(page)
            .getByText(SITES.M1.name)
            .waitFor({ timeout: 5_000 })
            .then(
              () => true,
              () => false,
            )
        )
          break;
      }
      await info(page)
        .getByRole('button', { name: /车辆列表/ })
        .click();
      await page.getByRole('dialog').first().waitFor({ timeout: WAIT });
      await screenshot(page, 'map-site-bikes-dialog');
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'shows bikes, illegal bikes, the heat map and site fences from zoom 17',
    async () => {
      const { page, problems } = await home(0);
      await waitForCount(page, (await apiSites()).length);
      await map(page).getByRole('button', { name: /车辆/ }).click();
      await expect
        .poll(
          () =>
            map(page)
              .getByRole('button', { name: /车辆 22/ })
              .count(),
          { timeout: WAIT },
        )
        .toBe(1);
      await page.getByRole('combobox', { name: '非法车辆' }).click();
      await page.locator('.ant-select-item-option').getByText('全部企业', { exact: true }).click();
      await expect.poll(() => map(page).getByLabel('非法车辆数').textContent(), { timeout: WAIT }).toContain('1');
      await screenshot(page, 'map-bikes');
      await map(page)
        .getByRole('button', { name: /热力图/ })
        .click();
      expect(await map(page).getAttribute('data-mode')).toBe('heat');
      await expect.poll(() => page.locator('canvas.leaflet-heatmap-layer').count()).toBe(1);
      await screenshot(page, 'map-heat');
      await map(page)
        .getByRole('button', { name: /热力图/ })
        .click();
      // zoom 18 on the fenced site: its polygon and the circles of its neighbours
      await search(page, '站点名称', SITES.M6.name);
      await info(page).waitFor({ timeout: WAIT });
      await page.locator('.home-map-popup .leaflet-popup-close-button').click();
      await screenshot(page, 'map-fences-z18');
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'counts the sites, bikes and off-site returns inside a drawn polygon, and clears it after confirming',
    async () => {
      const { page, problems } = await home(0);
      await waitForCount(page, (await apiSites()).length);
      const total = (await apiSites()).length;
      expect(await siteCount(page)).toBe(total);
      for (let i = 0; i < 2; i++) {
        await page.getByRole('button', { name: '缩小' }).click();
        await page.waitForTimeout(800);
      }
      await map(page)
        .getByRole('button', { name: /画多边形/ })
        .click();
      const box = (await page.locator('.home-map-canvas').boundingBox())!;
      const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
      const ring = [at(0.06, 0.16), at(0.94, 0.16), at(0.94, 0.86), at(0.06, 0.86)];
      // the drawing tool (geoman, loaded on first use) is ready for clicks
      await page.locator('.home-map-canvas[data-draw-ready="1"]').waitFor();
      for (const p of [...ring, ring[0]]) {
        await page.mouse.click(p.x, p.y);
        await page.waitForTimeout(250);
      }
      await page.getByTestId('polygon-sites').waitFor({ timeout: WAIT });
      await screenshot(page, 'map-polygon');
      // the whole district is inside: every site, the 22 parked legal bikes, the one off-site return
      expect(await page.getByTestId('polygon-sites').textContent()).toBe(`${total} 个`);
      expect(await page.getByTestId('polygon-bikes').textContent()).toBe('22 辆');
      expect(await page.getByTestId('polygon-returns').textContent()).toBe('1 辆次');
      await map(page)
        .getByRole('button', { name: /清\s*除/ })
        .click();
      await page.getByText('确定清除绘制的多边形吗？').waitFor();
      await page.getByRole('button', { name: /取\s*消/ }).click();
      await expect.poll(() => page.getByTestId('polygon-sites').count()).toBe(1);
      await map(page)
        .getByRole('button', { name: /清\s*除/ })
        .click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => page.getByTestId('polygon-sites').count()).toBe(0);
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'deletes a site after the warm reminder and removes its marker',
    async () => {
      const before = await apiSites();
      expect(before.some((x) => x.siteId === SITES.DEL.id)).toBe(true);
      const { page, problems } = await home(0);
      await waitForCount(page, before.length);
      await search(page, '站点名称', SITES.DEL.name);
      await info(page).getByText(SITES.DEL.id).waitFor({ timeout: WAIT });
      for (const text of ['站点编号', '创建时间', '桩数', '停放容量', '当前车辆']) await info(page).getByText(text, { exact: true }).waitFor();
      await info(page)
        .getByRole('button', { name: /删除站点/ })
        .click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.locator('.ant-modal-confirm-title').getByText('温馨提示').waitFor();
      await confirm.getByText('确定删除该站点吗？').waitFor();
      await screenshot(page, 'map-delete-confirm');
      await confirm.getByRole('button', { name: /取\s*消/ }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await siteCount(page)).toBe(before.length);
      expect((await apiSites()).length).toBe(before.length);
      await info(page)
        .getByRole('button', { name: /删除站点/ })
        .click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.getByText('站点删除成功！').first().waitFor();
      await waitForCount(page, before.length - 1);
      await info(page).waitFor({ state: 'hidden' });
      const left = await apiSites();
      expect(left.length).toBe(before.length - 1);
      expect(left.some((x) => x.siteId === SITES.DEL.id)).toBe(false);
      // and a new page asks the server again: the marker stays gone
      await page.reload();
      await waitForCount(page, left.length);
      await screenshot(page, 'map-after-delete');
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'locates a site another panel asks for (homeStore.focusSiteId), without opening it',
    async () => {
      const { page, problems } = await home(50);
      await waitForCount(page, 50);
      // the site-ranking card (single-brand layout: one brand operates) locates a site on click
      await expect.poll(() => page.getByTestId('home-stage').getAttribute('data-layout')).toBe('single');
      await page
        .getByTestId('rank-list')
        .getByRole('button', { name: new RegExp(SITES.M3.name) })
        .first()
        .click();
      await expect.poll(() => map(page).getAttribute('data-focus-site'), { timeout: WAIT }).toBe(SITES.M3.id);
      await page.locator('.home-map-focus').waitFor();
      expect(await info(page).count()).toBe(0);
      await screenshot(page, 'map-focus-from-panel');
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'lays tiles under the layers when a tile URL is configured, and never shows a broken tile',
    async () => {
      const { page, problems } = await openPage(browser, FULL_HD);
      page.setDefaultTimeout(WAIT);
      // the server writes MAP_TILE_URL into <meta name="tile-url">; here an address that refuses
      await page.route(/\/(\?[^#]*)?$/, async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const res = await route.fetch();
        const html = (await res.text()).replace(
          /<meta name="tile-url" content="[^"]*"/,
          '<meta name="tile-url" content="http://127.0.0.1:59999/{z}/{x}/{y}.png"',
        );
        await route.fulfill({ response: res, body: html });
      });
      await loginViaForm(page, server.url);
      await page.waitForURL(/#\/index$/);
      await waitForCount(page, 50);
      await expect.poll(() => page.locator('.home-map .leaflet-tile').count(), { timeout: WAIT }).toBeGreaterThan(0);
      // every tile ends up as the blank image (errorTileUrl), none as a broken <img>
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              Array.from(document.querySelectorAll<HTMLImageElement>('.home-map .leaflet-tile')).every(
                (img) => img.complete && img.src.startsWith('data:') && img.naturalWidth > 0,
              ),
            ),
          { timeout: WAIT },
        )
        .toBe(true);
      await screenshot(page, 'map-tiles-unreachable');
      expect(unexpected(problems).filter((e) => !/Failed to load resource: net::ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'searches a user bound to a site to it at start',
    async () => {
      await admin.call(
        'POST',
        '/user/add',
        {},
        {
          username: 'map_site_user',
          password: 'Site-user-2024',
          name: '站点值守员',
          areaId: AREA,
          roleIds: [2],
          userLevel: 2,
          siteId: SITES.M3.id,
        },
      );
      const { page } = await openPage(browser, FULL_HD);
      page.setDefaultTimeout(WAIT);
      await page.goto(`${server.url}/#/login`);
      await page.getByPlaceholder('请输入账号').fill('map_site_user');
      await page.getByPlaceholder('请输入密码').fill('Site-user-2024');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/#\/index$/);
      await info(page).getByText(SITES.M3.id).waitFor({ timeout: WAIT });
      await screenshot(page, 'map-bound-user');
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    `draws ${BULK.toLocaleString('en')} sites within 3 s of navigation (printed)`,
    async () => {
      const want = (await apiSites()).length;
      expect(want).toBeGreaterThanOrEqual(BULK);
      const measure = async (page: Page, label: string) => {
        const t0 = Date.now();
        await page.goto(`${server.url}/#/index`);
        await waitForCount(page, want, 120_000);
        const wall = Date.now() - t0;
        const marks = await page.evaluate(() =>
          Object.fromEntries(
            performance
              .getEntriesByType('mark')
              .filter((m) => m.name.startsWith('home-map:'))
              .map((m) => [m.name.slice(9), Math.round(m.startTime)]),
          ),
        );
        // data-drawn-at: performance.now() when the canvas first held every site (0 = navigation start)
        const drawn = Number(await map(page).getAttribute('data-drawn-at'));
        console.log(
          `[map] ${want} sites, ${label}: all drawn ${drawn} ms after navigation start (test-side wall ${wall} ms) · ` +
            `map chunk ${marks.module} · map ${marks.map} · request sent ${marks['sites-request']} · answer parsed ${marks['sites-answer']} · answer → drawn ${drawn - marks['sites-answer']} ms`,
        );
        return drawn;
      };
      // a logged-in browser with 全部 remembered; first a cold load (empty HTTP cache), then two reloads
      const { page: login } = await home(0);
      const state = await login.context().storageState();
      await login.context().close();
      const context = await browser.newContext({ viewport: FULL_HD, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', storageState: state });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      const times = [await measure(page, 'cold cache')];
      for (let run = 1; run <= 2; run++) {
        await page.goto('about:blank');
        times.push(await measure(page, `reload ${run}`));
      }
      expect(await map(page).getAttribute('data-site-size')).toBe('0');
      await screenshot(page, 'map-20000');
      const median = [...times].sort((a, b) => a - b)[1];
      console.log(`[map] navigation → ${want} sites drawn: ${times.join(' / ')} ms, median ${median} ms (bound ${DRAW_BOUND_MS} ms)`);
      for (const t of times) expect(t).toBeGreaterThan(0);
      // the median of the three navigations: one run slowed by the shared machine does not decide
      expect(median).toBeLessThan(DRAW_BOUND_MS);
      await context.close();
    },
    TEST_MS,
  );

  it(
    'asks again 15 s after a failed map call, instead of waiting for the next poll (180 s)',
    async () => {
      const want = (await apiSites()).length;
      const { page } = await home(0);
      await waitForCount(page, want);
      // every call for all sites fails for 8 s from the first failure: the first call (and HomeMap's
      // prefetch, when it is a call of its own) and the one quick retry a second later; then the map
      // is in error and asks again after 15 s
      let failed = 0;
      let firstFailedAt = 0;
      await page.route(/\/api\/dashboard\/get\?.*limit=0/, async (route) => {
        if (firstFailedAt && Date.now() - firstFailedAt > 8_000) return route.continue();
        failed++;
        firstFailedAt ||= Date.now();
        await route.fulfill({ status: 500, contentType: 'text/plain', body: 'injected failure' });
      });
      await page.reload();
      await page.waitForFunction(() => document.querySelector('[data-testid="home-map"]') !== null);
      await waitForCount(page, want, 60_000);
      const after = Date.now() - firstFailedAt;
      console.log(`[map] ${failed} calls failed; all sites drawn ${after} ms after the first failure`);
      expect(failed).toBeGreaterThanOrEqual(2);
      // not at once (nothing asked again inside the failing 8 s), and not after the 180 s poll
      expect(after).toBeGreaterThanOrEqual(14_000);
      expect(after).toBeLessThan(45_000);
      await page.context().close();
    },
    TEST_MS,
  );

  it(
    'shows the whole screen at 1920×1080 and 1366×768 (screenshots)',
    async () => {
      const all = (await apiSites()).length;
      const { page, problems } = await home(0);
      await waitForCount(page, all);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'map-screen-1920');
      for (const id of ['home-map', 'panel-todo', 'panel-messages']) expect(await page.getByTestId(id).isVisible()).toBe(true);
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
      expect(await siteCount(page)).toBe(all);
      await screenshot(page, 'map-screen-1366');
      // a to-do item opens its screen with its filter preset (spec §2 To-do items), and the screen reads it
      await page
        .getByTestId('panel-todo')
        .getByRole('button', { name: /电量低于10%站点/ })
        .click();
      await page.waitForURL(/#\/deviceManagement\?equipmentPower=0-10$/);
      await page.locator('.ant-tabs-tab-active').getByText('设备电量').waitFor();
      await page.locator('.desk-page .ant-select').getByText('0-10%（电量低）').waitFor();
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );
});
