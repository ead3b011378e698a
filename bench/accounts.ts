/**
 * bench/accounts: the user list (GET /api/user/list), the role list (GET /api/role/list) and the
 * audit log (GET /api/auditLog/list) with 10,000 users (in 海淀, 朝阳 and other districts, with
 * roles) and 1,000,000 audit rows on PostgreSQL, through app.inject: p50 / p95 over 50 calls each
 * (after a warm-up) per filter. Target: p95 < 100 ms. Seeds a fresh database `sbs_bench_accounts`
 * with generate_series (dropped at the end).
 *
 *   npm run bench:accounts
 *   BENCH_USERS=2000 BENCH_AUDIT=100000 BENCH_CALLS=20 npm run bench:accounts
 *
 * DATABASE_URL (or BENCH_DATABASE_URL) names the server; default postgres://postgres:postgres@127.0.0.1:5432/postgres.
 * BENCH_KEEP=1 keeps the seeded database; BENCH_REUSE=1 times a kept one again without seeding.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/client.js';
import { fmt } from './world.js';

process.env.BENCH_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
process.env.BENCH_DB_NAME ??= 'sbs_bench_accounts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const AUDIT = Number(process.env.BENCH_AUDIT ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const ROLES = 200;
const WARM = 5;
const DISTRICTS = ['110108', '110105', '110101', '110102', '110106', '110107', '110109', '110111'];
const ROUTES: [string, string, string][] = [
  ['POST', '/api/user/add', '新增用户'],
  ['PUT', '/api/user/edit', '编辑用户'],
  ['POST', '/api/user/ban', '禁用或启用用户'],
  ['POST', '/api/role/add', '新增角色'],
  ['POST', '/api/forbid', '新增禁停区'],
  ['PUT', '/api/forbid/:id', '修改禁停区'],
  ['PUT', '/api/site/:id', '修改站点'],
  ['PUT', '/api/site/batch', '批量修改站点'],
  ['PUT', '/api/abnormal/updateMsg', '处理异常'],
  ['POST', '/api/bikeLimit/save', '保存核准数量'],
  ['POST', '/api/information/add', '新增通知'],
  ['PUT', '/api/config/fullPileNum', '设置满桩值'],
];

const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** Users spread over eight districts (every eighth in 朝阳), each with a seeded and a custom role; audit rows, one every 2 s back from now. */
async function seed(database: Database) {
  await database.query(
    `insert into roles (role_name, area_id, remark) select '角色' || g, ($2::text[])[1 + g % 8], '压测角色' from generate_series(1, $1::int) g`,
    [ROLES, DISTRICTS],
  );
  await database.query(
    `insert into users (username, password_hash, name, phone, area_id, user_level, status, created_at)
     select 'user' || lpad(g::text, 6, '0'), 'x', '用户' || g, '13' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
            ($2::text[])[1 + g % 8], 1 + g % 3, case when g % 20 = 0 then 1 else 0 end, now() - interval '1 minute' * g
       from generate_series(1, $1::int) g`,
    [USERS, DISTRICTS],
  );
  await database.query(
    `insert into user_roles (user_id, role_id)
     select id, case when id % 3 = 0 then 2 else 31 end from users where username like 'user%'
     union all select u.id, r.id from users u join roles r on r.id = (select min(id) from roles where role_name like '角色%') + u.id % $1
      where u.username like 'user%'
     on conflict do nothing`,
    [ROLES],
  );
  const [{ first }] = await database.query<{ first: number }>(`select min(id) as first from users where username like 'user%'`);
  const step = 200_000;
  for (let from = 1; from <= AUDIT; from += step) {
    const to = Math.min(AUDIT, from + step - 1);
    await database.query(
      `insert into audit_log (at, user_id, username, user_name, area_id, method, route, summary, object_id, after, ip, outcome)
       select now() - interval '2 seconds' * g, u.id, u.username, u.name, u.area_id, ($4::text[])[(1 + g % $6)::int], ($5::text[])[(1 + g % $6)::int],
              ($7::text[])[(1 + g % $6)::int], (g % 5000)::text, jsonb_build_object('body', jsonb_build_object('id', g % 5000, 'name', '对象' || g)),
              '10.0.' || (g % 250) || '.' || (g % 7), '200 操作成功！'
         from generate_series($1::bigint, $2::bigint) g
         join users u on u.id = $3 + (g * 7919) % ${USERS}`,
      [from, to, first, ROUTES.map((r) => r[0]), ROUTES.map((r) => r[1]), ROUTES.length, ROUTES.map((r) => r[2])],
    );
  }
  await database.query('vacuum analyze'); // index-only counts need the visibility map
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  total: number;
}

async function time(app: FastifyInstance, token: string, url: string, name: string, query: Record<string, string>): Promise<Timing> {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < WARM + CALLS; i++) {
    // the first five pages in turn, as someone pages through
    const q = new URLSearchParams({ ...query, currentPage: String(1 + (i % 5)), pageSize: '10' });
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `${url}?${q}`, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - t;
    const body = res.json() as { code: number; message: string; data: { total: number } };
    if (body.code !== 200) throw new Error(`${url} ${name}: ${body.code} ${body.message}`);
    total = body.data.total;
    if (i >= WARM) ms.push(elapsed);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
  return { name: `${url} ${name}`, p50: at(50), p95: at(95), total };
}

const local = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

async function main() {
  const { freshDatabase, postgresReachable, PG_URL } = await import('./db.js');
  if (!(await postgresReachable())) throw new Error(`PostgreSQL not reachable at ${PG_URL} (set DATABASE_URL)`);
  console.log(`[postgres] seeding ${fmt(USERS)} users, ${fmt(AUDIT)} audit rows`);
  const t = performance.now();
  const { database, drop, reused } = await freshDatabase('postgres', { reuse: !!process.env.BENCH_REUSE });
  try {
    if (!reused) {
      await seed(database);
      console.log(`  seeded in ${secs(t)} s`);
    } else console.log(`  reusing the kept database ${process.env.BENCH_DB_NAME}`);
    const app = await buildApp(loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', TZ: 'Asia/Shanghai' }), database, {
      logger: false,
    });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'Bench12345' } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const now = Date.now();
    const day = (ago: number) => local(new Date(now - ago * 86_400_000));

    const cases: [string, string, Record<string, string>][] = [
      ['/api/user/list', 'none', {}],
      ['/api/user/list', 'username', { username: 'user0042' }],
      ['/api/user/list', 'name', { name: '用户77' }],
      ['/api/user/list', 'phone', { phone: '1380' }],
      ['/api/user/list', 'roleId=31', { roleId: '31' }],
      ['/api/user/list', 'status=1', { status: '1' }],
      ['/api/user/list', 'selfAreaId=110105', { selfAreaId: '110105' }],
      ['/api/role/list', 'none', {}],
      ['/api/role/list', 'roleName', { roleName: '角色1' }],
      ['/api/role/list', 'selfAreaId=110105', { selfAreaId: '110105' }],
      ['/api/auditLog/list', 'none', {}],
      ['/api/auditLog/list', 'username', { username: 'user000042' }],
      ['/api/auditLog/list', 'route', { route: '/api/site/batch' }],
      ['/api/auditLog/list', 'route+method', { route: '/api/forbid/:id', method: 'PUT' }],
      ['/api/auditLog/list', 'objectId', { objectId: '1234' }],
      ['/api/auditLog/list', 'time (1 day)', { startTime: day(10), endTime: day(9) }],
      ['/api/auditLog/list', 'time+user', { startTime: day(20), endTime: day(1), username: 'user000042' }],
      ['/api/auditLog/list', 'selfAreaId=110105', { selfAreaId: '110105' }],
      ['/api/auditLog/list', '110105+route', { selfAreaId: '110105', route: '/api/user/add' }],
    ];
    const out: Timing[] = [];
    for (const [url, name, q] of cases) {
      const r = await time(app, token, url, name, q);
      console.log(`  ${r.name.padEnd(42)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${fmt(r.total)})`);
      out.push(r);
    }
    await app.close();
    const worst = out.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\naccounts: ${fmt(USERS)} users, ${fmt(AUDIT)} audit rows, ${CALLS} calls each, ${new Date().toISOString()}`);
    console.log(`p95 worst ${worst.p95.toFixed(1)} ms (${worst.name}) ${worst.p95 < 100 ? 'OK' : 'OVER'} target 100 ms`);
    if (worst.p95 >= 100) process.exitCode = 1;
  } finally {
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`  kept the database ${process.env.BENCH_DB_NAME}`);
    else await drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
