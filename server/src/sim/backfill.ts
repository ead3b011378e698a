/**
 * First start of the demo city: files the fleet, then replays the last days in simulated time
 * through the open API in process (app.inject), running the jobs at the simulated times so that
 * snapshots, messages, alerts and rollups exist for the past.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { formatTime, parseLocalTime } from '../domain/time.js';
import { City } from './city.js';
import { emptyOutbox, mergeOutbox, type OrderItem, type Outbox } from './outbox.js';
import { OpenApiClient, uniqueBatches, type Transport } from './client.js';
import { deriveSeed } from './random.js';
import { DESK_PROFILES, OrderDesk } from './orderDesk.js';
import type { World } from './world.js';

export interface DemoJobs {
  minute(now: Date): Promise<unknown>;
  hourly(now: Date): Promise<unknown>;
  daily(now: Date): Promise<unknown>;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** One client per operator and one for the pile gateway. */
export interface Clients {
  brands: OpenApiClient[];
  gateway: OpenApiClient;
}

export function clientsFor(world: World, transport: Transport, opts: ConstructorParameters<typeof OpenApiClient>[3]): Clients {
  return {
    brands: world.brands.map((b) => new OpenApiClient(transport, b.account, b.password, opts)),
    gateway: new OpenApiClient(transport, world.gateway.account, world.gateway.password, opts),
  };
}

export interface SendTally {
  calls: number;
  accepted: number;
  rejected: number;
  /** The first few rejection reasons, for the log. */
  reasons: string[];
  /** Calls, items and milliseconds per endpoint. */
  paths: Record<string, { calls: number; items: number; ms: number }>;
}

export const newTally = (): SendTally => ({ calls: 0, accepted: 0, rejected: 0, reasons: [], paths: {} });

async function send(t: SendTally, c: OpenApiClient, path: string, items: unknown[]) {
  const started = performance.now();
  const r = await c.send(path, items);
  t.calls += r.calls;
  t.accepted += r.accepted;
  t.rejected += r.rejected.length;
  for (const x of r.rejected) if (t.reasons.length < 5) t.reasons.push(`${x.id}: ${x.reason}`);
  const p = (t.paths[path] ??= { calls: 0, items: 0, ms: 0 });
  p.calls += r.calls;
  p.items += items.length;
  p.ms += performance.now() - started;
}

/**
 * The operators' work-order desks (orderDesk.ts), one per brand, doing the work in `city`; `since`:
 * orders changed before it are left alone; `accepts`: accept before answering (else answer only).
 * tick(now) runs each desk, then sends what their trucks
 * did in one go (the answers name the dispatches a moment before they arrive).
 */
export function orderDesks(clients: Clients, city: City, seed: number, since: number, tally: SendTally, accepts = true) {
  let out = emptyOutbox(clients.brands.length);
  const desks = clients.brands.map(
    (c, i) =>
      new OrderDesk(
        c,
        DESK_PROFILES[i % DESK_PROFILES.length],
        seed,
        since,
        async (order, at) => {
          const done = city.workOrder(i, order, at);
          out = mergeOutbox(out, done.out);
          return done.moved;
        },
        accepts,
      ),
  );
  return {
    desks,
    /** Each desk's turn at `now`; a desk that fails (`onError`) does not stop the others. */
    async tick(now: number, onError: (e: unknown) => void = (e) => Promise.reject(e)) {
      try {
        for (const d of desks) await d.tick(now).catch(onError);
      } finally {
        const send = out;
        out = emptyOutbox(clients.brands.length);
        await sendOutbox(clients, send, tally);
      }
    },
  };
}

/** Sends one window's outbox, operators first, then the piles. */
export async function sendOutbox(clients: Clients, out: Outbox, tally: SendTally): Promise<void> {
  for (let b = 0; b < clients.brands.length; b++) {
    const c = clients.brands[b];
    // a batch may carry one event per bike: a ride that starts and ends in one window goes in two batches
    for (const batch of uniqueBatches(out.orders[b], (o) => o.bikeId)) await send(tally, c, '/orders', batch);
    if (out.dispatch[b].length) await send(tally, c, '/dispatch', out.dispatch[b]);
    if (out.status[b].length) await send(tally, c, '/bikes/status', out.status[b]);
  }
  if (out.scans.length) await send(tally, clients.gateway, '/piles/scan', out.scans);
}

/** Files (备案) the world's legal bikes, unless they are filed already. */
export async function fileFleet(database: Database, world: World, clients: Clients, tally: SendTally): Promise<number> {
  const [{ n }] = await database.query<{ n: number }>(
    `select count(*)::int as n from bikes b join brands r on r.id = b.brand_id where r.brand_account = any($1::varchar[]) and b.withdrawn_at is null`,
    [world.brands.map((b) => b.account)],
  );
  const filed = world.bikes.filter((b) => b.filed);
  if (n >= filed.length) return 0;
  for (const brand of world.brands) {
    const items = filed
      .filter((b) => b.brand === brand.index)
      .map((b) => ({ bikeId: b.id, bikeType: b.type, frameCode: b.frameCode, imeiCode: b.imeiCode, licenseCode: b.licenseCode, bikeMac: b.mac }));
    await send(tally, clients.brands[brand.index], '/bikes', items);
  }
  return filed.length;
}

export interface BackfillOptions {
  world: World;
  clients: Clients;
  jobs: DemoJobs;
  seed: number;
  tz: string;
  /** The end of the replay (default: now). */
  now?: number;
  days: number;
  /** Rides per weekday in the replay. */
  ridesPerDay: number;
  /**
   * Window (one send per operator, then the minute jobs) in the last `fineDays` days (default 30
   * minutes, hourly jobs every hour) and before them (default 360 minutes, hourly jobs at the
   * window's end: each day's hours are rolled up again by the daily job after the day).
   */
  fineMinutes?: number;
  coarseMinutes?: number;
  fineDays?: number;
  /** Parked bikes report at least this often (default 23 hours: every bike is online every day). */
  heartbeatMinutes?: number;
  /** Piles report hourly in the last `scanFineHours` (default 3), daily before. */
  scanFineHours?: number;
  log: FastifyBaseLogger;
  signal?: AbortSignal;
  /** After each window's data is in and its jobs ran: the span replayed and the time reached. */
  onProgress?: (from: number, to: number, reached: number) => void;
}

export interface BackfillResult {
  from: Date;
  to: Date;
  seconds: number;
  windows: number;
  jobSeconds: number;
  /** spent by the operators' work-order desks (polls, the work's dispatches, accepts and answers) */
  deskSeconds: number;
  tally: SendTally;
  city: City;
}

/** The local midnight `days` days before `now`: where a back-fill of `days` days starts. */
export function replayStart(now: number, days: number, tz: string): number {
  const day = formatTime(now - days * DAY, tz)!.slice(0, 10);
  return parseLocalTime(day, tz)!.getTime();
}

/**
 * A ride that starts and ends in one window would need two batches (one event per bike per batch):
 * its return goes now and its rent one window later. The platform keeps the newer state either way,
 * and ingest marks the rent's hour for the next rollup run if that hour was rolled already.
 */
function withCarry(orders: OrderItem[], carry: OrderItem[]): { now: OrderItem[]; later: OrderItem[] } {
  const returned = new Set(orders.filter((o) => o.event === 'return').map((o) => o.orderId));
  const later = orders.filter((o) => o.event === 'rent' && returned.has(o.orderId));
  const deferred = new Set(later.map((o) => o.orderId));
  return { now: [...carry, ...orders.filter((o) => !(o.event === 'rent' && deferred.has(o.orderId)))], later };
}

export async function backfill(o: BackfillOptions): Promise<BackfillResult> {
  const started = performance.now();
  const end = Math.floor((o.now ?? Date.now()) / MIN) * MIN;
  const from = replayStart(end, o.days, o.tz);
  const fineStart = replayStart(end, o.fineDays ?? 1, o.tz);
  const fine = (o.fineMinutes ?? 30) * MIN;
  const coarse = (o.coarseMinutes ?? 360) * MIN;
  const scanFineStart = Math.floor((end - (o.scanFineHours ?? 3) * HOUR) / HOUR) * HOUR;
  const city = new City(
    o.world,
    {
      ridesPerDay: o.ridesPerDay,
      heartbeatMinutes: o.heartbeatMinutes ?? 23 * 60,
      rideStatus: false,
      tz: o.tz,
      brokenFrom: end - 3 * DAY,
      cooldownMinutes: (2 * coarse) / MIN + 30,
    },
    deriveSeed(o.seed, 'backfill'),
    from,
  );
  const tally = newTally();
  const brands = o.world.brands.length;
  let carry: OrderItem[][] = Array.from({ length: brands }, () => []);
  const flushCarry = async () => {
    const rest = emptyOutbox(brands);
    rest.orders = carry;
    carry = Array.from({ length: brands }, () => []);
    await sendOutbox(o.clients, rest, tally);
  };
  o.onProgress?.(from, end, from);
  await sendOutbox(o.clients, city.initialReports(from), tally);
  // the operators answer their work orders in simulated time, as they come
  const desks = orderDesks(o.clients, city, o.seed, from, tally, false);
  let jobMs = 0;
  let deskMs = 0;
  let windows = 0;
  let nextScan = from;
  let lastLog = performance.now();
  for (let t = from; t < end;) {
    if (o.signal?.aborted) break;
    const to = Math.min(t + (t >= fineStart ? fine : coarse), end);
    let out = emptyOutbox(brands);
    if (t >= nextScan) {
      // piles report for the block ahead, stamped near its end, so that no job in the block sees them silent
      const period = t >= scanFineStart ? HOUR : Math.min(DAY, scanFineStart - t);
      const at = Math.min(t + period - 5 * MIN, end);
      out.scans = city.scans(at, at >= end - HOUR);
      nextScan = t + period;
    }
    out = mergeOutbox(out, city.step(t, to));
    // then the bikes that said nothing for a while (after the window's events, so they say where they are now)
    out = mergeOutbox(out, city.heartbeats(t, to));
    const next = out.orders.map((list, b) => withCarry(list, carry[b]));
    out.orders = next.map((x) => x.now);
    carry = next.map((x) => x.later);
    await sendOutbox(o.clients, out, tally);
    windows++;
    const local = formatTime(to, o.tz)!;
    const dayEnd = local.endsWith(' 00:00:00');
    if (dayEnd || to === end) await flushCarry();
    // the desks answer what is due by the window's end (orders opened at the windows before), then the jobs see it
    const d0 = performance.now();
    await desks.tick(to);
    deskMs += performance.now() - d0;
    const j0 = performance.now();
    await o.jobs.minute(new Date(to));
    if (t >= fineStart) for (let h = Math.floor(t / HOUR) * HOUR + HOUR; h <= to; h += HOUR) await o.jobs.hourly(new Date(h));
    else await o.jobs.hourly(new Date(to));
    if (dayEnd) await o.jobs.daily(new Date(to));
    jobMs += performance.now() - j0;
    o.onProgress?.(from, end, to);
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      o.log.info({ simulated: local, calls: tally.calls, accepted: tally.accepted }, 'demo back-fill progressing');
    }
    t = to;
  }
  // the rents carried into the last window arrived after their hours were rolled: ingest marked
  // those hours, and one more run rolls them up
  const j0 = performance.now();
  await o.jobs.hourly(new Date(end));
  jobMs += performance.now() - j0;
  return {
    from: new Date(from),
    to: new Date(end),
    seconds: (performance.now() - started) / 1000,
    windows,
    jobSeconds: jobMs / 1000,
    deskSeconds: deskMs / 1000,
    tally,
    city,
  };
}
