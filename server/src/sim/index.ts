/**
 * The demo city (DEMO): seeds 海淀区 with sites and operators, files their fleets, back-fills the
 * last days through the open API in process, then keeps the city moving over HTTP.
 *
 * Start it after the server listens (the live loop calls opts.baseUrl), and start the real-time job
 * scheduler only once `ready` has resolved: the back-fill runs the jobs itself at simulated times.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { localDay } from '../domain/time.js';
import { backfill, clientsFor, fileFleet, newTally, replayStart, type DemoJobs } from './backfill.js';
import type { City } from './city.js';
import { injectTransport, StoppedError } from './client.js';
import { startLive, type Live } from './live.js';
import { fileBefore, gradeDemo, gradedPeriods, historyDays, seedCrew, seedWorld } from './seed.js';
import { seedFindings } from './findings.js';
import { crewOf } from './crew.js';
import { startFieldCrew, type FieldCrewRun } from './fieldCrew.js';
import { DEFAULT_SEED, DEMO_ACCOUNTS, describeWorld, generateWorld, type World, type WorldOptions } from './world.js';

export type { DemoJobs };
export type DemoWorld = World;
export { DEFAULT_SEED, DEMO_ACCOUNTS, describeWorld, generateWorld };

/** Rides on a weekday, in the back-fill and live. */
const DEFAULT_RIDES_PER_DAY = 1800;

export interface DemoOptions {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  seed?: number;
  log: FastifyBaseLogger;
  /** Days of history back-filled on a database without the demo's rides (default: from the 1st of the month before last, historyDays). */
  backfillDays?: number;
  jobs: DemoJobs;
  /** Rides per weekday (default 1,800). */
  ridesPerDay?: number;
  /** A smaller city (tests). */
  world?: WorldOptions;
  /** Keep running in real time after the back-fill (default true). */
  live?: boolean;
  /** Live: real seconds between sends (default 5). */
  tickSeconds?: number;
  /** End of the back-fill (default: now; tests). */
  now?: number;
  /** Live: the field crew clocks in, patrols and reports through the field app's calls (default true). */
  fieldCrew?: boolean;
}

/** Seeds the demo city's fixed world (sites, operators, piles, zones) unless it is there; answers the world. */
export async function seedDemoCity(database: Database, seed: number, opts: WorldOptions = {}): Promise<DemoWorld> {
  const world = generateWorld(seed, opts);
  await seedWorld(database, world);
  return world;
}

/** Has the demo city any ride yet? */
async function hasHistory(database: Database, world: World): Promise<boolean> {
  const rows = await database.query(`select 1 from ride_orders o join brands b on b.id = o.brand_id where b.brand_account = any($1::varchar[]) limit 1`, [
    world.brands.map((b) => b.account),
  ]);
  return rows.length > 0;
}

export async function startDemo(opts: DemoOptions): Promise<{ stop(): Promise<void>; ready: Promise<void> }> {
  const { app, database, log } = opts;
  const seed = opts.seed ?? DEFAULT_SEED;
  const tz = app.ctx.config.tz;
  const ridesPerDay = opts.ridesPerDay ?? DEFAULT_RIDES_PER_DAY;
  const world = generateWorld(seed, opts.world);
  if (await seedWorld(database, world)) log.info(describeWorld(world), 'demo city seeded');
  const crew = crewOf(world, opts.world?.passwords);
  if (await seedCrew(database, world, crew))
    log.info({ people: crew.members.length, clockSites: crew.clockSites.length }, 'demo city: field crew, clock sites and clock config set up');
  app.ctx.geo.invalidate();
  const abort = new AbortController();
  let live: Live | null = null;
  let fieldCrew: FieldCrewRun | null = null;

  const run = async () => {
    const clients = clientsFor(world, injectTransport(app), { onRateLimit: 'rotate', signal: abort.signal });
    const tally = newTally();
    const days = opts.backfillDays ?? historyDays(new Date(opts.now ?? Date.now()), tz);
    // decided before the fleet is filed, so that the console says history is loading from the start
    const backfilling = days > 0 && !(await hasHistory(database, world));
    if (backfilling) app.ctx.history.begin();
    try {
      return await fill(clients, tally, days, backfilling);
    } finally {
      if (backfilling) app.ctx.history.end();
    }
  };
  const fill = async (clients: ReturnType<typeof clientsFor>, tally: ReturnType<typeof newTally>, days: number, backfilling: boolean) => {
    const filed = await fileFleet(database, world, clients, tally);
    if (filed) log.info({ filed, rejected: tally.rejected }, 'demo city: fleet filed');
    let city: City | null = null;
    let end: number | undefined;
    if (backfilling) {
      const now = opts.now ?? Date.now();
      const from = new Date(replayStart(Math.floor(now / 60_000) * 60_000, days, tz));
      await fileBefore(database, world, from);
      log.info({ days, from: localDay(from, tz), ridesPerDay }, 'demo city: back-filling history');
      const onProgress = (from: number, to: number, reached: number) => app.ctx.history.reach(from, to, reached);
      const r = await backfill({ world, clients, jobs: opts.jobs, seed, tz, days, ridesPerDay, log, signal: abort.signal, now: opts.now, onProgress });
      log.info(
        {
          seconds: Math.round(r.seconds),
          jobSeconds: Math.round(r.jobSeconds),
          deskSeconds: Math.round(r.deskSeconds),
          windows: r.windows,
          calls: r.tally.calls,
          accepted: r.tally.accepted,
          rejected: r.tally.rejected,
          reasons: r.tally.reasons,
          paths: Object.fromEntries(Object.entries(r.tally.paths).map(([k, v]) => [k, { ...v, ms: Math.round(v.ms) }])),
        },
        'demo city: back-fill done',
      );
      // 评级考核: the inspectors' findings on the whole months, then those months and this one graded (the monthly job grades the next ones)
      try {
        const periods = gradedPeriods(localDay(from, tz), new Date(now), tz);
        const findings = await seedFindings(database, app.ctx.config.dataDir, world, periods.slice(0, -1));
        await gradeDemo(database, world.areaId, tz, periods, new Date(now));
        log.info({ periods, findings }, 'demo city: 海淀 graded (评级考核)');
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'demo city: grading failed');
      }
      city = r.city;
      end = r.to.getTime();
    } else {
      log.info({ backfillDays: days }, days > 0 ? 'demo city: history already there, no back-fill; resuming live' : 'demo city: back-fill off');
    }
    return { city, end };
  };

  const started = run();
  const ready = started.then(
    () => undefined,
    (e) => {
      if (e instanceof StoppedError || abort.signal.aborted) return;
      log.error({ err: e }, 'demo city: start failed');
      throw e;
    },
  );
  ready.catch(() => {});
  const liveStarted =
    opts.live === false
      ? Promise.resolve()
      : started.then(async ({ city, end }) => {
          if (abort.signal.aborted) return;
          // after a back-fill the same city goes on from where the replay ended
          live = await startLive({ world, city, database, baseUrl: opts.baseUrl, seed, tz, ridesPerDay, log, tickSeconds: opts.tickSeconds, start: end });
          // the people in the street start with the live city: no clocks are back-filled
          if (opts.fieldCrew !== false && !abort.signal.aborted)
            fieldCrew = startFieldCrew({ world, crew, baseUrl: opts.baseUrl, seed, tz, log, city: live.city });
        });
  liveStarted.catch(() => {});

  return {
    ready,
    async stop() {
      abort.abort();
      await started.catch(() => {});
      await liveStarted.catch(() => {});
      await Promise.all([(live as Live | null)?.stop(), (fieldCrew as FieldCrewRun | null)?.stop()]);
    },
  };
}
