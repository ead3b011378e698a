/**
 * 评级考核 · 考核设置 in the browser (issue 30): the admin sets 海淀's scheme: the conf (the default
 * shown until saved), a category, a trend rule whose overlapping bands are refused with the reason
 * before anything is sent, then saved and switched off; the scheme's summary follows each change.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;

const HD = '110108';

beforeAll(async () => {
  server = await startServer('rating');
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tab = (name: string) => `${server.url}/#/ratingEvaluation/setting?tab=${name}&selfAreaId=${HD}`;
const dialog = (title: string) => page.locator('.ant-modal', { hasText: title });

describe('考核设置 (screenshots in test-output/e2e)', () => {
  it('saves 海淀’s conf over the defaults', { timeout: 120_000 }, async () => {
    await page.goto(tab('conf'));
    await page.getByText('该区域尚未保存考核配置').waitFor();
    await expect(page.getByText('尚未设置考核类别')).toBeTruthy();
    await page.locator('#gradeA').fill('92');
    await page.getByRole('button', { name: /保存配置/ }).click();
    await page.getByText('考核配置已保存').waitFor();
    await page.getByText('该区域尚未保存考核配置').waitFor({ state: 'hidden' });
    expect(await page.locator('#gradeA').inputValue()).toBe('92');
  });

  it('adds a category and a trend rule; overlapping bands are refused with the reason', { timeout: 180_000 }, async () => {
    await page.goto(tab('category'));
    await page.getByRole('button', { name: /新增考核类别/ }).click();
    await dialog('新增考核类别').locator('#name').fill('数据接入');
    await dialog('新增考核类别').locator('#fullScore').fill('15');
    await dialog('新增考核类别')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('tr.ant-table-row', { hasText: '数据接入' }).waitFor();

    await page.getByRole('tab', { name: '趋势考核规则' }).click();
    await page.waitForURL(/tab=trend/);
    expect(page.url()).toContain(`selfAreaId=${HD}`);
    await page.getByRole('button', { name: /新增趋势考核规则/ }).click();
    const d = dialog('新增趋势考核规则');
    await d.locator('#categoryId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '数据接入' }).click();
    await d.locator('#measure').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '数据接入率' }).click();
    await d.locator('#name').fill('数据接入率');
    await d.getByLabel('第 1 档上限').fill('92');
    await d.getByLabel('第 1 档扣分').fill('5');
    await d.getByRole('button', { name: /添加一档/ }).click();
    await d.getByLabel('第 2 档下限').fill('90');
    await d.getByLabel('第 2 档上限').fill('95');
    await d.getByLabel('第 2 档扣分').fill('2');
    await d.getByRole('button', { name: /确\s*定/ }).click();
    await d.getByText('扣分区间有重叠：同一数值只能落在一档').waitFor();
    await screenshot(page, 'rating-trend-form');
    await d.getByLabel('第 1 档上限').fill('90');
    await d.getByRole('button', { name: /确\s*定/ }).click();
    await d.waitFor({ state: 'hidden' });
    const row = page.locator('tr.ant-table-row', { hasText: '数据接入率' });
    await row.getByText('< 90%：扣 5 分；90 – 95%：扣 2 分').waitFor();
    await row.getByRole('switch', { name: '启用 数据接入率' }).click();
    await page.getByText('规则已停用').waitFor();
    await screenshot(page, 'rating-trend-rules');

    await page.getByRole('tab', { name: '考核配置' }).click();
    await page.getByText('各类别满分之和（15）不等于基础分 100，请调整').waitFor();
    await screenshot(page, 'rating-conf');
    expect(problems.errors).toEqual([]);
  });
});
