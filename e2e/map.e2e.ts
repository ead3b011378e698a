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
import { ADMIN_PASSWORD, ADMIN_USER, type TestServer, launchBrowser, screenshot, startServer } from './harness';
import { Console, PLATE, SITES, buildMapWorld, seedBulkSites, waitForSiteStates } from './mapWorld';
import { FULL_HD, TEST_MS, WAIT, info, legend, map, mapSession, search, siteCount, sitesDrawn, stableBox, unexpected, waitForCount } from './mapPage';

const BULK = 20_000;
const NAMED = Object.keys(SITES).length;
/** The product bound: navigation start → every site drawn. */
const DRAW_BOUND_MS = 3000;

let server: TestServer;
let browser: Browser;
let admin: Console;
let statesReady = false;
const { apiSites, home } = mapSession(() => ({ server, browser, admin }));

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
      await page.locator('.desk-page .ant-select').getByText('低于 10%（电量低）').waitFor();
      expect(unexpected(problems)).toEqual([]);
      await page.context().close();
    },
    TEST_MS,
  );
});
