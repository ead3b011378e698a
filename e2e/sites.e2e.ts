/**
 * #/deviceManagement (站点管理) in the browser, on the home world (homeWorld.ts): a site created by
 * clicking the map and drawing its fence, bikes pushed into it through the open API and counted
 * by the next minute snapshot; a magnify group opened over it doubles its capacity at the next
 * snapshot and its status follows. (The to-do link 电量低于10%站点 → 设备电量 filtered 0-10 is
 * in map.e2e.ts.)
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, FAST_SNAPSHOTS, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { type HomeWorld, PASSWORD, buildHomeWorld, openApi, operatorToken } from './homeWorld';

let server: TestServer;
let browser: Browser;
let world: HomeWorld;
let page: Page;
let problems: PageProblems;

const NAME = '浏览器新建站点';
const GROUP = '浏览器放大分组';

interface ListedSite {
  siteId: string;
  siteName: string;
  num: number;
  capacity: number;
  status: string;
  gpsRail: Array<{ lon: number; lat: number }> | null;
}

const findSite = async (): Promise<ListedSite | undefined> =>
  (await world.admin.get<{ lists: ListedSite[] }>('/site/', { siteName: NAME, currentPage: 1, pageSize: 10 })).lists[0];

/** Polls the site list API until the site matches (the snapshot runs once a minute). */
async function waitForSite(check: (s: ListedSite) => boolean, what: string, timeoutMs = 150_000): Promise<ListedSite> {
  let last: ListedSite | undefined;
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 2_000))) {
    last = await findSite();
    if (last && check(last)) return last;
  }
  throw new Error(`${what}: not within ${timeoutMs} ms, last ${JSON.stringify(last)}`);
}

async function openTab(tab: 'sites' | 'groups', query = '') {
  problems.clear();
  await page.goto(`${server.url}/#/deviceManagement/${tab}${query}`);
  await page.locator('.desk-page .ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** The row of the new site in 站点列表, searched by its name through the form. */
async function siteRow(): Promise<Locator> {
  await openTab('sites', `?siteName=${encodeURIComponent(NAME)}`);
  const row = page.locator('.desk-page tr.ant-table-row', { hasText: NAME });
  await row.waitFor();
  return row;
}

beforeAll(async () => {
  server = await startServer('sites', undefined, { env: FAST_SNAPSHOTS });
  world = await buildHomeWorld(server.url, ADMIN_PASSWORD);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1600, height: 960 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('站点管理 (screenshots in test-output/e2e)', () => {
  it('creates a site by clicking the map and drawing its fence; bikes pushed into it are counted after the next snapshot', { timeout: 300_000 }, async () => {
    await openTab('sites');
    await page.getByRole('button', { name: /新增站点/ }).click();
    const dialog = page.locator('.site-form-dialog');
    const map = dialog.locator('.desk-map .leaflet-container');
    await map.waitFor();
    // a district first: the next site number and the map's view follow it
    await dialog.locator('.ant-select').first().click();
    await page.keyboard.type('海淀');
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '海淀区' }).first().click();
    await expect.poll(() => dialog.locator('[id="siteId"]').inputValue()).toMatch(/^110108\d+$/);
    await page.waitForTimeout(1_000);
    // the centre by a click, well north of the world's sites (they lie along 39.98)
    const box = (await map.boundingBox())!;
    const c = { x: box.x + box.width / 2 + 120, y: box.y + box.height / 2 - 150 };
    await page.mouse.click(c.x, c.y);
    await expect.poll(() => dialog.locator('[id="siteLon"]').inputValue()).not.toBe('');
    // the fence: four corners, then the first again to close it
    await dialog.getByRole('button', { name: '画围栏' }).click();
    await dialog.locator('.leaflet-container[data-draw-ready="1"]').waitFor();
    const ring = [
      { x: c.x - 40, y: c.y - 30 },
      { x: c.x + 40, y: c.y - 30 },
      { x: c.x + 40, y: c.y + 30 },
      { x: c.x - 40, y: c.y + 30 },
    ];
    for (const p of [...ring, ring[0]]) {
      await page.mouse.click(p.x, p.y);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => dialog.getByTestId('site-shape').textContent()).toMatch(/围栏 4 个顶点/);
    await dialog.locator('[id="siteName"]').fill(NAME);
    await dialog.locator('[id="siteBikeCeiling"]').fill('4');
    await screenshot(page, 'sites-create-fence');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('站点保存成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const created = await waitForSite(() => true, 'the new site in the list');
    // the four corners drawn, stored as a closed ring
    const rail = created.gpsRail!;
    expect(rail).toHaveLength(5);
    expect(rail[4]).toEqual(rail[0]);
    const corners = rail.slice(0, 4);
    // four filed bikes parked in the middle of the drawn fence
    const mid = {
      lon: corners.reduce((t, p) => t + p.lon, 0) / 4,
      lat: corners.reduce((t, p) => t + p.lat, 0) / 4,
    };
    const ids = ['MTN01', 'MTN02', 'MTN03', 'MTN04'];
    const token = await operatorToken(server.url, 'e2emt', PASSWORD);
    await openApi(
      server.url,
      token,
      'POST',
      '/bikes',
      ids.map((bikeId) => ({ bikeId, bikeType: 0, licenseCode: `京${bikeId}` })),
    );
    const at = new Date().toISOString();
    await openApi(
      server.url,
      token,
      'POST',
      '/bikes/status',
      ids.map((bikeId, i) => ({ bikeId, status: 1, lon: mid.lon, lat: mid.lat + i / 111_320, reportedAt: at, bikeType: 0 })),
    );
    await waitForSite((s) => s.num === 4, 'four bikes counted');

    const row = await siteRow();
    await row.getByText(/^4\s*\/\s*4/).waitFor();
    await row.locator('.ant-tag').getByText('满桩', { exact: true }).waitFor();
    await screenshot(page, 'sites-new-site-full');

    // its detail, and from there the big screen's rent flow map of the site
    await row.getByText(NAME).click();
    const drawer = page.locator('.ant-drawer-section', { hasText: '站点详情' });
    await drawer.getByText('当前站内车辆').waitFor();
    await screenshot(page, 'sites-detail');
    await drawer.getByRole('button', { name: '租车流向' }).click();
    await page.waitForURL(/#\/index\?siteId=\d+&flow=1$/);
    await page.locator('.home-map-banner').getByText(`${NAME} · 今日租车流向`).waitFor();
    await screenshot(page, 'sites-flow-from-detail');
    expect(problems.errors).toEqual([]);
  });

  it('an open group with factor 2 doubles the capacity at the next snapshot, and its status follows', { timeout: 300_000 }, async () => {
    const site = (await findSite())!;
    expect(site.status).toBe('满桩');
    await openTab('groups');
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.locator('.ant-modal', { hasText: '新增分组' });
    await dialog.locator('[id="alias"]').fill(GROUP);
    await dialog.locator('[id="factor"]').fill('2');
    await dialog.locator('[id="siteList"]').click();
    await page.keyboard.type(NAME);
    await page.locator('.ant-select-item-option', { hasText: NAME }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const groupRow = page.locator('.desk-page tr.ant-table-row', { hasText: GROUP });
    await groupRow.waitFor();
    // switched on in the list
    const toggle = groupRow.getByRole('switch', { name: `开关 ${GROUP}` });
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    const doubled = await waitForSite((s) => s.capacity === 8, 'capacity doubled');
    expect(doubled.status).toBe('正常');
    const row = await siteRow();
    await row.getByText(/^4\s*\/\s*8/).waitFor();
    await row.locator('.ant-tag').getByText('正常', { exact: true }).waitFor();
    await screenshot(page, 'sites-group-doubled');

    // the group's 执行时间 is the snapshot that applied it
    await openTab('groups');
    const applied = page.locator('.desk-page tr.ant-table-row', { hasText: GROUP });
    await expect.poll(async () => (await applied.textContent()) ?? '').toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}.*\d{4}-\d{2}-\d{2}/);
    await screenshot(page, 'sites-groups-applied');

    // switched off: back to the site's own capacity at the next snapshot
    await applied.getByRole('switch', { name: `开关 ${GROUP}` }).click();
    const back = await waitForSite((s) => s.capacity === 4, 'capacity back');
    expect(back.status).toBe('满桩');
    expect(problems.errors).toEqual([]);
  });
});
