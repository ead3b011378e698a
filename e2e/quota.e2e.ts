/**
 * 总量设置 and 区域核准数量 in the browser, on a small world built through the APIs (海淀: 美团 quota
 * 30 / 5 with 4 bicycles filed, 哈啰 20 / 5 with 6 bicycles and an e-bike filed, 5 of them reporting,
 * 4 standing in a site): the admin lowers 哈啰's bicycle quota in 海淀
 * in place and sees its filed and online counts turn red above it (+n, share); on 总量设置 a cap
 * below what 海淀 has approved is refused under the box, a cap above it is saved; after a reload
 * both saved values are back, and the numbers beside the quota are the big screen's (areaVerify).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, FAST_SNAPSHOTS, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { Console, HD, createEnterprise, openApi, operatorToken } from './homeWorld';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;
let admin: Console;

const PASSWORD = 'Quota-e2e-pass-2024';
const SITE = { siteId: '1101089900101', siteName: '海淀核准测试站', siteLon: 116.306, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD };

/** Two enterprises in 海淀 with quotas, a site, bikes filed and (some) reporting, through the console and open APIs. */
async function buildQuotaWorld(base: string) {
  const a = await Console.login(base, 'admin', ADMIN_PASSWORD);
  const brands = [
    { name: '美团', account: 'q-e2e-mt', bikes: ['MQ01', 'MQ02', 'MQ03', 'MQ04'], ebikes: [] as string[], reporting: 2 },
    { name: '哈啰', account: 'q-e2e-hb', bikes: ['HQ01', 'HQ02', 'HQ03', 'HQ04', 'HQ05', 'HQ06'], ebikes: ['HQE1'], reporting: 5 },
  ];
  await a.call('POST', '/site/', { selfAreaId: '000000' }, { ...SITE, length: 20 });
  for (const b of brands) {
    const { brandId } = await createEnterprise(a, b.name, b.account, [HD], { brandPassword: PASSWORD });
    await a.call(
      'POST',
      '/indexPage/setAreaBikeNumber',
      { selfAreaId: HD },
      { selfAreaId: HD, brandId, areaId: HD, bikeNum: b.name === '美团' ? 30 : 20, ebikeNum: 5 },
    );
    const token = await operatorToken(base, b.account, PASSWORD);
    const filed = [...b.bikes.map((id) => ({ bikeId: id, bikeType: 0 })), ...b.ebikes.map((id) => ({ bikeId: id, bikeType: 1 }))];
    await openApi(
      base,
      token,
      'POST',
      '/bikes',
      filed.map((f) => ({ ...f, licenseCode: `京${f.bikeId}` })),
    );
    const at = new Date(Date.now() - 60_000).toISOString();
    await openApi(
      base,
      token,
      'POST',
      '/bikes/status',
      filed.slice(0, b.reporting).map((f, i) => ({ ...f, status: 1, lon: SITE.siteLon, lat: SITE.siteLat + ((i % 5) + 1) / 111_320, reportedAt: at })),
    );
  }
  // the bike counts are the minute snapshot's (brand_live_counts): wait for the one after these reports
  const deadline = Date.now() + 150_000;
  for (;;) {
    const v = await a.get<{ lists: VerifyRow[] }>('/statistics/areaVerify', { selfAreaId: HD });
    const online = (name: string) => v.lists.find((r) => r.brandName === name)?.onlineBikeNum;
    if (brands.every((b) => online(b.name) === b.reporting)) break;
    if (Date.now() > deadline) throw new Error(`no snapshot of the reports within 150 s: ${JSON.stringify(v.lists)}`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
  return a;
}

beforeAll(async () => {
  server = await startServer('quota', undefined, { env: FAST_SNAPSHOTS });
  admin = await buildQuotaWorld(server.url);
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
    const verify = await admin.get<{ lists: VerifyRow[] }>('/statistics/areaVerify', { selfAreaId: HD });
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
    // 美团 within its 30: nothing red on its row; lowered to 3, its 4 filed bicycles are 1 over
    const mt = row('美团');
    expect(await mt.locator('.quota-over').count()).toBe(0);
    expect(await page.getByLabel('区域总量').textContent()).toContain('自行车：不限，已核准 33');
    // the pointer still rests on 哈啰's edit button, whose tooltip covers 美团's button in the row
    // above; a user moves the mouse on, and so does the test, before clicking there
    await page.mouse.move(5, 5);
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: '编辑哈啰自行车核准数量' }).waitFor({ state: 'hidden' });
    await mt.getByRole('button', { name: '编辑美团自行车核准数量' }).click();
    const mtBox = page.getByRole('spinbutton', { name: '美团自行车核准数量' });
    await mtBox.fill(String(NEW_QUOTA));
    await page.getByRole('button', { name: '保存' }).click();
    await mtBox.waitFor({ state: 'detached' });
    await mt.locator('.quota-over', { hasText: '+1（33.3%）' }).waitFor();
    await page.getByLabel('区域总量').getByText('已核准 6').waitFor();
    await screenshot(page, 'quota-check-over');
  });

  it('refuses a 海淀 cap below what is approved there, saves one above it and sees the filed count above it in red', { timeout: 180_000 }, async () => {
    await page.goto(`${server.url}/#/companyManagement/sum?selfAreaId=110100`);
    const hd = row('海淀区');
    await hd.waitFor();
    // approved in 海淀: 美团 3 + 哈啰 3; filed 10
    expect(await hd.locator('.quota-over').count()).toBe(0);
    await hd.getByRole('button', { name: '编辑海淀区自行车总量上限' }).click();
    const box = page.getByRole('spinbutton', { name: '海淀区自行车总量上限' });
    await box.fill('5');
    await box.press('Enter');
    const alert = hd.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('低于海淀区已核准的自行车合计 6');
    await screenshot(page, 'quota-sum-refused');
    await box.fill('8');
    await box.press('Enter');
    await box.waitFor({ state: 'detached' });
    await hd.getByText('可再核准 2').waitFor();
    await hd.locator('.quota-over', { hasText: '+2（25%）' }).waitFor();
    // the city above has no cap: nothing red there
    expect(await row('市辖区').locator('.quota-over').count()).toBe(0);
    await screenshot(page, 'quota-sum-saved');
  });

  it('after a reload both saved values are back', { timeout: 180_000 }, async () => {
    await page.reload();
    const hd = row('海淀区');
    await hd.getByText('可再核准 2').waitFor();
    expect(await hd.locator('.quota-value').first().textContent()).toBe('8');
    expect(await hd.locator('.quota-over').count()).toBe(1);
    await page.goto(`${server.url}/#/companyManagement/check?selfAreaId=${HD}`);
    await page.reload();
    const hb = row('哈啰');
    await hb.waitFor();
    expect(await hb.locator('.quota-value').first().textContent()).toBe(String(NEW_QUOTA));
    expect(await hb.locator('.quota-over').count()).toBeGreaterThan(0);
    expect(await row('美团').locator('.quota-value').first().textContent()).toBe(String(NEW_QUOTA));
    expect(await page.getByLabel('区域总量').textContent()).toContain('自行车：上限 8，已核准 6，可再核准 2');
    await screenshot(page, 'quota-check-reloaded');
    expect(problems.errors).toEqual([]);
  });
});
