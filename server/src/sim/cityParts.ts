/** What the parts of the moving city (city.ts) share: its configuration, the time units, and the view each part works on. */
import type { World } from './world.js';
import type { Rng } from './random.js';
import type { Fleet } from './fleet.js';
import type { Faults } from './incidents.js';

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

export const MIN = 60_000;
export const HOUR = 60 * MIN;

export const iso = (t: number) => new Date(t).toISOString();

/** The city as its riders (rides.ts) and operators (dispatch.ts) see it; `cfg` may change while it runs (the live demo). */
export interface CityParts {
  readonly world: World;
  readonly cfg: CityConfig;
  readonly rng: Rng;
  readonly fleet: Fleet;
  readonly faults: Faults;
  /** A new order or dispatch id at `at`: `prefix`, the local time's digits and a serial number. */
  idAt(prefix: string, at: number): string;
}
