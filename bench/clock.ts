/**
 * bench/clock: 日常值守's day statistics for 1,000 maintainers over a month (issue 28: p95 < 200 ms),
 * and the field app's clock-in, on PostgreSQL and PGlite.
 *
 * The district: 1,000 maintainers (role 31) of three enterprises, 100 clock sites, one config (every
 * day, 07:00-09:00 and 17:00-19:00, one clock each, 60 late minutes) saved 40 days ago, and 30 days
 * of clocks written straight in (per person and window: 85 % on time, 6 % late, 4 % out of range,
 * 5 % missing). Each day is then closed by the clock job's own code (warnings, day figures from the
 * records): what one day's close costs for 1,000 people. Then, through app.inject() as the admin,
 * GET /api/clockRecord/getClockStatisticsDayList over the last 30 days (30,000 rows): the first page,
 * a deep page, 100 a page, one person, one enterprise; and the warnings list; p50 / p95 over CALLS
 * calls each. Last, 200 clock-ins (photo upload + POST /api/field/clock) by 20 maintainers.
 *
 *   npm run bench:clock                 # both databases
 *   BENCH_PEOPLE=200 npm run bench:clock -- pglite
 */
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { runClockJob } from '../server/src/jobs/clock.js';
import { jobContextOf } from '../server/src/jobs/index.js';
import { dayNumber, dayStart, dayText, localDay } from '../server/src/domain/time.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt, seedWorld } from './world.js';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const TZ = 'Asia/Shanghai';
type Kind = 'pglite' | 'postgres';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
// a tiny JPEG's first bytes: the upload sniffs the content
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);

function multipart(bytes: Buffer) {
  const boundary = '----benchClock';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function bench(kind: Kind) {
  const { database, drop } = await freshDatabase(kind);
  try {
    await seedWorld(database, 200, 0);
    await database.query(
      `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
       select id, name, 'bench' || id, (select brand_password_hash from brands where id = 1), '110108', '["110108"]'
         from (values (2, '哈啰'), (3, '青桔')) v(id, name) on conflict do nothing`,
    );
    const hash = (await database.query<{ h: string }>(`select password_hash as h from users where username = 'admin'`))[0].h;
    await database.query(
      `insert into users (username, password_hash, name, area_id, user_level, brand_id)
       select 'm' || g, $1, '运维' || g, '110108', 1, 1 + g % 3 from generate_series(1, $2) g`,
      [hash, PEOPLE],
    );
    await database.query(`insert into user_roles (user_id, role_id) select id, 31 from users where username ~ '^m[0-9]+$'`);
    await database.query(
      `insert into clock_sites (name, area_id, brand_id, lon, lat, radius)
       select '打卡点' || g, '110108', case when g % 4 = 0 then null else 1 + g % 3 end, lon, lat, 100
         from (select row_number() over (order by id) as g, lon, lat from sites limit 100) s`,
    );
    await database.query(
      `insert into clock_configs (name, area_id, role_id, days, windows, clocks_per_window, late_minutes, enabled, created_at)
       values ('运维早晚班', '110108', 31, '{1,2,3,4,5,6,7}', '[{"start":"07:00","end":"09:00"},{"start":"17:00","end":"19:00"}]', 1, 60, true, now() - interval '40 days')`,
    );
    const today = localDay(new Date(), TZ);
    const first = dayText(dayNumber(today) - DAYS);
    // per person, day and window: h in [0, 100): < 85 on time, < 91 late, < 95 out of range, else missing
    const t0 = performance.now();
    await database.query(
      `insert into clock_records (client_id, user_id, clock_site_id, area_id, brand_id, role_id, day, window_start, window_end, result, lon, lat, distance, radius, at)
       select 'b-' || u.id || '-' || d::date || '-' || w.s, u.id, 1 + u.id % 100, '110108', u.brand_id, 31, d::date, w.s, w.e,
              case when h < 85 then 1 when h < 91 then 2 else 3 end, 116.3, 39.95, case when h < 91 then 30 else 600 end, 100,
              (d::date + (case when h < 85 then w.s::time + interval '30 minutes' else w.e::time + interval '20 minutes' end)) at time zone $3
         from users u
         cross join generate_series($1::date, $2::date - 1, interval '1 day') d
         cross join (values ('07:00', '09:00'), ('17:00', '19:00')) w(s, e)
         cross join lateral (select abs(hashtext(u.id || d::text || w.s)) % 100 as h) x
        where u.username ~ '^m[0-9]+$' and x.h < 95`,
      [first, today, TZ],
    );
    const seedMs = performance.now() - t0;
    const records = (await database.query<{ n: number }>(`select count(*)::int as n from clock_records`))[0].n;
    const config = loadConfig({ DATA_DIR: '/tmp', TZ, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', UPLOAD_PER_MINUTE: '10000' });
    const app = await buildApp(config, database, { logger: false });
    const ctx = jobContextOf(app.ctx);
    // the clock job closes each day in turn (its watermark a day back each time)
    const closeMs: number[] = [];
    for (let n = dayNumber(first); n < dayNumber(today); n++) {
      await database.query(`insert into clock_job_state (id, closed_to) values (1, $1) on conflict (id) do update set closed_to = excluded.closed_to`, [
        dayStart(dayText(n), TZ),
      ]);
      const t = performance.now();
      await runClockJob(ctx, dayStart(dayText(n + 1), TZ));
      closeMs.push(performance.now() - t);
    }
    if (database.kind === 'pglite') await database.query('vacuum (analyze)');
    else await database.query('analyze');
    const days = (await database.query<{ n: number }>(`select count(*)::int as n from clock_days`))[0].n;
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'Bench12345' } });
    const token = login.json().data.token as string;
    const end = dayText(dayNumber(today) - 1);
    const start = dayText(dayNumber(end) - 29);
    const q = `startTime=${start}&endTime=${end}`;
    const calls: { name: string; url: string; total: number; ms: number[] }[] = [
      { name: 'day statistics, page 1', url: `/api/clockRecord/getClockStatisticsDayList?${q}`, total: 0, ms: [] },
      { name: 'day statistics, page 2,000', url: `/api/clockRecord/getClockStatisticsDayList?${q}&currentPage=2000`, total: 0, ms: [] },
      { name: 'day statistics, 100 a page', url: `/api/clockRecord/getClockStatisticsDayList?${q}&pageSize=100&currentPage=50`, total: 0, ms: [] },
      {
        name: 'day statistics, one person',
        url: `/api/clockRecord/getClockStatisticsDayList?${q}&userName=${encodeURIComponent('运维777')}`,
        total: 0,
        ms: [],
      },
      { name: 'day statistics, one enterprise', url: `/api/clockRecord/getClockStatisticsDayList?${q}&brandId=2&clockRole=1`, total: 0, ms: [] },
      { name: 'warnings, unhandled', url: `/api/clockRecord/getClockWarnList?clockWarn=1&clockRole=1`, total: 0, ms: [] },
      { name: 'clock records, one day', url: `/api/clockRecord/getUserClockRecordList?startTime=${end}&endTime=${end}`, total: 0, ms: [] },
    ];
    for (const c of calls) {
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        const r = await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
        c.ms.push(performance.now() - t);
        if (r.statusCode !== 200 || r.json().code !== 200) throw new Error(`${c.url}: ${r.body}`);
        c.total = r.json().data.total;
      }
    }
    // clock-ins: 20 maintainers, 10 each (photo upload, then the clock)
    const clockMs: number[] = [];
    for (let u = 1; u <= 20; u++) {
      const l = await app.inject({ method: 'POST', url: '/api/login', payload: { username: `m${u}`, password: 'Bench12345' } });
      const auth = { authorization: `Bearer ${l.json().data.token}` };
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        const m = multipart(JPEG);
        const up = await app.inject({ method: 'POST', url: '/api/upload?purpose=clock', payload: m.payload, headers: { ...auth, 'content-type': m.type } });
        const file = up.json().data.file;
        const r = await app.inject({
          method: 'POST',
          url: '/api/field/clock',
          headers: auth,
          payload: { clientId: `bench-${u}-${i}`, clockSiteId: u % 4 === 0 ? u : 4, lon: 116.3, lat: 39.95, coord: 'gcj02', photos: [file] },
        });
        clockMs.push(performance.now() - t);
        if (r.json().code !== 200) throw new Error(`clock: ${r.body}`);
      }
    }
    await app.close();
    return { kind, records, days, seedMs, closeMs, calls, clockMs };
  } finally {
    await database.close().catch(() => {});
    await drop();
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((x) => x === 'pglite' || x === 'postgres') as Kind[];
  const results = [];
  for (const kind of asked.length ? asked : (['postgres', 'pglite'] as Kind[])) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log('[postgres] not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    results.push(await bench(kind));
  }
  console.log(`\nclock: ${fmt(PEOPLE)} maintainers, ${DAYS} days, ${CALLS} calls each, ${new Date().toISOString()}`);
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(9)} ${fmt(r.records)} clock records written in ${fmt(r.seedMs)} ms; ${fmt(r.days)} day rows; closing a day (1,000 people) p50 ${pct(r.closeMs, 50).toFixed(0)} ms, max ${Math.max(...r.closeMs).toFixed(0)} ms`,
    );
    for (const c of r.calls)
      console.log(
        `${r.kind.padEnd(9)} ${c.name.padEnd(32)} p50 ${pct(c.ms, 50).toFixed(1).padStart(6)} ms  p95 ${pct(c.ms, 95).toFixed(1).padStart(6)} ms  (total ${fmt(c.total)})`,
      );
    console.log(
      `${r.kind.padEnd(9)} ${'clock-in (upload + clock)'.padEnd(32)} p50 ${pct(r.clockMs, 50).toFixed(1).padStart(6)} ms  p95 ${pct(r.clockMs, 95).toFixed(1).padStart(6)} ms`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
