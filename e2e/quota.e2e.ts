/**
 * 总量设置 and 区域核准数量 in the browser, on the home world (海淀: 美团 quota 30 / 5, 哈啰 20 / 5,
 * bikes filed and reporting through the open API): the admin lowers 哈啰's bicycle quota in 海淀
 * in place and sees its filed and online counts turn red above it (+n, share); on 总量设置 a cap
 * below what 海淀 has approved is refused under the box, a cap above it is saved; after a reload
 * both saved values are back, and the numbers beside the quota are the big screen's (areaVerify).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { HD, type HomeWorld, buildHomeWorld } from './homeWorld';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;
let world: HomeWorld;

beforeAll(async () => {
  server = await startServer('quota');
  world = await buildHomeWorld(server.url, ADMIN_PASSWORD);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1600, height: 900 }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface VerifyRow {
  brandName: string;
  bikeQuota: number;
  filedBikeNum: number;
  onlineBikeNum: number;
}

const row = (name: string) => page.locator('.desk-page tr.ant-table-row', { hasText: name }).first();
const NEW_QUOTA = 3;

describe('总量设置 and 区域核准数量 (screenshots in test-output/e2e)', () => {
  it('lowers 哈啰’s quota in 海淀 in place and sees the counts above it in red', { timeout: 180_000 }, async () => {
    await loginViaForm(page, server.url, ADMIN_PASSWORD);
    await page.waitForURL(/#\/index$/);
    await page.goto(`${server.url}/#/companyManagement/check?selfAreaId=${HD}`);
    const hb = row('哈啰');
    await hb.waitFor();
    await page.getByLabel('区域总量').getByText('海淀区').waitFor();
    await screenshot(page, 'quota-check-before');
    await hb.getByRole('button', { name: '编辑哈啰自行车核准数量' }).click();
    const box = page.getByRole('spinbutton', { name: '哈啰自行车核准数量' });
    await box.fill(String(NEW_QUOTA));
    await box.press('Enter');
    await box.waitFor({ state: 'detached' });
    // the big screen's numbers for 海淀 after the save
    const verify = await world.admin.get<{ lists: VerifyRow[] }>('/statistics/areaVerify', { selfAreaId: HD });
    const v = verify.lists.find((b) => b.brandName === '哈啰')!;
    expect(v.bikeQuota).toBe(NEW_QUOTA);
    expect(v.filedBikeNum).toBeGreaterThan(NEW_QUOTA);
    const filedOver = v.filedBikeNum - NEW_QUOTA;
    const share = (n: number) => Math.round((n / NEW_QUOTA) * 1000) / 10;
    await hb
      .locator('.quota-over', { hasText: `+${filedOver}（${share(filedOver)}%）` })
      .first()
      .waitFor();
    const cells = await hb.locator('td').allTextContents();
    expect(cells.some((t) => t.startsWith(`${v.filedBikeNum}+${filedOver}`))).toBe(true);
    const onlineOver = v.onlineBikeNum - NEW_QUOTA;
    if (onlineOver > 0) expect(cells.some((t) => t === `${v.onlineBikeNum}+${onlineOver}（${share(onlineOver)}%）`)).toBe(true);
    else expect(cells).toContain(String(v.onlineBikeNum));
    // 美团 stays within its 30: nothing red on its row
    expect(await row('美团').locator('.quota-over').count()).toBe(0);
    expect(await page.getByLabel('区域总量').textContent()).toContain('自行车：不限，已核准 33');
    await screenshot(page, 'quota-check-over');
  });

  it('refuses a 海淀 cap below what is approved there, saves one above it', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/companyManagement/sum?selfAreaId=110100`);
    const hd = row('海淀区');
    await hd.waitFor();
    // approved in 海淀: 美团 30 + 哈啰 3
    await hd.getByRole('button', { name: '编辑海淀区自行车总量上限' }).click();
    const box = page.getByRole('spinbutton', { name: '海淀区自行车总量上限' });
    await box.fill('20');
    await box.press('Enter');
    const alert = hd.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('低于海淀区已核准的自行车合计 33');
    await screenshot(page, 'quota-sum-refused');
    await box.fill('40');
    await box.press('Enter');
    await box.waitFor({ state: 'detached' });
    await hd.getByText('可再核准 7').waitFor();
    await screenshot(page, 'quota-sum-saved');
  });

  it('after a reload both saved values are back', { timeout: 180_000 }, async () => {
    await page.reload();
    const hd = row('海淀区');
    await hd.getByText('可再核准 7').waitFor();
    expect(await hd.locator('.quota-value').first().textContent()).toBe('40');
    await page.goto(`${server.url}/#/companyManagement/check?selfAreaId=${HD}`);
    await page.reload();
    const hb = row('哈啰');
    await hb.waitFor();
    expect(await hb.locator('.quota-value').first().textContent()).toBe(String(NEW_QUOTA));
    expect(await hb.locator('.quota-over').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('区域总量').textContent()).toContain('自行车：上限 40，已核准 33，可再核准 7');
    await screenshot(page, 'quota-check-reloaded');
    expect(problems.errors).toEqual([]);
  });
});
