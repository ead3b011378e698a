/**
 * #/warn, the abnormal list on the desk kit, in the browser: the home world (homeWorld.ts) gives an
 * off-site return (type 1, MTB10) and an illegal bike (type 7, HBX01) in 海淀; filters come from
 * the URL and the form, 处理 goes through /api/abnormal/updateMsg and 导出 through exportMsg.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { type HomeWorld, buildHomeWorld } from './homeWorld';

let server: TestServer;
let browser: Browser;
let world: HomeWorld;
let page: Page;
let problems: PageProblems;

interface Msg {
  id: number;
  abnormalType: number;
  bikeId: string | null;
  brandId: number | null;
  handled: boolean;
}

const rows = (): Locator => page.locator('.desk-page tr.ant-table-row');
const bikeIds = async () => (await rows().allTextContents()).join(' ');

/** Open #/warn with a query and wait for the table (or its empty state). */
async function openWarn(query = '') {
  problems.clear();
  await page.goto(`${server.url}/#/warn${query}`);
  await page.locator('.console-layout [data-testid="screen-title"]').getByText('异常列表', { exact: true }).waitFor();
  await page.locator('.desk-page .ant-table').waitFor();
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  server = await startServer('warn');
  world = await buildHomeWorld(server.url, ADMIN_PASSWORD);
  // the off-site return and the illegal bike are written as the reports come in (expect.poll works only inside a test)
  const types = async () => (await world.admin.get<{ lists: Msg[] }>('/abnormal/getMsg', { abnormalType: '1,7' })).lists.map((m) => m.abnormalType).sort();
  let seen: number[] = [];
  // a minute is enough on an idle machine; a loaded CI machine gets two
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 1_000))) {
    seen = await types();
    if (seen.join() === '1,7') break;
  }
  expect(seen).toEqual([1, 7]);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('#/warn on the desk kit (screenshots in test-output/e2e)', () => {
  it('lists the messages of a type given in the URL, with the type tab chosen', async () => {
    await openWarn('?abnormalType=1');
    await expect.poll(bikeIds).toContain('MTB10');
    expect(await bikeIds()).not.toContain('HBX01');
    expect(await rows().count()).toBe(1);
    await page
      .locator('.warn-tabs .ant-tabs-tab-active')
      .getByText(/^站外还车 \d+$/)
      .waitFor();
    await page.locator('.ant-pagination').getByText('共 1 条').waitFor();
    // the desk layout: the ten sections, 返回大屏, the area chain
    await page.locator('.console-sider').getByRole('link', { name: '异常列表' }).waitFor();
    expect(await page.locator('.console-sider .ant-menu').getByRole('link').count()).toBe(10);
    await page.getByRole('link', { name: /返回大屏/ }).waitFor();
    await page.getByTestId('area-name').getByText('全国').waitFor();
    await screenshot(page, 'warn-type-1');
    expect(problems.errors).toEqual([]);
  });

  it('filters through the form into the URL; back goes to the previous filters; a day without alerts shows 暂无数据', async () => {
    await openWarn();
    await expect.poll(bikeIds).toContain('HBX01');
    // 车辆编号 is below the fold of the collapsed form
    await page.getByRole('button', { name: /展开/ }).click();
    await page.getByPlaceholder('请输入车辆编号').fill('MTB10');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL(/#\/warn\?bikeId=MTB10$/);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await bikeIds()).toContain('MTB10');
    await page.goBack();
    await page.waitForURL(/#\/warn$/);
    await expect.poll(bikeIds).toContain('HBX01');
    expect(await page.getByPlaceholder('请输入车辆编号').inputValue()).toBe('');

    const mt = world.brandIds.mt;
    await openWarn(`?brandId=${mt}`);
    await expect.poll(bikeIds).toContain('MTB10');
    const api = await world.admin.get<{ lists: Msg[]; total: number }>('/abnormal/getMsg', { brandId: mt });
    expect(await rows().count()).toBe(Math.min(api.total, 10));
    expect(api.lists.every((m) => m.brandId === mt)).toBe(true);

    await openWarn('?startTime=2020-01-01&endTime=2020-01-02');
    await page.locator('.desk-page .ant-table-placeholder .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await screenshot(page, 'warn-empty');
    expect(problems.errors).toEqual([]);
  });

  it('handles a message through updateMsg: the row says 已处理 and so does the API', async () => {
    await openWarn('?abnormalType=1');
    await expect.poll(bikeIds).toContain('MTB10');
    await page.getByRole('button', { name: '处理', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('处理异常').waitFor();
    await dialog.getByText('MTB10').waitFor();
    await screenshot(page, 'warn-handle-dialog');
    const put = page.waitForRequest((r) => r.url().includes('/api/abnormal/updateMsg') && r.method() === 'PUT');
    await dialog.getByRole('button', { name: '标记为已处理' }).click();
    await put;
    await page.getByText('处理成功').waitFor();
    await rows().first().getByText('已处理').waitFor();
    expect(await page.getByRole('button', { name: '处理', exact: true }).count()).toBe(0);
    const handled = await world.admin.get<{ lists: Msg[] }>('/abnormal/getMsg', { abnormalType: '1', handled: 1 });
    expect(handled.lists.map((m) => m.bikeId)).toEqual(['MTB10']);
    expect(problems.errors).toEqual([]);
  });

  it('exports the filtered list through exportMsg', async () => {
    await openWarn('?abnormalType=7');
    await expect.poll(bikeIds).toContain('HBX01');
    const request = page.waitForRequest((r) => r.url().includes('/api/abnormal/exportMsg'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    expect(new URL((await request).url()).searchParams.get('abnormalType')).toBe('7');
    expect((await download).suggestedFilename()).toBe('异常信息.xlsx');
    await page.getByText('数据导出成功！').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('is reached from the big screen 异常告警 更多 and reads at 1366 wide', async () => {
    problems.clear();
    await page.goto(`${server.url}/#/index`);
    await page.getByTestId('home-stage').waitFor();
    await page.locator('a.hp-more').click();
    await page.waitForURL(/#\/warn$/);
    await page.locator('.console-layout [data-testid="screen-title"]').getByText('异常列表', { exact: true }).waitFor();
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect.poll(bikeIds).toContain('HBX01');
    await screenshot(page, 'warn-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(problems.errors).toEqual([]);
  });
});
