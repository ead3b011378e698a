/**
 * The moving city: where every bike is, who rents it, where it goes, what operators dispatch and
 * what the piles report. step(from, to) advances simulated time and answers what the operators and
 * the pile gateway send for that window. Pure apart from its own state; deterministic for a seed.
 */
import { distanceM, pointInRing } from '../domain/geometry.js';
import { formatTime } from '../domain/time.js';
import { Rng, deriveSeed } from './random.js';
import { DISPATCH, available, fee, hourShare, isDispatchHour, parkingAppeal, riderPhone, siteDemand, tide } from './tide.js';
import { pointInSite, pointNearSite, type World } from './world.js';
import { emptyOutbox, type Outbox, type ScanItem } from './outbox.js';
import { Batteries } from './piles.js';
import { Faults, Intruders } from './incidents.js';

export type { DispatchItem, OrderItem, Outbox, ScanItem, StatusItem } from './outbox.js';
export { emptyOutbox } from './outbox.js';

export interface CityConfig {
  /** Rides on a weekday (weekend days have ~80 %). */
  ridesPerDay: number;
  /** Every reporting parked bike sends its position this often. */
  heartbeatMinutes: number;
  /** Live extras: a status during each ride and one after each return and dispatch. */
  rideStatus: boolean;
  tz: string;
  /** From this time on, the piles of the world's broken site stop reporting. */
  brokenFrom: number;
  /** A bike that just had an event is not rented again for this long, if others are free (fewer split batches). */
  cooldownMinutes: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const PARKED = 0;
const RIDING = 1;
const TRUCK = 2;
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

interface Truck {
  bike: number;
  at: number;
  site: number;
  id: string;
}

const iso = (t: number) => new Date(t).toISOString();

export class City {
  readonly rng: Rng;
  private readonly n: number;
  private readonly off: number;
  readonly site: Int32Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  readonly state: Uint8Array;
  private readonly lastEvent: Float64Array;
  private readonly lastBeat: Float64Array;
  /** Parked, reporting bikes per site; the last bucket holds those parked outside every site. */
  readonly buckets: number[][];
  private readonly slot: Int32Array;
  private readonly silentAt: number[][];
  private readonly neighbours: { site: number; d: number }[][];
  /** Riders each site draws (see siteDemand). */
  private readonly demand: Float64Array;
  private rides: Ride[] = [];
  private trucks: Truck[] = [];
  readonly batteries: Batteries;
  private seq = 0;
  /** Faulty bikes and foreign devices, each with its own randomness, so rides stay the same. */
  readonly faults: Faults;
  readonly intruders: Intruders;
  /** How many bikes restore() placed from the platform's state. */
  restored = 0;
  /** Returns so far, and those into a site already full (the platform's 满桩还车 alert). */
  readonly returns = { all: 0, intoFull: 0 };

  constructor(
    readonly world: World,
    public cfg: CityConfig,
    seed: number,
    start: number,
  ) {
    this.rng = new Rng(seed);
    const { bikes, sites } = world;
    this.n = bikes.length;
    this.off = sites.length;
    this.site = Int32Array.from(bikes, (b) => b.home);
    this.lon = Float64Array.from(bikes, (b) => b.lon);
    this.lat = Float64Array.from(bikes, (b) => b.lat);
    this.state = new Uint8Array(this.n);
    this.lastEvent = new Float64Array(this.n).fill(-Infinity);
    // before anything is known, bikes last reported at staggered times (the heartbeats spread out)
    const phases = new Rng(deriveSeed(world.seed, 'heartbeat'));
    this.lastBeat = Float64Array.from(bikes, () => start - phases.next() * cfg.heartbeatMinutes * MIN);
    this.buckets = Array.from({ length: sites.length + 1 }, () => []);
    this.slot = new Int32Array(this.n).fill(-1);
    this.silentAt = sites.map(() => []);
    for (const b of bikes) {
      if (b.silent) {
        if (b.home >= 0) this.silentAt[b.home].push(b.index);
      } else this.put(b.index, b.home);
    }
    this.neighbours = sites.map((s) =>
      sites
        .filter((o) => o !== s)
        .map((o) => ({ site: o.index, d: distanceM(s.lon, s.lat, o.lon, o.lat) }))
        .filter((x) => x.d < 4000),
    );
    this.demand = siteDemand(world);
    this.batteries = new Batteries(world, this.rng, start);
    this.faults = new Faults(world, seed);
    this.intruders = new Intruders(world, seed);
  }

  /* ------------------------------ bookkeeping ------------------------------ */

  private bucketOf(site: number) {
    return site >= 0 ? site : this.off;
  }

  private put(bike: number, site: number) {
    const list = this.buckets[this.bucketOf(site)];
    this.slot[bike] = list.length;
    list.push(bike);
    this.site[bike] = site;
    this.state[bike] = PARKED;
  }

  private take(bike: number) {
    const list = this.buckets[this.bucketOf(this.site[bike])];
    const i = this.slot[bike];
    const last = list.pop()!;
    if (last !== bike) {
      list[i] = last;
      this.slot[last] = i;
    }
    this.slot[bike] = -1;
  }

  /** Parked bikes the server can count at each site (reporting ones). */
  count(site: number) {
    return this.buckets[site].length;
  }

  /**
   * Restores positions from the platform's live state (a restart): unknown bikes keep their world
   * position; a bike out on a ride comes back within minutes, closing its open order.
   */
  restore(rows: { bikeId: string; lon: number; lat: number; status: number; siteId: string | null; openOrder: string | null }[], now: number) {
    const byId = new Map(this.world.bikes.map((b) => [b.id, b.index]));
    const siteIdx = new Map(this.world.sites.map((s) => [s.id, s.index]));
    for (const r of rows) {
      const b = byId.get(r.bikeId);
      if (b === undefined || this.world.bikes[b].silent || this.state[b] !== PARKED) continue;
      this.take(b);
      this.lon[b] = r.lon;
      this.lat[b] = r.lat;
      this.put(b, r.siteId ? (siteIdx.get(r.siteId) ?? -1) : -1);
      if (r.status === 2 && r.openOrder) {
        this.take(b);
        this.state[b] = RIDING;
        const dest = this.pickDestination(b, 12);
        const p = pointInSite(this.rng, this.world.sites[dest]);
        this.rides.push({
          bike: b,
          start: now,
          fromLon: r.lon,
          fromLat: r.lat,
          end: now + this.rng.range(1, 15) * MIN,
          dest,
          ...p,
          orderId: r.openOrder,
          minutes: 15,
        });
      }
    }
    this.restored = rows.length;
  }

  /** Spreads the next heartbeats over one period from `now` (after a change of period, e.g. back-fill to live). */
  staggerHeartbeats(now: number) {
    const period = this.cfg.heartbeatMinutes * MIN;
    const r = new Rng(deriveSeed(this.world.seed, now));
    for (let i = 0; i < this.n; i++) this.lastBeat[i] = Math.max(this.lastBeat[i], this.lastEvent[i], now - r.next() * period);
  }

  private next() {
    this.seq = (this.seq + 1) % 10_000;
    return String(this.seq).padStart(4, '0');
  }

  private stamp(t: number) {
    return formatTime(t, this.cfg.tz)!.replace(/\D/g, '');
  }

  private emptyOutbox(): Outbox {
    return emptyOutbox(this.world.brands.length);
  }

  /** Every reporting bike says where it is (the first report of a fresh city). */
  initialReports(t: number): Outbox {
    const out = this.emptyOutbox();
    for (const b of this.world.bikes) {
      if (b.silent || this.state[b.index] !== PARKED) continue;
      out.status[b.brand].push({ bikeId: b.id, status: 1, lon: this.lon[b.index], lat: this.lat[b.index], reportedAt: iso(t), ...this.faults.report(b.index) });
      this.lastBeat[b.index] = t;
    }
    return out;
  }

  /* ------------------------------ one window ------------------------------ */

  /** Rides, returns and dispatch in [from, to), hour by hour. */
  step(from: number, to: number): Outbox {
    const out = this.emptyOutbox();
    for (let t = from; t < to;) {
      const local = formatTime(t, this.cfg.tz)!;
      const hour = Number(local.slice(11, 13));
      const next = Math.min(to, (Math.floor(t / HOUR) + 1) * HOUR);
      const weekday = new Date(`${local.slice(0, 10)}T12:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      this.startRides(out, t, next, hour, weekend);
      this.ridePositions(out, t, next);
      this.finishRides(out, next);
      // each operator runs about one rebalancing round per dispatch hour
      if (isDispatchHour(hour)) for (const b of this.world.brands) if (this.rng.chance((0.8 * (next - t)) / HOUR)) this.rebalance(out, b.index, t, next);
      this.arriveTrucks(out, next);
      t = next;
    }
    return out;
  }

  private startRides(out: Outbox, from: number, to: number, hour: number, weekend: boolean) {
    const { sites, bikes, brands } = this.world;
    const t = tide(hour, weekend);
    const weights = new Float64Array(sites.length + 1);
    const pull = (s: number) => t.from[sites[s].kind] * this.demand[s] * available(this.count(s));
    for (const s of sites) weights[s.index] = pull(s.index);
    weights[this.off] = t.offSite * this.buckets[this.off].length;
    const n = this.rng.poisson((this.cfg.ridesPerDay * hourShare(hour, weekend) * (to - from)) / HOUR);
    for (let k = 0; k < n; k++) {
      const bucket = this.rng.weighted(weights);
      if (bucket < 0) break;
      const list = this.buckets[bucket];
      const at = from + this.rng.next() * (to - from);
      let bike = list[this.rng.int(0, list.length - 1)];
      for (let tries = 0; tries < 8 && this.lastEvent[bike] > at - this.cfg.cooldownMinutes * MIN; tries++) bike = list[this.rng.int(0, list.length - 1)];
      const b = bikes[bike];
      const brand = brands[b.brand];
      const fromSite = this.site[bike];
      const dest = this.pickDestination(bike, hour, weekend);
      const ds = sites[dest];
      const meters = distanceM(this.lon[bike], this.lat[bike], ds.lon, ds.lat) * 1.3;
      let minutes = meters / (b.type ? 300 : 200) + this.rng.range(1, 4);
      if (this.rng.chance(0.001)) minutes = this.rng.range(25, 30) * 60; // kept overnight: an overdue return
      let p = pointInSite(this.rng, ds);
      if (this.rng.chance(0.03)) {
        const zone = this.world.zones.length && this.rng.chance(0.1) ? this.rng.pick(this.world.zones) : null;
        p = zone ? this.pointInZone(zone.fence) : pointNearSite(this.rng, ds, this.world.index);
      }
      const orderId = `${brand.prefix}${this.stamp(at)}${this.next()}`;
      out.orders[b.brand].push({
        orderId,
        bikeId: b.id,
        event: 'rent',
        at: iso(at),
        lon: this.lon[bike],
        lat: this.lat[bike],
        ...(fromSite >= 0 ? { siteId: sites[fromSite].id } : {}),
      });
      this.take(bike);
      this.faults.repair(bike); // someone rides it: it works again
      weights[bucket] = bucket === this.off ? Math.max(0, weights[bucket] - t.offSite) : pull(bucket);
      this.state[bike] = RIDING;
      this.lastEvent[bike] = at;
      this.rides.push({ bike, start: at, fromLon: this.lon[bike], fromLat: this.lat[bike], end: at + minutes * MIN, dest, ...p, orderId, minutes });
    }
  }

  /**
   * A rented bike reports where it is every RIDE_REPORT_MIN minutes of its ride (status 2), the
   * reports of [from, to): along the way from the rent to the return point, weaving a little to
   * either side (no random draw: the city's sequence stays as it was). The console draws these as
   * the ride's track.
   */
  private ridePositions(out: Outbox, from: number, to: number) {
    if (!this.cfg.rideStatus) return;
    const step = RIDE_REPORT_MIN * MIN;
    for (const r of this.rides) {
      const b = this.world.bikes[r.bike];
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
    const lons = ring.map((p) => p.lon);
    const lats = ring.map((p) => p.lat);
    for (;;) {
      const lon = Math.round(this.rng.range(Math.min(...lons), Math.max(...lons)) * 1e6) / 1e6;
      const lat = Math.round(this.rng.range(Math.min(...lats), Math.max(...lats)) * 1e6) / 1e6;
      if (pointInRing(lon, lat, ring)) return { lon, lat };
    }
  }

  private nearestSite(bike: number) {
    let best = 0;
    let bestD = Infinity;
    for (const s of this.world.sites) {
      const d = Math.abs(s.lon - this.lon[bike]) + Math.abs(s.lat - this.lat[bike]);
      if (d < bestD) {
        best = s.index;
        bestD = d;
      }
    }
    return best;
  }

  private pickDestination(bike: number, hour: number, weekend = false): number {
    const origin = this.site[bike] >= 0 ? this.site[bike] : this.nearestSite(bike);
    const list = this.neighbours[origin];
    const t = tide(hour, weekend);
    const sites = this.world.sites;
    // riders head for their kind of place nearby, and rather not for a site that looks full
    const weights = list.map((x) => {
      const fill = this.count(x.site) / sites[x.site].capacity;
      return t.to[sites[x.site].kind] * this.demand[x.site] * (x.d < 300 ? 0.05 : Math.exp(-x.d / 1500)) * parkingAppeal(fill);
    });
    const i = this.rng.weighted(weights);
    return i < 0 ? origin : list[i].site;
  }

  private finishRides(out: Outbox, to: number) {
    const due = this.rides.filter((r) => r.end < to).sort((a, b) => a.end - b.end);
    if (!due.length) return;
    this.rides = this.rides.filter((r) => r.end >= to);
    const { sites, bikes } = this.world;
    for (const r of due) {
      const b = bikes[r.bike];
      const inSite = this.world.index.find(r.lon, r.lat) !== null;
      this.returns.all++;
      if (inSite && this.count(r.dest) >= sites[r.dest].capacity) this.returns.intoFull++;
      out.orders[b.brand].push({
        orderId: r.orderId,
        bikeId: b.id,
        event: 'return',
        at: iso(r.end),
        lon: r.lon,
        lat: r.lat,
        ...(inSite ? { siteId: sites[r.dest].id } : {}),
        fee: fee(r.minutes, b.type === 1, this.rng.chance(0.2), !inSite),
        userPhone: riderPhone(r.orderId),
      });
      if (this.cfg.rideStatus) out.status[b.brand].push({ bikeId: b.id, status: 1, lon: r.lon, lat: r.lat, reportedAt: iso(r.end) });
      this.lon[r.bike] = r.lon;
      this.lat[r.bike] = r.lat;
      this.put(r.bike, inSite ? r.dest : -1);
      this.lastEvent[r.bike] = r.end;
    }
  }

  /** An operator moves its bikes from (nearly) full sites to (nearly) empty ones, and collects bikes parked outside sites. */
  private rebalance(out: Outbox, brand: number, from: number, to: number) {
    const { sites, bikes, brands } = this.world;
    const prefix = brands[brand].prefix;
    const fill = (s: number) => this.count(s) / sites[s].capacity;
    const full = sites
      .filter((s) => fill(s.index) >= DISPATCH.fullFrom)
      .sort((a, b) => fill(b.index) - fill(a.index))
      .slice(0, DISPATCH.sources);
    const empty = this.rng.shuffle(sites.filter((s) => fill(s.index) < DISPATCH.feedBelow && s.brandPut));
    const closed = sites.filter((s) => !s.brandPut);
    const at = from + this.rng.next() * ((to - from) / 2);
    const load = (bike: number, target: number, down: number | null) => {
      const id = `${prefix}D${this.stamp(at)}${this.next()}`;
      if (down !== null) out.dispatch[brand].push({ dispatchId: `${id}X`, bikeId: bikes[bike].id, action: 'down', siteId: sites[down].id, at: iso(at) });
      this.take(bike);
      this.faults.repair(bike); // the operator's truck crew fixes what it loads
      this.state[bike] = TRUCK;
      this.lastEvent[bike] = at;
      this.trucks.push({ bike, at: at + this.rng.range(15, 45) * MIN, site: target, id });
    };
    for (const src of full) {
      const mine = this.buckets[src.index].filter((b) => bikes[b].brand === brand);
      const k = Math.min(mine.length, Math.ceil(this.count(src.index) - DISPATCH.keep * src.capacity), DISPATCH.perSite);
      if (k <= 0) continue;
      const target = closed.length && this.rng.chance(0.03) ? this.rng.pick(closed) : empty.shift();
      if (!target) break;
      for (const bike of this.rng.shuffle(mine).slice(0, k)) load(bike, target.index, src.index);
    }
    // bikes left outside sites for a while go back onto the nearest site
    const stray = this.buckets[this.off].filter((b) => bikes[b].brand === brand && this.lastEvent[b] < at - 2 * HOUR).slice(0, 10);
    for (const bike of stray) load(bike, this.nearestSite(bike), null);
  }

  private arriveTrucks(out: Outbox, to: number) {
    const due = this.trucks.filter((t) => t.at < to).sort((a, b) => a.at - b.at);
    if (!due.length) return;
    this.trucks = this.trucks.filter((t) => t.at >= to);
    for (const t of due) {
      const b = this.world.bikes[t.bike];
      const s = this.world.sites[t.site];
      const p = pointInSite(this.rng, s);
      out.dispatch[b.brand].push({ dispatchId: `${t.id}S`, bikeId: b.id, action: 'up', siteId: s.id, at: iso(t.at) });
      out.status[b.brand].push({ bikeId: b.id, status: 1, ...p, reportedAt: iso(t.at) });
      this.lon[t.bike] = p.lon;
      this.lat[t.bike] = p.lat;
      this.put(t.bike, t.site);
      this.lastEvent[t.bike] = t.at;
    }
  }

  /**
   * A parked bike that has said nothing for a heartbeat period reports where it is: so reports are
   * never further apart than the period (with periods under a day, every bike is online every day).
   */
  heartbeats(from: number, to: number): Outbox {
    const out = this.emptyOutbox();
    const period = this.cfg.heartbeatMinutes * MIN;
    for (const b of this.world.bikes) {
      const i = b.index;
      if (b.silent || this.state[i] !== PARKED) continue;
      const due = Math.max(this.lastEvent[i], this.lastBeat[i]) + period;
      if (due >= to) continue;
      const t = Math.max(due, from);
      out.status[b.brand].push({ bikeId: b.id, status: 1, lon: this.lon[i], lat: this.lat[i], reportedAt: iso(t), ...this.faults.report(i) });
      this.lastBeat[i] = t;
    }
    return out;
  }

  /**
   * What every pile reports at time t: its battery and, when `hear`, the bikes around it (each pile
   * a share of them) and any foreign device at the site, which every pile of the site flags illegal.
   */
  scans(t: number, hear: boolean): ScanItem[] {
    this.batteries.advance(t);
    const { sites, bikes } = this.world;
    const out: ScanItem[] = [];
    if (hear) this.intruders.move(t);
    let pile = 0;
    for (const s of sites) {
      const broken = s.index === this.world.brokenSite && t >= this.cfg.brokenFrom;
      const heard = hear && !broken ? [...this.buckets[s.index], ...this.silentAt[s.index]] : [];
      const intruder = this.intruders.at(s.index);
      s.piles.forEach((mac, j) => {
        const i = pile++;
        if (broken) return;
        const item: ScanItem = { equipmentMac: mac, siteId: s.id, power: this.batteries.level(i), at: iso(t) };
        if (hear) {
          item.seen = heard
            .filter((_, k) => k % s.piles.length === j)
            .map((b) => ({ mac: bikes[b].mac, name: bikes[b].bleName, rssi: -50 - ((b * 7 + j) % 36) }));
          if (intruder) item.seen.push({ mac: intruder.mac, name: intruder.name, rssi: -78 + j, illegal: true });
        }
        out.push(item);
      });
    }
    return out;
  }
}
