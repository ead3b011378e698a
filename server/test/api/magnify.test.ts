/** Open magnify groups change their sites' capacity (and so status) at the next snapshot; closing returns it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { CY, HD, SITES, buildReadWorld, type ReadWorld } from '../support/readWorld.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { runSnapshot } from '../../src/jobs/snapshot.js';

let t: TestContext;
let w: ReadWorld;
let minute = 0;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

const snapshot = () => runSnapshot(jobContextOf(t.app.ctx), new Date(w.now.getTime() + ++minute * 60_000));
const site = async (id: string) => (await w.hd.get('/api/site/', { selfAreaId: HD, siteId: id })).body.data.lists[0];
const group = async (id: number) =>
  (await w.hd.get('/api/site/magnify/', { selfAreaId: HD, pageSize: 100 })).body.data.lists.find((g: { id: number }) => g.id === id);
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('magnify groups take effect in the snapshot', () => {
  let id: number;

  it('an open group with factor 2 doubles the capacity of its site at the next snapshot: 满桩 → 正常', async () => {
    // H5: ceiling 5, 5 bikes → 满桩
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 5, num: 5, flag: 2, status: '满桩' });
    const r = await w.hd.post('/api/site/magnify/', { alias: '晚高峰', siteList: [SITES.H5.id], factor: 2, openSwitch: 1 }, { selfAreaId: HD });
    expect(r.body.code).toBe(200);
    id = r.body.data.id;
    expect(await group(id)).toMatchObject({ openSwitch: true, factor: 2, appliedTime: null, createTime: expect.stringMatching(TIME) });
    // nothing changes before the snapshot
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 5, status: '满桩' });
    const s = await snapshot();
    expect(s.changed).toBeGreaterThanOrEqual(1);
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 10, num: 5, flag: 1, status: '正常' });
    const g = await group(id);
    expect(g.appliedTime).toMatch(TIME);
    // the big screen answers the same capacity
    const map = (await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 0 })).body.data.map;
    expect(map.find((x: { siteId: string }) => x.siteId === SITES.H5.id)).toMatchObject({ capacity: 10, flag: 1 });
    // other sites keep theirs
    expect(await site(SITES.H4.id)).toMatchObject({ capacity: 10, status: '偏多' });
  });

  it('keeps the applied time while nothing changes, moves it after a change of factor while open', async () => {
    const [{ at: first }] = await t.database.query<{ at: string }>('select applied_at::text as at from magnify_groups where id = $1', [id]);
    await snapshot();
    const [{ at: same }] = await t.database.query<{ at: string }>('select applied_at::text as at from magnify_groups where id = $1', [id]);
    expect(same).toBe(first);
    // renaming does not count as a change
    expect((await w.hd.put(`/api/site/magnify/${id}`, { alias: '晚高峰2' }, { selfAreaId: HD })).body.code).toBe(200);
    await snapshot();
    expect((await t.database.query<{ at: string }>('select applied_at::text as at from magnify_groups where id = $1', [id]))[0].at).toBe(first);
    expect((await w.hd.put(`/api/site/magnify/${id}`, { factor: 3 }, { selfAreaId: HD })).body.code).toBe(200);
    await snapshot();
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 15, status: '正常' });
    expect((await t.database.query<{ at: string }>('select applied_at::text as at from magnify_groups where id = $1', [id]))[0].at > first).toBe(true);
  });

  it('a site in two open groups takes the largest factor; closed groups count for nothing', async () => {
    const r = await w.hd.post('/api/site/magnify/', { alias: '活动', siteList: [SITES.H5.id, SITES.H4.id], factor: 4, openSwitch: false }, { selfAreaId: HD });
    const other = r.body.data.id;
    await snapshot();
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 15 });
    expect(await site(SITES.H4.id)).toMatchObject({ capacity: 10 });
    expect((await group(other)).appliedTime).toBeNull();
    expect((await w.hd.put(`/api/site/magnify/open/${other}`, { openSwitch: 1 }, { selfAreaId: HD })).body.message).toBe('放大分组已开启');
    await snapshot();
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 20 });
    // H4: 9 bikes of 40 → 偏少 is below 20 %? 9 × 5 = 45 ≥ 40: 正常
    expect(await site(SITES.H4.id)).toMatchObject({ capacity: 40, status: '正常' });
    expect((await group(other)).appliedTime).toMatch(TIME);
    const clash = (await w.hd.get('/api/site/magnify/site/clash', { selfAreaId: HD })).body.data;
    expect(clash.map((c: { siteId: string }) => c.siteId)).toEqual([SITES.H5.id]);
    expect((await w.hd.del(`/api/site/magnify/${other}`, { selfAreaId: HD })).body.code).toBe(200);
    await snapshot();
    expect(await site(SITES.H4.id)).toMatchObject({ capacity: 10, status: '偏多' });
  });

  it('closing the group returns the capacity and status at the next snapshot', async () => {
    expect((await w.hd.put(`/api/site/magnify/open/${id}`, { openSwitch: 0 }, { selfAreaId: HD })).body.message).toBe('放大分组已关闭');
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 15 });
    await snapshot();
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 5, flag: 2, status: '满桩' });
    // reopening counts as a change again
    const before = (await group(id)).appliedTime;
    expect((await w.hd.put(`/api/site/magnify/open/${id}`, { openSwitch: true }, { selfAreaId: HD })).body.code).toBe(200);
    const [{ pending }] = await t.database.query<{ pending: boolean }>('select applied_at < changed_at as pending from magnify_groups where id = $1', [id]);
    expect(pending).toBe(true);
    await snapshot();
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 15, status: '正常' });
    expect((await group(id)).appliedTime >= before).toBe(true);
    await w.hd.put(`/api/site/magnify/open/${id}`, { openSwitch: 0 }, { selfAreaId: HD });
    await snapshot();
  });

  it('refuses another area: 朝阳 neither sees nor switches 海淀’s group, nor groups 海淀’s sites', async () => {
    const list = (await w.cy.get('/api/site/magnify/', { selfAreaId: CY })).body.data.lists;
    expect(list.map((g: { id: number }) => g.id)).not.toContain(id);
    expect((await w.cy.put(`/api/site/magnify/open/${id}`, { openSwitch: 1 }, { selfAreaId: CY })).body.code).toBe(5002);
    expect((await w.cy.put(`/api/site/magnify/${id}`, { factor: 5 }, { selfAreaId: CY })).body.code).toBe(5002);
    expect((await w.hd.get('/api/site/magnify/', { selfAreaId: CY })).body.code).toBe(5002);
    const foreign = await w.cy.post('/api/site/magnify/', { alias: 'x', siteList: [SITES.H5.id], factor: 2, openSwitch: 1 }, { selfAreaId: CY });
    expect(foreign.body.code).toBe(400);
    const [{ open }] = await t.database.query<{ open: boolean }>('select open_switch as open from magnify_groups where id = $1', [id]);
    expect(open).toBe(false);
    await snapshot();
    expect(await site(SITES.H5.id)).toMatchObject({ capacity: 5 });
  });

  it('refuses bad factors (0, negative, over 10, not a number) with 400 in Chinese', async () => {
    for (const factor of [0, -1, 10.5, 'NaN', 'abc', null]) {
      const r = await w.hd.post('/api/site/magnify/', { alias: '坏', siteList: [SITES.H1.id], factor }, { selfAreaId: HD });
      expect(r.body.code, String(factor)).toBe(400);
      expect(r.body.message).toMatch(/factor/);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect((await w.hd.put(`/api/site/magnify/${id}`, { factor }, { selfAreaId: HD })).body.code).toBe(400);
    }
    expect((await t.database.query<{ factor: number }>('select factor from magnify_groups where id = $1', [id]))[0].factor).toBe(3);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/site/magnify/?selfAreaId=${HD}` });
    expect(res.json()).toMatchObject({ code: 401 });
  });
});
