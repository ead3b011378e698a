/**
 * The home big screen against a real server: a small world built through the console and open
 * APIs (homeWorld.ts), the minute job's snapshot, then every panel compared with the API's answer
 * for the same area, every dialog opened with real rows, and screenshots at 1920×1080 and 1366×768.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  FAST_SNAPSHOTS,
  type PageProblems,
  type TestServer,
  launchBrowser,
  loginViaForm,
  openPage,
  screenshot,
  setChecked,
  startServer,
} from './harness';
import { CY, Console, HD, type HomeWorld, MAGNIFY_ALIAS, SITES, buildHomeWorld, waitForSnapshot } from './homeWorld';

let server: TestServer;
let browser: Browser;
let world: HomeWorld;
let page: Page;
let problems: PageProblems;

/** Brand names as the screen shortens them (spec §9). */
const short = (name: string) => `${[...name].slice(0, 2).join('')}单车`;

/** yyyy-MM-dd of a day offset from today in Asia/Shanghai (the server's and the browser's TZ). */
const shanghaiDay = (offset: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + offset * 86_400_000);

interface Statistical {
  brands: Array<{ brandId: number; brandName: string; onlineNum: number; siteNum: number; quantity_approved: number; recorded_number: number }>;
  bikeNum: number;
  ebikeNum: number;
  bSiteNumTotal: number;
  eSiteNumTotal: number;
  total: number;
  full: number;
  more: number;
  normal: number;
  less: number;
  empty: number;
}
interface Dash {
  statistical: Statistical;
  siteMessage: Array<{ siteId: string; siteName: string; num: number; status: string }>;
}

async function pickArea(label: string, text: string) {
  await page.getByLabel(label).click();
  await page.keyboard.type(text);
  await page.getByRole('option', { name: text }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Show 北京市 / 市辖区 / `district` in the area bar and wait for the header to say so. */
async function showDistrict(district: string) {
  await pickArea('选择省', '北京市');
  await pickArea('选择市', '市辖区');
  await pickArea('选择区县', district);
  await page.getByTestId('area-name').getByText(district).waitFor();
}

const dialog = () => page.getByRole('dialog').last();
async function closeDialogs() {
  while ((await page.getByRole('dialog').count()) > 0) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
  }
}
const rows = (scope: Locator) => scope.locator('tr.ant-table-row');

beforeAll(async () => {
  server = await startServer('home', undefined, { env: FAST_SNAPSHOTS });
  world = await buildHomeWorld(server.url, ADMIN_PASSWORD);
  await waitForSnapshot(world.admin);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
  await page.getByTestId('area-name').getByText('全国').waitFor();
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('home big screen (screenshots in test-output/e2e)', () => {
  it('shows the API numbers of the chosen area on every panel', async () => {
    const admin: Console = world.admin;
    await showDistrict('海淀区');
    await expect.poll(() => page.getByTestId('home-stage').getAttribute('data-layout')).toBe('multi');

    const dash = await admin.get<Dash>('/dashboard/get', { selfAreaId: HD, v: 2, limit: 50 });
    const s = dash.statistical;
    // 调度指引 counters
    for (const key of ['total', 'full', 'more', 'normal', 'less', 'empty'] as const) {
      await expect.poll(() => page.getByTestId(`counter-${key}`).textContent(), { timeout: 15_000 }).toBe(String(s[key]));
    }
    // 总量监控: totals and the brand rows
    await expect.poll(() => page.getByTestId('fig-bikeNum').textContent()).toBe(`${s.bikeNum}辆`);
    expect(await page.getByTestId('fig-ebikeNum').textContent()).toBe(`${s.ebikeNum}辆`);
    expect(await page.getByTestId('fig-bSiteNumTotal').textContent()).toBe(`${s.bSiteNumTotal}辆`);
    expect(await page.getByTestId('fig-eSiteNumTotal').textContent()).toBe(`${s.eSiteNumTotal}辆`);
    expect(s.brands).toHaveLength(2);
    for (const b of s.brands) {
      const row = page.getByTestId(`brand-row-${b.brandId}`);
      expect(await row.getByRole('button', { name: short(b.brandName) }).count()).toBe(1);
      for (const f of ['quantity_approved', 'recorded_number', 'onlineNum', 'siteNum'] as const) {
        expect(await row.locator(`[data-field="${f}"]`).textContent()).toBe(String(b[f]));
      }
    }
    // the ring legend: online share per brand (GET /api/statistics/brandPercent)
    const percent = await admin.get<{ lists: Array<{ brandName: string; BrandBikeNum: number; BrandEBikeNum: number }> }>('/statistics/brandPercent', {
      selfAreaId: HD,
    });
    const legend = page.getByTestId('ring-legend');
    for (const b of percent.lists) {
      const item = legend.locator('li', { hasText: short(b.brandName) });
      await expect.poll(() => item.locator('b').textContent()).toBe(String(b.BrandBikeNum + b.BrandEBikeNum));
    }
    // 消息区: the latest site messages
    const list = page.getByTestId('message-list');
    expect(dash.siteMessage.length).toBeGreaterThan(0);
    // one row per message, newest first, as the API lists them (a site may have several: a snapshot
    // taken while the world was being built can say 空桩 before 满桩)
    const shown = dash.siteMessage.slice(0, 10); // the panel keeps the latest ten
    await expect.poll(() => list.locator('li').count()).toBe(shown.length);
    for (const [i, m] of shown.entries()) {
      const item = list.locator('li').nth(i);
      expect(await item.textContent()).toContain(m.siteName);
      expect(await item.locator('.mp-num').textContent()).toBe(`${m.num}辆`);
      expect(await item.getByText(m.status, { exact: true }).count()).toBe(1);
    }
    // 运营统计: month and day totals of the seven-day tidal call
    const days = Array.from({ length: 7 }, (_, i) => shanghaiDay(i - 6)).join(',');
    const tidal = await admin.get<{ dayTotal: { bike_num: number; e_bike_num: number }; monthTotal: { bike_num: number; e_bike_num: number } }>(
      '/statistics/tidal',
      { selfAreaId: HD, mold: 1, dateGroup: days },
    );
    expect(await page.getByTestId('fig-month').textContent()).toBe(`${tidal.monthTotal.bike_num + tidal.monthTotal.e_bike_num}次`);
    expect(await page.getByTestId('fig-day').textContent()).toBe(`${tidal.dayTotal.bike_num + tidal.dayTotal.e_bike_num}次`);
    // 异常告警: the open, unhandled alerts whatever day they opened (newest 10) and their counts
    const msgs = await admin.get<{ lists: Array<{ bikeId: string; abnormalType: number }> }>('/abnormal/getMsg', {
      selfAreaId: HD,
      abnormalType: '1,4,6,7,13,14',
      closed: 0,
      handled: 0,
      pageSize: 10,
    });
    expect(msgs.lists.map((m) => m.abnormalType).sort()).toEqual([1, 7]);
    for (const m of msgs.lists) await page.getByTestId('alert-list').getByText(m.bikeId, { exact: false }).waitFor();
    await page.getByTestId('alert-caption').getByText('进行中、未处理', { exact: false }).waitFor();
    const counts = await admin.get<{ lists: Array<{ abnormalType: number; openNum: number }> }>('/abnormal/getMsgCounts', { selfAreaId: HD });
    const open = (t: number) => counts.lists.find((c) => c.abnormalType === t)?.openNum ?? 0;
    const tabs = [1, 7, 13, 14, 4, 6];
    for (const t of tabs) expect(await page.getByTestId(`alert-count-${t}`).textContent()).toBe(String(open(t)));
    expect(open(7)).toBeGreaterThan(0);
    // 全部 is the sum of the tabs shown
    expect(await page.getByTestId('alert-count-all').textContent()).toBe(String(tabs.reduce((t, x) => t + open(x), 0)));
    // the recycle-site tab counts and lists the area's recycle sites (GET /api/site/?recycleSwitch=1)
    const recycle = await admin.get<{ total: number }>('/site/', { selfAreaId: HD, recycleSwitch: 1, currentPage: 1, pageSize: 500 });
    expect(await page.getByTestId('alert-count-recycle').textContent()).toBe(String(recycle.total));
    await page.getByRole('tab', { name: '回收站点' }).click();
    await page.getByTestId('recycle-list').getByText(SITES.S5.siteName).waitFor();
    await page.getByRole('tab', { name: /^全部/ }).click();
    // today's hourly rents per brand
    await page.getByTestId('panel-operation').getByText('今日分时', { exact: true }).click();
    await page.getByTestId('panel-operation').locator('canvas').first().waitFor();
    await page.getByTestId('panel-operation').getByText('近7日', { exact: true }).click();
    // 待办事项
    const pend = await admin.get<Record<string, number>>('/statistics/pend', { selfAreaId: HD, areaId: HD });
    for (const key of ['siteApplyPend', 'siteRolePend', 'siteLowPowerPend', 'accusePend', 'userPend', 'maintainPend', 'supervisePend', 'dispatchWarnPend']) {
      expect(await page.getByTestId(`todo-${key}`).textContent()).toBe(String(pend[key]));
    }
    // the area bar
    const init = await admin.get<{ area: { siteCount: number } }>('/dashboard/init', { selfAreaId: HD });
    await page.getByTestId('area-bar').getByText(`站点 ${init.area.siteCount} 个`).waitFor();

    await page.waitForLoadState('networkidle');
    await screenshot(page, 'home-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(page, 'home-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(problems.errors).toEqual([]);
  });

  it('opens each dialog with the API rows', async () => {
    const admin = world.admin;
    const mt = world.brandIds.mt;

    // 企业信息 and a missing document
    await page.getByTestId(`brand-row-${mt}`).getByRole('button', { name: '美团单车' }).click();
    await dialog().getByText('美团运营有限公司').waitFor();
    await dialog().getByText('海淀区、朝阳区').first().waitFor();
    await screenshot(page, 'home-dialog-enterprise');
    await dialog()
      .getByRole('button', { name: /运维人员信息/ })
      .click();
    await page.getByText('运维人员信息不存在！').waitFor();
    await closeDialogs();

    // 品牌站点车辆分布 → 站点车辆
    const sites = await admin.get<{ lists: Array<{ siteId: string; siteName: string; num: number }>; total: number }>('/dashboard/brandOnlineBike', {
      selfAreaId: HD,
      brandId: mt,
      pageSize: 10,
    });
    await page.getByTestId(`brand-row-${mt}`).locator('[data-field="onlineNum"]').click();
    await dialog().getByText(`共 ${sites.total} 条`).waitFor();
    expect(await rows(dialog()).count()).toBe(sites.lists.length);
    await rows(dialog()).first().getByText(sites.lists[0].siteName).waitFor();
    await screenshot(page, 'home-dialog-brand-sites');
    const first = sites.lists[0];
    const bikes = await admin.get<{ lists: Array<{ bikeId: string }>; total: number }>('/dashboard/brandSiteBike', {
      selfAreaId: HD,
      brandId: mt,
      siteId: first.siteId,
    });
    await rows(dialog())
      .first()
      .getByRole('button', { name: String(first.num), exact: true })
      .click();
    await dialog().getByText(`站点车辆 · ${first.siteName}`).waitFor();
    for (const b of bikes.lists) await dialog().getByRole('cell', { name: b.bikeId, exact: true }).waitFor();
    await screenshot(page, 'home-dialog-site-bikes');
    await closeDialogs();

    // 今日历史消息: both tabs
    const today = await admin.get<{ lists: Array<{ id: number; siteName: string }>; total: number }>('/dashboard/todayHistory', {
      selfAreaId: HD,
      pageSize: 100,
    });
    await page.getByTestId('panel-messages').getByRole('button', { name: '历史消息' }).click();
    await dialog().getByText(`共 ${today.total} 条`).first().waitFor();
    expect(await dialog().locator('[data-testid^="history-"]').count()).toBe(today.lists.length);
    await screenshot(page, 'home-dialog-today-history');
    await dialog().getByRole('tab', { name: '今日站点历史' }).click();
    await expect.poll(() => rows(dialog()).count()).toBe(today.lists.length);
    await closeDialogs();

    // 站点消息详情 → 使用曲线 → 导出设置
    const dash = await admin.get<Dash>('/dashboard/get', { selfAreaId: HD, v: 2, limit: 50 });
    const msg = dash.siteMessage[0];
    const history = await admin.get<{ total: number }>('/dashboard/siteHistory', { selfAreaId: HD, siteId: msg.siteId });
    await page.getByTestId('message-list').locator('li').first().getByRole('button', { name: '详情' }).click();
    await dialog().getByText(`站点消息 · ${msg.siteName}`).waitFor();
    await dialog().getByText(`共 ${history.total} 条`).waitFor();
    await screenshot(page, 'home-dialog-site-message');
    await dialog().getByRole('button', { name: '使用曲线' }).click();
    await dialog().getByText(`站点使用曲线 · ${msg.siteName}`).waitFor();
    await dialog().getByTestId('usage-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'home-dialog-site-usage');
    await dialog().getByRole('button', { name: /导出/ }).click();
    await dialog().getByText(`导出设置 · ${msg.siteName}`).waitFor();
    expect(await dialog().getByRole('checkbox', { name: '全选' }).isChecked()).toBe(true);
    await screenshot(page, 'home-dialog-export');
    const download = page.waitForEvent('download');
    await dialog()
      .getByRole('button', { name: /导\s*出/ })
      .click();
    expect((await download).suggestedFilename()).toBe('站点使用统计.xlsx');
    await page.getByText('数据导出成功！').waitFor();
    await closeDialogs();

    // 备案稽查: one row per brand
    const monitor = await admin.get<Record<string, unknown>>('/dashboard/bikeMonitor', { selfAreaId: HD });
    await page.getByRole('button', { name: /备案稽查/ }).click();
    await dialog().getByText('蓝牙桩最近 24 小时听到的车辆', { exact: false }).waitFor();
    await expect.poll(() => rows(dialog()).count()).toBe(Object.keys(monitor).length);
    await screenshot(page, 'home-dialog-filing-check');
    await closeDialogs();

    // 站点排名 with its export
    const rank = await admin.get<{ lists: Array<{ siteName: string }>; total: number }>('/statistics/siteRankAll', {
      selfAreaId: HD,
      year: Number(shanghaiDay(0).slice(0, 4)),
      month: Number(shanghaiDay(0).slice(5, 7)),
      day: Number(shanghaiDay(0).slice(8, 10)),
      orderBy: 'rent',
    });
    await page.getByRole('button', { name: /站点排名/ }).click();
    await dialog().getByText(`共 ${rank.total} 个站点`, { exact: false }).waitFor();
    expect(await rows(dialog()).count()).toBe(Math.min(10, rank.lists.length));
    await rows(dialog()).first().getByText(rank.lists[0].siteName).waitFor();
    await screenshot(page, 'home-dialog-site-rank');
    const rankFile = page.waitForEvent('download');
    await dialog()
      .getByRole('button', { name: /导\s*出/ })
      .click();
    expect((await rankFile).suggestedFilename()).toBe('站点排名分析.xlsx');
    await closeDialogs();

    // 未上传数据车辆
    const silent = await admin.get<Record<string, { brandId: number; count: number; list: Array<{ bikeId: string }> }>>('/dashboard/bikeNotUpload', {
      selfAreaId: HD,
    });
    await page.getByTestId('panel-total').getByText('未上传数据车辆', { exact: true }).click();
    const total = Object.values(silent).reduce((t, b) => t + b.count, 0);
    await expect.poll(() => page.getByTestId('fig-notUploadTotal').textContent()).toBe(`${total}辆`);
    await page.getByTestId(`not-upload-${mt}`).waitFor();
    await page.getByTestId('panel-total').getByRole('button', { name: '美团单车' }).click();
    for (const b of silent[String(mt)].list) await dialog().getByRole('cell', { name: b.bikeId, exact: true }).waitFor();
    await screenshot(page, 'home-dialog-not-upload');
    await closeDialogs();

    // 总量曲线 → 总量趋势 and 今日汇总
    const collect = await admin.get<unknown[]>('/dashboard/brandBikeOnlineCollect', { selfAreaId: HD });
    await page.getByTestId('panel-total').getByText('总量曲线', { exact: true }).click();
    await page.getByTestId('trend-tab').locator('canvas').first().waitFor();
    await page.getByRole('button', { name: '查看趋势' }).click();
    await dialog().getByTestId('trend-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'home-dialog-trend');
    await dialog().getByRole('tab', { name: '今日汇总' }).click();
    await expect.poll(() => rows(dialog()).count()).toBe(collect.length);
    await closeDialogs();
    await page.getByTestId('panel-total').getByText('登记监控', { exact: true }).click();

    // 站点图 of the 偏多 counter
    await page.getByTestId('counter-more').click();
    await dialog().getByText('偏多站点（1 个）').waitFor();
    await dialog().getByTestId('site-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'home-dialog-site-chart');
    await closeDialogs();

    // 满桩值设置 shows the area's value
    const pile = await admin.get<{ data: number; alias: string }>('/config/fullPileNum', { selfAreaId: HD });
    await page
      .getByTestId('panel-messages')
      .getByRole('button', { name: /满桩值设置/ })
      .click();
    await dialog().getByText(`当前：${pile.alias} ${pile.data}`, { exact: false }).waitFor();
    await screenshot(page, 'home-dialog-full-pile');
    // its scheduled tasks are the magnify groups; the switch turns one on and off again
    await dialog().getByRole('tab', { name: '定时任务' }).click();
    const task = rows(dialog()).filter({ hasText: MAGNIFY_ALIAS });
    await task.getByRole('cell', { name: '2', exact: true }).waitFor();
    await task.getByRole('switch').click();
    await page.getByText('任务已开启').waitFor();
    await expect.poll(() => task.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await task.getByRole('switch').click();
    await page.getByText('任务已关闭').waitFor();
    await screenshot(page, 'home-dialog-tasks');
    await closeDialogs();

    // 编辑 of a brand's site sets that site's own full-pile value (PUT /api/site/{id})
    await page.getByTestId(`brand-row-${mt}`).locator('[data-field="onlineNum"]').click();
    await rows(dialog())
      .filter({ hasText: SITES.S2.siteName })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await dialog().getByText(`编辑站点满桩值 · ${SITES.S2.siteName}`).waitFor();
    await setChecked(dialog().getByRole('checkbox', { name: '沿用区域满桩值' }), false);
    await dialog().getByLabel('站点满桩值').fill('1.5');
    await dialog()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByText('站点满桩值已保存').waitFor();
    const site = await admin.get<{ lists: Array<{ fullPileNum: number | null }> }>('/site/', { selfAreaId: HD, siteId: SITES.S2.siteId });
    expect(site.lists[0].fullPileNum).toBe(1.5);
    await closeDialogs();
    expect(problems.errors).toEqual([]);
  });

  it('uses the single-brand layout where one brand operates', async () => {
    const admin = world.admin;
    await pickArea('选择区县', '朝阳区');
    await page.getByTestId('area-name').getByText('朝阳区').waitFor();
    await expect.poll(() => page.getByTestId('home-stage').getAttribute('data-layout'), { timeout: 15_000 }).toBe('single');
    const dash = await admin.get<Dash>('/dashboard/get', { selfAreaId: CY, v: 2, limit: 50 });
    const brand = dash.statistical.brands[0];
    await expect.poll(() => page.getByTestId('counter-total').textContent(), { timeout: 15_000 }).toBe(String(dash.statistical.total));
    const legend = page.getByTestId('ring-legend');
    await expect.poll(() => legend.locator('li', { hasText: '站内车辆' }).locator('b').textContent()).toBe(String(brand.siteNum));
    expect(await legend.locator('li', { hasText: '站外车辆' }).locator('b').textContent()).toBe(String(brand.onlineNum - brand.siteNum));
    const today = shanghaiDay(0);
    const rank = await admin.get<{ lists: Array<{ siteName: string; rentNum: number }> }>('/statistics/siteRankAll', {
      selfAreaId: CY,
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
      day: Number(today.slice(8, 10)),
    });
    const card = page.getByTestId('rank-list');
    await expect.poll(() => card.locator('button').count()).toBe(rank.lists.length);
    await card.getByText(rank.lists[0].siteName).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'home-single-brand-1920');

    // 满桩值设置 saves the area's value (PUT /api/config/fullPileNum; the same value, so nothing moves)
    const pile = await admin.get<{ data: number; alias: string }>('/config/fullPileNum', { selfAreaId: CY });
    await page
      .getByTestId('panel-messages')
      .getByRole('button', { name: /满桩值设置/ })
      .click();
    await dialog().getByText(`当前：${pile.alias} ${pile.data}`, { exact: false }).waitFor();
    await dialog()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByText(/^满桩值已保存，/).waitFor();
    await closeDialogs();
    expect(problems.errors).toEqual([]);
  });
});
