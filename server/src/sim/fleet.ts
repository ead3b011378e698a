/**
 * Where every bike of the moving city is: its site (-1: none), position, state and last event, and
 * the parked, reporting bikes per site, kept so that a rider or an operator picks one at once.
 */
import type { World } from './world.js';

export const PARKED = 0;
export const RIDING = 1;
export const TRUCK = 2;

export class Fleet {
  readonly n: number;
  /** The bucket of the bikes parked outside every site (after the sites'). */
  readonly off: number;
  readonly site: Int32Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  readonly state: Uint8Array;
  /** When each bike last had an event (rent, return, loaded or unloaded by an operator). */
  readonly lastEvent: Float64Array;
  /** Parked, reporting bikes per site; the last bucket holds those parked outside every site. */
  readonly buckets: number[][];
  private readonly slot: Int32Array;
  /** Bikes that never report, per site where they stand (the piles still hear them). */
  readonly silentAt: number[][];

  constructor(readonly world: World) {
    const { bikes, sites } = world;
    this.n = bikes.length;
    this.off = sites.length;
    this.site = Int32Array.from(bikes, (b) => b.home);
    this.lon = Float64Array.from(bikes, (b) => b.lon);
    this.lat = Float64Array.from(bikes, (b) => b.lat);
    this.state = new Uint8Array(this.n);
    this.lastEvent = new Float64Array(this.n).fill(-Infinity);
    this.buckets = Array.from({ length: sites.length + 1 }, () => []);
    this.slot = new Int32Array(this.n).fill(-1);
    this.silentAt = sites.map(() => []);
    for (const b of bikes) {
      if (b.silent) {
        if (b.home >= 0) this.silentAt[b.home].push(b.index);
      } else this.put(b.index, b.home);
    }
  }

  private bucketOf(site: number) {
    return site >= 0 ? site : this.off;
  }

  /** Parks `bike` at `site` (-1: outside every site). */
  put(bike: number, site: number) {
    const list = this.buckets[this.bucketOf(site)];
    this.slot[bike] = list.length;
    list.push(bike);
    this.site[bike] = site;
    this.state[bike] = PARKED;
  }

  /** Takes a parked bike out of its bucket (rented or loaded). */
  take(bike: number) {
    const list = this.buckets[this.bucketOf(this.site[bike])];
    const i = this.slot[bike];
    const last = list.pop()!;
    if (last !== bike) {
      list[i] = last;
      this.slot[last] = i;
    }
    this.slot[bike] = -1;
  }

  /** Is the bike parked in a bucket (not ridden, not on a truck, not a silent one)? */
  isParked(bike: number) {
    return this.slot[bike] >= 0;
  }

  /** Parked bikes the server can count at each site (reporting ones). */
  count(site: number) {
    return this.buckets[site].length;
  }

  nearestSite(bike: number) {
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
}
