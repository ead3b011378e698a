/**
 * bench/rating: assessing a month (评级考核, issue 30) for 10 enterprises over 20,000 sites and
 * 6,000,000 ride orders, on PostgreSQL (the target: under 60 s) and, smaller, on PGlite.
 *
 * The month (2026-09, 海淀): 20,000 sites; 10 enterprises with quotas; the daily rollups of 30 days;
 * BENCH_ORDERS ride orders (6,000,000) rented in the month, a tenth returned outside a site; 20,000
 * work orders; 50,000 alerts of the three counted types; 5,000 bikes heard and not uploaded; a
 * scheme of five categories and a rule per figure. Then the month is assessed twice (cold, warm)
 * with the same code the route and the monthly job run (shared/ratingAssess.ts).
 *
 *   npm run bench:rating                                   # PostgreSQL
 *   BENCH_ORDERS=300000 npm run bench:rating -- pglite     # PGlite, smaller
 */
import { performance } from 'node:perf_hooks';
import { assessArea } from '../server/src/shared/ratingAssess.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt, seedWorld } from './world.js';

const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 6_000_000);
const BRANDS = 10;
const TZ = 'Asia/Shanghai';
const AREA = '110108';
const PERIOD = '2026-09';
type Kind = 'pglite' | 'postgres';

const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

async function seedMonth(q: (sql: string, params?: unknown[]) => Promise<unknown>) {
  await q(
    `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
     select g, '企业' || g, 'bench' || g, (select brand_password_hash from brands where id = 1), $1, $2::jsonb from generate_series(2, $3) g on conflict do nothing`,
    [AREA, JSON.stringify([AREA]), BRANDS],
  );
  await q(
    `insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota) select g, $1, 30000, 10000 from generate_series(1, $2) g on conflict do nothing`,
    [AREA, BRANDS],
  );
  await q(
    `insert into stats_daily (day, area_id, brand_id, bike_type, online_num, site_num, filed_num)
     select d::date, $1, b, t, 15000 + b * 500, 9000, 18000 from generate_series('2026-09-01'::date, '2026-09-30'::date, interval '1 day') d,
            generate_series(1, $2) b, generate_series(0, 1) t on conflict do nothing`,
    [AREA, BRANDS],
  );
  // the orders, in chunks of a million: rented through the month, a tenth returned outside a site
  for (let from = 0; from < ORDERS; from += 1_000_000) {
    const to = Math.min(ORDERS, from + 1_000_000);
    await q(
      `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, return_at, rent_site_id, return_site_id, out_site_return)
       select 1 + g % $4, 'O' || g, 'B' || (g % 400000), (g % 3 = 0)::int, $1,
              '2026-09-01T00:00:00+08'::timestamptz + (g % 2592000) * interval '1 second',
              '2026-09-01T00:00:00+08'::timestamptz + (g % 2592000 + 900) * interval '1 second', null, null, g % 10 = 0
         from generate_series($2::int, $3::int - 1) g`,
      [AREA, from, to, BRANDS],
    );
  }
  await q(
    `insert into work_orders (order_type, area_id, brand_id, place, title, state, opened_by, created_at, deadline_at, answered_at, updated_at)
     select 1 + g % 8, $1, 1 + g % $2, 'p' || g, '工单', 3, 'rule', t, t + interval '30 minutes', t + (g % 60) * interval '1 minute', t
       from generate_series(1, 20000) g, lateral (select '2026-09-01T00:00:00+08'::timestamptz + (g * 129) * interval '1 second' as t) x`,
    [AREA, BRANDS],
  );
  await q(
    `insert into abnormal_messages (abnormal_type, brand_id, bike_id, area_id, subject, created_at, updated_at, closed_at)
     select (array[5, 7, 8])[1 + g % 3], 1 + g % $2, 'B' || g, $1, '告警' || g, t, t + interval '30 hours', case when g % 4 = 0 then null else t + (g % 40) * interval '1 hour' end
       from generate_series(1, 50000) g, lateral (select '2026-09-01T00:00:00+08'::timestamptz + (g * 51) * interval '1 second' as t) x`,
    [AREA, BRANDS],
  );
  await q(
    `insert into mac_rules (kind, brand_id, name_prefix, name_length, bike_id_prefix, bike_id_length) select 2, g, 'E0B6F' || g, 12, 'X' || g, 8 from generate_series(1, $1) g`,
    [BRANDS],
  );
  await q(
    `insert into not_uploaded_bikes (kind, brand_id, bike_id, mac, site_id, area_id, first_heard_at, last_heard_at)
     select 2, 1 + g % $2, 'NU' || g, 'E0B6F5' || lpad(g::text, 6, '0'), 'S' || (g % 100), $1, t, t
       from generate_series(1, 5000) g, lateral (select '2026-09-01T00:00:00+08'::timestamptz + (g * 500) * interval '1 second' as t) x`,
    [AREA, BRANDS],
  );
  const cats: [string, number, [string, [number | null, number | null, number][]][]][] = [
    ['投放管理', 20, [['overQuota', [[10, null, 10]]]]],
    [
      '秩序管理',
      30,
      [
        ['offSiteReturn', [[10, null, 10]]],
        ['notAllowedParking', [[1, null, 5]]],
      ],
    ],
    [
      '车辆管理',
      20,
      [
        ['illegalBikes', [[1, null, 8]]],
        ['faultyOpen', [[1, null, 6]]],
      ],
    ],
    [
      '运维能力',
      15,
      [
        ['orderInTime', [[null, 90, 8]]],
        ['orderMedian', [[30, null, 4]]],
      ],
    ],
    [
      '数据接入',
      15,
      [
        ['dataAccess', [[null, 95, 6]]],
        ['notUploaded', [[1, null, 5]]],
      ],
    ],
  ];
  for (const [i, [name, full, rules]] of cats.entries()) {
    const [{ id }] = (await q(`insert into examine_categories (area_id, name, full_score, sort) values ($1, $2, $3, $4) returning id`, [
      AREA,
      name,
      full,
      i,
    ])) as {
      id: number;
    }[];
    for (const [measure, bands] of rules) {
      await q(`insert into examine_trend_rules (area_id, category_id, measure, name, bands) values ($1, $2, $3, $3, $4::jsonb)`, [
        AREA,
        id,
        measure,
        JSON.stringify(bands.map(([min, max, points]) => ({ min, max, points }))),
      ]);
    }
  }
}

async function bench(kind: Kind) {
  const { database, drop } = await freshDatabase(kind);
  try {
    let t = performance.now();
    await seedWorld(database, SITES, 0);
    await seedMonth((sql, params) => database.query(sql, params));
    if (database.kind === 'postgres') await database.query('analyze');
    console.log(`[${kind}] seeded ${fmt(SITES)} sites, ${BRANDS} enterprises, ${fmt(ORDERS)} ride orders in ${secs(t)} s`);
    const now = new Date('2026-11-28T12:00:00+08:00');
    for (const run of ['cold', 'warm']) {
      t = performance.now();
      const n = await assessArea(database, AREA, [AREA], PERIOD, TZ, null, now);
      console.log(`[${kind}] assessing ${PERIOD} (${run}): ${n} enterprises in ${secs(t)} s`);
    }
    const [r] = await database.query<{ n: number; min: number; max: number }>(
      `select count(*)::int as n, min(score)::float8 as min, max(score)::float8 as max from examine_results where period = $1`,
      [PERIOD],
    );
    console.log(`[${kind}] results: ${r.n} enterprises, scores ${r.min}–${r.max}`);
  } finally {
    await database.close();
    await drop();
  }
}

const only = process.argv[2] as Kind | undefined;
if (!only || only === 'postgres') {
  if (await postgresReachable()) await bench('postgres');
  else console.log('[postgres] not reachable: skipped');
}
if (only === 'pglite') await bench('pglite');
