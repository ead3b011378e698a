/**
 * The operators of the moving city: in the dispatch hours each moves its bikes from (nearly) full
 * sites to (nearly) empty ones and collects those left outside sites, by truck.
 */
import { DISPATCH, isDispatchHour } from './tide.js';
import { pointInSite } from './world.js';
import type { Outbox } from './outbox.js';
import { TRUCK } from './fleet.js';
import { HOUR, MIN, iso, type CityParts } from './cityParts.js';

interface Truck {
  bike: number;
  at: number;
  site: number;
  id: string;
}

export class Dispatch {
  private trucks: Truck[] = [];

  constructor(private readonly city: CityParts) {}

  /** Each operator runs about one rebalancing round per dispatch hour: the rounds of [from, to), within `hour`. */
  rounds(out: Outbox, hour: number, from: number, to: number) {
    if (isDispatchHour(hour))
      for (const b of this.city.world.brands) if (this.city.rng.chance((0.8 * (to - from)) / HOUR)) this.rebalance(out, b.index, from, to);
  }

  /** An operator moves its bikes from (nearly) full sites to (nearly) empty ones, and collects bikes parked outside sites. */
  private rebalance(out: Outbox, brand: number, from: number, to: number) {
    const { world, fleet, rng } = this.city;
    const { sites, bikes } = world;
    const fill = (s: number) => fleet.count(s) / sites[s].capacity;
    const full = sites
      .filter((s) => fill(s.index) >= DISPATCH.fullFrom)
      .sort((a, b) => fill(b.index) - fill(a.index))
      .slice(0, DISPATCH.sources);
    const empty = rng.shuffle(sites.filter((s) => fill(s.index) < DISPATCH.feedBelow && s.brandPut));
    const closed = sites.filter((s) => !s.brandPut);
    const at = from + rng.next() * ((to - from) / 2);
    for (const src of full) {
      const mine = fleet.buckets[src.index].filter((b) => bikes[b].brand === brand);
      const k = Math.min(mine.length, Math.ceil(fleet.count(src.index) - DISPATCH.keep * src.capacity), DISPATCH.perSite);
      if (k <= 0) continue;
      const target = closed.length && rng.chance(0.03) ? rng.pick(closed) : empty.shift();
      if (!target) break;
      for (const bike of rng.shuffle(mine).slice(0, k)) this.load(out, bike, target.index, src.index, at);
    }
    // bikes left outside sites for a while go back onto the nearest site
    const stray = fleet.buckets[fleet.off].filter((b) => bikes[b].brand === brand && fleet.lastEvent[b] < at - 2 * HOUR).slice(0, 10);
    for (const bike of stray) this.load(out, bike, fleet.nearestSite(bike), null, at);
  }

  /** A parked bike goes on a truck at `at` (taken down from site `down`, if any), to unload at `target` 15–45 minutes later. */
  private load(out: Outbox, bike: number, target: number, down: number | null, at: number): string {
    const { world, fleet, rng } = this.city;
    const b = world.bikes[bike];
    const id = this.city.idAt(`${world.brands[b.brand].prefix}D`, at);
    if (down !== null) out.dispatch[b.brand].push({ dispatchId: `${id}X`, bikeId: b.id, action: 'down', siteId: world.sites[down].id, at: iso(at) });
    fleet.take(bike);
    this.city.faults.repair(bike); // the operator's truck crew fixes what it loads
    fleet.state[bike] = TRUCK;
    fleet.lastEvent[bike] = at;
    this.trucks.push({ bike, at: at + rng.range(15, 45) * MIN, site: target, id });
    return id;
  }

  private bikeIndex: Map<string, number> | null = null;

  /**
   * What an operator does for a work order (orderDesk.ts) at `at`: too full → its share of bikes
   * taken from the site to the emptiest sites it may use; too empty → bikes brought from its fullest
   * sites; an alert order → the bikes it names collected onto their nearest site. Answers the
   * dispatch ids (the down's, or the truck's) and the bikes moved; nothing when nothing can be done.
   */
  work(out: Outbox, brand: number, order: { type: number; siteId: string | null; bikesToMove: number | null; bikeIds: string[] }, at: number) {
    const { world, fleet } = this.city;
    const { sites, bikes } = world;
    const moved: { dispatchIds: string[]; bikeIds: string[] } = { dispatchIds: [], bikeIds: [] };
    const move = (bike: number, target: number, down: number | null) => {
      const id = this.load(out, bike, target, down, at);
      moved.dispatchIds.push(down === null ? `${id}S` : `${id}X`);
      moved.bikeIds.push(bikes[bike].id);
    };
    const site = order.siteId ? sites.find((s) => s.id === order.siteId) : undefined;
    const fill = (s: number) => fleet.count(s) / sites[s].capacity;
    const n = Math.max(1, order.bikesToMove ?? 0);
    if (order.type === 1 && site) {
      const targets = sites.filter((s) => s.brandPut && s.index !== site.index).sort((a, b) => fill(a.index) - fill(b.index));
      const mine = fleet.buckets[site.index].filter((b) => bikes[b].brand === brand).slice(0, n);
      mine.forEach((bike, i) => move(bike, targets[i % Math.min(3, targets.length)].index, site.index));
    } else if (order.type === 2 && site) {
      const sources = sites.filter((s) => s.index !== site.index).sort((a, b) => fill(b.index) - fill(a.index));
      for (const src of sources) {
        if (moved.bikeIds.length >= n) break;
        for (const bike of fleet.buckets[src.index].filter((b) => bikes[b].brand === brand).slice(0, n - moved.bikeIds.length))
          move(bike, site.index, src.index);
      }
    } else {
      this.bikeIndex ??= new Map(bikes.map((b) => [b.id, b.index]));
      for (const id of order.bikeIds) {
        const bike = this.bikeIndex.get(id);
        if (bike === undefined || bikes[bike].brand !== brand || !fleet.isParked(bike)) continue;
        move(bike, fleet.nearestSite(bike), fleet.site[bike] >= 0 ? fleet.site[bike] : null);
      }
    }
    return moved;
  }

  /** The trucks due before `to` unload, in order: the bike goes up at its target site and says so. */
  arrive(out: Outbox, to: number) {
    const due = this.trucks.filter((t) => t.at < to).sort((a, b) => a.at - b.at);
    if (!due.length) return;
    this.trucks = this.trucks.filter((t) => t.at >= to);
    const { world, fleet, rng } = this.city;
    for (const t of due) {
      const b = world.bikes[t.bike];
      const s = world.sites[t.site];
      const p = pointInSite(rng, s);
      out.dispatch[b.brand].push({ dispatchId: `${t.id}S`, bikeId: b.id, action: 'up', siteId: s.id, at: iso(t.at) });
      out.status[b.brand].push({ bikeId: b.id, status: 1, ...p, reportedAt: iso(t.at) });
      fleet.lon[t.bike] = p.lon;
      fleet.lat[t.bike] = p.lat;
      fleet.put(t.bike, t.site);
      fleet.lastEvent[t.bike] = t.at;
    }
  }
}
