/**
 * Alerts of the read world (test/support/readWorld.ts). Open in 110108, counted by hand:
 *   1 站外还车 O4 (MTB10) · 7 非法车辆 HBX01 · 8 非允许站点上架 D3 (HBB06 → H5)
 *   13 站外停放 MTB10, HBB09 · 14 区域外停放 HBB09                      → 6
 * In 110105: 1 站外还车 O7 (MTB13) · 13 站外停放 MTB13                   → 2
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { CY, HD, SITES, buildReadWorld, localDate, type ReadWorld } from '../support/readWorld.js';

let t: TestContext;
let w: ReadWorld;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

type Row = { id: number; abnormalType: number; abnormalTypeName: string; bikeId: string | null; brandName: string; handled: boolean; closed: boolean };
const counts = (lists: { abnormalType: number; openNum: number; recentNum: number }[]) =>
  Object.fromEntries(lists.filter((l) => l.openNum || l.recentNum).map((l) => [l.abnormalType, [l.openNum, l.recentNum]]));

describe('GET /api/abnormal/getMsgCounts', () => {
  it('counts open unhandled and recent alerts per type, per district', async () => {
    const hd = (await w.hd.get('/api/abnormal/getMsgCounts', { selfAreaId: HD })).body.data;
    expect(hd.lists).toHaveLength(14);
    expect(hd.lists[12]).toEqual({ abnormalType: 13, abnormalTypeName: '站外停放', openNum: 2, recentNum: 2, openRecentNum: 2 });
    expect(counts(hd.lists)).toEqual({ 1: [1, 1], 7: [1, 1], 8: [1, 1], 13: [2, 2], 14: [1, 1] });
    expect([hd.openTotal, hd.recentTotal]).toEqual([6, 6]);
    const day = localDate(new Date());
    expect(hd.endTime).toBe(`${day} 23:59:59`);
    expect(hd.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    const cy = (await w.cy.get('/api/abnormal/getMsgCounts', { selfAreaId: CY })).body.data;
    expect(counts(cy.lists)).toEqual({ 1: [1, 1], 13: [1, 1] });
    expect((await w.admin.get('/api/abnormal/getMsgCounts')).body.data.openTotal).toBe(8);
    expect((await w.hd.get('/api/abnormal/getMsgCounts', { selfAreaId: CY })).body.code).toBe(5002);
  });
});

describe('GET /api/abnormal/getMsg', () => {
  it('lists the last three days’ alerts of the district, newest first, with labels', async () => {
    const r = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, currentPage: 1, pageSize: 1000 })).body.data;
    expect(r.total).toBe(6);
    const rows = r.lists as Row[];
    expect(rows.map((x) => `${x.abnormalType}:${x.bikeId}`).sort()).toEqual(['13:HBB09', '13:MTB10', '14:HBB09', '1:MTB10', '7:HBX01', '8:HBB06']);
    expect(rows.find((x) => x.abnormalType === 8)).toMatchObject({
      abnormalTypeName: '非允许站点上架',
      brandName: '哈啰',
      siteName: '海淀满桩站',
      handled: false,
      closed: false,
    });
    expect(rows.find((x) => x.abnormalType === 1)).toMatchObject({ abnormalTypeName: '站外还车', brandName: '美团', lon: 116.32, lat: 39.99 });
    const times = rows.map((x) => (x as unknown as { createTime: string }).createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times.every((x) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(x))).toBe(true);

    const page = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, currentPage: 2, pageSize: 4 })).body.data;
    expect([page.total, page.lists.length]).toEqual([6, 2]);
    const cy = (await w.cy.get('/api/abnormal/getMsg', { selfAreaId: CY })).body.data;
    expect((cy.lists as Row[]).map((x) => `${x.abnormalType}:${x.bikeId}`).sort()).toEqual(['13:MTB13', '1:MTB13']);
  });

  it('filters by type (one or a list), time window and handled', async () => {
    const of = async (q: Record<string, unknown>) => (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100, ...q })).body.data.total;
    expect(await of({ abnormalType: '13' })).toBe(2);
    expect(await of({ abnormalType: '1,7,14' })).toBe(3);
    expect(await of({ brandId: w.brandIds.hb })).toBe(4);
    expect(await of({ handled: 1 })).toBe(0);
    const day = localDate(new Date());
    expect(await of({ startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` })).toBe(6);
    expect(await of({ startTime: '2020-01-01 00:00:00', endTime: '2020-01-02 00:00:00' })).toBe(0);
  });

  it('names the bad field (400)', async () => {
    const msg = async (q: Record<string, unknown>) => (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, ...q })).body;
    expect(await msg({ abnormalType: 'x' })).toMatchObject({ code: 400, message: expect.stringContaining('abnormalType') });
    expect((await msg({ abnormalType: '15' })).message).toContain('abnormalType');
    expect((await msg({ startTime: 'yesterday' })).message).toContain('startTime');
    expect((await msg({ endTime: '2026-13-45 99:00:00' })).message).toContain('endTime');
    expect((await msg({ startTime: '2026-01-02 00:00:00', endTime: '2026-01-01 00:00:00' })).message).toContain('startTime');
    expect((await msg({ pageSize: 1001 })).message).toContain('pageSize');
  });
});

describe('updateMsg', () => {
  it('marks alerts handled (GET and PUT), only within the district', async () => {
    const rows = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100 })).body.data.lists as Row[];
    const illegal = rows.find((x) => x.abnormalType === 7)!;
    const outside = rows.filter((x) => x.bikeId === 'HBB09').map((x) => x.id);
    const cyRow = ((await w.cy.get('/api/abnormal/getMsg', { selfAreaId: CY })).body.data.lists as Row[])[0];

    // 110108 may not touch 110105's alert, and nothing is marked when one id is foreign
    expect((await w.hd.get('/api/abnormal/updateMsg', { selfAreaId: HD, ids: `${illegal.id},${cyRow.id}` })).body.code).toBe(5002);
    expect((await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, handled: 1 })).body.data.total).toBe(0);
    expect((await w.hd.get('/api/abnormal/updateMsg', { selfAreaId: HD, ids: '99999' })).body.code).toBe(400);
    expect((await w.hd.get('/api/abnormal/updateMsg', { selfAreaId: HD, ids: 'a,b' })).body.message).toContain('ids');
    // an enterprise user holds no warn.handle
    expect((await w.ent.get('/api/abnormal/updateMsg', { selfAreaId: HD, ids: String(illegal.id) })).body.code).toBe(5002);

    const g = await w.hd.get('/api/abnormal/updateMsg', { selfAreaId: HD, ids: String(illegal.id) });
    expect(g.body).toMatchObject({ code: 200, data: { handled: 1, total: 1 } });
    const p = await w.hd.put('/api/abnormal/updateMsg', { ids: outside.join(',') }, { selfAreaId: HD });
    expect(p.body).toMatchObject({ code: 200, data: { handled: 2, total: 2 } });
    const again = await w.hd.put('/api/abnormal/updateMsg', { ids: [illegal.id] }, { selfAreaId: HD });
    expect(again.body.data).toEqual({ handled: 0, total: 1 });
    const bare = await t.app.inject({
      method: 'PUT',
      url: `/api/abnormal/updateMsg?selfAreaId=${HD}&ids=${illegal.id}`,
      headers: { authorization: `Bearer ${w.hd.token}` },
    });
    expect(bare.json()).toMatchObject({ code: 200, message: '所选异常均已处理', data: { handled: 0, total: 1 } });

    const handled = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, handled: 1 })).body.data.lists as (Row & {
      handledBy: string;
      handleTime: string;
    })[];
    expect(handled.map((x) => x.id).sort((a, b) => a - b)).toEqual([illegal.id, ...outside].sort((a, b) => a - b));
    expect(handled[0]).toMatchObject({ handled: true, handledBy: 'hd_admin' });
    // handled alerts leave the open counts but stay in the three-day counts
    const c = (await w.hd.get('/api/abnormal/getMsgCounts', { selfAreaId: HD })).body.data;
    expect(counts(c.lists)).toEqual({ 1: [1, 1], 7: [0, 1], 8: [1, 1], 13: [1, 2], 14: [0, 1] });
    expect([c.openTotal, c.recentTotal]).toEqual([3, 6]);
    // the brand statistics count open, unhandled alerts: 哈啰 had 4 (7, 8, 13, 14), three of them handled now
    const brands = (await w.hd.get('/api/dashboard/get', { selfAreaId: HD })).body.data.statistical.brands as { brandName: string; abnormal: number }[];
    expect(brands.map((b) => [b.brandName, b.abnormal])).toEqual([
      ['美团', 2],
      ['哈啰', 1],
    ]);
    expect((await w.cy.get('/api/abnormal/getMsg', { selfAreaId: CY, handled: 0 })).body.data.total).toBe(2);
  });
});

describe('GET /api/abnormal/exportMsg', () => {
  it('exports the same rows as the list to 异常信息.xlsx', async () => {
    const list = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, abnormalType: '13,14', pageSize: 100 })).body.data.lists as Record<
      string,
      unknown
    >[];
    const res = await exportSheet(t.app, {
      method: 'GET',
      url: '/api/abnormal/exportMsg',
      query: { selfAreaId: HD, abnormalType: '13,14' },
      token: w.hd.token,
    });
    expect(res.status).toBe(200);
    expect(res.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('异常信息.xlsx')}`);
    const { rows } = res;
    expect(rows[0]).toEqual(['编号', '异常类型', '品牌', '车辆编号', '站点名称', '经度', '纬度', '详情', '发生时间', '更新时间', '状态', '处理', '所在工单']);
    expect(rows).toHaveLength(4);
    const cell = (v: unknown) => (v === null || v === '' ? undefined : v);
    expect(rows.slice(1).map((r) => r.map(cell))).toEqual(
      list.map((r) =>
        [
          r.id,
          r.abnormalTypeName,
          r.brandName,
          r.bikeId,
          r.siteName,
          r.lon,
          r.lat,
          r.detail,
          r.createTime,
          r.updateTime,
          r.closed ? '已结束' : '进行中',
          r.handled ? '已处理' : '未处理',
          (r.workOrder as { id: number } | null)?.id,
        ].map(cell),
      ),
    );
    expect((await w.ent.get('/api/abnormal/exportMsg', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await w.hd.get('/api/abnormal/exportMsg', { selfAreaId: HD, abnormalType: '0' })).body.code).toBe(400);
  });
});

describe('open alerts whatever day they opened (the big screen’s board)', () => {
  it('counts and lists open unhandled alerts opened long ago; closed=0 without startTime is not cut to three days', async () => {
    type Count = { abnormalType: number; openNum: number; recentNum: number };
    const countsNow = async () => (await w.hd.get('/api/abnormal/getMsgCounts', { selfAreaId: HD })).body.data.lists as Count[];
    const board = { selfAreaId: HD, abnormalType: '1,4,6,7,13,14', closed: 0, handled: 0, pageSize: 100 };
    const before = await countsNow();
    const openBefore = (await w.hd.get('/api/abnormal/getMsg', board)).body.data.total as number;
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const older = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const ids = await t.database.query<{ id: number }>(
      `insert into abnormal_messages (abnormal_type, brand_id, bike_id, site_id, area_id, subject, created_at, updated_at, closed_at) values
         (7, $1, 'OLD-ILLEGAL', null, $2, 'old-illegal', $3, $3, null),
         (4, null, null, $4, $2, 'old-site', $5, $5, null),
         (1, $1, 'OLD-CLOSED', null, $2, 'old-closed', $3, $3, now())
       returning id::int as id`,
      [w.brandIds.hb, HD, old, SITES.H1.id, older],
    );
    try {
      const after = await countsNow();
      const delta = (t: number) => {
        const [a, b] = [after, before].map((l) => l.find((c) => c.abnormalType === t)!);
        return [a.openNum - b.openNum, a.recentNum - b.recentNum];
      };
      // the old open ones count as open, not as recent; the closed old one counts nowhere
      expect([delta(7), delta(4), delta(1)]).toEqual([
        [1, 0],
        [1, 0],
        [0, 0],
      ]);

      const open = (await w.hd.get('/api/abnormal/getMsg', board)).body.data;
      const rows = open.lists as (Row & { siteName: string; createTime: string })[];
      expect(open.total).toBe(openBefore + 2);
      // newest first: the two old ones last
      expect(rows.map((r) => r.bikeId ?? r.siteName).slice(-2)).toEqual(['OLD-ILLEGAL', '海淀空桩站']);
      const times = rows.map((r) => r.createTime);
      expect([...times].sort().reverse()).toEqual(times);
      expect(rows.every((r) => !r.closed && !r.handled)).toBe(true);
      expect(rows.find((r) => r.abnormalType === 4)).toMatchObject({ abnormalTypeName: '站点异常', brandName: '', bikeId: null, siteName: '海淀空桩站' });
      // without closed=0 the default window stays the last three days
      const recent = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, abnormalType: '4,7', pageSize: 100 })).body.data;
      expect((recent.lists as Row[]).map((r) => r.bikeId)).toEqual(['HBX01']);
      // an explicit startTime still applies
      const day = localDate(new Date());
      expect((await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, abnormalType: '4', closed: 0, startTime: `${day} 00:00:00` })).body.data.total).toBe(0);
    } finally {
      await t.database.query(`delete from abnormal_messages where id = any($1::bigint[])`, [ids.map((r) => r.id)]);
    }
  });
});

describe('site filter and enterprise accounts', () => {
  it('filters by site number or part of its name, with LIKE characters taken literally', async () => {
    const list = async (q: Record<string, unknown>) => (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100, ...q })).body.data;
    const byName = await list({ site: '满桩' });
    expect(byName.total).toBeGreaterThan(0);
    expect((byName.lists as { siteName: string }[]).every((r) => r.siteName.includes('满桩'))).toBe(true);
    const siteId = (byName.lists as { siteId: string }[])[0].siteId;
    const byId = await list({ site: siteId });
    expect(byId.lists.map((r: Row) => r.id)).toEqual(
      (byName.lists as Row[]).filter((r) => (r as unknown as { siteId: string }).siteId === siteId).map((r) => r.id),
    );
    expect((await list({ site: '%' })).total).toBe(0);
    expect((await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, site: 'x'.repeat(51) })).body.code).toBe(400);
  });

  it("shows an enterprise account its own brand's alerts only, and refuses to handle another brand's", async () => {
    const add = await w.admin.post('/api/user/add', {
      username: 'hd_hb_ops',
      password: 'Passw0rd1',
      name: '哈啰运维',
      areaId: HD,
      roleIds: [2],
      userLevel: 2,
      brandId: w.brandIds.hb,
    });
    expect(add.body.code).toBe(200);
    const hb = new Client(t.app);
    await hb.login('hd_hb_ops', 'Passw0rd1');
    const own = (await hb.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100 })).body.data;
    const hbTotal = (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100, brandId: w.brandIds.hb })).body.data.total;
    expect(own.total).toBe(hbTotal);
    expect((own.lists as Row[]).every((r) => r.brandName === '哈啰' || r.brandName === '')).toBe(true);
    // asking for another brand by filter finds nothing
    expect((await hb.get('/api/abnormal/getMsg', { selfAreaId: HD, brandId: w.brandIds.mt })).body.data.total).toBe(0);
    const counts = (await hb.get('/api/abnormal/getMsgCounts', { selfAreaId: HD })).body.data;
    expect(counts.recentTotal).toBe(hbTotal);
    const mtRow = ((await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100, brandId: w.brandIds.mt })).body.data.lists as Row[])[0];
    expect((await hb.get('/api/abnormal/updateMsg', { selfAreaId: HD, ids: String(mtRow.id) })).body.code).toBe(5002);
    expect(
      (await w.hd.get('/api/abnormal/getMsg', { selfAreaId: HD, pageSize: 100, handled: 1, brandId: w.brandIds.mt })).body.data.lists.map((r: Row) => r.id),
    ).not.toContain(mtRow.id);
  });
});
