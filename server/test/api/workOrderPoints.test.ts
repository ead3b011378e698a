/**
 * 工单地图 (GET /api/workOrder/points, issue 27 point 4): the orders of the list's filters with a
 * place, unpaged. For several filter combinations the ids on the map are the ids of the list over
 * all its pages (computed both ways), and `total` is the list's; an order without a place is left
 * out and counted; no token 401; another area refused; an enterprise account sees its own only;
 * at most 5,000 points, the newest, with `truncated`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand, addSite } from '../support/world.js';

const HD = '110108';
const CY = '110105';
const SITE = '1101089900101';
const CY_SITE = '1101059900101';
const LON = 116.31;
const LAT = 39.98;

let t: TestContext;
let admin: Client;
let hd: Client;
let cy: Client;
let ent: Client;
let MT = 0;
let HB = 0;

interface Spec {
  type: number;
  area?: string;
  brand: () => number;
  site?: string | null;
  /** own position; null: none (the site's, or no place at all) */
  at?: [number, number] | null;
  state: 1 | 2 | 3 | 4;
  /** minutes ago it was created */
  age: number;
  /** minutes to its deadline from now (negative: past) */
  due: number;
}

/** Inserts an order as the rules or a regulator would have stored it; its id. */
async function order(s: Spec): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into work_orders (order_type, area_id, brand_id, site_id, lon, lat, place, title, evidence, state, opened_by, created_at, deadline_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, '{}', $9, 'regulator', now() - make_interval(mins => $10), now() + make_interval(mins => $11), now())
     returning id::int as id`,
    [
      s.type,
      s.area ?? HD,
      s.brand(),
      s.site ?? null,
      s.at?.[0] ?? null,
      s.at?.[1] ?? null,
      s.site ? `site:${s.site}` : 'area',
      s.site ? '中关村南站 站点过满' : '站外还车',
      s.state,
      s.age,
      s.due,
    ],
  );
  return row.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  MT = await addBrand(t.database, { name: '美团', account: 'mt_pts', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_pts', areaId: HD });
  await addSite(t.database, { id: SITE, name: '中关村南站', lon: LON, lat: LAT, ceiling: 10 });
  await addSite(t.database, { id: CY_SITE, areaId: CY, name: '望京站', lon: 116.47, lat: 39.99, ceiling: 10 });
  hd = await userClient(t.app, admin, { username: 'hd_pts', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_pts', areaId: CY });
  const e = await userClient(t.app, admin, { username: 'ent_pts', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [MT, e.userId]);
  ent = e;
  const mt = () => MT;
  const hb = () => HB;
  // at a site (the site's place, no own position), open and in time
  ids.siteOpen = await order({ type: 1, brand: mt, site: SITE, state: 1, age: 50, due: 30 });
  // at a site, overdue
  ids.siteOverdue = await order({ type: 1, brand: hb, site: SITE, at: [LON, LAT], state: 2, age: 40, due: -5 });
  // a position of its own, answered
  ids.answered = await order({ type: 3, brand: mt, at: [LON + 0.01, LAT + 0.01], state: 3, age: 30, due: 60 });
  // closed
  ids.closed = await order({ type: 3, brand: hb, at: [LON + 0.02, LAT], state: 4, age: 20, due: 60 });
  // no place at all: counted, not drawn
  ids.unplaced = await order({ type: 8, brand: mt, at: null, state: 1, age: 10, due: 600 });
  // created long ago
  ids.old = await order({ type: 7, brand: hb, at: [LON, LAT + 0.02], state: 2, age: 60 * 24 * 40, due: 60 });
  // another area's
  ids.cy = await order({ type: 1, area: CY, brand: mt, site: CY_SITE, state: 1, age: 5, due: 30 });
});
afterAll(() => t.close());

const points = (c: Client, q: Record<string, unknown> = {}) => c.get('/api/workOrder/points', q);

/** Every id of the list over all its pages (page size 2: several pages), and its total. */
async function listIds(c: Client, q: Record<string, unknown>): Promise<{ ids: number[]; total: number }> {
  const out: number[] = [];
  let total = 0;
  for (let page = 1; page < 50; page++) {
    const r = await c.get('/api/workOrder/list', { ...q, currentPage: page, pageSize: 2 });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    total = r.body.data.total;
    out.push(...r.body.data.lists.map((o: { id: number }) => o.id));
    if (out.length >= total || !r.body.data.lists.length) break;
  }
  return { ids: out, total };
}

describe('GET /api/workOrder/points', () => {
  it('answers the list’s orders for the same filters, those without a place counted apart', async () => {
    const combos: Record<string, unknown>[] = [
      {},
      { state: 'open' },
      { state: 'overdue' },
      { state: 'pending' },
      { state: '1' },
      { state: '2' },
      { state: '4' },
      { type: 3 },
      { brandId: HB },
      { site: '中关村南' },
      { site: SITE, state: 'open' },
      { startTime: '2000-01-01', endTime: '2099-12-31' },
      { state: 'open', brandId: MT, type: 8 },
      { areaId: HD },
    ];
    for (const q of combos) {
      const r = await points(hd, q);
      expect(r.body.code, JSON.stringify(q)).toBe(200);
      const list = await listIds(hd, q);
      const drawn = r.body.data.points.map((p: { id: number }) => p.id);
      const unplacedHere = list.ids.filter((id) => id === ids.unplaced);
      // the map's ids and the list's are the same orders (those without a place aside), newest first
      expect(drawn, JSON.stringify(q)).toEqual(list.ids.filter((id) => id !== ids.unplaced));
      expect(r.body.data, JSON.stringify(q)).toMatchObject({ total: list.total, unplaced: unplacedHere.length, truncated: false });
    }
    // a time window by creation, and the combinations pick what they should
    const recent = await points(hd, { startTime: new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10) });
    expect(recent.body.data.points.map((p: { id: number }) => p.id)).not.toContain(ids.old);
    expect((await points(hd, { state: 'overdue' })).body.data.points.map((p: { id: number }) => p.id)).toEqual([ids.siteOverdue]);
  });

  it('gives each point its place (its own, else its site’s), state and what the tooltip shows', async () => {
    const all = (await points(hd)).body.data;
    const byId = new Map(all.points.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(ids.siteOpen)).toEqual({
      id: ids.siteOpen,
      type: 1,
      typeName: '站点过满',
      state: 1,
      stateName: '待接单',
      overdue: false,
      lon: LON,
      lat: LAT,
      title: '中关村南站 站点过满',
      brandName: '美团',
      siteName: '中关村南站',
      deadlineTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(byId.get(ids.siteOverdue)).toMatchObject({ state: 2, stateName: '已超时', overdue: true, brandName: '哈啰' });
    expect(byId.get(ids.answered)).toMatchObject({ stateName: '已反馈', lon: LON + 0.01, lat: LAT + 0.01, siteName: null });
    expect(byId.get(ids.closed)).toMatchObject({ stateName: '已办结' });
    expect(byId.has(ids.unplaced)).toBe(false);
    expect(all).toMatchObject({ total: 6, unplaced: 1, truncated: false });
  });

  it('needs a token; another area is refused; an enterprise account sees its own only', async () => {
    expect((await points(new Client(t.app))).body.code).toBe(401);
    expect((await points(cy, { areaId: HD })).body.code).toBe(5002);
    expect((await points(cy, { selfAreaId: HD })).body.code).toBe(5002);
    const cyPts = (await points(cy)).body.data;
    expect(cyPts.points.map((p: { id: number }) => p.id)).toEqual([ids.cy]);
    const mine = (await points(ent)).body.data;
    const mineList = await listIds(ent, {});
    expect(mine.points.map((p: { id: number }) => p.id)).toEqual(mineList.ids.filter((id) => id !== ids.unplaced));
    expect(mine.points.map((p: { brandName: string }) => p.brandName)).toEqual(mine.points.map(() => '美团'));
    expect(mine.points.map((p: { id: number }) => p.id)).not.toContain(ids.cy);
    expect((await points(ent, { brandId: HB })).body).toMatchObject({ code: 5002, message: '企业账号只能查看本企业的数据' });
    // the admin over both areas, narrowed to one
    expect((await points(admin, { areaId: CY })).body.data.points.map((p: { id: number }) => p.id)).toEqual([ids.cy]);
  });

  it('refuses bad filters in Chinese', async () => {
    expect((await points(hd, { startTime: '昨天' })).body).toMatchObject({ code: 400, message: expect.stringMatching(/startTime 格式/) });
    expect((await points(hd, { startTime: '2026-02-01', endTime: '2026-01-01' })).body).toMatchObject({
      code: 400,
      message: '参数 startTime 不能晚于 endTime',
    });
    expect((await points(hd, { state: 'x' })).body.code).toBe(400);
  });

  it('answers at most 5,000 points, the newest, and says it is truncated', async () => {
    // 5,003 open orders of 朝阳 with a place, one more without
    await t.database.query(
      `insert into work_orders (order_type, area_id, brand_id, site_id, lon, lat, place, title, evidence, state, opened_by, created_at, deadline_at, updated_at)
       select 3, $1, $2, null, 116.4 + g * 1e-6, 39.9, 'cell:' || g, '站外还车', '{}', 1, 'rule',
              now() - make_interval(mins => 100) + make_interval(secs => g), now() + interval '2 hours', now()
         from generate_series(1, 5003) g`,
      [CY, MT],
    );
    const r = (await points(cy, { state: 'open' })).body.data;
    expect(r.points).toHaveLength(5000);
    expect(r).toMatchObject({ total: 5004, unplaced: 0, truncated: true });
    // the newest first: the one opened five minutes ago, then the generated ones from the last
    expect(r.points[0].id).toBe(ids.cy);
    const page = (await cy.get('/api/workOrder/list', { state: 'open', currentPage: 1, pageSize: 100 })).body.data;
    expect(page.total).toBe(r.total);
    expect(r.points.slice(0, 100).map((p: { id: number }) => p.id)).toEqual(page.lists.map((o: { id: number }) => o.id));
  });
});
