/**
 * The field app on a phone (issue 28), 390×844 with the phone's position set by the browser: a
 * maintainer of 美团 (role 31, created through the admin API) logs in and lands on #/field; records
 * a patrol without network (kept on the phone), and once the network is back it is sent — its first
 * answer lost on the way, so it is sent again and stored once; proposes a site on the map; clocks in
 * at 美团's clock site inside its radius (正常) and 2 km away (范围外). Photos are taken as a camera
 * would give them (3000×2000 JPEG) and shrunk on the phone before upload. Then 哈啰's maintainer
 * clocks after their one-minute window (迟到), and the regulator at 1920×1080 follows the home
 * to-do 运维预警 to 维护预警, filtered, and sees it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from '../server/src/domain/coords';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, loginAs } from './harness';
import { Console, HD, createEnterprise } from './homeWorld';

const PHONE = { width: 390, height: 844 };
const USER = { username: 'e2e_field_mt', password: 'Field-user-2024', name: '王运维' };
/** 哈啰's maintainer, whose one-minute window is over when they clock: 迟到. */
const LATE_USER = { username: 'e2e_field_hb', password: 'Field-user-2024', name: '赵晚来' };
/** 美团's clock site (GCJ-02, as sites are stored) and the phone there, as its GPS gives it (WGS-84). */
const CLOCK_SITE = { lon: 116.31, lat: 39.98 };
const gpsAt = (p: { lon: number; lat: number }) => {
  const w = convert(p.lon, p.lat, 'gcj02', 'wgs84');
  return { longitude: w.lon, latitude: w.lat, accuracy: 10 };
};
const TZ = 'Asia/Shanghai';
const BIKE = 'MTF0001';

let server: TestServer;
let browser: Browser;
let page: Page;
let context: BrowserContext;
let problems: PageProblems;
let me: Console;

/** HH:mm of a time in the server's zone. */
const hhmm = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(ms));

interface HistoryItem {
  kind: string;
  id: number;
  time: string;
  title: string;
  state: string;
}
const history = () => me.get<{ items: HistoryItem[] }>('/field/history').then((d) => d.items);

/** A camera's photo: a 3000×2000 JPEG drawn in the page. */
async function cameraPhoto(p: Page, label: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await p.evaluate((text) => {
    const c = document.createElement('canvas');
    c.width = 3000;
    c.height = 2000;
    const g = c.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 3000, 2000);
    grad.addColorStop(0, '#4f86e8');
    grad.addColorStop(1, '#f2b36b');
    g.fillStyle = grad;
    g.fillRect(0, 0, 3000, 2000);
    for (let i = 0; i < 400; i++) {
      g.fillStyle = `hsl(${(i * 37) % 360} 70% 50% / 0.5)`;
      g.fillRect((i * 7919) % 3000, (i * 104729) % 2000, 60, 60);
    }
    g.fillStyle = '#ffffff';
    g.font = 'bold 260px sans-serif';
    g.fillText(text, 700, 1100);
    return c.toDataURL('image/jpeg', 0.95);
  }, label);
  return { name: `IMG_${label}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1], 'base64') };
}

/** When the clock window opens (ms): the start of the minute after the config was saved. */
let windowOpens = 0;
let lateSiteId = 0;
/** The sizes of the photos the page uploads. */
const uploads: number[] = [];

beforeAll(async () => {
  server = await startServer('field');
  const admin = await Console.login(server.url, 'admin', ADMIN_PASSWORD);
  const { brandId } = await createEnterprise(admin, '美团', 'e2efieldmt', [HD]);
  const { brandId: hbId } = await createEnterprise(admin, '哈啰', 'e2efieldhb', [HD]);
  await admin.call(
    'POST',
    '/site/',
    { selfAreaId: '000000' },
    {
      siteId: '1101089600001',
      siteName: '外勤测试站',
      siteLon: CLOCK_SITE.lon + 0.0005,
      siteLat: CLOCK_SITE.lat,
      siteBikeCeiling: 10,
      areaId: HD,
      length: 20,
    },
  );
  await admin.call('POST', '/clock/saveClockSiteInfo', { selfAreaId: HD }, { name: '中关村打卡点', areaId: HD, brandId, ...CLOCK_SITE, radius: 100 });
  lateSiteId = (
    await admin.call<{ id: number }>(
      'POST',
      '/clock/saveClockSiteInfo',
      { selfAreaId: HD },
      { name: '哈啰打卡点', areaId: HD, brandId: hbId, ...CLOCK_SITE, radius: 100 },
    )
  ).id;
  // a window that opens next minute (a config's window counts from when it was saved) and runs up to
  // an hour, not past 23:59; a run in the day's last five minutes waits for midnight first
  while (hhmm(Date.now() + 300_000) < hhmm(Date.now())) await new Promise((r) => setTimeout(r, 10_000));
  windowOpens = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
  const windowEnd = hhmm(windowOpens + 3600_000) > hhmm(windowOpens) ? hhmm(windowOpens + 3600_000) : '23:59';
  await admin.call(
    'POST',
    '/clockRecord/saveClockConfigInfo',
    { selfAreaId: HD },
    {
      name: '外勤测试班',
      areaId: HD,
      brandId,
      roleId: 31,
      days: [1, 2, 3, 4, 5, 6, 7],
      windows: [{ start: hhmm(windowOpens), end: windowEnd }],
      clocksPerWindow: 2,
      radius: null,
      lateMinutes: 30,
      enabled: true,
    },
  );
  // 哈啰's window: the minute after it opens, then 30 minutes of 迟到
  await admin.call(
    'POST',
    '/clockRecord/saveClockConfigInfo',
    { selfAreaId: HD },
    {
      name: '哈啰短班',
      areaId: HD,
      brandId: hbId,
      roleId: 31,
      days: [1, 2, 3, 4, 5, 6, 7],
      windows: [{ start: hhmm(windowOpens), end: hhmm(windowOpens + 60_000) }],
      clocksPerWindow: 1,
      radius: null,
      lateMinutes: 30,
      enabled: true,
    },
  );
  await admin.call('POST', '/user/add', {}, { ...USER, areaId: HD, roleIds: [31], userLevel: 1, brandId });
  await admin.call('POST', '/user/add', {}, { ...LATE_USER, areaId: HD, roleIds: [31], userLevel: 1, brandId: hbId });
  me = await Console.login(server.url, USER.username, USER.password);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, PHONE, {
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: gpsAt({ lon: CLOCK_SITE.lon + 0.0003, lat: CLOCK_SITE.lat }),
  }));
  context = page.context();
  page.on('request', (r) => {
    if (r.url().includes('/api/upload') && r.method() === 'POST') uploads.push(r.postDataBuffer()?.length ?? 0);
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const waiting = () => page.getByTestId('outbox-count');

describe('the field app on a phone (screenshots in test-output/e2e)', () => {
  it('logs a maintainer in to #/field: who they are, their actions, nothing waiting', async () => {
    await loginAs(page, USER.username, USER.password, server.url);
    await page.waitForURL(/#\/field$/);
    await page.getByText(USER.name).waitFor();
    const tiles = page.getByRole('navigation', { name: '外勤工作' });
    expect(await tiles.getByRole('link').allTextContents()).toEqual([
      expect.stringContaining('打卡'),
      expect.stringContaining('巡检'),
      expect.stringContaining('设备安装'),
      expect.stringContaining('站点申请'),
      expect.stringContaining('违规举报'),
    ]);
    await page.getByRole('list', { name: '今日打卡时段' }).waitFor();
    expect(await waiting().textContent()).toBe('0条待发送');
    // a phone, not the desk: no side menu, nothing wider than the screen
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'field-home');
  });

  it('records a patrol without network, keeps it on the phone, and stores it once when the network is back', async () => {
    await page.getByRole('link', { name: /巡检/ }).click();
    await page.getByText(/已定位/).waitFor();
    const photo = await cameraPhoto(page, '违停');
    await context.setOffline(true);
    await page.getByPlaceholder('输入车辆编号，或扫码').fill(BIKE);
    await page.getByText('违停', { exact: true }).click();
    await page.getByPlaceholder('选填，如故障情况').fill('压在盲道上');
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByAltText('照片 1').waitFor();
    await screenshot(page, 'field-patrol');
    await page.getByRole('button', { name: '提交巡检' }).click();
    await page.getByRole('heading', { name: '已保存在手机上' }).waitFor();
    await screenshot(page, 'field-patrol-offline');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.getByText('当前没有网络').waitFor();
    expect(await waiting().textContent()).toBe('1条待发送');
    await page.getByText(`巡检 · ${BIKE} · 违停`).waitFor();
    await screenshot(page, 'field-home-waiting');
    expect(await history()).toEqual([]);

    // back online: the first send reaches the server but its answer is lost on the way
    let lost = 0;
    await page.route('**/api/field/patrol', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await context.setOffline(false);
    await expect.poll(async () => (await history()).filter((h) => h.kind === 'patrol').length, { timeout: 30_000 }).toBe(1);
    // still on the phone (it heard no answer): sent again, answered repeated, stored once
    expect(await waiting().textContent()).toBe('1条待发送');
    await page.getByRole('button', { name: /立即发送/ }).click();
    await expect.poll(async () => waiting().textContent(), { timeout: 30_000 }).toBe('0条待发送');
    expect(lost).toBe(2);
    const patrols = (await history()).filter((h) => h.kind === 'patrol');
    expect(patrols).toHaveLength(1);
    expect(patrols[0].title).toContain(BIKE);
    expect(patrols[0].state).toBe('违停');
    await page.unroute('**/api/field/patrol');
    await page.getByRole('region', { name: '我的记录' }).getByText(BIKE, { exact: false }).waitFor();
    await screenshot(page, 'field-home-sent');
    // the photo went up shrunk: far smaller than the camera's
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...uploads)).toBeLessThan(photo.buffer.length / 2);
  });

  it('proposes a site on the map at the phone’s position', async () => {
    await page.getByRole('link', { name: /站点申请/ }).click();
    await page.locator('.leaflet-container').waitFor();
    await page.getByText(/已定位/).waitFor();
    await page.getByPlaceholder('如 中关村大街 3 号口').fill('中关村大街 3 号口');
    await page.getByPlaceholder('如 附近地铁口早高峰车辆堆积，无停放区').fill('地铁口早高峰车辆堆积，无停放区');
    await page.locator('input[type=file]').setInputFiles(await cameraPhoto(page, '站点'));
    await page.getByAltText('照片 1').waitFor();
    await screenshot(page, 'field-site-apply');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByRole('heading', { name: '站点申请已提交' }).waitFor();
    await screenshot(page, 'field-site-apply-done');
    const applied = (await history()).filter((h) => h.kind === 'siteApply');
    expect(applied.map((h) => [h.title, h.state])).toEqual([['中关村大街 3 号口', '待审核']]);
  });

  it('clocks in inside the radius (正常) and 2 km away (范围外)', { timeout: 240_000 }, async () => {
    // the window opens at the minute after the config was saved
    await page.waitForTimeout(Math.max(0, windowOpens + 2_000 - Date.now()));
    await page.goto(`${server.url}/#/field/clock`);
    const site = page.getByRole('radio', { name: /中关村打卡点/ });
    await site.waitFor();
    await page.getByText(/范围内/).waitFor();
    await page.locator('input[type=file]').setInputFiles(await cameraPhoto(page, '打卡'));
    await page.getByAltText('照片 1').waitFor();
    await screenshot(page, 'field-clock');
    await page.getByRole('button', { name: /^打\s*卡$/ }).click();
    await page.getByText('打卡结果').waitFor();
    expect(await page.locator('.field-result-tag').textContent()).toBe('正常');
    await page.getByText(/距打卡点 \d+ 米（范围 100 米）/).waitFor();
    await screenshot(page, 'field-clock-ok');

    // 2 km east
    await context.setGeolocation(gpsAt({ lon: CLOCK_SITE.lon + 0.0235, lat: CLOCK_SITE.lat }));
    await page.getByRole('button', { name: '再次打卡' }).click();
    await page.getByText(/超出范围/).waitFor();
    await page.getByText(/超出 100 米 的范围：可以打卡，但会记为范围外/).waitFor();
    await page.locator('input[type=file]').setInputFiles(await cameraPhoto(page, '远处'));
    await page.getByAltText('照片 1').waitFor();
    await page.getByRole('button', { name: /^打\s*卡$/ }).click();
    await page.getByText('打卡结果').waitFor();
    expect(await page.locator('.field-result-tag').textContent()).toBe('范围外');
    await page.getByText(/已记为范围外/).waitFor();
    await screenshot(page, 'field-clock-out-of-range');

    const clocks = (await history()).filter((h) => h.kind === 'clock');
    expect(clocks.map((h) => h.state).sort()).toEqual(['正常', '范围外']);
    // today's window on the home screen: one done of two
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.getByRole('list', { name: '今日打卡时段' }).getByText('已打 1/2').waitFor();
  });

  it('shows the regulator 哈啰’s late clock from the to-do 运维预警, filtered, at 1920×1080', { timeout: 240_000 }, async () => {
    // 哈啰's window (one minute) is over: a clock now is 迟到
    await page.waitForTimeout(Math.max(0, windowOpens + 125_000 - Date.now()));
    const hb = await Console.login(server.url, LATE_USER.username, LATE_USER.password);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array((await cameraPhoto(page, '迟到')).buffer)], { type: 'image/jpeg' }), 'late.jpg');
    const up = (await (
      await fetch(`${server.url}/api/upload?purpose=clock`, { method: 'POST', headers: { authorization: `Bearer ${hb.token}` }, body: form })
    ).json()) as {
      data: { file: string };
    };
    const late = await hb.call<{ result: number; resultName: string }>(
      'POST',
      '/field/clock',
      {},
      {
        clientId: `e2e-late-${Date.now()}`,
        clockSiteId: lateSiteId,
        ...CLOCK_SITE,
        coord: 'gcj02',
        photos: [up.data.file],
      },
    );
    expect(late).toMatchObject({ result: 2, resultName: '迟到' });

    const desk = await openPage(browser, { width: 1920, height: 1080 });
    await loginViaForm(desk.page, server.url);
    const todo = desk.page.getByTestId('todo-dispatchWarnPend');
    // the 范围外 clock of 美团's maintainer above, and this 迟到
    await expect.poll(() => todo.textContent(), { timeout: 30_000 }).toBe('2');
    await todo.click();
    await desk.page.waitForURL(/#\/dailyDuty\/clockWarn\?/);
    const params = new URLSearchParams(desk.page.url().split('?')[1]);
    expect([params.get('clockWarn'), params.get('clockRole')]).toEqual(['1', '1']);
    const row = desk.page.locator('.ant-table-row', { hasText: LATE_USER.name });
    await row.getByText('迟到').waitFor();
    await desk.page.locator('.ant-table-row', { hasText: USER.name }).getByText('范围外').waitFor();
    await expect.poll(() => desk.page.locator('.ant-table-row').count()).toBe(2);
    await screenshot(desk.page, 'field-desk-late-warning');
    expect(desk.problems.errors).toEqual([]);
    await desk.page.close();
  });

  it('showed no errors but those of the network it was cut from', () => {
    expect(problems.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|Failed to fetch/.test(e))).toEqual([]);
  });
});
