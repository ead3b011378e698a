import { describe, expect, it } from 'vitest';
import { distanceM, pointInRing } from '../../src/domain/geometry.js';
import { bikeIdFromName } from '../../src/ingest/write/scans.js';
import { normalMac } from '../../src/domain/bikeIdRules.js';
import { generateWorld } from '../../src/sim/world.js';
import { City } from '../../src/sim/city.js';
import { emptyOutbox } from '../../src/sim/outbox.js';
import { OUT_SITE_FEE } from '../../src/sim/tide.js';
import { HAIDIAN_FENCE } from '../../src/sim/places.js';
import { Rng } from '../../src/sim/random.js';

const world = generateWorld(20241121);
const plain = (w: ReturnType<typeof generateWorld>) => JSON.stringify({ sites: w.sites, bikes: w.bikes, zones: w.zones, brands: w.brands });

describe('demo world', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(plain(generateWorld(20241121))).toBe(plain(world));
    expect(plain(generateWorld(7))).not.toBe(plain(world));
  });

  it('has at least 300 sites of 海淀区 inside the district fence, with unique 13-character ids and names', () => {
    expect(world.sites.length).toBeGreaterThanOrEqual(300);
    const ids = new Set(world.sites.map((s) => s.id));
    expect(ids.size).toBe(world.sites.length);
    expect(new Set(world.sites.map((s) => s.name)).size).toBe(world.sites.length);
    for (const s of world.sites) {
      expect(s.id).toMatch(/^110108\d{7}$/);
      expect(pointInRing(s.lon, s.lat, HAIDIAN_FENCE)).toBe(true);
      for (const p of s.gpsRail ?? []) expect(pointInRing(p.lon, p.lat, HAIDIAN_FENCE)).toBe(true);
    }
  });

  it('has capacities, piles and fences in range, every kind of site and every switch', () => {
    for (const s of world.sites) {
      expect(s.capacity).toBeGreaterThanOrEqual(10);
      expect(s.capacity).toBeLessThanOrEqual(80);
      expect(s.bleNum).toBeGreaterThanOrEqual(2);
      expect(s.bleNum).toBeLessThanOrEqual(8);
      expect(s.piles).toHaveLength(s.bleNum);
      expect(s.length).toBeGreaterThanOrEqual(15);
      expect(s.length).toBeLessThanOrEqual(40);
    }
    expect(new Set(world.sites.map((s) => s.kind))).toEqual(new Set(['residential', 'office', 'metro', 'school', 'park']));
    expect(world.sites.filter((s) => s.gpsRail).length).toBeGreaterThan(20);
    expect(world.sites.some((s) => s.recycle)).toBe(true);
    expect(world.sites.some((s) => s.major)).toBe(true);
    expect(world.sites.some((s) => !s.brandPut)).toBe(true);
    const piles = world.sites.flatMap((s) => s.piles);
    expect(new Set(piles).size).toBe(piles.length);
    // sites do not overlap: their centres are further apart than their radii
    for (const a of world.sites.slice(0, 80)) {
      for (const b of world.sites) if (a !== b) expect(distanceM(a.lon, a.lat, b.lon, b.lat)).toBeGreaterThan(a.length + b.length);
    }
  });

  it('has three operators with at least 10,000 filed bicycles and e-bikes, a few illegal and silent bikes', () => {
    expect(world.brands.map((b) => b.name)).toEqual(['美团', '哈啰', '青桔']);
    const filed = world.bikes.filter((b) => b.filed);
    expect(filed.length).toBeGreaterThanOrEqual(10_000);
    for (const b of world.brands) {
      expect(filed.some((x) => x.brand === b.index && x.type === 0)).toBe(true);
      expect(filed.some((x) => x.brand === b.index && x.type === 1)).toBe(true);
    }
    const illegal = world.bikes.filter((b) => !b.filed).length;
    expect(illegal).toBeGreaterThan(0);
    expect(illegal / world.bikes.length).toBeLessThan(0.01);
    expect(world.bikes.filter((b) => b.silent).length).toBeGreaterThan(0);
    expect(new Set(world.bikes.map((b) => b.id)).size).toBe(world.bikes.length);
    expect(new Set(world.bikes.map((b) => b.mac)).size).toBe(world.bikes.length);
    for (const b of world.bikes) expect(b.id.length).toBeLessThanOrEqual(32);
  });

  it('puts bikes in their home site or outside every site, and forbidden zones clear of sites', () => {
    for (const b of world.bikes) {
      const at = world.index.find(b.lon, b.lat);
      expect(at?.id ?? null).toBe(b.home >= 0 ? world.sites[b.home].id : null);
    }
    expect(world.zones.length).toBeGreaterThanOrEqual(1);
    expect(world.zones.length).toBeLessThanOrEqual(2);
    for (const z of world.zones) for (const p of z.fence) expect(world.index.find(p.lon, p.lat)).toBeNull();
  });

  it('names BLE beacons so that the seeded MAC rule gives back the bike id', () => {
    const rules = world.brands.map((b) => ({
      brandId: b.index + 1,
      namePrefix: b.blePrefix,
      nameLength: b.blePrefix.length + 8,
      bikeIdPrefix: b.blePrefix.slice(0, 2),
      bikeIdLength: 10,
      bikeIdExtractStart: b.blePrefix.length,
      bikeIdExtractLength: 8,
    }));
    for (const b of world.bikes.filter((_, i) => i % 97 === 0 || !_.filed)) {
      expect(bikeIdFromName(b.bleName, rules)).toEqual({ bikeId: b.id, brandId: b.brand + 1 });
    }
  });

  it("gives 青桔's bikes MACs that the seeded MAC rule reads back as the bike id (unfiled ones outside it)", () => {
    const qj = world.brands.find((b) => b.account === 'qingju')!;
    const rule = {
      kind: 2 as const,
      brandId: qj.index + 1,
      namePrefix: `${normalMac(qj.macPrefix)}0`,
      nameLength: 12,
      bikeIdPrefix: `${qj.prefix}000`,
      bikeIdLength: 10,
      bikeIdExtractStart: 7,
      bikeIdExtractLength: 5,
    };
    for (const b of world.bikes.filter((x) => x.brand === qj.index)) {
      expect(bikeIdFromName(null, [rule], b.mac)).toEqual(b.filed ? { bikeId: b.id, brandId: qj.index + 1 } : null);
    }
  });
});

describe('the moving city', () => {
  const small = generateWorld(5, { sites: 40, fleetScale: 0.05 });
  const cfg = { ridesPerDay: 1000, heartbeatMinutes: 24 * 60, rideStatus: true, tz: 'Asia/Shanghai', brokenFrom: Infinity, cooldownMinutes: 0 };
  const start = Date.parse('2025-03-03T00:00:00+08:00'); // a Monday
  const run = () => {
    const city = new City(small, cfg, 99, start);
    const outs = [];
    for (let t = start; t < start + 24 * 3600_000; t += 30 * 60_000) outs.push(city.step(t, t + 30 * 60_000));
    return outs;
  };

  it('is deterministic for a seed', () => {
    expect(JSON.stringify(run())).toBe(JSON.stringify(run()));
  });

  it('reports a rented bike where it is every two minutes of its ride (the track)', () => {
    const outs = run();
    const orders = outs.flatMap((o) => o.orders.flat());
    const rides = new Map<string, { from: number; to: number }[]>();
    const rent = new Map(orders.filter((o) => o.event === 'rent').map((o) => [o.orderId, o]));
    for (const o of orders.filter((x) => x.event === 'return')) {
      const r = rent.get(o.orderId);
      if (r) rides.set(o.bikeId, [...(rides.get(o.bikeId) ?? []), { from: Date.parse(r.at), to: Date.parse(o.at) }]);
    }
    const moving = outs.flatMap((o) => o.status.flat()).filter((s) => s.status === 2);
    expect(moving.length).toBeGreaterThan(rides.size);
    // every one falls inside a ride of its bike, on the two-minute grid from the rent
    for (const s of moving.slice(0, 500)) {
      const t = Date.parse(s.reportedAt);
      const ride = (rides.get(s.bikeId) ?? []).find((r) => t > r.from && t < r.to);
      if (!ride) continue; // a ride still going at the end of the day
      expect((t - ride.from) % 120_000).toBe(0);
    }
  });

  it('follows the tides: mornings flow from homes, evenings back to them', () => {
    const outs = run();
    const kindOf = new Map(small.sites.map((s) => [s.id, s.kind]));
    const share = (from: number, to: number, event: 'rent' | 'return', kind: string) => {
      const items = outs
        .slice(from * 2, to * 2)
        .flatMap((o) => o.orders.flat())
        .filter((o) => o.event === event && o.siteId);
      return items.filter((o) => kindOf.get(o.siteId!) === kind).length / Math.max(1, items.length);
    };
    expect(share(7, 9, 'rent', 'residential')).toBeGreaterThan(share(17, 19, 'rent', 'residential'));
    expect(share(17, 19, 'return', 'residential')).toBeGreaterThan(share(7, 9, 'return', 'residential'));
    const perHour = (h: number) =>
      outs
        .slice(h * 2, h * 2 + 2)
        .flatMap((o) => o.orders.flat())
        .filter((o) => o.event === 'rent').length;
    expect(perHour(8)).toBeGreaterThan(3 * perHour(3));
    // every rent is matched by a return at a later time, fees in fen
    const orders = outs.flatMap((o) => o.orders.flat());
    const returns = orders.filter((o) => o.event === 'return');
    expect(returns.length).toBeGreaterThan(0);
    for (const r of returns) expect(Number.isInteger(r.fee)).toBe(true);
    // riders reported with every return; outside every site the operator adds its charge (站外还车扣费)
    for (const r of returns) expect(r.userPhone).toMatch(/^1[3-9]\d{9}$/);
    const outside = returns.filter((r) => !r.siteId);
    expect(outside.length).toBeGreaterThan(0);
    for (const r of outside) expect(r.fee).toBeGreaterThanOrEqual(OUT_SITE_FEE.bike);
    expect(new Set(returns.map((r) => r.userPhone)).size).toBeLessThan(returns.length);
    expect(emptyOutbox(3).orders).toHaveLength(3);
  });

  it('drains pile batteries and recharges flat ones', () => {
    const city = new City(small, cfg, 1, start);
    const first = city.scans(start, false);
    const later = city.scans(start + 10 * 24 * 3600_000, false);
    expect(later.length).toBe(first.length);
    const drained = later.filter((s, i) => s.power < first[i].power).length;
    expect(drained).toBeGreaterThan(first.length / 2);
    const rng = new Rng(3);
    expect(rng.int(1, 1)).toBe(1);
  });

  it('reports a small share of faulty bikes, repaired by rides, and piles flag foreign devices now and then, the same for a seed', () => {
    const big = generateWorld(5, { sites: 120, fleetScale: 0.2 });
    const day = (seed: number) => {
      const city = new City(big, { ...cfg, heartbeatMinutes: 120 }, seed, start);
      const first = city.initialReports(start).status.flat();
      const later = [];
      const scans = [];
      for (let t = start; t < start + 24 * 3600_000; t += 30 * 60_000) {
        later.push(...city.step(t, t + 30 * 60_000).status.flat(), ...city.heartbeats(t, t + 30 * 60_000).status.flat());
        scans.push(...city.scans(t, (t / (30 * 60_000)) % 2 === 0));
      }
      return { first, later, scans };
    };
    const a = day(42);
    const faulty = a.first.filter((s) => s.fault);
    expect(faulty.length).toBeGreaterThan(0);
    expect(faulty.length).toBeLessThan(a.first.length * 0.02);
    for (const s of faulty) {
      expect(typeof s.faultReason).toBe('string');
      expect(big.bikes.find((b) => b.id === s.bikeId)!.filed).toBe(true);
    }
    // a bike reported faulty is reported fine later (repaired or ridden)
    const fixed = faulty.filter((f) => a.later.some((s) => s.bikeId === f.bikeId && !s.fault));
    expect(fixed.length).toBeGreaterThan(0);
    // piles list what they hear only when they listen; foreign devices are flagged by every pile of their site
    expect(a.scans.some((s) => s.seen === undefined)).toBe(true);
    const flagged = a.scans.filter((s) => s.seen?.some((x) => x.illegal));
    expect(flagged.length).toBeGreaterThan(0);
    const devices = new Set(flagged.flatMap((s) => s.seen!.filter((x) => x.illegal).map((x) => x.mac)));
    expect(devices.size).toBeGreaterThan(0);
    expect(devices.size).toBeLessThan(big.sites.length / 4);
    for (const mac of devices) expect(mac).toMatch(/^0C(:[0-9A-F]{2}){5}$/);
    expect(JSON.stringify(day(42))).toBe(JSON.stringify(a));
  });
});

describe('an operator working a work order in the city (orderDesk.ts)', () => {
  const small = generateWorld(5, { sites: 40, fleetScale: 0.05 });
  const cfg = { ridesPerDay: 1000, heartbeatMinutes: 24 * 60, rideStatus: true, tz: 'Asia/Shanghai', brokenFrom: Infinity, cooldownMinutes: 0 };
  const start = Date.parse('2025-03-03T08:00:00+08:00');

  it('takes its share of bikes from a full site by truck, and they arrive elsewhere', () => {
    const city = new City(small, cfg, 99, start);
    const site = [...small.sites].sort((a, b) => city.count(b.index) - city.count(a.index))[0];
    const brand = small.bikes[city.fleet.buckets[site.index][0]].brand;
    const mine = () => city.fleet.buckets[site.index].filter((b) => small.bikes[b].brand === brand).length;
    const before = mine();
    const n = Math.min(2, before);
    const { out, moved } = city.workOrder(brand, { type: 1, siteId: site.id, bikesToMove: n, bikeIds: [] }, start);
    expect(moved.bikeIds.length).toBe(n);
    expect(mine()).toBe(before - n);
    expect(out.dispatch[brand].map((d) => [d.action, d.siteId])).toEqual(Array.from({ length: n }, () => ['down', site.id]));
    expect(moved.dispatchIds).toEqual(out.dispatch[brand].map((d) => d.dispatchId));
    // within the hour the trucks unload at other sites
    const later = city.step(start, start + 60 * 60_000);
    const ups = later.dispatch[brand].filter((d) => d.action === 'up' && moved.bikeIds.includes(d.bikeId));
    expect(ups.length).toBe(n);
    expect(ups.every((d) => d.siteId !== site.id)).toBe(true);
  });

  it('collects the bikes an alert order names onto their nearest site, and only its own', () => {
    const city = new City(small, cfg, 99, start);
    const off = city.fleet.buckets[city.fleet.off];
    const brand = small.bikes[off[0]].brand;
    const own = off.filter((b) => small.bikes[b].brand === brand).slice(0, 3);
    const other = off.find((b) => small.bikes[b].brand !== brand);
    const ids = [...own, ...(other === undefined ? [] : [other])].map((b) => small.bikes[b].id);
    const { moved } = city.workOrder(brand, { type: 3, siteId: null, bikesToMove: null, bikeIds: [...ids, 'NO-SUCH-BIKE'] }, start);
    expect(moved.bikeIds).toEqual(own.map((b) => small.bikes[b].id));
    const later = city.step(start, start + 60 * 60_000);
    const placed = later.status[brand].filter((s) => moved.bikeIds.includes(s.bikeId) && s.status === 1);
    expect(new Set(placed.map((s) => s.bikeId)).size).toBe(own.length);
  });
});
