/**
 * The demo city in real time: every few seconds the operators and the pile gateway send what
 * happened since the last tick over HTTP, as any operator would (re-login on 401, back-off on
 * 429/503). stop() ends the loop and leaves no timer behind.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { City } from './city.js';
import type { CityConfig } from './cityParts.js';
import type { Outbox } from './outbox.js';
import { fetchTransport, StoppedError } from './client.js';
import { clientsFor, newTally, orderDesks, sendOutbox } from './backfill.js';
import type { World } from './world.js';

const MIN = 60_000;

export interface LiveOptions {
  world: World;
  /** The city to continue (after a back-fill), or null to restore one from the platform's state. */
  city: City | null;
  database: Database;
  baseUrl: string;
  seed: number;
  tz: string;
  ridesPerDay: number;
  log: FastifyBaseLogger;
  /** Real seconds between sends (default 5). */
  tickSeconds?: number;
  /** Minutes between pile scans (default 5); every third carries what the piles hear. */
  scanMinutes?: number;
  /** Idle bikes report this often (default 120 minutes). */
  heartbeatMinutes?: number;
  /** Where simulated time starts (default: now). */
  start?: number;
}

export interface Live {
  /** The moving city (the field crew's inspectors find its bikes where they are). */
  readonly city: City;
  stop(): Promise<void>;
  /** Ticks done, and what was sent. */
  stats(): { ticks: number; calls: number; accepted: number; rejected: number; errors: number };
}

/** Rebuilds where everything is from the platform's own state (a restart of the server). */
async function restoreCity(database: Database, world: World, cfg: CityConfig, seed: number, now: number): Promise<City> {
  const city = new City(world, cfg, seed, now);
  const rows = await database.query<{ bikeId: string; lon: number; lat: number; status: number; siteId: string | null; openOrder: string | null }>(
    `select l.bike_id as "bikeId", l.lon, l.lat, l.status, l.site_id as "siteId",
            (select o.order_id from ride_orders o where o.brand_id = l.brand_id and o.bike_id = l.bike_id and o.return_at is null
              order by o.rent_at desc nulls last limit 1) as "openOrder"
       from bike_live l join brands b on b.id = l.brand_id where b.brand_account = any($1::varchar[])`,
    [world.brands.map((b) => b.account)],
  );
  city.restore(rows, now);
  city.batteries.restore(
    await database.query<{ equipmentMac: string; power: number | null }>(`select equipment_mac as "equipmentMac", power from piles where area_id = $1`, [
      world.areaId,
    ]),
  );
  return city;
}

function liveConfig(o: Pick<LiveOptions, 'ridesPerDay' | 'heartbeatMinutes' | 'tz'>, brokenFrom: number): CityConfig {
  return { ridesPerDay: o.ridesPerDay, heartbeatMinutes: o.heartbeatMinutes ?? 120, rideStatus: true, tz: o.tz, brokenFrom, cooldownMinutes: 0 };
}

export async function startLive(o: LiveOptions): Promise<Live> {
  const abort = new AbortController();
  const start = o.start ?? Date.now();
  const cfg = liveConfig(o, o.city?.cfg.brokenFrom ?? start);
  const city = o.city ?? (await restoreCity(o.database, o.world, cfg, o.seed ^ Math.floor(start / MIN), start));
  if (o.city) {
    city.cfg = cfg;
    city.staggerHeartbeats(start);
  }
  const clients = clientsFor(o.world, fetchTransport(o.baseUrl, abort.signal), { onRateLimit: 'wait', signal: abort.signal, attempts: 5 });
  const tally = newTally();
  // the operators answer their work orders at their own pace (orderDesk.ts), those of the last six hours too
  const desks = orderDesks(clients, city, o.seed, Date.now() - 6 * 60 * MIN, tally);
  const scanMs = (o.scanMinutes ?? 5) * MIN;
  const tickMs = (o.tickSeconds ?? 5) * 1000;
  let last = start;
  let nextScan = Math.ceil(start / scanMs) * scanMs;
  let scans = 0;
  let ticks = 0;
  let errors = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  // a city nobody has heard of yet: every bike says where it is first
  let backlog: Outbox | null = o.city === null && city.restored === 0 ? city.initialReports(start) : null;

  const tick = async () => {
    const now = Date.now();
    let out = city.step(last, now);
    const beats = city.heartbeats(last, now);
    out.status = out.status.map((s, i) => [...s, ...beats.status[i]]);
    while (nextScan <= now) {
      out.scans.push(...city.scans(nextScan, scans++ % 3 === 0));
      nextScan += scanMs;
    }
    last = now;
    if (backlog) {
      // what a failed tick could not send goes first
      out = {
        orders: backlog.orders.map((x, i) => [...x, ...out.orders[i]]),
        status: backlog.status.map((x, i) => [...x, ...out.status[i]]),
        dispatch: backlog.dispatch.map((x, i) => [...x, ...out.dispatch[i]]),
        scans: [...backlog.scans, ...out.scans].slice(-20_000),
      };
      backlog = null;
    }
    try {
      await sendOutbox(clients, out, tally);
      ticks++;
    } catch (e) {
      if (e instanceof StoppedError || abort.signal.aborted) return;
      errors++;
      backlog = out;
      if (errors % 10 === 1) o.log.warn({ err: (e as Error).message }, 'demo city: send failed, keeping the events for the next tick');
    }
    await desks
      .tick(Date.now(), (e: unknown) => {
        if (!(e instanceof StoppedError) && !abort.signal.aborted)
          o.log.warn({ err: (e as Error).message }, 'demo city: work-order desk failed, trying again next minute');
      })
      .catch((e: unknown) => {
        if (!(e instanceof StoppedError) && !abort.signal.aborted) o.log.warn({ err: (e as Error).message }, 'demo city: sending the desks’ dispatches failed');
      });
    if (tally.rejected && tally.reasons.length) {
      o.log.warn({ rejected: tally.rejected, reasons: tally.reasons }, 'demo city: the platform rejected some items');
      tally.reasons = [];
    }
  };

  const loop = () => {
    running = tick()
      .catch((e) => {
        errors++;
        o.log.error({ err: e }, 'demo city tick failed');
      })
      .finally(() => {
        if (!abort.signal.aborted) timer = setTimeout(loop, tickMs);
      });
  };
  timer = setTimeout(loop, 0);
  o.log.info({ baseUrl: o.baseUrl, tickSeconds: tickMs / 1000 }, 'demo city running live');

  return {
    city,
    async stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    stats: () => ({ ticks, calls: tally.calls, accepted: tally.accepted, rejected: tally.rejected, errors }),
  };
}
