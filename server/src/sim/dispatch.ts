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
    const { sites, bikes, brands } = world;
    const prefix = brands[brand].prefix;
    const fill = (s: number) => fleet.count(s) / sites[s].capacity;
    const full = sites
      .filter((s) => fill(s.index) >= DISPATCH.fullFrom)
      .sort((a, b) => fill(b.index) - fill(a.index))
      .slice(0, DISPATCH.sources);
    const empty = rng.shuffle(sites.filter((s) => fill(s.index) < DISPATCH.feedBelow && s.brandPut));
    const closed = sites.filter((s) => !s.brandPut);
    const at = from + rng.next() * ((to - from) / 2);
    const load = (bike: number, target: number, down: number | null) => {
      const id = this.city.idAt(`${prefix}D`, at);
      if (down !== null) out.dispatch[brand].push({ dispatchId: `${id}X`, bikeId: bikes[bike].id, action: 'down', siteId: sites[down].id, at: iso(at) });
      fleet.take(bike);
      this.city.faults.repair(bike); // the operator's truck crew fixes what it loads
      fleet.state[bike] = TRUCK;
      fleet.lastEvent[bike] = at;
      this.trucks.push({ bike, at: at + rng.range(15, 45) * MIN, site: target, id });
    };
    for (const src of full) {
      const mine = fleet.buckets[src.index].filter((b) => bikes[b].brand === brand);
      const k = Math.min(mine.length, Math.ceil(fleet.count(src.index) - DISPATCH.keep * src.capacity), DISPATCH.perSite);
      if (k <= 0) continue;
      const target = closed.length && rng.chance(0.03) ? rng.pick(closed) : empty.shift();
      if (!target) break;
      for (const bike of rng.shuffle(mine).slice(0, k)) load(bike, target.index, src.index);
    }
    // bikes left outside sites for a while go back onto the nearest site
    const stray = fleet.buckets[fleet.off].filter((b) => bikes[b].brand === brand && fleet.lastEvent[b] < at - 2 * HOUR).slice(0, 10);
    for (const bike of stray) load(bike, fleet.nearestSite(bike), null);
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
