/**
 * The work-order loop end to end (issue 27), through the public APIs and the browser:
 * 美团 pushes bikes into a site until it is over its dispatch threshold → the minute job opens a
 * dispatch order for 美团 (not 哈啰) → 美团 accepts, moves bikes away through POST /dispatch and
 * answers with a photo → the site is back in range → the order closes by itself with its minutes →
 * the regulator sees it on #/dailyDuty, with the timeline and the photo. 哈啰 leaves its own order at
 * another site (1 minute to answer) unanswered: it turns 已超时, and the big screen's 调度指引 counts it
 * and opens the tab on it.
 * The server runs its minute jobs every 5 s and opens dispatch orders at once (DISPATCH_SUSTAIN_MINUTES=0).
 */
import { deflateSync, crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, FAST_SNAPSHOTS, type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';
import { Console, HD, PASSWORD, createEnterprise, openApi, operatorToken } from './homeWorld';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;
let admin: Console;
const tokens = { mt: '', hb: '' };

const A = { siteId: '1101089700001', siteName: '工单测试站甲', siteLon: 116.3, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD };
const B = { siteId: '1101089700002', siteName: '工单测试站乙', siteLon: 116.31, siteLat: 39.98, siteBikeCeiling: 10, areaId: HD };
const iso = (ms = Date.now()) => new Date(ms).toISOString();

interface OpenOrder {
  orderId: number;
  type: number;
  state: number;
  siteId: string | null;
  bikesToMove: number | null;
  stateName: string;
}

/** A small PNG (a green square on white), as a phone photo would be after shrinking. */
function png(w = 96, h = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((w * 3 + 1) * h, 255);
  for (let y = 0; y < h; y++) {
    rows[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) if (x > w / 4 && x < (3 * w) / 4 && y > h / 4 && y < (3 * h) / 4) rows.set([40, 170, 90], y * (w * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function open<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: T; message: string }> {
  const res = await fetch(`${server.url}/api/open/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; message: string };
  return { status: res.status, data: json.data, message: json.message };
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 1_000));
    last = await read();
  }
  return last;
}

const todo = (token: string) => open<{ orders: OpenOrder[] }>(token, 'GET', '/workOrders?state=todo').then((r) => r.data.orders);

beforeAll(async () => {
  server = await startServer('workOrders', undefined, { env: { ...FAST_SNAPSHOTS, DISPATCH_SUSTAIN_MINUTES: '0' } });
  admin = await Console.login(server.url, 'admin', ADMIN_PASSWORD);
  await createEnterprise(admin, '美团', 'e2emt', [HD]);
  await createEnterprise(admin, '哈啰', 'e2ehb', [HD]);
  // A: 30 minutes to answer; B: 1 minute (哈啰 will let it run out)
  await admin.call(
    'POST',
    '/site/',
    { selfAreaId: '000000' },
    { ...A, length: 20, dispatchThresholdLess: 20, dispatchThresholdMore: 80, dispatchResponseMinute: 30 },
  );
  await admin.call(
    'POST',
    '/site/',
    { selfAreaId: '000000' },
    { ...B, length: 20, dispatchThresholdLess: 20, dispatchThresholdMore: 80, dispatchResponseMinute: 1 },
  );
  tokens.mt = await operatorToken(server.url, 'e2emt', PASSWORD);
  tokens.hb = await operatorToken(server.url, 'e2ehb', PASSWORD);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1920, height: 1080 }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the work-order loop (screenshots in test-output/e2e)', () => {
  let orderId = 0;
  let overdueId = 0;
  const mtBikes = Array.from({ length: 10 }, (_, i) => `MTW${String(i).padStart(2, '0')}`);
  const hbBikes = Array.from({ length: 10 }, (_, i) => `HBW${String(i).padStart(2, '0')}`);
  const park = async (token: string, ids: string[], site: typeof A) => {
    await openApi(
      server.url,
      token,
      'POST',
      '/bikes',
      ids.map((bikeId) => ({ bikeId, bikeType: 0 })),
    );
    await openApi(
      server.url,
      token,
      'POST',
      '/bikes/status',
      ids.map((bikeId, i) => ({ bikeId, status: 1, lon: site.siteLon, lat: site.siteLat + ((i % 5) + 1) / 111_320, reportedAt: iso() })),
    );
  };

  it('opens a dispatch order for the enterprise whose bikes overfill the site, and only for it', async () => {
    await park(tokens.mt, mtBikes, A);
    await park(tokens.hb, hbBikes, B);
    // 10 of 10 over an 80 % threshold: 2 to take away
    const mine = await until(
      '美团 order at A',
      () => todo(tokens.mt),
      (l) => l.some((o) => o.siteId === A.siteId),
    );
    const order = mine.find((o) => o.siteId === A.siteId)!;
    expect(order).toMatchObject({ type: 1, state: 1, bikesToMove: 2, stateName: '待接单' });
    orderId = order.orderId;
    const theirs = await until(
      '哈啰 order at B',
      () => todo(tokens.hb),
      (l) => l.some((o) => o.siteId === B.siteId),
    );
    expect(theirs.some((o) => o.siteId === A.siteId)).toBe(false);
    overdueId = theirs.find((o) => o.siteId === B.siteId)!.orderId;
    // 哈啰 can neither see nor answer 美团's order
    const stolen = await open(tokens.hb, 'POST', '/workOrders/accept', { orderId });
    expect(stolen.status).toBe(404);
  });

  it('美团 accepts, moves two bikes away, answers with a photo; the site back in range closes the order with its minutes', async () => {
    expect((await open(tokens.mt, 'POST', '/workOrders/accept', { orderId })).status).toBe(200);
    const moved = mtBikes.slice(0, 2);
    const dispatchIds = moved.map((b) => `WD-${b}`);
    await openApi(
      server.url,
      tokens.mt,
      'POST',
      '/dispatch',
      moved.map((bikeId, i) => ({ dispatchId: dispatchIds[i], bikeId, action: 'down', siteId: A.siteId, at: iso() })),
    );
    // on the truck: no longer parked in the site
    await openApi(
      server.url,
      tokens.mt,
      'POST',
      '/bikes/status',
      moved.map((bikeId) => ({ bikeId, status: 2, lon: A.siteLon, lat: A.siteLat, reportedAt: iso() })),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'scene.png');
    const up = await fetch(`${server.url}/api/open/v1/workOrders/photo`, { method: 'POST', headers: { authorization: `Bearer ${tokens.mt}` }, body: form });
    expect(up.status).toBe(200);
    const photo = ((await up.json()) as { data: { url: string } }).data.url;
    const answer = await open(tokens.mt, 'POST', '/workOrders/answer', {
      orderId,
      answerId: 'e2e-1',
      text: '已调走 2 辆至周边站点',
      dispatchIds,
      photos: [photo],
    });
    expect(answer.status).toBe(200);
    const closed = await until(
      'the order closed by itself',
      () =>
        admin.get<{ state: number; autoClosed: boolean; createTime: string; closeTime: string | null }>('/workOrder/detail', { selfAreaId: HD, id: orderId }),
      (d) => d.state === 4,
    );
    expect(closed.autoClosed).toBe(true);
    expect(closed.closeTime).not.toBeNull();
  });

  it('哈啰’s unanswered order turns 已超时 after its minute', async () => {
    const over = await until(
      'overdue',
      () => admin.get<{ lists: { id: number; stateName: string }[] }>('/workOrder/list', { selfAreaId: HD, state: 'overdue', pageSize: 50 }),
      (d) => d.lists.some((o) => o.id === overdueId),
      120_000,
    );
    expect(over.lists.find((o) => o.id === overdueId)!.stateName).toBe('已超时');
  }, 150_000);

  it('the regulator sees the closed order on #/dailyDuty: timeline, answer and photo', async () => {
    await loginViaForm(page, server.url, ADMIN_PASSWORD);
    await page.waitForURL(/#\/index$/);
    problems.clear();
    await page.goto(`${server.url}/#/dailyDuty/workOrder?state=4`);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: A.siteName });
    await row.waitFor();
    await row.getByText('已办结').waitFor();
    await screenshot(page, 'work-orders-closed');
    await row.getByRole('button', { name: `工单 ${orderId}` }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.getByText('已调走 2 辆至周边站点').first().waitFor();
    const steps = drawer.getByTestId('timeline-step');
    await expect
      .poll(async () => (await steps.allTextContents()).map((t) => t.match(/^(创建|接单|反馈|自动办结)/)?.[1] ?? t))
      .toEqual(['创建', '接单', '反馈', '自动办结']);
    await drawer.getByText('站点已恢复正常范围').waitFor();
    // the photo loads through the session (not a bare <img src>)
    const img = drawer.locator('img[alt^="反馈照片"]').first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(96);
    await screenshot(page, 'work-order-detail');
    expect(problems.errors).toEqual([]);
  });

  it('the big screen’s 调度指引 counts the open and the overdue dispatch orders, and opens the overdue ones', async () => {
    problems.clear();
    await page.goto(`${server.url}/#/index`);
    const panel = page.getByTestId('panel-dispatch');
    // A's order closed; B's is open and overdue
    await expect.poll(() => panel.getByTestId('orders-overdue').textContent(), { timeout: 30_000 }).toBe('1');
    expect(await panel.getByTestId('orders-open').textContent()).toBe('1');
    await screenshot(page, 'work-orders-big-screen');
    await panel.getByTestId('orders-overdue').click();
    await page.waitForURL(/#\/dailyDuty\/workOrder\?.*state=overdue/);
    const row = page.locator('.desk-page tr.ant-table-row', { hasText: B.siteName });
    await row.getByText('已超时').waitFor();
    expect(await page.locator('.desk-page tr.ant-table-row').count()).toBe(1);
    expect(problems.errors).toEqual([]);
  });
});
