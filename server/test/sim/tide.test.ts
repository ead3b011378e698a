import { describe, expect, it } from 'vitest';
import { siteStatus } from '../../src/domain/siteStatus.js';
import { City } from '../../src/sim/city.js';
import { generateWorld } from '../../src/sim/world.js';

// a small city with the demo's ratio of rides to bikes (1,800 a weekday for 10,200 filed bikes)
const world = generateWorld(20241121, { sites: 80, fleetScale: 0.25 });
const cfg = { ridesPerDay: 450, heartbeatMinutes: 23 * 60, rideStatus: false, tz: 'Asia/Shanghai', brokenFrom: Infinity, cooldownMinutes: 0 };
const start = Date.parse('2025-03-03T00:00:00+08:00'); // a Monday
const HALF_HOUR = 30 * 60_000;
const LABELS = ['空桩', '偏少', '正常', '偏多', '满桩'];

/** Runs Monday and Tuesday in half-hour windows; answers each site's bike count at every half hour of Tuesday (local hour → counts). */
function tuesday(seed: number): { counts: Map<number, number[]>; city: City } {
  const city = new City(world, cfg, seed, start);
  const counts = new Map<number, number[]>();
  for (let t = start; t < start + 2 * 24 * 3600_000; t += HALF_HOUR) {
    city.step(t, t + HALF_HOUR);
    const hour = (t + HALF_HOUR - start) / 3600_000 - 24;
    if (hour >= 0)
      counts.set(
        hour,
        world.sites.map((s) => city.count(s.index)),
      );
  }
  return { counts, city };
}

const fill = (counts: number[], kinds: string[]) => {
  const sites = world.sites.filter((s) => kinds.includes(s.kind));
  return sites.reduce((n, s) => n + counts[s.index], 0) / sites.reduce((n, s) => n + s.capacity, 0);
};
const statuses = (counts: number[]) => world.sites.map((s) => siteStatus(counts[s.index], s.capacity).label);

describe('the tidal day of the demo city', () => {
  const { counts: day, city } = tuesday(7);

  it('empties homes in the morning peak and fills offices and stations, and the reverse in the evening', () => {
    const night = day.get(4)!;
    const morning = day.get(9.5)!;
    const late = day.get(23)!;
    const table = [night, morning, late].map((c) => ({ homes: fill(c, ['residential']), work: fill(c, ['office', 'metro']), offices: fill(c, ['office']) }));
    // homes lose a tenth of their bikes in the morning peak and get most back by night; offices the reverse
    expect(table[1].homes).toBeLessThan(table[0].homes - 0.05);
    expect(table[1].offices).toBeGreaterThan(table[0].offices + 0.05);
    expect(table[1].work).toBeGreaterThan(table[0].work + 0.02);
    expect(table[2].homes).toBeGreaterThan(table[1].homes + 0.04);
    expect(table[2].offices).toBeLessThan(table[1].offices - 0.04);
  });

  it('shows every site status over the day, both ends at the peaks, and mostly normal sites', () => {
    const seen = new Set([...day.values()].flatMap(statuses));
    expect([...seen].sort()).toEqual([...LABELS].sort());
    // the peaks show both ends: empty or few somewhere, many or full elsewhere
    for (const h of [9.5, 19.5]) {
      const now = statuses(day.get(h)!);
      expect(now.some((x) => x === '空桩' || x === '偏少')).toBe(true);
      expect(now.some((x) => x === '满桩')).toBe(true);
      expect(now.filter((x) => x === '正常').length).toBeGreaterThan(world.sites.length / 3);
    }
    // riders mostly avoid full sites: few returns raise 满桩还车
    expect(city.returns.all).toBeGreaterThan(700);
    expect(city.returns.intoFull).toBeLessThan(0.03 * city.returns.all);
  });
});
