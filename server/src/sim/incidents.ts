/**
 * What goes wrong in the demo city, each with its own randomness so that rides stay the same:
 * bikes that report a fault, and foreign BLE devices the piles of a site hear.
 */
import { Rng, deriveSeed } from './random.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
/** Share of the filed fleet that is faulty at the start, and the chance a parked bike turns faulty at a report. */
const FAULTY_AT_START = 0.006;
const FAULT_PER_REPORT = 0.001;
/** Chance a maintainer repairs a faulty bike between two of its reports (a ride repairs it too). */
const REPAIR_PER_REPORT = 0.15;
const FAULTS = ['刹车失灵', '链条断裂', '车锁故障', '轮胎漏气', '车座损坏'];
/** Chance a site's piles hear a foreign device at the first scan that listens, and at each one after. */
const DEVICE_AT_START = 0.02;
const DEVICE_PER_SCAN = 0.0005;

/** Faulty bikes: the operator says so in their reports. */
export class Faults {
  private readonly rng: Rng;
  private readonly faulty: Uint8Array;

  constructor(
    private readonly world: World,
    seed: number,
  ) {
    this.rng = new Rng(deriveSeed(seed, 'faults'));
    this.faulty = Uint8Array.from(world.bikes, (b) => (b.filed && !b.silent && this.rng.chance(FAULTY_AT_START) ? 1 : 0));
  }

  /** A parked bike's report of itself: faulty or not (a fault comes and goes between reports). */
  report(bike: number): { fault?: true; faultReason?: string } {
    if (!this.world.bikes[bike].filed) return {};
    if (this.faulty[bike]) {
      if (this.rng.chance(REPAIR_PER_REPORT)) this.faulty[bike] = 0;
    } else if (this.rng.chance(FAULT_PER_REPORT)) this.faulty[bike] = 1;
    return this.faulty[bike] ? { fault: true, faultReason: FAULTS[(bike * 7 + this.world.seed) % FAULTS.length] } : {};
  }

  /** Does the bike report a fault now (an inspector finds it so)? */
  isFaulty(bike: number): boolean {
    return this.faulty[bike] === 1;
  }

  /** Someone rides it, or a truck crew loads it: it works again. */
  repair(bike: number) {
    this.faulty[bike] = 0;
  }

  /** Bikes that report a fault now (for tests and logs). */
  count(): number {
    return this.faulty.reduce((n, f) => n + f, 0);
  }
}

export interface Intruder {
  mac: string;
  name: string;
  until: number;
}

/** Foreign BLE devices the piles of a site flag as illegal, per site index. */
export class Intruders {
  private readonly rng: Rng;
  private readonly bySite = new Map<number, Intruder>();
  private listened = false;

  constructor(
    private readonly world: World,
    seed: number,
  ) {
    this.rng = new Rng(deriveSeed(seed, 'devices'));
  }

  at(site: number): Intruder | undefined {
    return this.bySite.get(site);
  }

  /**
   * Foreign devices come now and then and leave after hours; at the first listening scan some are
   * there already (at least one, at a site whose piles work).
   */
  move(t: number) {
    const r = this.rng;
    const sites = this.world.sites;
    const arrive = (site: number) => {
      const hex = () => r.int(0, 255).toString(16).toUpperCase().padStart(2, '0');
      this.bySite.set(site, {
        mac: `0C:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}`,
        name: r.chance(0.5) ? 'BLE_LOCK' : 'iBeacon',
        until: t + r.range(1, 8) * HOUR,
      });
    };
    const first = !this.listened;
    this.listened = true;
    for (const s of sites) {
      const cur = this.bySite.get(s.index);
      if (cur && cur.until <= t) this.bySite.delete(s.index);
      else if (!cur && r.chance(first ? DEVICE_AT_START : DEVICE_PER_SCAN)) arrive(s.index);
    }
    if (first && !this.bySite.size && sites.length) {
      const i = r.int(0, sites.length - 1);
      arrive(i === this.world.brokenSite ? (i + 1) % sites.length : i);
    }
  }

  /** Foreign devices at sites now (for tests and logs). */
  count(): number {
    return this.bySite.size;
  }
}
