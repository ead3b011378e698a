/** Issue 16 finding 2: login throttling that a rotating X-Forwarded-For, a parallel burst or a stranger cannot defeat or abuse. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/domain/password.js';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

/** One login from `remoteAddress` (the TCP peer), with an optional X-Forwarded-For. */
async function login(username: string, password: string, remoteAddress: string, forwardedFor?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return res.json() as { code: number; message: string; data: unknown };
}

async function openToken(account: string, password: string, remoteAddress: string, forwardedFor?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/open/v1/token',
    payload: { account, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string } };
}

const failures = async (username: string) =>
  (await t.database.query<{ n: number }>('select failed_logins as n from users where username = $1', [username]))[0].n;

describe('per-address limit', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY: rotating it does not buy more guesses', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 21; i++) answers.push((await login(`nobody${i}`, 'wrong', '203.0.113.7', `10.9.${i}.1`)).message);
    expect(answers.slice(0, 20).every((m) => m === '用户名或密码错误')).toBe(true);
    expect(answers[20]).toBe('登录失败次数过多，请 15 分钟后再试');
    // the same address now refused even with the right password of a real account, another address not
    expect((await login('admin', 'whatever', '203.0.113.7', '10.9.99.1')).message).toBe('登录失败次数过多，请 15 分钟后再试');
    expect((await login('nobody-else', 'wrong', '203.0.113.8')).message).toBe('用户名或密码错误');
  });

  it('does the same on the open API token route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await openToken(`nobody${i}`, 'wrong', '203.0.113.9', `10.8.${i}.1`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it('a successful login does not reset the address count', async () => {
    await userClient(t.app, admin, { username: 'own_acct', areaId: '110108' });
    for (let i = 0; i < 19; i++) await login(`guess${i}`, 'wrong', '203.0.113.10');
    expect((await login('own_acct', 'Passw0rd1', '203.0.113.10')).code).toBe(200);
    expect((await login('guess-x', 'wrong', '203.0.113.10')).message).toBe('用户名或密码错误');
    expect((await login('guess-y', 'wrong', '203.0.113.10')).message).toBe('登录失败次数过多，请 15 分钟后再试');
  });
});

describe('per-account back-off', () => {
  it('counts 29 parallel wrong passwords as 29', async () => {
    await userClient(t.app, admin, { username: 'burst29', areaId: '110108' });
    await Promise.all(Array.from({ length: 29 }, (_, i) => login('burst29', 'wrong1', `198.51.100.${i + 1}`)));
    expect(await failures('burst29')).toBe(29);
  });

  it('refuses the right password sent after the limit within the same burst', async () => {
    await userClient(t.app, admin, { username: 'burst_ok', areaId: '110108' });
    const wrong = Array.from({ length: 10 }, (_, i) => login('burst_ok', 'wrong1', `198.51.101.${i + 1}`));
    const right = login('burst_ok', 'Passw0rd1', '198.51.101.200');
    const answers = await Promise.all([...wrong, right]);
    expect(answers[10].code).toBe(400);
    expect(answers[10].message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect(await failures('burst_ok')).toBe(11);
  });

  it('answers an unknown username exactly like a wrong password, back-off included', async () => {
    await userClient(t.app, admin, { username: 'enum_known', areaId: '110108' });
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 8; i++) {
      known.push((await login('enum_known', 'wrong1', `198.51.102.${i + 1}`)).message);
      unknown.push((await login('enum_unknown', 'wrong1', `198.51.103.${i + 1}`)).message);
    }
    const shape = (m: string) => m.replace(/\d+/g, 'N');
    expect(known.map(shape)).toEqual(unknown.map(shape));
    expect(known.slice(0, 5)).toEqual(Array(5).fill('用户名或密码错误'));
    expect(known[5]).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
  });

  it('backs off instead of locking: a stranger cannot extend the wait, the owner gets in once it has passed', async () => {
    const owner = await userClient(t.app, admin, { username: 'victim', areaId: '110108' });
    for (let i = 0; i < 5; i++) await login('victim', 'wrong1', `198.51.104.${i + 1}`);
    const [first] = await t.database.query<{ s: number }>(`select extract(epoch from locked_until - now())::float8 as s from users where username = 'victim'`);
    expect(first.s).toBeGreaterThan(0); // 1 s after the fifth failure
    expect(first.s).toBeLessThanOrEqual(1);
    // ten more failures later (set here), the next one makes it wait the longest: a minute
    await t.database.query(`update users set failed_logins = 10, locked_until = null where username = 'victim'`);
    expect((await login('victim', 'wrong1', '198.51.104.100')).message).toBe('用户名或密码错误');
    const [before] = await t.database.query<{ until: Date }>(`select locked_until as until from users where username = 'victim'`);
    const waitS = (new Date(before.until).getTime() - Date.now()) / 1000;
    expect(waitS).toBeGreaterThan(50);
    expect(waitS).toBeLessThanOrEqual(60);
    // a stranger hammering during the wait is refused unchecked and does not move it
    for (let i = 0; i < 10; i++) expect((await login('victim', 'wrong1', `198.51.105.${i + 1}`)).message).toMatch(/秒后再试$/);
    const [after] = await t.database.query<{ until: Date }>(`select locked_until as until from users where username = 'victim'`);
    expect(new Date(after.until).getTime()).toBe(new Date(before.until).getTime());
    // the owner is refused during the wait, with the seconds left, and their live session is untouched
    expect((await login('victim', 'Passw0rd1', '192.0.2.50')).message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect((await owner.get('/api/user')).body.code).toBe(200);
    // once the wait has passed (moved into the past here), the right password gets in and the count restarts
    await t.database.query(`update users set locked_until = now() - interval '1 second' where username = 'victim'`);
    expect((await login('victim', 'Passw0rd1', '192.0.2.50')).code).toBe(200);
    expect(await failures('victim')).toBe(0);
  });

  it('the wait never exceeds a minute, however many failures', async () => {
    await userClient(t.app, admin, { username: 'many_fail', areaId: '110108' });
    await t.database.query(`update users set failed_logins = 100000 where username = 'many_fail'`);
    expect((await login('many_fail', 'wrong1', '198.51.106.1')).message).toBe('用户名或密码错误');
    const [row] = await t.database.query<{ s: number }>(`select extract(epoch from locked_until - now())::float8 as s from users where username = 'many_fail'`);
    expect(row.s).toBeGreaterThan(50);
    expect(row.s).toBeLessThanOrEqual(60);
  });

  it('backs off open-API accounts too, known or not, with the same answers', async () => {
    await t.database.query(`insert into gateways (account, password_hash, name, area_id) values ('gw-throttle', $1, '测试网关', '110108')`, [
      await hashPassword('Gw-Secret-1'),
    ]);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await openToken('gw-throttle', 'wrong', `198.51.107.${i + 1}`)).status);
      unknown.push((await openToken('gw-nobody', 'wrong', `198.51.108.${i + 1}`)).status);
    }
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    expect(unknown).toEqual(known);
    const refused = await openToken('gw-throttle', 'Gw-Secret-1', '198.51.107.100');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^认证失败次数过多，请 \d+ 秒后再试$/);
  });
});
