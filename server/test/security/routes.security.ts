/**
 * The standing security suite (issue 16, `npm run test:security`): reads the route table from the
 * OpenAPI document (every route with its schema, so a new route is covered without anyone adding
 * it) and, for every route, proves:
 * - without a token: 401 (console: code 401; open API: HTTP 401), except the public ones below;
 * - a 海淀 user never reads 朝阳's objects (no 朝阳 marker in any answer) nor changes them (their
 *   fingerprint holds), with selfAreaId=朝阳 and with 朝阳's ids in every id-taking field;
 * - an enterprise user never reads another brand's record (no brand-B marker in any answer);
 * - a user without permissions gets 5002 (or is on the short list of routes open to any logged-in
 *   user) and writes nothing;
 * - malformed input (wrong types, missing fields, 100,000 characters, NUL, lone surrogates, 1e20,
 *   ±Infinity, NaN, extreme dates, deep JSON, a 20 MB body) → 4xx or code 400 with a Chinese
 *   message; never a 5xx, an answer slower than 5 s, a stack trace or SQL text.
 * It prints its figures and asserts 5xx = 0 and cross-area / cross-brand successes = 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { storableText } from '../../src/domain/text.js';
import { BRAND_B_MARK, BRAND_C_MARK, CY, CY_MARK, HD_SITE, buildWorld, fingerprint, type World } from './world.js';

/**
 * Routes that need no console token (registration: people apply for an account, with its area and role
 * pickers; the GBFS manifest lists only the areas that publish their feeds to anyone, 公开发布).
 */
const PUBLIC = [
  /^\/api\/login$/,
  /^\/api\/health$/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/open\/v1\/token$/,
  /^\/api\/register(\/|$)/,
  /^\/api\/feed\/v1\/gbfs\/manifest\.json$/,
];
/**
 * Routes any logged-in user may call (no permission in their config): their own profile and menus,
 * and the area and zone reads every screen needs, all scoped to the user's area. Reads only. A new
 * route answering a user without permissions fails the suite until it is added here on purpose.
 */
const ANY_USER = new Set([
  'GET /api/user',
  'GET /api/permission/list',
  'GET /api/getSlider',
  'GET /api/hello',
  'GET /api/role/all',
  'GET /api/role/addRoleAll',
  'GET /api/role/auditRoleAll',
  'GET /api/area/get',
  'GET /api/area/parents',
  'GET /api/area/user',
  'GET /api/area/all',
  'GET /api/area/user2',
  'GET /api/area/listsAll',
  'GET /api/area/getCityAreaByChild',
  'GET /api/area/',
  'GET /api/area/rail',
  'GET /api/area/entryRail',
  'GET /api/forbid/',
  // the site parameters of the user's own area (new sites take them; editing needs 115)
  'GET /api/config/siteParams',
]);

interface Param {
  name: string;
  in: 'query' | 'path';
  schema: Schema;
  required?: boolean;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  pattern?: string;
  minimum?: number;
  enum?: unknown[];
}
interface Route {
  method: string;
  path: string;
  params: Param[];
  body: Schema | null;
}

let t: TestContext;
let w: World;
let routes: Route[];
const figures = {
  routes: 0,
  attempts: 0,
  refusals: 0,
  fiveHundreds: 0,
  slow: 0,
  leaks: 0,
  crossArea: 0,
  crossBrand: 0,
  noPermission5002: 0,
};
const problems: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app, t.database);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, any>>;
  };
  routes = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      routes.push({ method: method.toUpperCase(), path, params: (op.parameters ?? []) as Param[], body });
    }
  }
  figures.routes = routes.length;
}, 300_000);
afterAll(async () => {
  console.log(`[security] ${JSON.stringify(figures)}`);
  if (problems.length) console.log(`[security] problems:\n${problems.slice(0, 200).join('\n')}`);
  await t?.close();
});

const isOpen = (r: Route) => r.path.startsWith('/api/open/');
const isPublic = (r: Route) => PUBLIC.some((p) => p.test(r.path));
const key = (r: Route) => `${r.method} ${r.path}`;

/** A plausible value for a schema: enough to get past validation to the handler. */
function sample(s: Schema | undefined, name = ''): unknown {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sample(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], name);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [sample(s.items, name)];
  if (type === 'object') return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k], k)]));
  if (s.pattern === '^\\d{6}$') return '110108';
  return /time/i.test(name) ? '2026-01-01 00:00:00' : 'x';
}

interface Call {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  raw?: string;
  token?: string | null;
}

async function call(r: Route, c: Call) {
  let url = r.path.replace(/\{(\w+)\}/g, (_m, n) =>
    encodeURIComponent(storableText(String(c.path?.[n] ?? sample(r.params.find((p) => p.name === n)?.schema, n)))),
  );
  const q = Object.entries(c.query ?? {}).filter(([, v]) => v !== undefined);
  if (q.length) url += `?${q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(storableText(String(v)))}`).join('&')}`;
  const headers: Record<string, string> = c.token ? { authorization: `Bearer ${c.token}` } : {};
  const hasBody = r.method !== 'GET' && (c.raw !== undefined || c.body !== undefined || r.body);
  if (hasBody) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  const res = await t.app.inject({
    method: r.method as 'GET',
    url,
    headers,
    payload: hasBody ? (c.raw ?? JSON.stringify(c.body ?? {})) : undefined,
  });
  const ms = performance.now() - t0;
  figures.attempts++;
  let body: { code?: number; message?: string; data?: unknown } = {};
  try {
    body = res.json();
  } catch {
    /* an export: not JSON */
  }
  if (res.statusCode >= 500) {
    figures.fiveHundreds++;
    problems.push(`5xx ${key(r)} ${url.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
  }
  if (ms > 5000) {
    figures.slow++;
    problems.push(`slow ${key(r)} ${Math.round(ms)} ms`);
  }
  if (
    /\n\s+at |node_modules|\bselect\b.+\bfrom\b|\binsert into\b|syntax error|SQLSTATE/i.test(res.body.slice(0, 20000)) &&
    res.headers['content-type']?.toString().includes('json')
  ) {
    figures.leaks++;
    problems.push(`internals ${key(r)} → ${res.body.slice(0, 160)}`);
  }
  const refused = res.statusCode >= 400 || (body.code !== undefined && body.code !== 200);
  if (refused) figures.refusals++;
  return { status: res.statusCode, body, text: res.body, refused, ms };
}

/** Minimal valid input of a route, with overrides. */
function input(r: Route, over: Record<string, unknown> = {}): Call {
  const query: Record<string, unknown> = {};
  const path: Record<string, unknown> = {};
  for (const p of r.params) {
    const v = p.name in over ? over[p.name] : p.required ? sample(p.schema, p.name) : undefined;
    if (p.in === 'path') path[p.name] = v;
    else if (v !== undefined) query[p.name] = v;
  }
  let body: unknown;
  if (r.body && r.method !== 'GET') {
    const b = sample(r.body) as Record<string, unknown>;
    for (const [k, v] of Object.entries(over)) if (r.body.properties?.[k]) b[k] = v;
    body = b;
  }
  return { path, query, body };
}

/** Routes that end the caller's session: only the no-token check calls them (else every later call would be a 401). */
const ENDS_SESSION = /\/logout$|\/pwd$|password/i;
const consoleRoutes = () => routes.filter((r) => !isOpen(r) && !isPublic(r) && !ENDS_SESSION.test(r.path));

/** The suite's users must still be logged in after a pass, or its refusals prove nothing. */
async function expectLoggedIn(...clients: { token: string | null }[]) {
  for (const c of clients) {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(r.json().code).toBe(200);
  }
}

describe('security suite (issue 16)', () => {
  it('answers 401 without a token on every route but the public ones', async () => {
    const missing: string[] = [];
    for (const r of routes) {
      if (isPublic(r)) continue;
      const res = await call(r, input(r));
      const ok = isOpen(r) ? res.status === 401 : res.body.code === 401;
      if (!ok) missing.push(`${key(r)} → ${res.status} ${res.text.slice(0, 100)}`);
    }
    expect(missing).toEqual([]);
  });

  it('never shows or changes 朝阳 objects to a 海淀 user, whatever the ids or area given', async () => {
    const before = await fingerprint(t.database, CY, w.brandB);
    const f = w.foreign;
    /** A bare `id` means the route's own kind of object: a foreign id of another kind may be one of 海淀's own. */
    const idsOf = (path: string): unknown[] =>
      /\/user/.test(path)
        ? [f.user]
        : /\/role/.test(path)
          ? [f.role]
          : /\/forbid/.test(path)
            ? [f.forbid]
            : /\/externalFeed/.test(path)
              ? [f.feed]
              : /\/siteApply/.test(path)
                ? [f.siteApply]
                : /\/examine/.test(path)
                  ? [f.examine]
                  : /NotUpload\w*Rule/.test(path)
                    ? [f.rule]
                    : /\/company|brand|enterprise/i.test(path)
                      ? [f.brand]
                      : /\/site/.test(path)
                        ? [f.site]
                        : [];
    const ids: Record<string, unknown[]> = {
      userId: [f.user],
      roleId: [f.role],
      roleIds: [[f.role]],
      siteId: [f.site],
      site_id: [f.site],
      brandId: [f.brand],
      areaId: [CY],
      selfAreaId: [CY],
    };
    for (const r of consoleRoutes()) {
      const fields = [...r.params.map((p) => p.name), ...Object.keys(r.body?.properties ?? {})];
      const tries: Record<string, unknown>[] = [{ selfAreaId: CY }];
      for (const name of fields) {
        const values = name === 'id' ? idsOf(r.path) : name === 'ids' ? idsOf(r.path).map((x) => [x]) : (ids[name] ?? []);
        for (const v of values) if (v !== null) tries.push({ [name]: v });
      }
      for (const over of tries) {
        const res = await call(r, { ...input(r, over), token: w.hdAdmin.token });
        const changed = r.method !== 'GET' && (await fingerprint(t.database, CY, w.brandB)) !== before;
        if (res.text.includes(CY_MARK) || changed) {
          figures.crossArea++;
          problems.push(`cross-area ${key(r)} ${JSON.stringify(over)} → ${res.text.slice(0, 160)}${changed ? ' (朝阳 changed)' : ''}`);
        }
      }
    }
    await expectLoggedIn(w.hdAdmin);
    expect(figures.crossArea).toBe(0);
  });

  it('never shows brand B (another area) or brand C (the same area) to an enterprise user of brand A', async () => {
    const marks = [BRAND_B_MARK, BRAND_B_MARK.toLowerCase(), BRAND_C_MARK, BRAND_C_MARK.toLowerCase()];
    const tries = [
      {},
      { brandId: w.brandB },
      { id: w.brandB },
      { brandId: w.brandC },
      { id: w.brandC },
      { siteId: HD_SITE },
      { siteId: HD_SITE, brandId: w.brandC },
      // a bike, a plate and a BLE name of brand C, wherever a search or a bike id is taken
      ...[`${BRAND_C_MARK}01`, `${BRAND_C_MARK}02`, `京${BRAND_C_MARK}`].flatMap((v) => [
        { searchType: 3, search: v },
        { searchType: 6, search: v },
        { bikeId: v },
        { keyword: v },
      ]),
    ];
    for (const r of consoleRoutes()) {
      if (r.method !== 'GET') continue;
      for (const over of tries) {
        const res = await call(r, { ...input(r, over), token: w.entA.token });
        if (marks.some((m) => res.text.includes(m))) {
          figures.crossBrand++;
          problems.push(`cross-brand ${key(r)} ${JSON.stringify(over)} → ${res.text.slice(0, 160)}`);
        }
      }
    }
    await expectLoggedIn(w.entA);
    expect(figures.crossBrand).toBe(0);
    // and not because it was refused: its own enterprise's bikes it does see
    const own = await w.entA.get('/api/dashboard/siteBike', { siteId: HD_SITE });
    expect(own.body.data.lists.map((b: { bikeId: string }) => b.bikeId).sort()).toEqual(['QJOWN01', 'QJOWN02']);
    expect((await w.entA.get('/api/dashboard/search', { searchType: 3, search: 'QJOWN01' })).body.data.bike).toMatchObject({ bikeId: 'QJOWN01' });
    expect(Object.keys((await w.entA.get('/api/dashboard/bikeMonitor')).body.data)).toEqual([String(w.brandA)]);
    // naming another enterprise is refused outright
    expect((await w.entA.get('/api/dashboard/siteBike', { siteId: HD_SITE, brandId: w.brandC })).body.code).toBe(5002);
    // a regulator of the area still sees both
    const all = await w.hdAdmin.get('/api/dashboard/siteBike', { siteId: HD_SITE });
    expect(all.body.data.total).toBe(4);
  });

  it('refuses a user without permissions (5002) and writes nothing', async () => {
    const before = [await fingerprint(t.database, '110108'), await fingerprint(t.database, CY, w.brandB)].join();
    const answered: string[] = [];
    const codes: Record<string, number> = {};
    for (const r of consoleRoutes()) {
      const res = await call(r, { ...input(r), token: w.noPerm.token });
      codes[String(res.body.code ?? res.status)] = (codes[String(res.body.code ?? res.status)] ?? 0) + 1;
      if (res.body.code === 5002) figures.noPermission5002++;
      else if (!res.refused && !ANY_USER.has(key(r))) answered.push(`${key(r)} → ${res.text.slice(0, 100)}`);
    }
    const after = [await fingerprint(t.database, '110108'), await fingerprint(t.database, CY, w.brandB)].join();
    console.log(`[security] without permissions, answer codes: ${JSON.stringify(codes)}; answered: ${answered.map((a) => a.split(' →')[0]).join(', ')}`);
    await expectLoggedIn(w.noPerm);
    expect(answered).toEqual([]);
    expect(figures.noPermission5002).toBeGreaterThan(consoleRoutes().length / 2);
    expect(after).toBe(before);
  });

  it('answers malformed input with 4xx or code 400 in Chinese, never 5xx, never slower than 5 s', async () => {
    const long = 'x'.repeat(100_000);
    const hostile: unknown[] = [
      long,
      '\u0000',
      'a\ud800',
      1e20,
      -1e20,
      'Infinity',
      '-Infinity',
      'NaN',
      '-271821-04-20T00:00:00Z',
      '9999-99-99 99:99:99',
      true,
      {},
      [],
      -1,
      0,
    ];
    const deep = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const big = `{"a":"${'x'.repeat(20 * 1024 * 1024)}"}`;
    const notChinese: string[] = [];
    const check = (r: Route, what: string, res: Awaited<ReturnType<typeof call>>) => {
      if (res.refused && res.body.message !== undefined && !/[\u4e00-\u9fff]/.test(res.body.message))
        notChinese.push(`${key(r)} ${what} → ${res.body.message}`);
    };
    for (const r of routes) {
      if (r.path.startsWith('/api/docs') || ENDS_SESSION.test(r.path)) continue;
      const token = isOpen(r) ? w.operatorA.token : w.admin.token;
      // missing fields
      check(r, '{}', await call(r, { path: input(r).path, body: r.body && r.method !== 'GET' ? {} : undefined, token }));
      const fields = [...r.params.map((p) => p.name), ...Object.keys(r.body?.properties ?? {})];
      for (const f of fields) {
        for (const v of hostile) {
          const c = input(r, { [f]: v });
          if (isOpen(r) && c.body && typeof c.body === 'object') (c.body as Record<string, unknown>).items = [{ [f]: v }];
          check(r, `${f}=${JSON.stringify(v)?.slice(0, 20)}`, await call(r, { ...c, token }));
        }
      }
      if (r.method !== 'GET') {
        check(r, 'deep', await call(r, { path: input(r).path, raw: deep, token }));
        check(r, '20 MB', await call(r, { path: input(r).path, raw: big, token }));
        check(r, 'not JSON', await call(r, { path: input(r).path, raw: '{"a":', token }));
      }
    }
    console.log(`[security] refusals without a Chinese message: ${notChinese.length}`);
    expect(notChinese.slice(0, 20)).toEqual([]);
    await expectLoggedIn(w.admin);
    expect(figures.fiveHundreds).toBe(0);
    expect(figures.slow).toBe(0);
    expect(figures.leaks).toBe(0);
  }, 600_000);
});
