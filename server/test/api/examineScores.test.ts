/**
 * 评级考核's hand scores and the closing of a month (issue 30) via app.inject(): an inspector enters
 * findings with what they saw; the assessment counts them; a closed month refuses new scores, their
 * deletion and a re-assessment; re-opening needs a reason, which the month's log keeps. Bad input,
 * another area, an enterprise account and no token are refused and store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';
import { HD, PERIOD, seedRatingMonth } from '../support/ratingMonth.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { assessLastMonth } from '../../src/jobs/rating.js';
import { loadConfig } from '../../src/config.js';
import { JPG, PDF, PNG, fetchFile, upload } from '../support/uploads.js';

let t: TestContext;
let hd: Client;
let cy: Client;
let ent: Client;
let MT = 0;
let HB = 0;
let rule = 0;
let off = 0;
const count = async () => (await t.database.query<{ n: number }>(`select count(*)::int as n from examine_fixed_scores where deleted_at is null`))[0].n;
const score = (body: Record<string, unknown>) =>
  hd.post('/api/examine/sortContent/upsert', { period: PERIOD, brandId: HB, ruleId: rule, findings: 2, note: '9 月 12 日检查，两个片区无运维人员', ...body });
const scoreOf = async (brandId: number) =>
  ((await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data.lists as { brandId: number; score: number }[]).find((x) => x.brandId === brandId)!
    .score;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_score', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_score', areaId: '110105' });
  ent = await userClient(t.app, admin, { username: 'ent_score', areaId: HD, roleIds: [3], userLevel: 1 });
  MT = await addBrand(t.database, { name: '美团', account: 'mt_score', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_score', areaId: HD });
  await seedRatingMonth(t.database.query.bind(t.database), { MT, HB });
  const cat = (await hd.post('/api/examine/category/upsert', { name: '运维能力', fullScore: 100 })).body.data.id;
  const fixed = (name: string, enabled: boolean) =>
    hd
      .post('/api/examine/fixedRule/upsert', { categoryId: cat, name, points: 2, maxPoints: 10, description: null, enabled })
      .then((r) => r.body.data.id as number);
  rule = await fixed('运维人员配备不足', true);
  off = await fixed('停用的项', false);
});
afterAll(() => t.close());

describe('hand scores', () => {
  it('keeps an inspector’s findings with the evidence, and the assessment counts them', async () => {
    const r = await score({});
    expect(r.body).toMatchObject({ code: 200, message: '人工评分已保存' });
    const list = (await hd.get('/api/examine/sortContent/list', { period: PERIOD })).body.data;
    expect(list).toEqual([
      expect.objectContaining({ brandName: '哈啰', ruleName: '运维人员配备不足', categoryName: '运维能力', findings: 2, points: 4, inspectorName: 'hd_score' }),
    ]);
    await hd.post('/api/examine/trendsRule/assess', { period: PERIOD });
    expect(await scoreOf(HB)).toBe(96);
    expect(await scoreOf(MT)).toBe(100);
    // corrected to 7 findings: 14, capped at the item's 10
    expect((await score({ id: r.body.data.id, findings: 7 })).body.code).toBe(200);
    expect((await hd.get('/api/examine/sortContent/list', { period: PERIOD, brandId: HB })).body.data[0]).toMatchObject({ findings: 7, points: 10 });
  });

  it('refuses bad input with the reason and stores nothing', async () => {
    const before = await count();
    expect((await score({ findings: -1 })).body.code).toBe(400);
    expect((await score({ note: '   ' })).body).toMatchObject({ code: 400, message: '请填写检查情况（时间、地点、发现的问题）' });
    expect((await score({ ruleId: off })).body).toMatchObject({ code: 400, message: '该固定考核项已停用，请先在考核设置中启用' });
    expect((await score({ ruleId: 99_999 })).body.message).toMatch(/^参数 ruleId/);
    expect((await score({ brandId: 99_999 })).body).toMatchObject({ code: 400, message: '参数 brandId 对应的企业不存在' });
    expect((await score({ period: '2026-13' })).body).toMatchObject({ code: 400, message: '考核周期须为 YYYY-MM（月）' });
    expect(await count()).toBe(before);
  });

  it('keeps 海淀’s scores from 朝阳, an enterprise account and a request without a token', async () => {
    const id = (await hd.get('/api/examine/sortContent/list', { period: PERIOD })).body.data[0].id;
    expect((await cy.get('/api/examine/sortContent/list', { period: PERIOD, areaId: HD })).body.code).toBe(5002);
    expect((await cy.get('/api/examine/sortContent/list', { period: PERIOD })).body.data).toEqual([]);
    expect((await cy.del(`/api/examine/sortContent/del/${id}`)).body.code).toBe(5002);
    expect((await cy.post('/api/examine/sortContent/upsert', { id, period: PERIOD, brandId: HB, ruleId: rule, findings: 0, note: '越权' })).body.code).toBe(
      5002,
    );
    expect((await cy.post('/api/examine/period/close', { period: PERIOD, areaId: HD })).body.code).toBe(5002);
    expect((await ent.get('/api/examine/sortContent/list', { period: PERIOD })).body.code).toBe(5002);
    expect((await new Client(t.app).get('/api/examine/period/info', { period: PERIOD })).body.code).toBe(401);
    expect((await hd.get('/api/examine/sortContent/list', { period: PERIOD })).body.data[0]).toMatchObject({ id, findings: 7 });
  });
});

describe('evidence photos', () => {
  const photo = async (c: Client, bytes = PNG) => (await upload(t.app, c.token, 'examine', '现场.png', bytes)).body;
  const files = async () =>
    (await t.database.query<{ n: number }>(`select count(*)::int as n from uploads where purpose = 'examine' and owner_id is not null`))[0].n;

  it('keeps the photos with the finding, readable by who may read the month, and lets go of those taken out', async () => {
    const a = (await photo(hd)).data.url as string;
    const b = (await photo(hd, JPG)).data.url as string;
    expect((await photo(hd, PDF)).message).toBe('参数 file 的文件类型不支持：考核证据照片仅支持 PNG、JPG、WEBP');
    const saved = (await score({ brandId: MT, findings: 1, note: '10 月 3 日，学院路站无人调度', photos: [a, b] })).body;
    expect(saved.code).toBe(200);
    const row = async () =>
      ((await hd.get('/api/examine/sortContent/list', { period: PERIOD, brandId: MT })).body.data as { id: number; photos: string[] }[])[0];
    expect((await row()).photos).toEqual([a, b]);
    expect((await fetchFile(t.app, hd.token, a)).status).toBe(200);
    // 朝阳 may not read 海淀's evidence, nor anyone without a token
    expect((await fetchFile(t.app, cy.token, a)).status).toBe(403);
    expect((await fetchFile(t.app, null, a)).status).toBe(401);
    // an edit without photos keeps them; a list given is the whole set
    expect((await score({ id: saved.data.id, brandId: MT, findings: 2 })).body.code).toBe(200);
    expect((await row()).photos).toEqual([a, b]);
    expect((await score({ id: saved.data.id, brandId: MT, findings: 2, photos: [b] })).body.code).toBe(200);
    expect((await row()).photos).toEqual([b]);
    expect(await files()).toBe(1);
  });

  it('refuses a photo not uploaded for this, or by someone else, and stores nothing', async () => {
    const before = await count();
    const theirs = (await photo(cy)).data.url as string;
    const report = (await upload(t.app, hd.token, 'report', 'r.png', PNG)).body.data.url as string;
    for (const photos of [[theirs], [report], ['/etc/passwd'], ['/uploads/0123456789abcdef0123456789abcdef.png']]) {
      expect((await score({ brandId: MT, photos })).body).toMatchObject({ code: 400, message: '参数 photos 不是可用的上传文件，请重新上传' });
    }
    expect((await score({ brandId: MT, photos: Array(10).fill(theirs) })).body.code).toBe(400);
    expect(await count()).toBe(before);
    expect(await files()).toBe(1);
  });

  it('shows an enterprise account its own findings and photos only', async () => {
    const e = await userClient(t.app, await adminClient(t.app), { username: 'hb_ent_score', areaId: HD, roleIds: [3], userLevel: 1 });
    await t.database.query('update users set brand_id = $1 where id = $2', [HB, e.userId]);
    // the enterprise role may read 评级考核 here (the test grants it)
    await t.database.query(`insert into role_permissions (role_id, permission_id) values (3, 6) on conflict do nothing`);
    const list = (await e.get('/api/examine/sortContent/list', { period: PERIOD })).body.data as { brandId: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.brandId === HB)).toBe(true);
    expect((await e.get('/api/examine/sortContent/list', { period: PERIOD, brandId: MT })).body.code).toBe(5002);
    const mt = ((await hd.get('/api/examine/sortContent/list', { period: PERIOD, brandId: MT })).body.data as { photos: string[] }[])[0];
    expect((await fetchFile(t.app, e.token, mt.photos[0])).status).toBe(403);
    await t.database.query(`delete from role_permissions where role_id = 3 and permission_id = 6`);
  });

  it('lets go of the photos with the finding deleted', async () => {
    const mt = ((await hd.get('/api/examine/sortContent/list', { period: PERIOD, brandId: MT })).body.data as { id: number }[])[0];
    expect((await hd.del(`/api/examine/sortContent/del/${mt.id}`)).body.code).toBe(200);
    expect(await files()).toBe(0);
  });
});

describe('closing a month', () => {
  it('freezes the month: no new score, no deletion, no re-assessment', async () => {
    expect((await hd.post('/api/examine/period/close', { period: PERIOD })).body).toMatchObject({ code: 200, message: `考核周期 ${PERIOD} 已关闭` });
    expect((await hd.post('/api/examine/period/close', { period: PERIOD })).body).toMatchObject({ code: 400, message: `考核周期 ${PERIOD} 已经关闭` });
    const frozen = `考核周期 ${PERIOD} 已关闭，不能再修改人工评分；如需修改请先重新开放（须填写原因）`;
    const before = await count();
    expect((await score({})).body).toMatchObject({ code: 400, message: frozen });
    const id = (await hd.get('/api/examine/sortContent/list', { period: PERIOD })).body.data[0].id;
    expect((await hd.del(`/api/examine/sortContent/del/${id}`)).body).toMatchObject({ code: 400, message: frozen });
    expect((await hd.post('/api/examine/trendsRule/assess', { period: PERIOD })).body).toMatchObject({
      code: 400,
      message: `考核周期 ${PERIOD} 已关闭，如需重新考核请先重新开放（须填写原因）`,
    });
    expect(await count()).toBe(before);
    expect((await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data.closed).toBe(true);
  });

  it('re-opens only with a reason, which the log keeps; then the month can change again', async () => {
    expect((await hd.post('/api/examine/period/reopen', { period: PERIOD, reason: '  ' })).body).toMatchObject({ code: 400, message: '请填写重新开放的原因' });
    expect((await hd.post('/api/examine/period/reopen', { period: PERIOD, reason: '哈啰申诉，复核运维人员配备' })).body.code).toBe(200);
    expect((await hd.post('/api/examine/period/reopen', { period: PERIOD, reason: '再次' })).body).toMatchObject({
      code: 400,
      message: `考核周期 ${PERIOD} 没有关闭，无需重新开放`,
    });
    const info = (await hd.get('/api/examine/period/info', { period: PERIOD })).body.data;
    expect(info).toMatchObject({ closed: false });
    expect(info.log.map((l: { action: string; reason: string | null; userName: string }) => [l.action, l.reason, l.userName])).toEqual([
      ['close', null, 'hd_score'],
      ['reopen', '哈啰申诉，复核运维人员配备', 'hd_score'],
    ]);
    const id = (await hd.get('/api/examine/sortContent/list', { period: PERIOD })).body.data[0].id;
    expect((await hd.del(`/api/examine/sortContent/del/${id}`)).body).toMatchObject({ code: 200, message: '人工评分已删除' });
    await hd.post('/api/examine/trendsRule/assess', { period: PERIOD });
    expect(await scoreOf(HB)).toBe(100);
  });
});

describe('the monthly job', () => {
  it('assesses the month before from 02:00 on the 1st, once per area with a scheme, never a closed month', async () => {
    const ctx = jobContextOf({ config: loadConfig({}), database: t.database });
    const at = (local: string) => new Date(`${local}+08:00`);
    await t.database.query(`delete from examine_deductions where period = $1`, [PERIOD]);
    await t.database.query(`delete from examine_results where period = $1`, [PERIOD]);
    expect(await assessLastMonth(ctx, at('2026-10-01T01:30:00'))).toBeNull();
    // a scheme set up after September ended does not grade September
    expect(await assessLastMonth(ctx, at('2026-10-01T02:05:00'))).toEqual({ period: PERIOD, areas: 0, failed: 0 });
    await t.database.query(`update examine_categories set created_at = '2026-08-20'`);
    expect(await assessLastMonth(ctx, at('2026-10-01T02:05:00'))).toEqual({ period: PERIOD, areas: 1, failed: 0 });
    expect((await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data.lists).toHaveLength(2);
    // done: the next hours leave it alone (a regulator's re-assessment is theirs to run)
    expect(await assessLastMonth(ctx, at('2026-10-01T03:05:00'))).toEqual({ period: PERIOD, areas: 0, failed: 0 });
    // a closed month is not due even without results
    await t.database.query(`delete from examine_deductions where period = $1`, [PERIOD]);
    await t.database.query(`delete from examine_results where period = $1`, [PERIOD]);
    await hd.post('/api/examine/period/close', { period: PERIOD });
    expect(await assessLastMonth(ctx, at('2026-10-02T10:00:00'))).toEqual({ period: PERIOD, areas: 0, failed: 0 });
  });
});
