/**
 * The home map of the small city alone (mapWorld.ts, without the 20,000 bulk sites of map.e2e.ts):
 * deleting a site, tiles from a configured URL that cannot load, and a user bound to a site. Screenshots in
 * test-output/e2e/map-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USER, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, loginAs } from './harness';
import { AREA, Console, SITES, buildMapWorld } from './mapWorld';
import { FULL_HD, TEST_MS, WAIT, info, mapSession, search, siteCount, unexpected, waitForCount } from './mapPage';

let server: TestServer;
let browser: Browser;
let admin: Console;
const { apiSites, home } = mapSession(() => ({ server, browser, admin }));

beforeAll(async () => {
  server = await startServer('map-small');
  admin = await Console.login(server.url, ADMIN_USER, ADMIN_PASSWORD);
  await buildMapWorld(server.url, admin);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('home map of the small city', () => {
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
      // every site the server has (the first test deleted one of the world's)
      await waitForCount(page, (await apiSites()).length);
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
      await loginAs(page, 'map_site_user', 'Site-user-2024', server.url);
      await page.waitForURL(/#\/index$/);
      await info(page).getByText(SITES.M3.id).waitFor({ timeout: WAIT });
      await screenshot(page, 'map-bound-user');
      await page.context().close();
    },
    TEST_MS,
  );
});
