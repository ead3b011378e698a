import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Routes that need no console token: login, health, the docs, registration (people apply for an
 * account), the open API and the third-party feeds (their own guards).
 */
const PUBLIC = [/^\/api\/login$/, /^\/api\/health$/, /^\/api\/docs(\/|$)/, /^\/api\/register(\/|$)/, /^\/api\/open\//, /^\/api\/feed\//];

describe('the guard', () => {
  it('answers code 401 without a token on every registered /api route', async () => {
    const routes = t.app.ctx.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(40);
    const unguarded: string[] = [];
    for (const r of routes) {
      if (PUBLIC.some((p) => p.test(r.url))) continue;
      expect(r.public, `${r.method} ${r.url} is marked public`).toBe(false);
      const url = r.url.replace(/:(\w+)/g, (_m, name) => (name === 'id' ? '1' : 'x'));
      const res = await t.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      const body = res.json();
      if (res.statusCode !== 200 || body.code !== 401) unguarded.push(`${r.method} ${r.url} → ${res.statusCode} ${JSON.stringify(body)}`);
    }
    expect(unguarded).toEqual([]);
  });

  it('answers 401 to a made-up token', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer made-up' } });
    expect(r.json()).toMatchObject({ code: 401 });
  });

  it('serves health without a token', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.json()).toEqual({
      code: 200,
      message: '操作成功！',
      data: {
        status: 'ok',
        db: t.database.kind,
        version: expect.any(String),
        history: { loading: false, from: null, to: null, reached: null, percent: null },
      },
    });
  });

  it('publishes the OpenAPI document', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user/list', '/api/area/get']));
  });

  it('checks selfAreaId against the user area: 5002 for another district, 400 for a malformed one', async () => {
    const admin = await adminClient(t.app);
    const u = await userClient(t.app, admin, { username: 'haidian1', areaId: '110108' });
    expect((await u.get('/api/area/get', { selfAreaId: '110108' })).body.code).toBe(200);
    expect((await u.get('/api/area/get', { selfAreaId: '110105' })).body).toMatchObject({ code: 5002, message: '无权访问该区域的数据' });
    expect((await u.get('/api/area/get', { selfAreaId: '110000' })).body.code).toBe(5002);
    expect((await u.get('/api/area/get', { selfAreaId: 'abc' })).body.code).toBe(400);
  });

  it('lets a route shared by two sections answer either (GET /api/site/rail: 站点管理 or 区域设置), nobody else', async () => {
    const admin = await adminClient(t.app);
    const roleOf = async (roleName: string, permissionIds: number[]) =>
      (await admin.post('/api/role/add', { roleName, permissionIds }, { selfAreaId: '110108' })).body.data.id as number;
    const regional = await userClient(t.app, admin, { username: 'regional_only', areaId: '110108', roleIds: [await roleOf('只有区域设置', [10])] });
    const device = await userClient(t.app, admin, { username: 'device_only', areaId: '110108', roleIds: [await roleOf('只有站点管理', [3])] });
    const warn = await userClient(t.app, admin, { username: 'warn_only', areaId: '110108', roleIds: [await roleOf('只有异常列表', [1])] });
    expect((await regional.get('/api/site/rail')).body.code).toBe(200);
    expect((await device.get('/api/site/rail')).body.code).toBe(200);
    expect((await warn.get('/api/site/rail')).body.code).toBe(5002);
    // the other site calls stay 站点管理's
    expect((await regional.get('/api/site/')).body.code).toBe(5002);
  });

  it('keeps transport errors as HTTP errors with the envelope', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 400, message: '请求体不是有效的 JSON', data: null });
    const nf = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(nf.statusCode).toBe(404);
    void Client;
  });
});
