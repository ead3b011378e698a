/**
 * 日常值守 · 工单 (/api/workOrder, issue 27): a regulator opens orders (from an alert, at a site),
 * the enterprise answers on the open API, the regulator 退回 (reason required) and 办结 (a closed
 * order refused with a clear message); another area's regulator neither sees nor acts; an
 * enterprise account sees its own enterprise's orders only; dispatchPend counts the overdue and the
 * answered; the measures per enterprise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite } from '../support/world.js';

const HD = '110108';
const CY = '110105';
const SITE = '1101089900001';
const LON = 116.31;
const LAT = 39.98;

let t: TestContext;
let hd: Client & { userId: number };
let cy: Client;
let ent: Client;
let mt: Operator;
let MT = 0;
let HB = 0;
let alertId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  MT = await addBrand(t.database, { name: '美团', account: 'mt_wo', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_wo', areaId: HD });
  await addSite(t.database, { id: SITE, name: '中关村站', lon: LON, lat: LAT, ceiling: 10 });
  hd = await userClient(t.app, admin, { username: 'hd_wo', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_wo', areaId: CY });
  ent = await userClient(t.app, admin, { username: 'ent_wo', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [MT, (ent as Client & { userId: number }).userId]);
  mt = await new Operator(t.app, 'mt_wo').login();
  const [a] = await t.database.query<{ id: number }>(
    `insert into abnormal_messages (abnormal_type, brand_id, bike_id, area_id, lon, lat, subject, created_at)
     values (1, $1, 'MTB001', $2, $3, $4, '站外还车', now() - interval '10 minutes') returning id::int`,
    [MT, HD, LON + 0.01, LAT + 0.01],
  );
  alertId = a.id;
});
afterAll(() => t.close());

const list = (c: Client, q: Record<string, unknown> = {}) => c.get('/api/workOrder/list', q);
const detail = (c: Client, id: number) => c.get('/api/workOrder/detail', { id });
/** The enterprise's answer on the open API. */
const answer = async (body: Record<string, unknown>) => {
  const r = await t.app.inject({ method: 'POST', url: '/api/open/v1/workOrders/answer', payload: body, headers: { authorization: `Bearer ${mt.token}` } });
  return { status: r.statusCode, body: r.json() };
};
const pend = async (c: Client) => (await c.get('/api/statistics/pend')).body.data.dispatchPend as number;

describe('opening orders', () => {
  it('opens one from an alert: its place, enterprise and type; the alert joins it', async () => {
    const r = await hd.post('/api/workOrder/add', { alertId, text: '请尽快把车辆挪回站点' });
    expect(r.body).toMatchObject({ code: 200, message: '工单已派发' });
    ids.fromAlert = r.body.data.id;
    const d = (await detail(hd, ids.fromAlert)).body.data;
    expect(d).toMatchObject({
      type: 3,
      typeName: '站外还车',
      state: 1,
      stateName: '待接单',
      brandId: MT,
      brandName: '美团',
      areaId: HD,
      lon: LON + 0.01,
      alertCount: 1,
      openedBy: 'regulator',
      creatorName: 'hd_wo',
      evidence: expect.objectContaining({ text: '请尽快把车辆挪回站点', alertId }),
    });
    expect(d.alerts).toEqual([expect.objectContaining({ id: alertId, abnormalType: 1, typeName: '站外还车', bikeId: 'MTB001', ended: false })]);
    expect(d.timeline).toEqual([expect.objectContaining({ action: 'open', actionName: '创建', actor: 'regulator', who: 'hd_wo' })]);
    // the deadline of an off-site return: 2 hours
    expect(Date.parse(d.deadlineTime.replace(' ', 'T') + '+08:00') - Date.parse(d.createTime.replace(' ', 'T') + '+08:00')).toBe(120 * 60_000);
    // the same alert cannot go to a second order
    const again = await hd.post('/api/workOrder/add', { alertId, text: '再派一次' });
    expect(again.body).toMatchObject({ code: 400, message: `告警 ${alertId} 已在工单 ${ids.fromAlert} 中，请在该工单中处理` });
  });

  it('opens one at a site for an enterprise, with its own deadline', async () => {
    const r = await hd.post('/api/workOrder/add', { type: 1, brandId: HB, siteId: SITE, text: '站点过满，请调走 3 辆', deadlineMinutes: 15 });
    expect(r.body.code).toBe(200);
    ids.site = r.body.data.id;
    const d = (await detail(hd, ids.site)).body.data;
    expect(d).toMatchObject({ type: 1, brandId: HB, siteId: SITE, siteName: '中关村站', title: '中关村站 站点过满', state: 1 });
  });

  it('refuses bad input in Chinese', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 8, brandId: MT, siteId: SITE, text: '   ' }, /请填写工单内容/],
      [{ type: 8, brandId: MT, text: '无位置' }, /请选择站点或在地图上选取位置/],
      [{ brandId: MT, siteId: SITE, text: '无类型' }, /请选择工单类型/],
      [{ type: 8, siteId: SITE, text: '无企业' }, /请选择派给的企业/],
      [{ type: 8, brandId: 99999, siteId: SITE, text: 'x' }, /企业不存在/],
      [{ type: 8, brandId: MT, siteId: 'NOPE', text: 'x' }, /站点 NOPE 不存在/],
      [{ type: 9, brandId: MT, siteId: SITE, text: 'x' }, /type/],
      [{ alertId: 987654, text: 'x' }, /告警 987654 不存在/],
    ];
    for (const [body, message] of cases) {
      const r = await hd.post('/api/workOrder/add', body);
      expect(r.body.code, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(message);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await list(hd, { startTime: '昨天' })).body).toMatchObject({ code: 400, message: expect.stringMatching(/startTime 格式/) });
  });

  it('needs a token and the permission', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/api/workOrder/list')).body.code).toBe(401);
    expect((await anon.post('/api/workOrder/finish', { id: ids.site, note: 'x' })).body.code).toBe(401);
    // an enterprise account views, but does not open, close or return
    expect((await ent.post('/api/workOrder/add', { type: 8, brandId: MT, siteId: SITE, text: 'x' })).body.code).toBe(5002);
    expect((await ent.post('/api/workOrder/finish', { id: ids.fromAlert, note: 'x' })).body.code).toBe(5002);
  });
});

describe('who sees what', () => {
  it('lists the area’s orders newest first, by state, type, enterprise and site', async () => {
    const all = (await list(hd)).body.data;
    expect(all.total).toBe(2);
    expect(all.lists.map((o: { id: number }) => o.id)).toEqual([ids.site, ids.fromAlert]);
    expect((await list(hd, { type: 3 })).body.data.lists.map((o: { id: number }) => o.id)).toEqual([ids.fromAlert]);
    expect((await list(hd, { brandId: HB })).body.data.lists.map((o: { id: number }) => o.id)).toEqual([ids.site]);
    expect((await list(hd, { site: '中关村' })).body.data.total).toBe(1);
    expect((await list(hd, { state: '1' })).body.data.total).toBe(2);
    expect((await list(hd, { state: '3' })).body.data.total).toBe(0);
    expect((await list(hd, { startTime: '2000-01-01', endTime: '2000-01-02' })).body.data.total).toBe(0);
  });

  it('another area’s regulator neither sees nor acts', async () => {
    expect((await list(cy)).body.data).toEqual({ lists: [], total: 0 });
    expect((await list(cy, { areaId: HD })).body.code).toBe(5002);
    expect((await detail(cy, ids.site)).body).toMatchObject({ code: 5002, message: '无权访问该区域的数据' });
    expect((await cy.post('/api/workOrder/finish', { id: ids.site, note: '越权' })).body.code).toBe(5002);
    expect((await cy.post('/api/workOrder/return', { id: ids.site, reason: '越权' })).body.code).toBe(5002);
    expect((await cy.post('/api/workOrder/add', { type: 8, brandId: MT, siteId: SITE, text: '越权' })).body.code).toBe(5002);
    expect((await cy.get('/api/workOrder/measures')).body.data.lists).toEqual([]);
  });

  it('an enterprise account sees its own enterprise’s orders only', async () => {
    const mine = (await list(ent)).body.data;
    expect(mine.lists.map((o: { id: number; brandId: number }) => [o.id, o.brandId])).toEqual([[ids.fromAlert, MT]]);
    expect((await list(ent, { brandId: HB })).body).toMatchObject({ code: 5002, message: '企业账号只能查看本企业的数据' });
    expect((await detail(ent, ids.site)).body).toMatchObject({ code: 400, message: `工单 ${ids.site} 不存在，请刷新后重试` });
    expect((await detail(ent, ids.fromAlert)).body.code).toBe(200);
  });
});

describe('answer, 退回, 办结', () => {
  it('退回 needs an answered order and a reason; the enterprise answers again; 办结 closes it once', async () => {
    // not answered yet: nothing to return
    const early = await hd.post('/api/workOrder/return', { id: ids.fromAlert, reason: '未处理' });
    expect(early.body).toMatchObject({ code: 400, message: `工单 ${ids.fromAlert} 不能退回：只有已反馈的工单可以退回` });
    const before = await pend(hd);
    const a1 = await answer({ orderId: ids.fromAlert, answerId: 'ans-1', text: '已挪回站点' });
    expect(a1.status).toBe(200);
    // answered: waiting for the regulator
    expect(await pend(hd)).toBe(before + 1);
    expect((await list(hd, { state: '3' })).body.data.lists.map((o: { id: number }) => o.id)).toEqual([ids.fromAlert]);
    expect((await list(hd, { state: 'pending' })).body.data.lists.map((o: { id: number }) => o.id)).toEqual([ids.fromAlert]);
    for (const reason of [undefined, '', '   ']) {
      const r = await hd.post('/api/workOrder/return', { id: ids.fromAlert, ...(reason === undefined ? {} : { reason }) });
      expect(r.body).toMatchObject({ code: 400, message: '请填写退回原因' });
    }
    const back = await hd.post('/api/workOrder/return', { id: ids.fromAlert, reason: '照片看不到车辆' });
    expect(back.body).toMatchObject({ code: 200, message: '工单已退回，等待企业重新处理' });
    expect((await detail(hd, ids.fromAlert)).body.data).toMatchObject({ state: 2, stateName: '处理中', returns: 1 });
    await answer({ orderId: ids.fromAlert, answerId: 'ans-2', text: '已重新摆放', bikeIds: ['MTB001'] });
    const fin = await hd.post('/api/workOrder/finish', { id: ids.fromAlert });
    expect(fin.body).toMatchObject({ code: 200, message: '工单已办结' });
    const d = (await detail(hd, ids.fromAlert)).body.data;
    expect(d).toMatchObject({
      state: 4,
      stateName: '已办结',
      returns: 1,
      answer: expect.objectContaining({ note: '已重新摆放', bikeIds: ['MTB001'], who: '美团' }),
    });
    expect(d.timeline.map((e: { action: string; who: string; note: string | null }) => [e.action, e.who, e.note])).toEqual([
      ['open', 'hd_wo', null],
      ['answer', '美团', '已挪回站点'],
      ['return', 'hd_wo', '照片看不到车辆'],
      ['answer', '美团', '已重新摆放'],
      ['finish', 'hd_wo', null],
    ]);
    // a closed order: refused, saying why
    const twice = await hd.post('/api/workOrder/finish', { id: ids.fromAlert, note: '再办结' });
    expect(twice.body).toMatchObject({ code: 400, message: `工单 ${ids.fromAlert} 不能办结：工单已办结` });
    expect((await hd.post('/api/workOrder/return', { id: ids.fromAlert, reason: 'x' })).body.message).toBe(`工单 ${ids.fromAlert} 不能退回：工单已办结`);
    expect((await t.database.query(`select count(*)::int as n from work_order_events where order_id = $1`, [ids.fromAlert]))[0].n).toBe(5);
  });

  it('办结 of an unanswered order needs a note', async () => {
    const r = await hd.post('/api/workOrder/finish', { id: ids.site });
    expect(r.body).toMatchObject({ code: 400, message: '企业尚未反馈，直接办结请填写说明' });
  });

  it('shows an unanswered order past its deadline as 已超时, filtered and counted in dispatchPend', async () => {
    expect(await pend(hd)).toBe(0);
    await t.database.query(`update work_orders set deadline_at = now() - interval '1 minute' where id = $1`, [ids.site]);
    const over = (await list(hd, { state: 'overdue' })).body.data;
    expect(over.lists.map((o: { id: number; stateName: string; overdue: boolean }) => [o.id, o.stateName, o.overdue])).toEqual([[ids.site, '已超时', true]]);
    expect((await list(hd, { state: '1' })).body.data.total).toBe(0);
    expect(await pend(hd)).toBe(1);
    expect(await pend(cy)).toBe(0);
    // the to-do's link: the same orders
    expect((await list(hd, { state: 'pending' })).body.data.lists.map((o: { id: number }) => o.id)).toEqual([ids.site]);
    const done = await hd.post('/api/workOrder/finish', { id: ids.site, note: '现场已恢复，无需处理' });
    expect(done.body.code).toBe(200);
    expect(await pend(hd)).toBe(0);
  });

  it('measures each enterprise: received, in time, minutes, returned, overdue', async () => {
    const m = (await hd.get('/api/workOrder/measures')).body.data;
    expect(m.lists).toEqual([
      expect.objectContaining({ brandId: MT, brandName: '美团', received: 1, answered: 1, answeredInTime: 1, inTimeRate: 100, returned: 1, overdue: 0 }),
      expect.objectContaining({ brandId: HB, brandName: '哈啰', received: 1, answered: 0, answeredInTime: 0, inTimeRate: 0, returned: 0, overdue: 0 }),
    ]);
    expect((await ent.get('/api/workOrder/measures')).body.data.lists.map((x: { brandId: number }) => x.brandId)).toEqual([MT]);
    expect((await hd.get('/api/workOrder/measures', { startTime: '2000-01-01', endTime: '2000-01-31' })).body.data.lists).toEqual([]);
    // received, two ways: the list of that enterprise over the period the measures answered (what 响应统计's figure opens)
    for (const line of m.lists as { brandId: number; received: number }[]) {
      const listed = await hd.get('/api/workOrder/list', { brandId: line.brandId, startTime: m.startTime, endTime: m.endTime, pageSize: 1 });
      expect(listed.body.data.total).toBe(line.received);
    }
  });
});

describe('a rule order', () => {
  it('shows its evidence with local times and its timeline by 系统', async () => {
    const [o] = await t.database.query<{ id: number }>(
      `insert into work_orders (order_type, area_id, brand_id, site_id, lon, lat, place, title, bikes_to_move, evidence, opened_by, created_at, deadline_at, updated_at)
       values (3, $1, $2, null, $3, $4, 'cell:1:1', '站外还车', null, $5, 'rule', now(), now() + interval '2 hours', now()) returning id::int`,
      [HD, HB, LON, LAT, JSON.stringify({ firstAlertAt: '2026-11-20T00:59:12.000Z' })],
    );
    await t.database.query(`insert into work_order_events (order_id, action, actor, at) values ($1, 'open', 'system', now())`, [o.id]);
    const d = (await detail(hd, o.id)).body.data;
    expect(d).toMatchObject({ openedBy: 'rule', creatorName: null, evidence: { firstAlertAt: '2026-11-20 08:59:12' }, answer: null });
    expect(d.timeline).toEqual([expect.objectContaining({ action: 'open', actor: 'system', who: '系统' })]);
    // closed by a person, it leaves the pending counts alone
    expect((await hd.post('/api/workOrder/finish', { id: o.id, note: '测试用工单' })).body.code).toBe(200);
  });
});
