/**
 * 米单车管理 · 站点申请 against a real server (issue 29 point 1): a maintainer of 美团 proposes two
 * sites in the field app on a phone (390×844, the phone's position set by the browser); the
 * regulator at 1920×1080 follows the home to-do 站点申请 (2) to #/miBicycle/site?state=0, opens the
 * first one's detail (its place on the small map, its photo), approves it through the prefilled
 * 新增站点 dialog, renamed; the site is on the big screen (the map's count, found by its name) and the
 * to-do says 1; the second is rejected with a reason, which the maintainer reads in the field app's
 * 我的记录. Screenshots in test-output/e2e.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from '../server/src/domain/coords';
import { ADMIN_PASSWORD, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer, loginAs } from './harness';
import { Console, HD, createEnterprise } from './homeWorld';
import { info, map, search, siteCount, waitForCount } from './mapPage';

const PHONE = { width: 390, height: 844 };
const USER = { username: 'e2e_apply_mt', password: 'Field-user-2024', name: '王运维' };
/** Where the maintainer stands (GCJ-02) and the phone's GPS there (WGS-84). */
const AT = { lon: 116.3201, lat: 39.9812 };
const gpsAt = (p: { lon: number; lat: number }) => {
  const w = convert(p.lon, p.lat, 'gcj02', 'wgs84');
  return { longitude: w.lon, latitude: w.lat, accuracy: 10 };
};
const APPROVED = { name: '海淀黄庄地铁口', renamed: '海淀黄庄地铁站 B 口' };
const REJECTED = { name: '苏州街路口', reason: '距离已有站点不足 50 米，请就近停放' };
const WAIT = 90_000;

let server: TestServer;
let browser: Browser;
let phone: Page;
let phoneProblems: PageProblems;
let desk: Page;
let deskProblems: PageProblems;
let me: Console;
let admin: Console;

interface HistoryItem {
  kind: string;
  id: number;
  title: string;
  state: string;
  note: string | null;
  siteId: string | null;
}
const history = () => me.get<{ items: HistoryItem[] }>('/field/history').then((d) => d.items.filter((h) => h.kind === 'siteApply'));
const pend = () => admin.get<{ siteApplyPend: number }>('/statistics/pend').then((d) => d.siteApplyPend);

/** A camera's photo: a JPEG drawn in the page. */
async function cameraPhoto(p: Page, label: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await p.evaluate((text) => {
    const c = document.createElement('canvas');
    c.width = 1200;
    c.height = 800;
    const g = c.getContext('2d')!;
    g.fillStyle = '#4f86e8';
    g.fillRect(0, 0, 1200, 800);
    g.fillStyle = '#ffffff';
    g.font = 'bold 160px sans-serif';
    g.fillText(text, 200, 450);
    return c.toDataURL('image/jpeg', 0.9);
  }, label);
  return { name: `IMG_${label}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1], 'base64') };
}

/** On the phone: 站点申请 with a name, a reason and a photo, at the phone's position. */
async function propose(name: string, reason: string) {
  await phone.goto(`${server.url}/#/field`);
  await phone.getByRole('link', { name: /站点申请/ }).click();
  await phone.locator('.leaflet-container').waitFor();
  await phone.getByText(/已定位/).waitFor();
  await phone.getByPlaceholder('如 中关村大街 3 号口').fill(name);
  await phone.getByPlaceholder('如 附近地铁口早高峰车辆堆积，无停放区').fill(reason);
  await phone.locator('input[type=file]').setInputFiles(await cameraPhoto(phone, '站点'));
  await phone.getByAltText('照片 1').waitFor();
  await phone.getByRole('button', { name: '提交申请' }).click();
  await phone.getByRole('heading', { name: '站点申请已提交' }).waitFor();
}

beforeAll(async () => {
  server = await startServer('miBicycle');
  admin = await Console.login(server.url, 'admin', ADMIN_PASSWORD);
  const { brandId } = await createEnterprise(admin, '美团', 'e2eapplymt', [HD]);
  await admin.call('POST', '/user/add', {}, { ...USER, areaId: HD, roleIds: [31], userLevel: 1, brandId });
  me = await Console.login(server.url, USER.username, USER.password);
  browser = await launchBrowser();
  ({ page: phone, problems: phoneProblems } = await openPage(browser, PHONE, {
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: gpsAt(AT),
  }));
  phone.setDefaultTimeout(WAIT);
  await loginAs(phone, USER.username, USER.password, server.url);
  await phone.waitForURL(/#\/field$/);
  ({ page: desk, problems: deskProblems } = await openPage(browser, { width: 1920, height: 1080 }));
  desk.setDefaultTimeout(WAIT);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('站点申请: proposed on a phone, decided on #/miBicycle', () => {
  it('the maintainer proposes two sites in the field app', { timeout: 240_000 }, async () => {
    await propose(APPROVED.name, '地铁口早高峰车辆堆积，无停放区');
    await screenshot(phone, 'mi-apply-proposed');
    await propose(REJECTED.name, '路口乱停');
    expect((await history()).map((h) => [h.title, h.state])).toEqual([
      [REJECTED.name, '待审核'],
      [APPROVED.name, '待审核'],
    ]);
    expect(await pend()).toBe(2);
  });

  let sitesBefore = 0;
  it('the regulator follows the to-do to the pending ones and sees the place and the photo', { timeout: 240_000 }, async () => {
    await loginViaForm(desk, server.url);
    await desk.waitForURL(/#\/index$/);
    await map(desk).waitFor();
    await expect.poll(() => siteCount(desk), { timeout: WAIT }).toBeGreaterThanOrEqual(0);
    sitesBefore = await siteCount(desk);
    const todo = desk.getByTestId('todo-siteApplyPend');
    await expect.poll(() => todo.textContent(), { timeout: WAIT }).toBe('2');
    await todo.click();
    await desk.waitForURL(/#\/miBicycle\/site\?state=0$/);
    const row = desk.locator('.ant-table-row', { hasText: APPROVED.name });
    await row.waitFor();
    await expect.poll(() => desk.locator('.ant-table-row').count()).toBe(2);
    expect(await row.textContent()).toContain(USER.name);
    await row.getByRole('button', { name: /站点申请 \d+/ }).click();
    const drawer = desk.getByTestId('apply-detail');
    await drawer.waitFor();
    await drawer.locator('.leaflet-container').waitFor();
    await drawer.locator('.leaflet-marker-icon, .leaflet-interactive').first().waitFor();
    await drawer.getByAltText('申请照片').waitFor();
    await screenshot(desk, 'mi-apply-detail');
    await desk.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await screenshot(desk, 'mi-apply-list');
  });

  it('approves through the prefilled 新增站点 dialog: the site is on the big screen and the to-do says 1', { timeout: 240_000 }, async () => {
    const row = desk.locator('.ant-table-row', { hasText: APPROVED.name });
    await row.getByRole('button', { name: /^通\s*过$/ }).click();
    const dialog = desk.getByRole('dialog').filter({ hasText: '通过申请：新建站点' });
    await dialog.waitFor();
    const name = dialog.locator('#siteName');
    expect(await name.inputValue()).toBe(APPROVED.name);
    await expect.poll(() => dialog.locator('#siteId').inputValue(), { timeout: WAIT }).toMatch(/^110108\d{7}$/);
    await name.fill(APPROVED.renamed);
    await screenshot(desk, 'mi-apply-approve');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await desk.getByText('申请已通过，站点已新建').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => desk.locator('.ant-table-row').count(), { timeout: WAIT }).toBe(1);
    const approved = (await history()).find((h) => h.title === APPROVED.name)!;
    expect(approved.state).toBe('已通过');
    expect(approved.siteId).toMatch(/^110108\d{7}$/);
    expect(await pend()).toBe(1);

    await desk.goto(`${server.url}/#/index`);
    await map(desk).waitFor();
    await waitForCount(desk, sitesBefore + 1);
    await search(desk, '站点名称', APPROVED.renamed);
    await expect.poll(() => info(desk).getByText(approved.siteId!).count(), { timeout: WAIT }).toBe(1);
    await expect.poll(() => desk.getByTestId('todo-siteApplyPend').textContent(), { timeout: WAIT }).toBe('1');
    await screenshot(desk, 'mi-apply-big-screen');
  });

  it('rejects the other with a reason, which the maintainer reads in the field app', { timeout: 240_000 }, async () => {
    await desk.getByTestId('todo-siteApplyPend').click();
    await desk.waitForURL(/#\/miBicycle\/site\?state=0$/);
    const row = desk.locator('.ant-table-row', { hasText: REJECTED.name });
    await row.getByRole('button', { name: /^驳\s*回$/ }).click();
    const dialog = desk.getByRole('dialog').filter({ hasText: '驳回站点申请' });
    await dialog.waitFor();
    await dialog.locator('textarea').fill(REJECTED.reason);
    await dialog.getByRole('button', { name: /^驳\s*回$/ }).click();
    await desk.getByText('申请已驳回').first().waitFor();
    await expect.poll(() => desk.locator('.ant-table-row').count(), { timeout: WAIT }).toBe(0);
    expect(await pend()).toBe(0);
    // the rejected ones, with the reason
    await desk.goto(`${server.url}/#/miBicycle/site?state=2`);
    await desk.locator('.ant-table-row', { hasText: REJECTED.reason }).waitFor();
    await screenshot(desk, 'mi-apply-rejected');

    const rejected = (await history()).find((h) => h.title === REJECTED.name)!;
    await phone.goto(`${server.url}/#/field`);
    const note = phone.getByTestId(`history-note-siteApply-${rejected.id}`);
    await note.waitFor();
    expect(await note.textContent()).toBe(`驳回理由：${REJECTED.reason}`);
    await screenshot(phone, 'mi-apply-field-history');
  });

  it('showed no errors', () => {
    expect(deskProblems.errors).toEqual([]);
    expect(phoneProblems.errors).toEqual([]);
  });
});
