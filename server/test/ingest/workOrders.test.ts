/**
 * Work orders opened and closed by the minute job (jobs/workOrders.ts): a site too full for five
 * minutes → one order per enterprise standing there, in proportion; back in range → closed by
 * itself with its minutes; alerts grouped per enterprise and place; overdue marked once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite } from '../support/world.js';
import { jobContextOf, runMinuteJobs, type JobContext } from '../../src/jobs/index.js';
import { insertOrders } from '../../src/shared/workOrders.js';
import { OpenApiClient, injectTransport } from '../../src/sim/client.js';
import { OrderDesk } from '../../src/sim/orderDesk.js';
import { adminClient, userClient } from '../support/app.js';
import { JPG, PNG, PDF, fetchFile, postFile } from '../support/uploads.js';

let t: TestContext;
let ctx: JobContext;
let mt: Operator;
let hb: Operator;
let MT = 0;
let HB = 0;
const LON = 116.31;
const LAT = 39.98;
const FULL = '1101080000001';
const EMPTY = '1101080000002';
const t0 = new Date();
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const ago = (minutes: number) => new Date(t0.getTime() - minutes * 60_000).toISOString();

async function park(op: Operator, prefix: string, n: number, lon: number, lat: number) {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  await op.post(
    '/bikes',
    ids.map((bikeId) => ({ bikeId, bikeType: 0 })),
  );
  const r = await op.post(
    '/bikes/status',
    ids.map((bikeId) => ({ bikeId, status: 1, lon, lat, reportedAt: ago(1) })),
  );
  expect(r.body.data.accepted).toBe(n);
  return ids;
}

type OrderRow = { id: number; order_type: number; brand_id: number; site_id: string | null; state: number; bikes_to_move: number | null; auto_closed: boolean };
const orders = (where = 'true') =>
  t.database.query<OrderRow>(
    `select id::int, order_type, brand_id, site_id, state, bikes_to_move, auto_closed, created_at, closed_at, deadline_at from work_orders where ${where} order by order_type, brand_id, id`,
  );
const events = (orderId: number) =>
  t.database.query<{ action: string; actor: string }>(`select action, actor from work_order_events where order_id = $1 order by at, id`, [orderId]);

beforeAll(async () => {
  t = await createTestApp();
  ctx = jobContextOf(t.app.ctx);
  MT = await addBrand(t.database, { name: '美团', account: 'mt' });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb' });
  // capacity 10, thresholds 20 % / 80 %: more than 8 is too full, fewer than 2 too empty
  await addSite(t.database, { id: FULL, lon: LON, lat: LAT, ceiling: 10 });
  await addSite(t.database, { id: EMPTY, lon: LON + 0.003, lat: LAT, ceiling: 10 });
  mt = await new Operator(t.app, 'mt').login();
  hb = await new Operator(t.app, 'hb').login();
  // 12 in the full site: 8 美团, 4 哈啰 → 4 to take away: 美团 3 (2.67), 哈啰 1 (1.33); 2 美团 in the other
  await park(mt, 'MF', 8, LON, LAT);
  await park(hb, 'HF', 4, LON, LAT);
  await park(mt, 'ME', 2, LON + 0.003, LAT);
});
afterAll(() => t.close());

describe('dispatch orders by rule', () => {
  it('waits five minutes out of range, then opens one order per enterprise with its share', async () => {
    await runMinuteJobs(ctx, at(0));
    await runMinuteJobs(ctx, at(4));
    expect(await orders('order_type in (1, 2)')).toEqual([]);
    const run = await runMinuteJobs(ctx, at(5));
    expect(run.workOrders.opened).toBe(2);
    const open = await orders('order_type in (1, 2)');
    expect(open.map((o) => [o.order_type, o.brand_id, o.site_id, o.bikes_to_move, o.state])).toEqual([
      [1, MT, FULL, 3, 1],
      [1, HB, FULL, 1, 1],
    ]);
    // the deadline is the site's dispatchResponseMinute (30 by default)
    const [first] = await t.database.query<{ minutes: number }>(
      `select extract(epoch from deadline_at - created_at)::int / 60 as minutes from work_orders where id = $1`,
      [open[0].id],
    );
    expect(first.minutes).toBe(30);
    expect(await events(open[0].id)).toEqual([{ action: 'open', actor: 'system' }]);
    // a second run while it lasts opens nothing more
    expect((await runMinuteJobs(ctx, at(6))).workOrders.opened).toBe(0);
  });

  it('closes them by itself when the site is back in range, keeping the minutes', async () => {
    // 美团 takes 3 bikes away (ridden: status 2)
    await mt.post(
      '/bikes/status',
      ['MF0', 'MF1', 'MF2'].map((bikeId) => ({ bikeId, status: 2, lon: LON, lat: LAT, reportedAt: new Date().toISOString() })),
    );
    // 9 left: still too full
    expect((await runMinuteJobs(ctx, at(12))).workOrders.closed).toBe(0);
    await hb.post('/bikes/status', [{ bikeId: 'HF0', status: 2, lon: LON, lat: LAT, reportedAt: new Date().toISOString() }]);
    const run = await runMinuteJobs(ctx, at(14));
    expect(run.workOrders.closed).toBe(2);
    const closed = await t.database.query<{ state: number; auto_closed: boolean; minutes: number }>(
      `select state, auto_closed, extract(epoch from closed_at - created_at)::int / 60 as minutes from work_orders where order_type = 1`,
    );
    expect(closed).toEqual([
      { state: 4, auto_closed: true, minutes: 9 },
      { state: 4, auto_closed: true, minutes: 9 },
    ]);
    expect((await events((await orders('order_type = 1'))[0].id)).map((e) => e.action)).toEqual(['open', 'autoClose']);
    expect(await t.database.query(`select * from dispatch_watch where site_id = $1`, [FULL])).toEqual([]);
  });

  it('marks an unanswered order overdue once, past its deadline', async () => {
    // the empty site has stood at 2 of 10 (20 %: in range); take one away → too empty
    await mt.post('/bikes/status', [{ bikeId: 'ME0', status: 2, lon: LON + 0.003, lat: LAT, reportedAt: new Date().toISOString() }]);
    await runMinuteJobs(ctx, at(20));
    expect((await runMinuteJobs(ctx, at(25))).workOrders.opened).toBeGreaterThan(0);
    const under = await orders(`order_type = 2 and state <> 4`);
    // too empty: the enterprises of the area, in proportion to their live fleets (1 bike to bring)
    expect(under.map((o) => [o.site_id, o.bikes_to_move])).toEqual([[EMPTY, 1]]);
    expect((await runMinuteJobs(ctx, at(54))).workOrders.overdue).toBe(0);
    expect((await runMinuteJobs(ctx, at(56))).workOrders.overdue).toBe(1);
    expect((await runMinuteJobs(ctx, at(57))).workOrders.overdue).toBe(0);
    expect((await events(under[0].id)).map((e) => e.action)).toEqual(['open', 'overdue']);
  });
});

describe('alert orders by rule', () => {
  it('groups the alerts of one enterprise at one place into one order; another enterprise gets its own', async () => {
    // off-site returns (alert 1) 1 km north of the sites, two of 美团 50 m apart, one of 哈啰
    const far = LAT + 0.01;
    // returned now, after the bikes' last reports (a later report in a site, or a later rent, would end the alert's need)
    const ret = (op: Operator, orderId: string, bikeId: string, lon: number) =>
      op.post('/orders', [
        { orderId, bikeId, event: 'rent', at: ago(0.01), lon: LON, lat: LAT },
        { orderId, bikeId, event: 'return', at: new Date().toISOString(), lon, lat: far },
      ]);
    await ret(mt, 'R1', 'MF0', LON + 0.0101);
    await ret(mt, 'R2', 'MF1', LON + 0.0105);
    await ret(hb, 'R3', 'HF0', LON + 0.0103);
    await runMinuteJobs(ctx, at(60));
    const rows = await orders('order_type = 3');
    expect(rows.map((o) => [o.brand_id, o.state])).toEqual([
      [MT, 1],
      [HB, 1],
    ]);
    const links = await t.database.query<{ order_id: number; n: number }>(
      `select order_id::int, count(*)::int as n from work_order_alerts where order_id = any($1::bigint[]) group by 1 order by 1`,
      [rows.map((r) => r.id)],
    );
    expect(links.map((l) => l.n)).toEqual([2, 1]);
    // a new alert there joins the open order
    await ret(mt, 'R4', 'MF2', LON + 0.0102);
    await runMinuteJobs(ctx, at(61));
    expect((await orders('order_type = 3')).length).toBe(2);
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from work_order_alerts where order_id = $1`, [rows[0].id]);
    expect(n).toBe(3);
  });

  it('closes an alert order by itself when all its alerts are handled', async () => {
    const [hbOrder] = await orders(`order_type = 3 and brand_id = ${HB}`);
    await t.database.query(`update abnormal_messages set handled_at = now() where id in (select abnormal_id from work_order_alerts where order_id = $1)`, [
      hbOrder.id,
    ]);
    await runMinuteJobs(ctx, at(62));
    expect((await orders(`id = ${hbOrder.id}`))[0]).toMatchObject({ state: 4, auto_closed: true });
    expect((await orders(`order_type = 3 and brand_id = ${MT}`))[0].state).toBe(1);
  });
});

describe('the enterprise’s side on the open API', () => {
  // the job ran up to an hour ahead of the clock: move its orders back, so that the calls (on the real clock) come after
  beforeAll(async () => {
    await t.database.query(
      `update work_orders set created_at = created_at - interval '2 hours', deadline_at = deadline_at - interval '2 hours',
              updated_at = updated_at - interval '2 hours', closed_at = closed_at - interval '2 hours', overdue_at = overdue_at - interval '2 hours'`,
    );
    await t.database.query(`update work_order_events set at = at - interval '2 hours'`);
  });
  const call = async (op: Operator | null, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await t.app.inject({
      method,
      url: `/api/open/v1${url}`,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: op ? { authorization: `Bearer ${op.token}` } : {},
    });
    return { status: r.statusCode, body: r.json() as { code: number; message: string; data: any } };
  };

  it('lists only its own orders, oldest change first, and resumes after the last one it saw', async () => {
    const mine = await call(mt, 'GET', '/workOrders');
    expect(mine.status).toBe(200);
    const all = await t.database.query<{ id: number }>(`select id::int from work_orders where brand_id = $1 order by updated_at, id`, [MT]);
    expect(mine.body.data.orders.map((o: { orderId: number }) => o.orderId)).toEqual(all.map((o) => o.id));
    // (违规停放: the returned bikes have stood outside every site for over 30 minutes by the job's clock)
    expect(new Set(mine.body.data.orders.map((o: { typeName: string }) => o.typeName))).toEqual(new Set(['站点过满', '站点过空', '站外还车', '违规停放']));
    const open = await call(mt, 'GET', '/workOrders?state=open');
    expect(open.body.data.orders.every((o: { state: number }) => o.state !== 4)).toBe(true);
    // the overdue dispatch order says so
    expect(open.body.data.orders.find((o: { type: number }) => o.type === 2)).toMatchObject({ stateName: '已超时', overdue: true, bikesToMove: 1 });
    const theirs = await call(hb, 'GET', '/workOrders');
    expect(theirs.body.data.orders.every((o: { orderId: number }) => !all.some((a) => a.id === o.orderId))).toBe(true);
    const [first, ...rest] = mine.body.data.orders;
    const after = await call(mt, 'GET', `/workOrders?since=${encodeURIComponent(first.updatedAt)}&afterId=${first.orderId}`);
    expect(after.body.data.orders.map((o: { orderId: number }) => o.orderId)).toEqual(rest.map((o: { orderId: number }) => o.orderId));
  });

  it('accepts and answers its order; a repeated answer is stored once', async () => {
    const [order] = await orders(`order_type = 3 and brand_id = ${MT} and state = 1`);
    const accepted = await call(mt, 'POST', '/workOrders/accept', { orderId: order.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 2, stateName: '处理中' });
    expect((await call(mt, 'POST', '/workOrders/accept', { orderId: order.id })).body.message).toBe('已接单');
    const answer = { orderId: order.id, answerId: 'A-1', text: '已将 3 辆车移回站点', bikeIds: ['MF0', 'MF1', 'MF2'] };
    const first = await call(mt, 'POST', '/workOrders/answer', answer);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ state: 3, stateName: '已反馈' });
    const again = await call(mt, 'POST', '/workOrders/answer', answer);
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('重复提交');
    const steps = await t.database.query<{ action: string; note: string | null; moved: unknown; brand_id: number }>(
      `select action, note, moved, brand_id from work_order_events where order_id = $1 order by at, id`,
      [order.id],
    );
    expect(steps.map((s) => s.action)).toEqual(['open', 'accept', 'answer']);
    expect(steps[2]).toMatchObject({ note: '已将 3 辆车移回站点', moved: { dispatchIds: [], bikeIds: ['MF0', 'MF1', 'MF2'] }, brand_id: MT });
    // a second, different answer waits for the regulator: refused with what to do
    const other = await call(mt, 'POST', '/workOrders/answer', { ...answer, answerId: 'A-2' });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('被退回后可再次反馈');
  });

  it('closes the answered off-site order by itself once its bikes are seen in a site again', async () => {
    const [order] = await orders(`order_type = 3 and brand_id = ${MT} and state = 3`);
    const listed = await call(mt, 'GET', '/workOrders?state=3');
    expect(listed.body.data.orders.find((o: { orderId: number }) => o.orderId === order.id).bikeIds.sort()).toEqual(['MF0', 'MF1', 'MF2']);
    // two of three back in the site: the order still waits for the third
    const back = (ids: string[]) =>
      mt.post(
        '/bikes/status',
        ids.map((bikeId) => ({ bikeId, status: 1, lon: LON, lat: LAT, reportedAt: new Date().toISOString() })),
      );
    await back(['MF0', 'MF1']);
    await runMinuteJobs(ctx, new Date());
    expect((await orders(`id = ${order.id}`))[0].state).toBe(3);
    expect((await call(mt, 'GET', '/workOrders?state=3')).body.data.orders.find((o: { orderId: number }) => o.orderId === order.id).bikeIds).toEqual(['MF2']);
    await back(['MF2']);
    await runMinuteJobs(ctx, new Date());
    expect((await orders(`id = ${order.id}`))[0]).toMatchObject({ state: 4, auto_closed: true });
    expect((await events(order.id)).map((e) => e.action)).toEqual(['open', 'accept', 'answer', 'autoClose']);
  });

  it('refuses an answer to a closed order with a clear message', async () => {
    const [closed] = await orders(`state = 4 and brand_id = ${MT}`);
    const r = await call(mt, 'POST', '/workOrders/answer', { orderId: closed.id, answerId: 'late', text: '已处理' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('工单已办结，不能再反馈');
    expect(await t.database.query(`select 1 from work_order_events where order_id = $1 and request_id = 'late'`, [closed.id])).toEqual([]);
  });

  it('another enterprise can neither see nor answer the order; no token, no answer; bad input is told', async () => {
    const [order] = await orders(`brand_id = ${MT} and state <> 4`);
    for (const [url, body] of [
      ['/workOrders/accept', { orderId: order.id }],
      ['/workOrders/answer', { orderId: order.id, answerId: 'x', text: '越权' }],
    ] as const) {
      const r = await call(hb, 'POST', url, body);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(`工单 ${order.id} 不存在`);
    }
    expect((await orders(`id = ${order.id}`))[0].state).toBe(order.state);
    expect((await call(null, 'GET', '/workOrders')).status).toBe(401);
    expect((await call(mt, 'POST', '/workOrders/answer', { orderId: 'x', answerId: 'y', text: '' })).status).toBe(400);
    expect((await call(mt, 'GET', '/workOrders?since=yesterday')).status).toBe(400);
  });
});

describe('the sync log', () => {
  it('keeps every work-order write in the dispatch sync log (调度同步), refusals with their reason', async () => {
    const rows = await t.database.query<{
      kind: string;
      endpoint: string;
      result: string;
      brand_id: number;
      detail: { rejected?: { id: string; reason: string }[] } | null;
    }>(`select kind, endpoint, result, brand_id, detail from sync_logs where endpoint like 'POST /workOrders/%' order by id`);
    expect(rows.every((r) => r.kind === 'dispatch')).toBe(true);
    expect(rows.filter((r) => r.endpoint === 'POST /workOrders/accept' && r.result === 'ok' && r.brand_id === MT).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.endpoint === 'POST /workOrders/answer' && r.result === 'ok' && r.brand_id === MT).length).toBeGreaterThan(0);
    const closed = rows.find((r) => r.result === 'failed' && r.detail?.rejected?.[0].reason === '工单已办结，不能再反馈');
    expect(closed).toMatchObject({ endpoint: 'POST /workOrders/answer', brand_id: MT });
    // 哈啰's try at 美团's order: refused, kept under 哈啰
    expect(rows.some((r) => r.brand_id === HB && r.result === 'failed' && /工单 \d+ 不存在/.test(r.detail?.rejected?.[0].reason ?? ''))).toBe(true);
  });
});

describe('photos and the time of an answer', () => {
  let orderId = 0;
  const created = new Date(Date.now() - 60 * 60_000);
  const send = (op: Operator | null, url: string, body: unknown) =>
    t.app
      .inject({ method: 'POST', url: `/api/open/v1${url}`, payload: body as object, headers: op ? { authorization: `Bearer ${op.token}` } : {} })
      .then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));
  const photo = (op: Operator | null, bytes: Buffer, name = 'scene.jpg') => postFile(t.app, '/api/open/v1/workOrders/photo', op?.token ?? null, name, bytes);

  let hbOrderId = 0;
  beforeAll(async () => {
    const order = (brandId: number, place: string) => ({
      orderType: 8 as const,
      areaId: '110108',
      brandId,
      siteId: FULL,
      lon: null,
      lat: null,
      place,
      title: '请清理站点',
      bikesToMove: null,
      evidence: {},
      openedBy: 'regulator' as const,
      creatorId: null,
      createdAt: created,
      deadlineAt: new Date(created.getTime() + 30 * 60_000),
    });
    [orderId, hbOrderId] = (await t.database.tx((q) => insertOrders(q, [order(MT, 'site:photos'), order(HB, 'site:photos')]))) as number[];
  });

  it('uploads photos (images only), answers with them and the time it did the work', async () => {
    const a = await photo(mt, JPG);
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ url: `/uploads/${a.body.data.file}`, type: 'image/jpeg' });
    const b = await photo(mt, PNG, 'b.png');
    expect(b.status).toBe(200);
    const pdf = await photo(mt, PDF, 'x.pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toContain('工单照片仅支持 PNG、JPG、WEBP');
    expect((await photo(null, JPG)).status).toBe(401);
    // 哈啰 cannot put 美团's photo on its answer, nor a made-up file
    const stolen = await send(hb, '/workOrders/answer', { orderId: hbOrderId, answerId: 'steal', text: '已处理', photos: [a.body.data.file] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toContain('不是本企业上传的可用照片');
    // the refused answer changed nothing
    expect((await orders(`id = ${hbOrderId}`))[0].state).toBe(1);
    const made = await send(mt, '/workOrders/answer', { orderId, answerId: 'P-0', text: '已处理', photos: ['../../etc/passwd'] });
    expect(made.status).toBe(400);
    // before the order was opened: refused; nothing stored
    const early = await send(mt, '/workOrders/answer', {
      orderId,
      answerId: 'P-1',
      text: '已处理',
      answeredAt: new Date(created.getTime() - 60_000).toISOString(),
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('answeredAt 不能早于工单创建时间');
    const doneAt = new Date(created.getTime() + 40 * 60_000);
    const ok = await send(mt, '/workOrders/answer', {
      orderId,
      answerId: 'P-2',
      text: '已清理，见照片',
      photos: [a.body.data.url, b.body.data.file],
      answeredAt: doneAt.toISOString(),
    });
    expect(ok.status).toBe(200);
    // the answer's time is the enterprise's, the order's change time is the server's (pollers page by it)
    expect(ok.body.data.answeredAt).toBe(doneAt.toISOString());
    expect(Date.parse(ok.body.data.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.database.query<{ photos: string[] }>(`select photos from work_order_events where order_id = $1 and action = 'answer'`, [orderId]);
    expect(row.photos).toEqual([a.body.data.url, b.body.data.url]);
    const owners = await t.database.query<{ owner_id: number; brand_id: number }>(`select owner_id, brand_id from uploads where file = any($1::varchar[])`, [
      [a.body.data.file, b.body.data.file],
    ]);
    expect(owners).toEqual([
      { owner_id: orderId, brand_id: MT },
      { owner_id: orderId, brand_id: MT },
    ]);

    // the regulator of the area sees the answer with its photos and can open them; another area cannot
    const admin = await adminClient(t.app);
    const hd = await userClient(t.app, admin, { username: 'hd_photo', areaId: '110108' });
    const cy = await userClient(t.app, admin, { username: 'cy_photo', areaId: '110105' });
    const detail = await hd.get('/api/workOrder/detail', { id: orderId });
    expect(detail.body.data.answer).toMatchObject({ note: '已清理，见照片', photos: [a.body.data.url, b.body.data.url] });
    // late: 40 minutes against a 30-minute deadline
    expect(detail.body.data.answerTime.slice(11, 16)).toBe(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(doneAt),
    );
    const seen = await fetchFile(t.app, hd.token, a.body.data.url);
    expect(seen.status).toBe(200);
    expect(seen.bytes.equals(JPG)).toBe(true);
    expect((await fetchFile(t.app, cy.token, a.body.data.url)).status).toBe(403);
  });

  it('lists what waits for the enterprise (todo: 待接单 and 处理中)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/open/v1/workOrders?state=todo&limit=500', headers: { authorization: `Bearer ${mt.token}` } });
    const list = r.json().data.orders as { orderId: number; state: number }[];
    const want = await t.database.query<{ id: number }>(`select id::int from work_orders where brand_id = $1 and state in (1, 2) order by updated_at, id`, [
      MT,
    ]);
    expect(list.map((o) => o.orderId)).toEqual(want.map((w) => w.id));
    expect(list.some((o) => o.orderId === orderId)).toBe(false);
  });
});

describe('the demo operators answer through the same open API', () => {
  it('polls the orders waiting for it and answers one opened after it started', async () => {
    const started = Date.now() - 1000;
    const [id] = await t.database.tx((q) =>
      insertOrders(q, [
        {
          orderType: 8,
          areaId: '110108',
          brandId: MT,
          siteId: FULL,
          lon: null,
          lat: null,
          place: 'site:demo',
          title: '请核查站点',
          bikesToMove: null,
          evidence: {},
          openedBy: 'regulator',
          creatorId: null,
          createdAt: new Date(),
          deadlineAt: new Date(Date.now() + 3600_000),
        },
      ]),
    );
    const client = new OpenApiClient(injectTransport(t.app), 'mt', 'Secret123', { onRateLimit: 'wait' });
    const desk = new OrderDesk(client, { answers: 1, medianMinutes: 0.001 }, 1, started);
    await desk.tick(Date.now());
    await desk.tick(Date.now() + 61_000);
    expect(desk.answered).toBe(1);
    const steps = await t.database.query<{ action: string; request_id: string | null }>(
      `select action, request_id from work_order_events where order_id = $1 order by id`,
      [id],
    );
    // accepted and answered in one go, each at the time the desk says it did it
    expect(steps).toEqual([
      { action: 'open', request_id: null },
      { action: 'accept', request_id: null },
      { action: 'answer', request_id: `demo-${id}-0` },
    ]);
  });
});
