/**
 * The riders of the moving city: rents by the hour's tide and each site's demand, the way to a
 * destination of the rider's kind nearby (with the ride's position reports), and the returns, in
 * a site or now and then beside it or in a forbidden zone.
 */
import { distanceM, pointInRing } from '../domain/geometry.js';
import { available, fee, hourShare, parkingAppeal, riderPhone, siteDemand, tide } from './tide.js';
import { pointInSite, pointNearSite } from './world.js';
import type { Outbox } from './outbox.js';
import { RIDING } from './fleet.js';
import { HOUR, MIN, iso, type CityParts } from './cityParts.js';

/** Minutes between the position reports of a bike in a ride (the live demo; the back-fill sends none). */
const RIDE_REPORT_MIN = 2;

interface Ride {
  bike: number;
  /** rent time and position */
  start: number;
  fromLon: number;
  fromLat: number;
  end: number;
  dest: number;
  lon: number;
  lat: number;
  orderId: string;
  minutes: number;
}

export class Rides {
  private rides: Ride[] = [];
  private readonly neighbours: { site: number; d: number }[][];
  /** Riders each site draws (see siteDemand). */
  private readonly demand: Float64Array;
  /** Returns so far, and those into a site already full (the platform's 满桩还车 alert). */
  readonly returns = { all: 0, intoFull: 0 };

  constructor(private readonly city: CityParts) {
    const { sites } = city.world;
    this.neighbours = sites.map((s) =>
      sites
        .filter((o) => o !== s)
        .map((o) => ({ site: o.index, d: distanceM(s.lon, s.lat, o.lon, o.lat) }))
        .filter((x) => x.d < 4000),
    );
    this.demand = siteDemand(city.world);
  }

  /** A bike the platform knows out on a ride (a restart): it comes back within minutes, closing `orderId`. */
  resume(bike: number, now: number, lon: number, lat: number, orderId: string) {
    const { fleet, rng, world } = this.city;
    fleet.take(bike);
    fleet.state[bike] = RIDING;
    const dest = this.pickDestination(bike, 12);
    const p = pointInSite(rng, world.sites[dest]);
    this.rides.push({
      bike,
      start: now,
      fromLon: lon,
      fromLat: lat,
      end: now + rng.range(1, 15) * MIN,
      dest,
      ...p,
      orderId,
      minutes: 15,
    });
  }

  start(out: Outbox, from: number, to: number, hour: number, weekend: boolean) {
    const { world, rng, cfg, fleet } = this.city;
    const { sites, bikes, brands } = world;
    const t = tide(hour, weekend);
    const weights = new Float64Array(sites.length + 1);
    const pull = (s: number) => t.from[sites[s].kind] * this.demand[s] * available(fleet.count(s));
    for (const s of sites) weights[s.index] = pull(s.index);
    weights[fleet.off] = t.offSite * fleet.buckets[fleet.off].length;
    const n = rng.poisson((cfg.ridesPerDay * hourShare(hour, weekend) * (to - from)) / HOUR);
    for (let k = 0; k < n; k++) {
      const bucket = rng.weighted(weights);
      if (bucket < 0) break;
      const list = fleet.buckets[bucket];
      const at = from + rng.next() * (to - from);
      let bike = list[rng.int(0, list.length - 1)];
      for (let tries = 0; tries < 8 && fleet.lastEvent[bike] > at - cfg.cooldownMinutes * MIN; tries++) bike = list[rng.int(0, list.length - 1)];
      const b = bikes[bike];
      const brand = brands[b.brand];
      const fromSite = fleet.site[bike];
      const dest = this.pickDestination(bike, hour, weekend);
      const ds = sites[dest];
      const meters = distanceM(fleet.lon[bike], fleet.lat[bike], ds.lon, ds.lat) * 1.3;
      let minutes = meters / (b.type ? 300 : 200) + rng.range(1, 4);
      if (rng.chance(0.001)) minutes = rng.range(25, 30) * 60; // kept overnight: an overdue return
      let p = pointInSite(rng, ds);
      if (rng.chance(brand.offSite)) {
        const zone = world.zones.length && rng.chance(0.1) ? rng.pick(world.zones) : null;
        p = zone ? this.pointInZone(zone.fence) : pointNearSite(rng, ds, world.index);
      }
      const orderId = this.city.idAt(brand.prefix, at);
      out.orders[b.brand].push({
        orderId,
        bikeId: b.id,
        event: 'rent',
        at: iso(at),
        lon: fleet.lon[bike],
        lat: fleet.lat[bike],
        ...(fromSite >= 0 ? { siteId: sites[fromSite].id } : {}),
      });
      fleet.take(bike);
      this.city.faults.repair(bike); // someone rides it: it works again
      weights[bucket] = bucket === fleet.off ? Math.max(0, weights[bucket] - t.offSite) : pull(bucket);
      fleet.state[bike] = RIDING;
      fleet.lastEvent[bike] = at;
      this.rides.push({ bike, start: at, fromLon: fleet.lon[bike], fromLat: fleet.lat[bike], end: at + minutes * MIN, dest, ...p, orderId, minutes });
    }
  }

  /**
   * A rented bike reports where it is every RIDE_REPORT_MIN minutes of its ride (status 2), the
   * reports of [from, to): along the way from the rent to the return point, weaving a little to
   * either side (no random draw: the city's sequence stays as it was). The console draws these as
   * the ride's track.
   */
  positions(out: Outbox, from: number, to: number) {
    if (!this.city.cfg.rideStatus) return;
    const step = RIDE_REPORT_MIN * MIN;
    for (const r of this.rides) {
      const b = this.city.world.bikes[r.bike];
      const span = r.end - r.start;
      if (span <= 0) continue;
      const first = Math.max(1, Math.ceil((from - r.start) / step));
      for (let k = first; ; k++) {
        const t = r.start + k * step;
        if (t >= to || t >= r.end) break;
        const f = (t - r.start) / span;
        // across the line, up to ~40 m: a street grid rather than a straight cut
        const side = Math.sin(k * 1.7) * 0.0004 * Math.sin(Math.PI * f);
        const dx = r.lon - r.fromLon;
        const dy = r.lat - r.fromLat;
        const len = Math.hypot(dx, dy) || 1;
        const lon = Math.round((r.fromLon + dx * f - (dy / len) * side) * 1e6) / 1e6;
        const lat = Math.round((r.fromLat + dy * f + (dx / len) * side) * 1e6) / 1e6;
        out.status[b.brand].push({ bikeId: b.id, status: 2, lon, lat, reportedAt: iso(t) });
      }
    }
  }

  private pointInZone(ring: { lon: number; lat: number }[]) {
    const { rng } = this.city;
    const lons = ring.map((p) => p.lon);
    const lats = ring.map((p) => p.lat);
    for (;;) {
      const lon = Math.round(rng.range(Math.min(...lons), Math.max(...lons)) * 1e6) / 1e6;
      const lat = Math.round(rng.range(Math.min(...lats), Math.max(...lats)) * 1e6) / 1e6;
      if (pointInRing(lon, lat, ring)) return { lon, lat };
    }
  }

  private pickDestination(bike: number, hour: number, weekend = false): number {
    const { fleet, world, rng } = this.city;
    const origin = fleet.site[bike] >= 0 ? fleet.site[bike] : fleet.nearestSite(bike);
    const list = this.neighbours[origin];
    const t = tide(hour, weekend);
    const sites = world.sites;
    // riders head for their kind of place nearby, and rather not for a site that looks full
    const weights = list.map((x) => {
      const fill = fleet.count(x.site) / sites[x.site].capacity;
      return t.to[sites[x.site].kind] * this.demand[x.site] * (x.d < 300 ? 0.05 : Math.exp(-x.d / 1500)) * parkingAppeal(fill);
    });
    const i = rng.weighted(weights);
    return i < 0 ? origin : list[i].site;
  }

  /** The rides that end before `to` return, in order: the return, the bike's status (live) and where it now stands. */
  finish(out: Outbox, to: number) {
    const due = this.rides.filter((r) => r.end < to).sort((a, b) => a.end - b.end);
    if (!due.length) return;
    this.rides = this.rides.filter((r) => r.end >= to);
    const { world, fleet, rng, cfg } = this.city;
    const { sites, bikes } = world;
    for (const r of due) {
      const b = bikes[r.bike];
      const inSite = world.index.find(r.lon, r.lat) !== null;
      this.returns.all++;
      if (inSite && fleet.count(r.dest) >= sites[r.dest].capacity) this.returns.intoFull++;
      out.orders[b.brand].push({
        orderId: r.orderId,
        bikeId: b.id,
        event: 'return',
        at: iso(r.end),
        lon: r.lon,
        lat: r.lat,
        ...(inSite ? { siteId: sites[r.dest].id } : {}),
        fee: fee(r.minutes, b.type === 1, rng.chance(0.2), !inSite),
        userPhone: riderPhone(r.orderId),
      });
      if (cfg.rideStatus) out.status[b.brand].push({ bikeId: b.id, status: 1, lon: r.lon, lat: r.lat, reportedAt: iso(r.end) });
      fleet.lon[r.bike] = r.lon;
      fleet.lat[r.bike] = r.lat;
      fleet.put(r.bike, inSite ? r.dest : -1);
      fleet.lastEvent[r.bike] = r.end;
    }
  }
}
