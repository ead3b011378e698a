/**
 * The ranking's hot path: the stats_hourly part of the query is one grouped range scan on the
 * (area_id, hour) index for a district's day (not a sequential scan), on the embedded database and
 * on PostgreSQL (the suite runs on both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import type { Database } from '../../src/db/client.js';
import { siteRanking } from '../../src/modules/statistics/repo.js';
import { windowOf } from '../../src/modules/statistics/window.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  // three districts of 600 sites, 10 days of hourly statistics (about 300,000 rows)
  const areas = ['110108', '110105', '110101'];
  await t.database.query(
    `insert into sites (id, area_id, site_name, lon, lat, site_bike_ceiling)
     select a || lpad(g::text, 7, '0'), a, '站点' || g, 116.3, 39.9, 10 from unnest($1::varchar[]) a, generate_series(1, 600) g`,
    [areas],
  );
  await t.database.query(
    `insert into stats_hourly (hour, site_id, brand_id, bike_type, area_id, rent_num, return_num, up_num, down_num)
     select timestamptz '2024-03-01 00:00+08' + interval '1 day' * d + interval '1 hour' * h, s.id, b, ty, s.area_id, 1 + (random() * 3)::int, (random() * 3)::int, 0, 0
       from sites s, generate_series(0, 9) d, generate_series(6, 22) h, generate_series(1, 2) b, generate_series(0, 1) ty
      where random() < 0.25`,
  );
  await t.database.query('analyze stats_hourly');
}, 300_000);
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const walk = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(walk)];

/** The nodes of the plan of the ranking query siteRanking sends for a window (EXPLAIN, JSON). */
async function planOf(window: ReturnType<typeof windowOf>) {
  const sent: [string, unknown[] | undefined][] = [];
  const spy = {
    ...t.database,
    query: async (text: string, params?: unknown[]) => (sent.push([text, params]), t.database.query(text, params)),
    tx: (fn) => t.database.tx((q) => fn(async (text, params) => (sent.push([text, params]), q(text, params)))),
  } as Database;
  await siteRanking(spy, window, { areaIds: ['110108'], brandId: null, siteType: 0, orderBy: 'rent' }, 'Asia/Shanghai', new Date('2024-06-01T00:00:00Z'));
  const [text, params] = sent.find(([s]) => s.includes('stats_hourly'))!;
  const [row] = await t.database.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${text}`, params);
  const nodes = walk(row['QUERY PLAN'][0].Plan);
  return {
    seqScanOfStats: nodes.some((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'stats_hourly'),
    indexes: nodes.map((n) => n['Index Name']).filter((x): x is string => !!x),
  };
}

describe('siteRankAll plan', () => {
  it('reads a district’s day from stats_hourly through the (area_id, hour) index', async () => {
    const plan = await planOf(windowOf({ year: 2024, month: 3, day: 5 }, 'Asia/Shanghai'));
    expect(plan.seqScanOfStats).toBe(false);
    expect(plan.indexes).toContain('stats_hourly_area_idx');
  });

  it('reads an hour through an index too, and answers in well under a second', async () => {
    const w = windowOf({ year: 2024, month: 3, day: 5, hour: 18 }, 'Asia/Shanghai');
    const plan = await planOf(w);
    expect(plan.seqScanOfStats).toBe(false);
    expect(plan.indexes.some((i) => i.startsWith('stats_hourly'))).toBe(true);
    const started = performance.now();
    const r = await siteRanking(
      t.database,
      w,
      { areaIds: ['110108'], brandId: null, siteType: 0, orderBy: 'rent' },
      'Asia/Shanghai',
      new Date('2024-06-01T00:00:00Z'),
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r.total).toBe(600);
    expect(r.rows).toHaveLength(500);
    expect(r.rows[0].rentNum).toBeGreaterThanOrEqual(r.rows[499].rentNum);
  });
});
