/**
 * The moving city: where every bike is (fleet.ts), who rents it and where it goes (rides.ts), what
 * operators dispatch (dispatch.ts) and what the piles report. step(from, to) advances simulated time
 * and answers what the operators and the pile gateway send for that window. Pure apart from its own
 * state; deterministic for a seed.
 */
import { formatTime } from '../domain/time.js';
import { Rng, deriveSeed } from './random.js';
import type { World } from './world.js';
import { emptyOutbox, type Outbox, type ScanItem } from './outbox.js';
import { Batteries } from './piles.js';
import { Faults, Intruders } from './incidents.js';
import { Fleet, PARKED } from './fleet.js';
import { Rides } from './rides.js';
import { Dispatch } from './dispatch.js';
import { HOUR, MIN, iso, type CityConfig, type CityParts } from './cityParts.js';

export class City implements CityParts {
  readonly rng: Rng;
  readonly fleet: Fleet;
  private readonly lastBeat: Float64Array;
  private readonly rides: Rides;
  private readonly dispatch: Dispatch;
  readonly batteries: Batteries;
  private seq = 0;
  /** Faulty bikes and foreign devices, each with its own randomness, so rides stay the same. */
  readonly faults: Faults;
  readonly intruders: Intruders;
  /** How many bikes restore() placed from the platform's state. */
  restored = 0;
  /** Returns so far, and those into a site already full (the platform's 满桩还车 alert). */
  readonly returns: { all: number; intoFull: number };

  constructor(
    readonly world: World,
    public cfg: CityConfig,
    seed: number,
    start: number,
  ) {
    this.rng = new Rng(seed);
    this.fleet = new Fleet(world);
    // before anything is known, bikes last reported at staggered times (the heartbeats spread out)
    const phases = new Rng(deriveSeed(world.seed, 'heartbeat'));
    this.lastBeat = Float64Array.from(world.bikes, () => start - phases.next() * cfg.heartbeatMinutes * MIN);
    this.rides = new Rides(this);
    this.returns = this.rides.returns;
    this.dispatch = new Dispatch(this);
    this.batteries = new Batteries(world, this.rng, start);
    this.faults = new Faults(world, seed);
    this.intruders = new Intruders(world, seed);
  }

  /**
   * What operator `brand` does for a work order at `at` (dispatch.ts work): the events to send
   * (trucks unload in later steps) and the dispatches and bikes it moved.
   */
  workOrder(brand: number, order: Parameters<Dispatch['work']>[2], at: number) {
    const out = emptyOutbox(this.world.brands.length);
    const moved = this.dispatch.work(out, brand, order, at);
    return { out, moved };
  }

  /** Parked bikes the server can count at each site (reporting ones). */
  count(site: number) {
    return this.fleet.count(site);
  }

  /**
   * Restores positions from the platform's live state (a restart): unknown bikes keep their world
   * position; a bike out on a ride comes back within minutes, closing its open order.
   */
  restore(rows: { bikeId: string; lon: number; lat: number; status: number; siteId: string | null; openOrder: string | null }[], now: number) {
    const { fleet } = this;
    const byId = new Map(this.world.bikes.map((b) => [b.id, b.index]));
    const siteIdx = new Map(this.world.sites.map((s) => [s.id, s.index]));
    for (const r of rows) {
      const b = byId.get(r.bikeId);
      if (b === undefined || this.world.bikes[b].silent || fleet.state[b] !== PARKED) continue;
      fleet.take(b);
      fleet.lon[b] = r.lon;
      fleet.lat[b] = r.lat;
      fleet.put(b, r.siteId ? (siteIdx.get(r.siteId) ?? -1) : -1);
      if (r.status === 2 && r.openOrder) this.rides.resume(b, now, r.lon, r.lat, r.openOrder);
    }
    this.restored = rows.length;
  }

  /** Spreads the next heartbeats over one period from `now` (after a change of period, e.g. back-fill to live). */
  staggerHeartbeats(now: number) {
    const period = this.cfg.heartbeatMinutes * MIN;
    const r = new Rng(deriveSeed(this.world.seed, now));
    for (let i = 0; i < this.fleet.n; i++) this.lastBeat[i] = Math.max(this.lastBeat[i], this.fleet.lastEvent[i], now - r.next() * period);
  }

  idAt(prefix: string, at: number) {
    const stamp = formatTime(at, this.cfg.tz)!.replace(/\D/g, '');
    this.seq = (this.seq + 1) % 10_000;
    return `${prefix}${stamp}${String(this.seq).padStart(4, '0')}`;
  }

  private emptyOutbox(): Outbox {
    return emptyOutbox(this.world.brands.length);
  }

  /** Every reporting bike says where it is (the first report of a fresh city). */
  initialReports(t: number): Outbox {
    const out = this.emptyOutbox();
    const { fleet } = this;
    for (const b of this.world.bikes) {
      if (b.silent || fleet.state[b.index] !== PARKED) continue;
      out.status[b.brand].push({
        bikeId: b.id,
        status: 1,
        lon: fleet.lon[b.index],
        lat: fleet.lat[b.index],
        reportedAt: iso(t),
        ...this.faults.report(b.index),
      });
      this.lastBeat[b.index] = t;
    }
    return out;
  }

  /** Rides, returns and dispatch in [from, to), hour by hour. */
  step(from: number, to: number): Outbox {
    const out = this.emptyOutbox();
    for (let t = from; t < to;) {
      const local = formatTime(t, this.cfg.tz)!;
      const hour = Number(local.slice(11, 13));
      const next = Math.min(to, (Math.floor(t / HOUR) + 1) * HOUR);
      const weekday = new Date(`${local.slice(0, 10)}T12:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      this.rides.start(out, t, next, hour, weekend);
      this.rides.positions(out, t, next);
      this.rides.finish(out, next);
      this.dispatch.rounds(out, hour, t, next);
      this.dispatch.arrive(out, next);
      t = next;
    }
    return out;
  }

  /**
   * A parked bike that has said nothing for a heartbeat period reports where it is: so reports are
   * never further apart than the period (with periods under a day, every bike is online every day).
   */
  heartbeats(from: number, to: number): Outbox {
    const out = this.emptyOutbox();
    const { fleet } = this;
    const period = this.cfg.heartbeatMinutes * MIN;
    for (const b of this.world.bikes) {
      const i = b.index;
      if (b.silent || fleet.state[i] !== PARKED) continue;
      const due = Math.max(fleet.lastEvent[i], this.lastBeat[i]) + period;
      if (due >= to) continue;
      const t = Math.max(due, from);
      out.status[b.brand].push({ bikeId: b.id, status: 1, lon: fleet.lon[i], lat: fleet.lat[i], reportedAt: iso(t), ...this.faults.report(i) });
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
      const heard = hear && !broken ? [...this.fleet.buckets[s.index], ...this.fleet.silentAt[s.index]] : [];
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
