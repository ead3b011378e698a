/**
 * The big screen's 调度指引 figures (GET /api/workOrder/summary, issue 27), computed both ways on
 * orders in two areas and of two enterprises: openDispatch is the list's total with
 * state=open&type=dispatch, overdueDispatch with state=overdue&type=dispatch, pending the to-do's
 * dispatchPend (and the list's state=pending). Scoped as the list: no token 401, another area 5002,
 * an enterprise account its own orders. The alert list names the order an alert is in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand, addSite } from '../support/world.js';

const HD = '110108';
const CY = '110105';
const SITE = '1101089900101';

let t: TestContext;
let hd: Client;
let cy: Client;
let bj: Client;
let ent: Client;
let MT = 0;
let HB = 0;

/** An order as the rules or a regulator left it: its type, area, enterprise, state and deadline (minutes from now). */
async function order(type: number, areaId: string, brandId: number, state: number, deadlineMinutes: number) {
  const [o] = await t.database.query<{ id: number }>(
    `insert into work_orders (order_type, area_id, brand_id, lon, lat, place, title, evidence, opened_by, state, created_at, deadline_at, updated_at,
                              answered_at, closed_at)
     values ($1, $2, $3, 116.3, 39.9, 'p:' || gen_random_uuid(), '测试工单', '{}', 'regulator', $4::smallint, now() - interval '1 hour',
             now() + make_interval(mins => $5::int), now(), case when $4::int >= 3 then now() end, case when $4::int = 4 then now() end)
     returning id::int`,
    [type, areaId, brandId, state, deadlineMinutes],
  );
  return o.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  MT = await addBrand(t.database, { name: '美团', account: 'mt_sum', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_sum', areaId: HD });
  await addSite(t.database, { id: SITE, name: '概况站', lon: 116.31, lat: 39.98, ceiling: 10 });
  hd = await userClient(t.app, admin, { username: 'hd_sum', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_sum', areaId: CY });
  bj = await userClient(t.app, admin, { username: 'bj_sum', areaId: '110100' });
  const e = await userClient(t.app, admin, { username: 'ent_sum', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [MT, e.userId]);
  ent = e;
  // 海淀
  await order(1, HD, MT, 1, 30); // open dispatch
  await order(2, HD, HB, 2, -5); // open dispatch, overdue, pending
  await order(1, HD, HB, 3, -5); // open dispatch, answered: pending, not overdue
  await order(2, HD, MT, 4, -60); // closed
  await order(3, HD, MT, 1, -5); // overdue, not a dispatch order: pending only
  await order(8, HD, HB, 3, 60); // answered: pending only
  // 朝阳
  await order(1, CY, MT, 1, -1); // open dispatch, overdue, pending
  await order(2, CY, HB, 2, 30); // open dispatch
});
afterAll(() => t.close());

const summary = async (c: Client, q: Record<string, unknown> = {}) => (await c.get('/api/workOrder/summary', q)).body;
const total = async (c: Client, q: Record<string, unknown>) => {
  const r = await c.get('/api/workOrder/list', { ...q, pageSize: 1 });
  expect(r.body.code, JSON.stringify(q)).toBe(200);
  return r.body.data.total as number;
};
const pend = async (c: Client, q: Record<string, unknown> = {}) => (await c.get('/api/statistics/pend', q)).body.data.dispatchPend as number;

describe('调度工单概况', () => {
  it('answers the figures of the request’s areas', async () => {
    expect(await summary(hd)).toMatchObject({ code: 200, data: { openDispatch: 3, overdueDispatch: 1, pending: 4 } });
    expect((await summary(cy)).data).toEqual({ openDispatch: 2, overdueDispatch: 1, pending: 1 });
    // the city: both districts
    expect((await summary(bj)).data).toEqual({ openDispatch: 5, overdueDispatch: 2, pending: 5 });
    expect((await summary(bj, { selfAreaId: HD })).data).toEqual({ openDispatch: 3, overdueDispatch: 1, pending: 4 });
    expect((await summary(bj, { areaId: CY })).data).toEqual({ openDispatch: 2, overdueDispatch: 1, pending: 1 });
  });

  it('is the list’s totals and the to-do’s dispatchPend, for every scope', async () => {
    const scopes: [Client, Record<string, unknown>][] = [
      [hd, {}],
      [cy, {}],
      [bj, {}],
      [bj, { selfAreaId: HD }],
      [bj, { selfAreaId: CY }],
    ];
    for (const [c, q] of scopes) {
      const s = (await summary(c, q)).data;
      expect(s.openDispatch).toBe(await total(c, { ...q, state: 'open', type: 'dispatch' }));
      expect(s.overdueDispatch).toBe(await total(c, { ...q, state: 'overdue', type: 'dispatch' }));
      expect(s.pending).toBe(await total(c, { ...q, state: 'pending' }));
      expect(s.pending).toBe(await pend(c, q));
    }
    // the dispatch filter is type 1 and type 2 together
    expect(await total(hd, { type: 'dispatch' })).toBe((await total(hd, { type: 1 })) + (await total(hd, { type: '2' })));
    expect((await hd.get('/api/workOrder/list', { type: 'all' })).body.code).toBe(400);
  });

  it('needs a token, refuses another area, and shows an enterprise account its own orders', async () => {
    expect((await summary(new Client(t.app))).code).toBe(401);
    expect(await summary(cy, { areaId: HD })).toMatchObject({ code: 5002, message: '无权访问该区域的数据' });
    expect((await summary(cy, { selfAreaId: HD })).code).toBe(5002);
    const own = (await summary(ent)).data;
    expect(own).toEqual({ openDispatch: 1, overdueDispatch: 0, pending: 1 });
    expect(own.openDispatch).toBe(await total(ent, { state: 'open', type: 'dispatch' }));
    expect(own.overdueDispatch).toBe(await total(ent, { state: 'overdue', type: 'dispatch' }));
    expect(own.pending).toBe(await total(ent, { state: 'pending' }));
    // the to-do counts the enterprise's own orders too, not every enterprise's
    expect(await pend(ent)).toBe(own.pending);
    expect(await pend(hd)).toBeGreaterThan(own.pending);
  });
});

describe('the alert list names the order an alert is in', () => {
  it('answers the order’s id, type, enterprise and state; null for an alert in no order', async () => {
    const alert = async (bikeId: string) => {
      const [a] = await t.database.query<{ id: number }>(
        `insert into abnormal_messages (abnormal_type, brand_id, bike_id, area_id, lon, lat, subject, created_at)
         values (1, $1, $2::varchar, $3, 116.32, 39.99, '站外还车 ' || $2, now() - interval '5 minutes') returning id::int`,
        [MT, bikeId, HD],
      );
      return a.id;
    };
    const inOrder = await alert('MTS001');
    const loose = await alert('MTS002');
    const added = await hd.post('/api/workOrder/add', { alertId: inOrder, text: '请把车辆挪回站点' });
    expect(added.body.code).toBe(200);
    const rows = (await hd.get('/api/abnormal/getMsg', { abnormalType: '1', closed: 0 })).body.data.lists as { id: number; workOrder: unknown }[];
    expect(rows.find((r) => r.id === inOrder)?.workOrder).toEqual({
      id: added.body.data.id,
      type: 3,
      brandId: MT,
      stateName: '待接单',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(rows.find((r) => r.id === loose)?.workOrder).toBeNull();
  });
});
