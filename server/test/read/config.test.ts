/** The full-pile value (满桩值): read, set where allowed, and the next snapshot's capacities. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { CY, HD, SITES, buildReadWorld, type ReadWorld } from '../support/readWorld.js';
import { jobContextOf, runMinuteJobs } from '../../src/jobs/index.js';

let t: TestContext;
let w: ReadWorld;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

describe('/api/config/fullPileNum', () => {
  it('reads the default value and alias', async () => {
    expect((await w.hd.get('/api/config/fullPileNum', { selfAreaId: HD })).body).toEqual({
      code: 200,
      message: '操作成功！',
      data: { data: 1, alias: '满桩值' },
    });
    // the enterprise user reads it too (home), but may not set it
    expect((await w.ent.get('/api/config/fullPileNum', { selfAreaId: HD })).body.data.data).toBe(1);
    expect((await w.ent.put('/api/config/fullPileNum', { pile: 0.5 }, { selfAreaId: HD })).body.code).toBe(5002);
  });

  it('refuses bad values naming pile, another district (5002) and aggregation areas (400)', async () => {
    expect((await w.hd.put('/api/config/fullPileNum', { pile: 0 }, { selfAreaId: HD })).body).toMatchObject({
      code: 400,
      message: expect.stringContaining('pile'),
    });
    expect((await w.hd.put('/api/config/fullPileNum', { pile: 10.5 }, { selfAreaId: HD })).body.message).toContain('pile');
    expect((await w.hd.put('/api/config/fullPileNum', { pile: 'x' }, { selfAreaId: HD })).body.message).toContain('pile');
    expect((await w.hd.put('/api/config/fullPileNum', {}, { selfAreaId: HD })).body).toMatchObject({ code: 400, message: expect.stringContaining('pile') });
    expect((await w.hd.put('/api/config/fullPileNum', { pile: 0.5 }, { selfAreaId: CY })).body.code).toBe(5002);
    expect((await w.hd.get('/api/config/fullPileNum', { selfAreaId: CY })).body.code).toBe(5002);
    await t.database.query(`update areas set aggregation = 1, aggregation_id = '110105' where id = $1`, [CY]);
    const agg = await w.cy.put('/api/config/fullPileNum', { pile: 0.5 }, { selfAreaId: CY });
    expect(agg.body).toMatchObject({ code: 400, message: '聚合区域不能设置满桩值，请选择非聚合区域后再设置' });
    expect((await w.cy.get('/api/config/fullPileNum', { selfAreaId: CY })).body.data.data).toBe(1);
    await t.database.query(`update areas set aggregation = 0, aggregation_id = null where id = $1`, [CY]);
  });

  it('sets the value and alias; the next snapshot recomputes capacities and states', async () => {
    const r = await w.hd.put('/api/config/fullPileNum', { pile: 0.5, alias: '满桩系数' }, { selfAreaId: HD });
    expect(r.body).toMatchObject({ code: 200, data: { data: 0.5, alias: '满桩系数' } });
    expect((await w.hd.get('/api/config/fullPileNum', { selfAreaId: HD })).body.data).toEqual({ data: 0.5, alias: '满桩系数' });
    // query parameters work as well, without any body (the console sends selfAreaId and pile)
    const bare = await t.app.inject({
      method: 'PUT',
      url: `/api/config/fullPileNum?selfAreaId=${HD}&pile=0.5`,
      headers: { authorization: `Bearer ${w.hd.token}` },
    });
    expect(bare.json()).toMatchObject({ code: 200, data: { data: 0.5, alias: '满桩系数' } });
    const init = (await w.hd.get('/api/dashboard/init', { selfAreaId: HD })).body.data.area;
    expect([init.fullPileNum, init.fullPileName]).toEqual([0.5, '满桩系数']);
    // 110105 keeps its own
    expect((await w.cy.get('/api/config/fullPileNum', { selfAreaId: CY })).body.data.data).toBe(1);

    await runMinuteJobs(jobContextOf(t.app.ctx), new Date(w.now.getTime() + 60_000));
    const map = (await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 0 })).body.data;
    const site = (id: string) => map.map.find((s: { siteId: string }) => s.siteId === id);
    // capacity floor(10 × 0.5) = 5: H2 1/5 → 正常, H3 6/5 → 满桩, H4 9/5 → 满桩; H5 floor(5 × 0.5) = 2: 5/2 → 满桩
    expect(site(SITES.H2.id)).toMatchObject({ capacity: 5, flag: 1, status: '正常' });
    expect(site(SITES.H3.id)).toMatchObject({ capacity: 5, flag: 2, status: '满桩' });
    expect(site(SITES.H4.id)).toMatchObject({ capacity: 5, flag: 2, status: '满桩' });
    expect(site(SITES.H5.id)).toMatchObject({ capacity: 2, siteBikeCeiling: 5, flag: 2 });
    expect(map.statistical).toMatchObject({ total: 5, full: 3, more: 0, normal: 1, less: 0, empty: 1 });
  });
});
