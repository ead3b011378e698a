/** The day of the demo city: how many rides start each hour, and where from and to. Pure. */
import type { SiteKind } from './places.js';
import { Rng, deriveSeed } from './random.js';
import type { World } from './world.js';

/** Relative ride demand per hour of a weekday and of a weekend day. */
const WEEKDAY = [0.3, 0.15, 0.1, 0.08, 0.1, 0.3, 1.0, 3.2, 4.0, 2.2, 1.2, 1.3, 1.6, 1.3, 1.1, 1.1, 1.4, 3.0, 3.8, 2.2, 1.4, 1.0, 0.7, 0.45];
const WEEKEND = [0.4, 0.25, 0.15, 0.1, 0.1, 0.15, 0.35, 0.8, 1.3, 1.8, 2.2, 2.3, 2.0, 1.9, 2.1, 2.3, 2.4, 2.3, 2.0, 1.7, 1.4, 1.0, 0.8, 0.55];
const WEEKDAY_SUM = WEEKDAY.reduce((a, b) => a + b, 0);

/** Share of a weekday's rides that start in hour `h` (a weekend day has ~80 % of a weekday's rides). */
export function hourShare(h: number, weekend: boolean): number {
  return ((weekend ? 0.8 * WEEKEND[h] : WEEKDAY[h]) * 1) / WEEKDAY_SUM;
}

type Weights = Record<SiteKind, number>;
const w = (residential: number, office: number, metro: number, school: number, park: number): Weights => ({ residential, office, metro, school, park });

/** Where rides start and end, by hour: the morning tide flows from homes to offices and metro stations, the evening tide back. */
export function tide(h: number, weekend: boolean): { from: Weights; to: Weights; offSite: number } {
  if (weekend) {
    if (h >= 9 && h < 18) return { from: w(2, 0.6, 1.5, 0.8, 1.5), to: w(1, 0.6, 1.5, 0.8, 3), offSite: 0.8 };
    return { from: w(1.2, 0.6, 1.5, 0.6, 1.5), to: w(2.5, 0.5, 1.2, 0.6, 0.8), offSite: 0.8 };
  }
  if (h >= 6 && h < 10) return { from: w(5, 0.2, 2, 0.4, 0.3), to: w(0.1, 5, 4, 2, 0.2), offSite: 1 };
  if (h >= 16 && h < 20) return { from: w(0.2, 5, 2.5, 1.5, 0.6), to: w(5, 0.2, 2, 0.4, 0.8), offSite: 0.6 };
  if (h >= 20 || h < 6) return { from: w(0.3, 2, 2, 0.8, 1), to: w(4, 0.2, 1, 0.5, 0.5), offSite: 0.6 };
  return { from: w(1, 1.4, 1.5, 1.2, 1), to: w(1, 1.4, 1.5, 1.2, 1.2), offSite: 0.8 };
}

/**
 * How strongly each site draws riders, as a share of its capacity: a few busy gates and exits,
 * many quiet corners (log-normal, fixed per world seed). Riders start at a site at this rate
 * while it has bikes, however many it has, and head for busy sites of the hour's kind.
 */
export function siteDemand(world: World): Float64Array {
  const r = new Rng(deriveSeed(world.seed, 'demand'));
  return Float64Array.from(world.sites, (s) => s.capacity * Math.exp(DEMAND_SPREAD * r.gauss() - DEMAND_SPREAD ** 2 / 2));
}
/** Spread of log demand: the busiest tenth of the sites draw about two thirds of the riders, the quieter half 5 %. */
const DEMAND_SPREAD = 1.6;

/**
 * Riders start at a site with bikes at its demand rate whatever the number (slower only for the
 * last one or two), so a busy site runs empty in its peak; none start at an empty site.
 */
export const available = (bikes: number) => (bikes > 0 ? bikes / (bikes + 0.3) : 0);

/** Riders shun a site that looks nearly full (over 80 %) and nearly always a full one (a return there is a 满桩还车 alert). */
export const parkingAppeal = (fill: number) => (fill < 0.8 ? 1 : fill < 1 ? 0.4 : 0.03);

/**
 * Each operator's dispatch round: the two fullest sites over 110 % each lose up to six of its
 * bikes, down to 95 %, to sites found (nearly) empty, picked at random. Dispatch clears the worst
 * of the tide without flattening it: a site stays 满桩 or 空桩 until a truck comes, hours later.
 */
export const DISPATCH = { fullFrom: 1.1, sources: 2, keep: 0.95, perSite: 6, feedBelow: 0.05 };

/** Operators rebalance before the morning tide, late morning, mid afternoon and in the evening. */
export const isDispatchHour = (h: number) => h === 6 || h === 10 || h === 15 || h === 21;

/** What an operator charges on top for a return outside every site (调度费, fen): 5 元, e-bikes 10 元. */
export const OUT_SITE_FEE = { bike: 500, ebike: 1000 };

/**
 * Fee in fen: bicycles 1.5 元 per 30 min (a fifth ride on a monthly card), e-bikes 3 元 per 20 min,
 * plus the out-of-site charge when the bike is left outside every site.
 */
export function fee(minutes: number, ebike: boolean, card: boolean, outSite = false): number {
  const extra = outSite ? (ebike ? OUT_SITE_FEE.ebike : OUT_SITE_FEE.bike) : 0;
  if (ebike) return 300 * Math.max(1, Math.ceil(minutes / 20)) + extra;
  return (card ? 0 : 150 * Math.max(1, Math.ceil(minutes / 30))) + extra;
}

/** The demo city's riders: a pool of 20,000 phones. */
const RIDERS = 20_000;

/**
 * The rider of an order, from its id (FNV-1a), so that naming riders draws nothing from the city's
 * random sequence (the same seed gives the same city as before riders were reported); a few ride
 * often, most seldom.
 */
export function riderPhone(orderId: string): string {
  let h = 2166136261;
  for (let i = 0; i < orderId.length; i++) h = Math.imul(h ^ orderId.charCodeAt(i), 16777619);
  const u = (h >>> 0) / 4294967296;
  const n = Math.floor(RIDERS * u * u);
  return `1${3 + (n % 7)}${String((n * 7_919_993 + 12_345_678) % 1_000_000_000).padStart(9, '0')}`;
}
