import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client & { userId: number };
let chaoyang: Client & { userId: number };
let supervisor: Client & { userId: number };

const feed = (authorization?: string) => t.app.inject({ method: 'GET', url: '/api/feed/v1/key', headers: authorization ? { authorization } : {} });
const body = (extra: Record<string, unknown> = {}) => ({
  name: '海淀区数据局',
  company: '北京市海淀区数据局',
  phone: '13900000001',
  areaId: '110108',
  expireTime: '2099-12-31',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_keys', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_keys', areaId: '110105' });
  supervisor = await userClient(t.app, admin, { username: 'hd_keys_super', areaId: '110108', roleIds: [32] });
});
afterAll(() => t.close());

describe('third-party keys', () => {
  let id: number;
  let key: string;

  it('creates a key, answers it once, stores only its hash, lists it with the phone masked', async () => {
    const r = await haidian.post('/api/saveThirdPartyAuthUser', body());
    expect(r.body).toMatchObject({ code: 200, message: '授权已创建，请立即保存密钥' });
    ({ id, key } = r.body.data);
    expect(key).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.query<Record<string, string>>('select * from third_party_keys where id = $1', [id]);
    expect(JSON.stringify(row)).not.toContain(key.slice(4));
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await haidian.get('/api/getThirdPartyAuthList', { currentPage: 1, pageSize: 10 });
    expect(list.body.data).toEqual({
      total: 1,
      lists: [
        expect.objectContaining({
          id,
          name: '海淀区数据局',
          phone: '139****0001',
          areaName: '海淀区',
          expireTime: '2099-12-31 23:59:59',
          status: 0,
          expired: false,
          keyPrefix: key.slice(0, 10),
          creatorName: 'hd_keys',
          lastUseTime: null,
        }),
      ],
    });
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect((await chaoyang.get('/api/getThirdPartyAuthList')).body.data.total).toBe(0);
    expect((await haidian.get('/api/getThirdPartyAuthList', { state: 1 })).body.data.total).toBe(0);
    expect((await haidian.get('/api/getThirdPartyAuthList', { name: '数据局', phone: '0001' })).body.data.total).toBe(1);
  });

  it('authenticates the key on the feed route, with its name, area and expiry', async () => {
    const r = await feed(`Bearer ${key}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      name: '海淀区数据局',
      company: '北京市海淀区数据局',
      areaId: '110108',
      areaName: '海淀区',
      expireTime: '2099-12-31 23:59:59',
    });
  });

  it("records the key's last use on the feed (最近使用), at most once a minute", async () => {
    const used = async () => (await t.database.query<{ at: Date | null }>('select last_used_at as at from third_party_keys where id = $1', [id]))[0].at;
    const listed = async () => (await haidian.get('/api/getThirdPartyAuthList')).body.data.lists[0].lastUseTime;
    const first = await used();
    expect(first).not.toBeNull(); // the call of the test above
    expect(await listed()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // within the minute: no write
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(200);
    expect(await used()).toEqual(first);
    // a minute later: recorded again
    await t.database.query(`update third_party_keys set last_used_at = now() - interval '2 minutes' where id = $1`, [id]);
    const old = await used();
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(200);
    expect((await used())!.getTime()).toBeGreaterThan(old!.getTime());
    // a refused key records nothing
    expect((await feed(`Bearer ${key}x`)).statusCode).toBe(401);
  });

  it('refuses a missing or wrong key, and a console token, on the feed route', async () => {
    expect((await feed()).statusCode).toBe(401);
    expect((await feed(`Bearer ${key}x`)).statusCode).toBe(401);
    expect((await feed('Bearer tpk_made-up')).json()).toMatchObject({ code: 401, message: '授权密钥无效、已撤销或已过期' });
    expect((await feed(`Bearer ${haidian.token}`)).statusCode).toBe(401);
    expect((await feed(`Bearer ${admin.token}`)).statusCode).toBe(401);
  });

  it('refuses the key on every console route', async () => {
    const routes = t.app.ctx.routes.filter((r) => r.url.startsWith('/api/') && !r.public && !/^\/api\/(open|feed|docs)(\/|$)/.test(r.url));
    expect(routes.length).toBeGreaterThan(40);
    const let_in: string[] = [];
    for (const r of routes) {
      if (r.method === 'HEAD' || r.method === 'OPTIONS') continue;
      const url = r.url.replace(/:(\w+)/g, (_m, name) => (name === 'id' ? '1' : 'x'));
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: { authorization: `Bearer ${key}` },
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      if (res.json().code !== 401) let_in.push(`${r.method} ${r.url} → ${res.body.slice(0, 120)}`);
    }
    expect(let_in).toEqual([]);
  });

  it('edits a key (phone kept when not sent), checks phones, and a reset replaces the key at once', async () => {
    await haidian.post('/api/saveThirdPartyAuthUser', body({ name: '其他单位', phone: '13900000002' }));
    expect((await haidian.get('/api/checkAuthPhone', { phone: '13900000002' })).body.data).toEqual({ exists: true });
    expect((await haidian.get('/api/checkAuthPhone', { phone: '13900000001', id })).body.data).toEqual({ exists: false });
    expect((await haidian.get('/api/checkAuthPhone', { phone: '13900000009' })).body.data).toEqual({ exists: false });
    expect((await haidian.post('/api/saveThirdPartyAuthUser', { id, phone: '13900000002' })).body).toMatchObject({
      code: 400,
      message: '参数 phone：该手机号已有授权',
    });
    const edit = await haidian.post('/api/saveThirdPartyAuthUser', { id, name: '海淀数据局', expireTime: '2098-01-01' });
    expect(edit.body).toMatchObject({ code: 200, data: { id, key: null } });
    const [row] = await t.database.query<{ phone: string; name: string }>('select phone, name from third_party_keys where id = $1', [id]);
    expect(row).toEqual({ phone: '13900000001', name: '海淀数据局' });
    const reset = await haidian.post('/api/resetThirdPartyAuthKey', { id });
    expect(reset.body.data.key).toMatch(/^tpk_/);
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(401);
    key = reset.body.data.key;
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(200);
  });

  it('stops a revoked key and an expired key at the next request; re-enabling issues a new key (issue 26)', async () => {
    const revoke = await haidian.post('/api/saveThirdPartyAuthUser', { id, status: 1 });
    expect(revoke.body).toMatchObject({ code: 200, message: '授权已撤销' });
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(401);
    expect((await haidian.get('/api/getThirdPartyAuthList', { state: 1 })).body.data.lists.map((k: { id: number }) => k.id)).toEqual([id]);
    const again = await haidian.post('/api/saveThirdPartyAuthUser', { id, status: 0 });
    expect(again.body).toMatchObject({ code: 200, message: '授权已恢复，原密钥不再可用，请立即保存新密钥', data: { id, key: expect.stringMatching(/^tpk_/) } });
    // the revoked secret stays dead; the new one works
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(401);
    expect(again.body.data.key).not.toBe(key);
    key = again.body.data.key;
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(200);
    // editing an enabled key (status 0 again) keeps its secret
    expect((await haidian.post('/api/saveThirdPartyAuthUser', { id, status: 0 })).body.data.key).toBeNull();
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(200);
    await t.database.query(`update third_party_keys set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await feed(`Bearer ${key}`)).statusCode).toBe(401);
    const expired = await haidian.get('/api/getThirdPartyAuthList', { state: 2 });
    expect(expired.body.data.lists).toEqual([expect.objectContaining({ id, expired: true })]);
  });

  it('refuses bad input naming the field', async () => {
    const bad = async (b: Record<string, unknown>) => (await haidian.post('/api/saveThirdPartyAuthUser', b)).body;
    expect(await bad(body({ name: undefined, phone: '13900000010' }))).toMatchObject({ code: 400, message: '参数 name 不能为空' });
    expect(await bad(body({ name: '  ', phone: '13900000010' }))).toMatchObject({ code: 400, message: '参数 name 不能为空' });
    expect(await bad(body({ phone: undefined }))).toMatchObject({ code: 400, message: '参数 phone 不能为空' });
    expect((await bad(body({ phone: '12345' }))).message).toContain('phone');
    expect(await bad(body({ phone: '13900000010', expireTime: undefined }))).toMatchObject({ code: 400, message: '参数 expireTime 不能为空' });
    expect((await bad(body({ phone: '13900000010', expireTime: 'next year' }))).message).toMatch(/^参数 expireTime 格式/);
    expect(await bad(body({ phone: '13900000010', expireTime: '2001-01-01' }))).toMatchObject({ code: 400, message: '参数 expireTime 应晚于当前时间' });
    expect((await bad(body({ phone: '13900000010', areaId: 'abc' }))).message).toContain('areaId');
    expect((await haidian.get('/api/checkAuthPhone', { phone: 'x' })).body.message).toContain('phone');
  });

  it('refuses without a token, another area, and without 用户管理 (112)', async () => {
    const anon = new Client(t.app);
    expect((await anon.post('/api/saveThirdPartyAuthUser', body())).body.code).toBe(401);
    expect((await anon.get('/api/getThirdPartyAuthList')).body.code).toBe(401);
    expect((await anon.get('/api/checkAuthPhone', { phone: '13900000001' })).body.code).toBe(401);
    expect((await chaoyang.post('/api/saveThirdPartyAuthUser', body({ phone: '13900000020' }))).body.code).toBe(5002);
    expect((await chaoyang.post('/api/saveThirdPartyAuthUser', { id, status: 1 })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/resetThirdPartyAuthKey', { id })).body.code).toBe(5002);
    expect((await haidian.post('/api/saveThirdPartyAuthUser', { id, areaId: '110105' })).body.code).toBe(5002);
    expect((await supervisor.get('/api/getThirdPartyAuthList')).body.code).toBe(5002);
    expect((await supervisor.post('/api/saveThirdPartyAuthUser', body({ phone: '13900000021' }))).body.code).toBe(5002);
    expect((await supervisor.get('/api/checkAuthPhone', { phone: '13900000001' })).body.code).toBe(5002);
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from third_party_keys`);
    expect(n).toBe(2);
  });
});
