/**
 * Malformed input the probe of issue 16 (finding 6) answered with HTTP 500: each is refused with
 * code 400 and a Chinese message naming the field, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestApp, type Client, type TestContext } from '../support/app.js';
import { findTextProblem, storableText } from '../../src/domain/text.js';
import { findBoolAsNumber, hardenSchema } from '../../src/http/validation.js';
import { isBadValueError } from '../../src/http/errors.js';

let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const CHINESE = /[\u4e00-\u9fff]/;

async function expect400(res: { status: number; body: { code: number; message: string } }, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.body.code, JSON.stringify(res.body)).toBe(400);
  expect(res.body.message).toMatch(CHINESE);
  if (field) expect(res.body.message).toContain(field);
}

describe('malformed console input (issue 16, finding 6)', () => {
  it('refuses integers beyond the int4 range', async () => {
    await expect400(await admin.get('/api/forbid', { currentPage: '1e20' }), 'currentPage');
    await expect400(await admin.del('/api/forbid/99999999999999999999'), 'id');
    await expect400(await admin.get('/api/user/list', { currentPage: '99999999999' }), 'currentPage');
  });

  it('refuses Infinity and NaN where an integer is wanted', async () => {
    for (const v of ['Infinity', '-Infinity', 'NaN']) {
      await expect400(await admin.get('/api/forbid', { currentPage: v }), 'currentPage');
      await expect400(await admin.get('/api/user/list', { pageSize: v }), 'pageSize');
    }
  });

  it('does not take a boolean for a number', async () => {
    await expect400(await admin.put('/api/forbid/true', { alias: 'x' }), 'id');
    const r = await admin.post('/api/user/ban', { id: true, status: 1 });
    await expect400(r, 'id');
  });

  it('refuses NUL and lone surrogates in any text, naming the field', async () => {
    await expect400(await admin.post('/api/login', { username: '\u0000', password: 'x' }), 'username');
    await expect400(await admin.post('/api/login', { username: 'a\ud800b', password: 'x' }), 'username');
    await expect400(await admin.get('/api/user/list', { username: 'x\u0000' }), 'username');
    await expect400(await admin.put('/api/forbid/1', { alias: '\udc00' }), 'alias');
  });

  it('refuses JSON nested deeper than 32 levels', async () => {
    const deep = `{"username":"a","password":"b","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    await expect400({ status: r.statusCode, body: r.json() }, '嵌套层级过深');
  });

  it('refuses dates outside a sane range', async () => {
    for (const startTime of ['-271821-04-20T00:00:00Z', '275760-09-13T00:00:00Z', '9999-99-99']) {
      const r = await admin.get('/api/company/getBikeRideOrderList', { startTime });
      expect(r.status, `${startTime}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
      if (r.status === 200) await expect400(r, 'startTime');
    }
  });

  it('refuses a polygon of more than 2,000 points (issue 16, finding 8)', async () => {
    const fence = Array.from({ length: 150_000 }, (_, i) => [
      116.3 + 0.01 * Math.cos((i / 150_000) * 2 * Math.PI),
      39.98 + 0.01 * Math.sin((i / 150_000) * 2 * Math.PI),
    ]);
    await expect400(await admin.post('/api/forbid', { type: 0, alias: '巨大', areaId: '110108', fence }, { selfAreaId: '110108' }), '最多 2000 个点');
    const ok = await admin.post(
      '/api/forbid',
      { type: 0, alias: '正常', areaId: '110108', fence: fence.filter((_, i) => i % 100 === 0) },
      { selfAreaId: '110108' },
    );
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
  });

  it('answers an over-long path parameter in the envelope, in Chinese', async () => {
    const r = await admin.del(`/api/forbid/${'x'.repeat(1000)}`);
    expect(r.status).toBe(414);
    expect(r.body).toEqual({ code: 414, message: '路径参数过长', data: null });
  });

  it('refuses a 100,000-character string', async () => {
    await expect400(await admin.get('/api/user/list', { username: 'x'.repeat(100_000) }), 'username');
  });
});

describe('the shared validation pieces', () => {
  it("takes a database data exception (SQLSTATE class 22) for the request's fault", () => {
    expect(isBadValueError(Object.assign(new Error('x'), { code: '22P02' }))).toBe(true);
    expect(isBadValueError(new Error('wrapped', { cause: Object.assign(new Error('y'), { code: '22021' }) }))).toBe(true);
    expect(isBadValueError(new RangeError('Invalid time value'))).toBe(true);
    expect(isBadValueError(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isBadValueError(new Error('x'))).toBe(false);
  });

  it('bounds every integer without its own bounds to int4', () => {
    const s = hardenSchema({
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer', minimum: 1, maximum: 5 } },
    }) as any;
    expect(s.properties.a).toEqual({ type: 'integer', minimum: -2147483648, maximum: 2147483647 });
    expect(s.properties.b).toEqual({ type: 'integer', minimum: 1, maximum: 5 });
  });

  it('keeps a null for a nullable value instead of coercing it to 0 or an empty text', () => {
    const s = hardenSchema({ anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }], description: 'x' }) as any;
    expect(s).toEqual({ type: ['number', 'null'], minimum: 0, description: 'x' });
    // a literal or a union of more than one value keeps its anyOf
    const lit = { anyOf: [{ const: 1, type: 'number' }, { type: 'null' }] };
    expect(hardenSchema(lit)).toEqual(lit);
    // and a boolean is still not a number there
    expect(findBoolAsNumber(s, true)).not.toBeNull();
  });

  it('finds booleans given for numbers, also in arrays and unions', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        ids: { type: 'array', items: { type: 'integer' } },
        n: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
    };
    expect(findBoolAsNumber(schema, { id: true })?.instancePath).toBe('/id');
    expect(findBoolAsNumber(schema, { ids: [1, false] })?.instancePath).toBe('/ids/1');
    expect(findBoolAsNumber(schema, { n: true })).toBeNull(); // anyOf with null: not only numeric
    expect(findBoolAsNumber(schema, { id: 1, ids: [2] })).toBeNull();
  });

  it('finds text a database cannot store, and too deep nesting, without recursion', () => {
    expect(findTextProblem({ a: ['ok', 'x\u0000'] })).toEqual({ path: 'a[1]', kind: 'text' });
    expect(findTextProblem({ 'k\ud800': 1 })?.kind).toBe('text');
    expect(findTextProblem({ a: '\ud83d\ude00' })).toBeNull(); // a proper pair is fine
    expect(findTextProblem({ n: [1, Infinity] })).toEqual({ path: 'n[1]', kind: 'number' });
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(findTextProblem(deep)?.kind).toBe('depth');
    expect(storableText('a\u0000b\udc00')).toBe('a\ufffdb\ufffd');
  });
});
