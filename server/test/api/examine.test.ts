/**
 * 评级考核 · 考核设置 (issue 30) via app.inject(): a 海淀 regulator builds a scheme (conf, categories,
 * fixed and trend rules) and reads it back whole; bad input is refused with the reason and stores
 * nothing; 朝阳 may neither read nor change 海淀's scheme; no token is 401; an enterprise account has
 * no 评级考核.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

const HD = '110108';
const CY = '110105';

let t: TestContext;
let hd: Client;
let cy: Client;
let ent: Client;
const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where deleted_at is null`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_rate', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_rate', areaId: CY });
  ent = await userClient(t.app, admin, { username: 'ent_rate', areaId: HD, roleIds: [3], userLevel: 1 });
});
afterAll(() => t.close());

const ACCESS_BANDS = [
  { min: null, max: 90, points: 5 },
  { min: 90, max: 95, points: 2 },
];

describe('考核设置', () => {
  let orderCat = 0;
  let dataCat = 0;
  let trendId = 0;

  it('shows the default conf until one is saved, then the saved one; refuses thresholds out of order', async () => {
    const first = (await hd.get('/api/examine/fixedRule/info')).body.data;
    expect(first).toMatchObject({ defaultConf: true, conf: { baseScore: 100, gradeA: 90, gradeB: 80, gradeC: 60 }, rules: [] });
    const conf = { baseScore: 100, gradeA: 92, gradeB: 80, gradeC: 60, quotaA: 10, quotaB: 0, quotaC: -10, quotaD: -30 };
    expect((await hd.post('/api/examine/fixedRule/conf', { ...conf, gradeB: 95 })).body).toMatchObject({
      code: 400,
      message: '等级分数线须满足 A > B > C ≥ 0',
    });
    expect((await hd.post('/api/examine/fixedRule/conf', { ...conf, baseScore: 0 })).body.code).toBe(400);
    expect(await t.database.query('select 1 from examine_conf')).toHaveLength(0);
    expect((await hd.post('/api/examine/fixedRule/conf', conf)).body).toMatchObject({ code: 200, message: '考核配置已保存' });
    expect((await hd.get('/api/examine/fixedRule/info')).body.data).toMatchObject({ defaultConf: false, conf });
    // another district still has the defaults
    expect((await cy.get('/api/examine/fixedRule/info')).body.data.defaultConf).toBe(true);
  });

  it('adds categories, refuses a duplicate name, and says when their full scores do not add up to the base', async () => {
    const add = (name: string, fullScore: number, sort: number) => hd.post('/api/examine/category/upsert', { name, fullScore, sort });
    orderCat = (await add('秩序管理', 30, 2)).body.data.id;
    dataCat = (await add('数据接入', 15, 1)).body.data.id;
    expect((await add(' 秩序管理 ', 10, 3)).body).toMatchObject({ code: 400, message: '类别「秩序管理」已存在，请换一个名称' });
    expect((await hd.post('/api/examine/category/upsert', { name: '', fullScore: 10 })).body.code).toBe(400);
    const list = (await hd.get('/api/examine/category/list')).body.data;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['数据接入', '秩序管理']);
    const all = (await hd.get('/api/examine/allRule/info')).body.data;
    expect(all.problem).toBe('各类别满分之和（45）不等于基础分 100，请调整');
    expect(all.measures.map((m: { key: string }) => m.key)).toContain('orderInTime');
    const rest = (await add('投放与车辆', 55, 3)).body.data.id;
    expect((await hd.get('/api/examine/allRule/info')).body.data.problem).toBeNull();
    expect((await hd.post('/api/examine/category/upsert', { id: rest, name: '投放与车辆管理', fullScore: 55, sort: 3 })).body.code).toBe(200);
  });

  it('saves a trend rule with bands, refuses overlapping bands, points above the category and a second rule of one measure', async () => {
    const rule = { categoryId: dataCat, measure: 'dataAccess', name: '数据接入率', bands: ACCESS_BANDS, enabled: true };
    const before = await count('examine_trend_rules');
    const overlap = [
      { min: null, max: 92, points: 5 },
      { min: 90, max: 95, points: 2 },
    ];
    expect((await hd.post('/api/examine/trendsRule/upsert', { ...rule, bands: overlap })).body).toMatchObject({
      code: 400,
      message: '扣分区间有重叠：同一数值只能落在一档',
    });
    expect((await hd.post('/api/examine/trendsRule/upsert', { ...rule, bands: [{ min: null, max: 90, points: 16 }] })).body).toMatchObject({
      code: 400,
      message: '第 1 档的扣分（16）超过所属类别的满分 15',
    });
    expect((await hd.post('/api/examine/trendsRule/upsert', { ...rule, measure: 'bikesOnTheMoon' })).body.code).toBe(400);
    expect((await hd.post('/api/examine/trendsRule/upsert', { ...rule, categoryId: 99_999 })).body.message).toMatch(/^参数 categoryId/);
    expect(await count('examine_trend_rules')).toBe(before);

    const saved = await hd.post('/api/examine/trendsRule/upsert', rule);
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, message: '趋势考核规则已保存' });
    trendId = saved.body.data.id;
    expect((await hd.post('/api/examine/trendsRule/upsert', { ...rule, name: '又一条' })).body).toMatchObject({
      code: 400,
      message: '该区域已有「数据接入率」的规则，请编辑那一条',
    });
    const list = (await hd.get('/api/examine/trendsRule/list')).body.data;
    expect(list).toEqual([
      expect.objectContaining({
        id: trendId,
        categoryName: '数据接入',
        measure: 'dataAccess',
        measureName: '数据接入率',
        unit: '%',
        better: 'higher',
        bands: ACCESS_BANDS,
      }),
    ]);
    // a category's full score cannot fall below its largest deduction, nor can it go while it holds rules
    expect((await hd.post('/api/examine/category/upsert', { id: dataCat, name: '数据接入', fullScore: 4 })).body).toMatchObject({
      code: 400,
      message: '本类已有规则最多扣 5 分，满分不能低于它',
    });
    expect((await hd.del(`/api/examine/category/del/${dataCat}`)).body).toMatchObject({ code: 400, message: '该类别下还有 1 条规则，请先把规则移到其他类别' });
  });

  it('switches a trend rule off and on', async () => {
    expect((await hd.post('/api/examine/trendsRule/enable', { id: trendId, enabled: false })).body).toMatchObject({ code: 200, message: '规则已停用' });
    expect((await hd.get('/api/examine/trendsRule/list')).body.data[0].enabled).toBe(false);
    expect((await hd.post('/api/examine/trendsRule/enable', { id: trendId, enabled: true })).body.message).toBe('规则已启用');
  });

  it('saves a fixed item within its category, and reads the whole scheme by category', async () => {
    const item = { categoryId: orderCat, name: '运维人员配备不足', points: 2, maxPoints: 10, description: '每发现一处扣 2 分，附照片', enabled: true };
    expect((await hd.post('/api/examine/fixedRule/upsert', { ...item, maxPoints: 1 })).body).toMatchObject({ code: 400, message: '最多扣分不能小于每处扣分' });
    expect((await hd.post('/api/examine/fixedRule/upsert', { ...item, maxPoints: 31 })).body).toMatchObject({
      code: 400,
      message: '扣分超过所属类别的满分 30',
    });
    const saved = await hd.post('/api/examine/fixedRule/upsert', item);
    expect(saved.body.code).toBe(200);
    const info = (await hd.get('/api/examine/fixedRule/info')).body.data;
    expect(info.rules).toEqual([expect.objectContaining({ ...item, id: saved.body.data.id, categoryName: '秩序管理' })]);
    const all = (await hd.get('/api/examine/allRule/info')).body.data;
    const byName = Object.fromEntries(all.categories.map((c: { name: string }) => [c.name, c]));
    expect(byName['秩序管理']).toMatchObject({ rules: 1, fixed: [expect.objectContaining({ name: '运维人员配备不足' })], trends: [] });
    expect(byName['数据接入']).toMatchObject({ rules: 1, fixed: [], trends: [expect.objectContaining({ measure: 'dataAccess' })] });
  });

  it('deletes an empty category; a deleted one is gone', async () => {
    const id = (await hd.post('/api/examine/category/upsert', { name: '临时', fullScore: 1 })).body.data.id;
    expect((await hd.del(`/api/examine/category/del/${id}`)).body).toMatchObject({ code: 200, message: '考核类别已删除' });
    expect((await hd.del(`/api/examine/category/del/${id}`)).body).toMatchObject({ code: 400, message: '考核类别不存在或已删除，请刷新后重试' });
  });

  it('keeps 海淀’s scheme from 朝阳, an enterprise account and a request without a token', async () => {
    expect((await cy.get('/api/examine/allRule/info', { areaId: HD })).body.code).toBe(5002);
    expect((await cy.get('/api/examine/allRule/info')).body.data.categories).toEqual([]);
    expect((await cy.post('/api/examine/trendsRule/enable', { id: trendId, enabled: false })).body.code).toBe(5002);
    expect((await cy.post('/api/examine/category/upsert', { id: orderCat, name: '改名', fullScore: 30 })).body.code).toBe(5002);
    expect((await cy.del(`/api/examine/category/del/${orderCat}`)).body.code).toBe(5002);
    expect(
      (
        await cy.post('/api/examine/fixedRule/conf', {
          areaId: HD,
          baseScore: 100,
          gradeA: 90,
          gradeB: 80,
          gradeC: 60,
          quotaA: 0,
          quotaB: 0,
          quotaC: 0,
          quotaD: 0,
        })
      ).body.code,
    ).toBe(5002);
    // 朝阳's rule may not name 海淀's category
    expect(
      (await cy.post('/api/examine/trendsRule/upsert', { categoryId: dataCat, measure: 'overQuota', name: 'x', bands: ACCESS_BANDS, enabled: true })).body.code,
    ).toBe(400);
    expect((await ent.get('/api/examine/allRule/info')).body.code).toBe(5002);
    expect((await new Client(t.app).get('/api/examine/category/list')).body.code).toBe(401);
    expect((await hd.get('/api/examine/trendsRule/list')).body.data[0].enabled).toBe(true);
  });
});
