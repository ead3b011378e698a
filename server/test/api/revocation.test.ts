/** Issue 16 finding 7: tokens end at the next request on every process; the open-API rate limit is per operator, not per token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/domain/password.js';
import { Client, TEST_ADMIN_PASSWORD, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand, addGateway } from '../support/world.js';

let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ OPEN_RATE_LIMIT: '4' });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

let peer = 0;
/** A token; each request from its own address (the token route is rate-limited per address, 4 a minute here). */
async function token(account: string, password = 'Secret123') {
  peer++;
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/open/v1/token',
    payload: { account, password },
    remoteAddress: `192.0.2.${peer}`,
  });
  expect(r.statusCode).toBe(200);
  return r.json().data.token as string;
}

const sites = (tok: string, app = t.app) => app.inject({ method: 'GET', url: '/api/open/v1/sites', headers: { authorization: `Bearer ${tok}` } });

describe('revocation on every process', () => {
  it("ends a deleted enterprise's token at its next request, though another process deleted it", async () => {
    const brandId = await addBrand(t.database, { name: '撤销测试', account: 'revoke_del' });
    const tok = await token('revoke_del');
    expect((await sites(tok)).statusCode).toBe(200); // this process has seen the token
    const other = await t.secondApp();
    try {
      const otherAdmin = new Client(other.app);
      await otherAdmin.login('admin', TEST_ADMIN_PASSWORD);
      expect((await otherAdmin.del('/api/company/deleteEnterprise', { brandId })).body.code).toBe(200);
    } finally {
      await other.close();
    }
    const r = await sites(tok);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 401, message: 'token 无效或已过期，请重新获取' });
  });

  it("ends an open-API token issued before the enterprise's password changed", async () => {
    const brandId = await addBrand(t.database, { name: '改密测试', account: 'revoke_pwd' });
    const tok = await token('revoke_pwd');
    expect((await sites(tok)).statusCode).toBe(200);
    const other = await t.secondApp();
    try {
      // what the enterprise edit does on a new password, from the other process
      await other.database.query('update brands set brand_password_hash = $2 where id = $1', [brandId, await hashPassword('Changed123')]);
      await other.database.query('delete from api_sessions where brand_id = $1', [brandId]);
    } finally {
      await other.close();
    }
    expect((await sites(tok)).statusCode).toBe(401);
    expect((await sites(await token('revoke_pwd', 'Changed123'))).statusCode).toBe(200);
  });

  it('ends a console token issued before a password change made on another process', async () => {
    const u = await userClient(t.app, admin, { username: 'revoke_user', areaId: '110108' });
    expect((await u.get('/api/user')).body.code).toBe(200);
    const other = await t.secondApp();
    try {
      const same = new Client(other.app);
      await same.login('revoke_user', 'Passw0rd1');
      expect((await same.post('/api/pwd', { oldPwd: 'Passw0rd1', newPwd: 'Changed123' })).body.code).toBe(200);
    } finally {
      await other.close();
    }
    expect((await u.get('/api/user')).body.code).toBe(401);
  });
});

describe('open-API rate limit per operator', () => {
  let base = '';
  beforeAll(async () => {
    // over the network: in-process requests (app.inject, the demo's simulator) keep a budget per token
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const sitesOverHttp = async (tok: string) => {
    const r = await fetch(`${base}/api/open/v1/sites`, { headers: { authorization: `Bearer ${tok}` } });
    return { status: r.status, body: (await r.json()) as { message: string } };
  };

  it('gives a new token of the same operator no new budget; another operator keeps its own', async () => {
    await addBrand(t.database, { name: '限流甲', account: 'rate_a' });
    await addBrand(t.database, { name: '限流乙', account: 'rate_b' });
    const first = await token('rate_a');
    for (let i = 0; i < 4; i++) expect((await sitesOverHttp(first)).status).toBe(200);
    expect((await sitesOverHttp(first)).status).toBe(429);
    const second = await token('rate_a');
    const r = await sitesOverHttp(second);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect((await sitesOverHttp(await token('rate_b'))).status).toBe(200);
  });

  it('does the same for a pile gateway', async () => {
    await addGateway(t.database, { account: 'rate_gw' });
    const first = await token('rate_gw');
    for (let i = 0; i < 4; i++) await sitesOverHttp(first);
    expect((await sitesOverHttp(await token('rate_gw'))).status).toBe(429);
  });

  it('still answers 401, not 429, to a request with a made-up token', async () => {
    expect((await sitesOverHttp('made-up-token')).status).toBe(401);
  });

  it('leaves the in-process simulator a budget per token (it rotates tokens to back-fill a month)', async () => {
    await addBrand(t.database, { name: '模拟器', account: 'rate_sim' });
    const first = await token('rate_sim');
    for (let i = 0; i < 4; i++) await sites(first);
    expect((await sites(first)).statusCode).toBe(429);
    expect((await sites(await token('rate_sim'))).statusCode).toBe(200);
  });
});
