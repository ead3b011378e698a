/**
 * 评级考核 in the browser (issue 30), on a month of 海淀 built by hand (server/test/support/ratingMonth.ts,
 * written into the stopped server's database): the admin sets the scheme on 考核设置 (the conf over
 * the defaults, a category, a trend rule whose overlapping bands are refused with the reason), the
 * rest of the rules through the API; assesses 2026-09 on 企业考核 (美团 85 B, 哈啰 72 C); raises a
 * threshold on 考核设置, re-assesses and sees 美团 fall to 76 C; opens 美团's 考核详情 and follows the
 * evidence of 非允许站点停放 to 异常列表 filtered to 美团, type 8 and September: its two alerts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { Console } from './homeWorld';
import { PERIOD, seedRatingMonth } from '../server/test/support/ratingMonth';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;

const HD = '110108';

let admin: Console;
const brand = { MT: 0, HB: 0 };

/** The two enterprises and their month, straight into the stopped server's database. */
async function seed(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: `${dataDir}/pgdata` });
  try {
    const add = async (name: string, account: string) =>
      (
        await db.query<{ id: number }>(
          `insert into brands (brand_name, brand_account, brand_password_hash, area_id, operation_area_id) values ($1, $2, 'x', $3, $4) returning id`,
          [name, account, HD, JSON.stringify([HD])],
        )
      ).rows[0].id;
    brand.MT = await add('美团', 'mt_rating');
    brand.HB = await add('哈啰', 'hb_rating');
    await seedRatingMonth((sql, params) => db.query(sql, params), brand);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  const first = await startServer('rating');
  await first.stop({ keepData: true });
  await seed(first.dataDir);
  server = await startServer('rating', 90_000, { dataDir: first.dataDir });
  admin = await Console.login(server.url, 'admin', ADMIN_PASSWORD);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url, ADMIN_PASSWORD);
  await page.waitForURL(/#\/index$/);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NAMES: Record<string, string> = {
  overQuota: '超额投放率',
  offSiteReturn: '站外还车率',
  illegalBikes: '非法车辆',
  notAllowedParking: '非允许站点停放',
  orderInTime: '工单按时响应率',
  faultyOpen: '故障车超 24 小时未处理',
};
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
    await row.getByRole('switch', { name: '启用 数据接入率' }).click();
    await page.getByText('规则已启用').waitFor();

    await page.getByRole('tab', { name: '考核配置' }).click();
    await page.getByText('各类别满分之和（15）不等于基础分 100，请调整').waitFor();
    await screenshot(page, 'rating-conf');
    expect(problems.errors).toEqual([]);
  });

  it('assesses September, raises a threshold, re-assesses: 美团 falls from 85 B to 76 C', { timeout: 180_000 }, async () => {
    // the rest of the scheme through the API
    const cat = async (name: string, fullScore: number) =>
      (await admin.call<{ id: number }>('POST', '/examine/category/upsert', {}, { areaId: HD, name, fullScore })).id;
    const order = await cat('秩序管理', 30);
    const duty = await cat('运维能力', 55);
    const rule = (categoryId: number, measure: string, bands: { min: number | null; max: number | null; points: number }[]) =>
      admin.call('POST', '/examine/trendsRule/upsert', {}, { areaId: HD, categoryId, measure, name: NAMES[measure], bands, enabled: true });
    await rule(order, 'overQuota', [{ min: 5, max: null, points: 10 }]);
    await rule(order, 'offSiteReturn', [
      { min: 20, max: null, points: 8 },
      { min: 10, max: 20, points: 4 },
    ]);
    await rule(order, 'illegalBikes', [{ min: 1, max: null, points: 5 }]);
    await rule(order, 'notAllowedParking', [{ min: 1, max: 3, points: 2 }]);
    await rule(duty, 'orderInTime', [{ min: null, max: 60, points: 6 }]);
    await rule(duty, 'faultyOpen', [{ min: 1, max: null, points: 3 }]);

    await page.goto(`${server.url}/#/ratingEvaluation/rate/index?period=${PERIOD}&selfAreaId=${HD}`);
    await page.getByText(`${PERIOD} 尚未考核`).waitFor();
    await page.getByRole('button', { name: /执行考核/ }).click();
    await page.getByText(`已完成 ${PERIOD} 的考核`).first().waitFor();
    const row = (name: string) => page.locator('tr.ant-table-row', { hasText: name });
    await row('美团').getByText('B 级').waitFor();
    expect(await row('美团').locator('td').nth(2).innerText()).toBe('85');
    expect(await row('哈啰').locator('td').nth(2).innerText()).toBe('72');
    await row('哈啰').getByText('C 级').waitFor();
    await screenshot(page, 'rating-ranking');

    // 工单按时响应率 under 60 % now costs 15
    await page.goto(tab('trend'));
    const orders = page.locator('tr.ant-table-row', { hasText: '工单按时响应率' });
    await orders.getByRole('button', { name: '编辑' }).click();
    const d = dialog('编辑趋势考核规则');
    await d.getByLabel('第 1 档扣分').fill('15');
    await d.getByRole('button', { name: /确\s*定/ }).click();
    await d.waitFor({ state: 'hidden' });
    await orders.getByText('< 60%：扣 15 分').waitFor();

    await page.goto(`${server.url}/#/ratingEvaluation/rate/index?period=${PERIOD}&selfAreaId=${HD}`);
    await page.getByRole('button', { name: /重新考核/ }).click();
    await page.getByText(`已完成 ${PERIOD} 的考核`).first().waitFor();
    await row('美团').getByText('C 级').waitFor();
    expect(await row('美团').locator('td').nth(2).innerText()).toBe('76');
    expect(await row('美团').locator('td').nth(4).innerText()).toBe('—');
  });

  it('opens 美团’s detail and follows a deduction’s evidence to the list it came from', { timeout: 120_000 }, async () => {
    await page.locator('tr.ant-table-row', { hasText: '美团' }).getByRole('link', { name: '详情' }).click();
    await page.waitForURL(/rate\/grade\?/);
    await page.getByText('美团 得分').waitFor();
    const rule = page.locator('tr.ant-table-row', { hasText: '非允许站点停放' });
    await rule.getByText('2 辆次').waitFor();
    await screenshot(page, 'rating-detail');
    await rule.getByRole('link', { name: '查看证据' }).click();
    await page.waitForURL(/#\/warn\?/);
    expect(page.url()).toContain(`abnormalType=8&brandId=${brand.MT}`);
    expect(page.url()).toContain('startTime=2026-09-01&endTime=2026-09-30');
    const rows = page.locator('.desk-page tr.ant-table-row');
    await page.getByText('MT8A').waitFor();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByText('MT8B').waitFor();
    await screenshot(page, 'rating-evidence');
    expect(problems.errors).toEqual([]);
  });
});
