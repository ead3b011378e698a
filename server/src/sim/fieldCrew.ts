/**
 * The demo city's people in the street at work (issue 28), through the field app's own calls
 * (fieldClient.ts): the maintainers (crew.ts) clock in at their clock sites in the windows of 海淀's
 * clock config, the inspectors patrol the city's bikes where they stand, the reporter reports
 * violations, a maintainer now and then proposes a site or records a pile install (fieldRecords.ts).
 * Every record is a photo upload (a small JPEG made in code, jpeg.ts) and then the record, made on
 * the phone with a clientId and the time it was made, as the field app sends it.
 *
 * The maintainers learn their windows and clock sites from GET /api/field/nearby like the phone (a
 * config saved in the console is picked up within half an hour), and a start in the middle of a
 * window leaves what is done done. A refused record is logged with the platform's message; a failed
 * call is tried again (same clientId: stored once); nothing here stops the demo.
 */
import type { FastifyBaseLogger } from 'fastify';
import { localMinute, hhmmOf, minutesOf } from '../domain/clock.js';
import { distanceM } from '../domain/geometry.js';
import { formatTime, localDay, parseLocalTime } from '../domain/time.js';
import type { City } from './city.js';
import {
  INSPECTOR,
  MAINTAINER,
  REPORTER,
  clockPosition,
  clockProfile,
  phonePosition,
  planClock,
  type ClockProfile,
  type Crew,
  type CrewMember,
  type WindowTimes,
} from './crew.js';
import { FieldClient, Refused, fetchFieldTransport, type FieldTransport } from './fieldClient.js';
import { fleetView, installBody, patrolBody, reportBody, siteApplyBody, type FleetView } from './fieldRecords.js';
import { photoJpeg } from './jpeg.js';
import { Rng, deriveSeed } from './random.js';
import type { World } from './world.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

type Kind = 'clock' | 'patrol' | 'install' | 'siteApply' | 'report';
const PATHS: Record<Kind, string> = {
  clock: '/field/clock',
  patrol: '/field/patrol',
  install: '/field/install',
  siteApply: '/field/siteApply',
  report: '/field/report',
};

interface Task {
  clientId: string;
  kind: Kind;
  member: CrewMember;
  /** when the record is made on the phone (its `at`) */
  made: number;
  /** when to send it (again) */
  due: number;
  /** the record without clientId, at and photos, made when it is first due (where the bikes are then); null: nothing to record */
  build: () => Record<string, unknown> | null;
  body?: Record<string, unknown>;
  photo?: string;
  tries: number;
  /** a clock's result as planned (1 正常, 2 迟到, 3 范围外) */
  expect?: number;
}

interface NearbyClockSite {
  id: number;
  name: string;
  lon: number;
  lat: number;
  radius: number;
}

interface NearbyWindow extends WindowTimes {
  state: 'waiting' | 'open' | 'late' | 'done' | 'missed';
}

/** The inspectors' shifts (minutes of the day) and patrols per hour in them. */
const SHIFTS: [number, number][] = [
  [9 * 60, 11 * 60 + 30],
  [14 * 60, 17 * 60 + 30],
];
const PATROLS_PER_HOUR = 3;
const ROUTE_SITES = 16;
/** Per day: violation reports, site proposals, and the chance of a pile install. */
const REPORTS_PER_DAY = 1.5;
const SITE_APPLIES_PER_DAY = 1;
const INSTALL_CHANCE = 0.3;
/** How often the maintainers look at their windows again (a config saved in the console), by default. */
const REFRESH_MINUTES = 30;
const MAX_TRIES = 5;

const compactDay = (day: string) => day.replace(/-/g, '');
/** A photo's tint from its record's id: each photo a little different. */
const tintOf = (clientId: string) => (deriveSeed(0, clientId) % 1000) / 1000;

export interface CrewStats {
  /** clocks stored, by result (1 正常, 2 迟到, 3 范围外, 4 非打卡时段) */
  clocks: Record<number, number>;
  patrols: number;
  reports: number;
  siteApplies: number;
  installs: number;
  /** windows a maintainer's plan left out (缺卡 to come) */
  missingPlanned: number;
  /** sent again, answered as stored before */
  repeated: number;
  refused: number;
  errors: number;
  /** clocks the platform classified otherwise than the plan said */
  unexpected: number;
}

export interface FieldCrewOptions {
  world: World;
  crew: Crew;
  transport: FieldTransport;
  seed: number;
  tz: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  fleet: FleetView;
  /** When the crew starts (ms). What fell due before its first tick is left undone, but for the clocks of a window still open (made at once). */
  start: number;
  /** Minutes between two looks at the windows (default 30). */
  refreshMinutes?: number;
  signal?: AbortSignal;
}

export class FieldCrew {
  private readonly clients = new Map<string, FieldClient>();
  private readonly profiles = new Map<string, ClockProfile>();
  private tasks: Task[] = [];
  private day: string | null = null;
  /** windows planned today, by person|start */
  private readonly planned = new Set<string>();
  private nextRefresh = 0;
  private nextSummary: number;
  private sentSinceSummary = 0;
  /** the area's enterprises, as the reporter's phone lists them */
  private brands: { brandId: number; brandName: string }[] = [];
  readonly stats: CrewStats = {
    clocks: { 1: 0, 2: 0, 3: 0, 4: 0 },
    patrols: 0,
    reports: 0,
    siteApplies: 0,
    installs: 0,
    missingPlanned: 0,
    repeated: 0,
    refused: 0,
    errors: 0,
    unexpected: 0,
  };

  constructor(private readonly o: FieldCrewOptions) {
    for (const m of o.crew.members) this.clients.set(m.username, new FieldClient(o.transport, m.username, m.password));
    this.nextSummary = o.start + HOUR;
  }

  /** Records waiting to be sent. */
  pending(): number {
    return this.tasks.length;
  }

  /** Plans a new day, looks at the windows now and then, and sends what is due at `now`. */
  async tick(now: number): Promise<void> {
    const day = localDay(new Date(now), this.o.tz);
    if (day !== this.day) {
      this.day = day;
      this.planned.clear();
      this.nextRefresh = 0;
      this.planDay(day, now);
    }
    if (now >= this.nextRefresh) {
      this.nextRefresh = now + (this.o.refreshMinutes ?? REFRESH_MINUTES) * MIN;
      await this.readWindows(day, now);
    }
    const due = this.tasks.filter((t) => t.due <= now).sort((a, b) => a.due - b.due);
    for (const t of due) {
      if (this.o.signal?.aborted) return;
      await this.send(t, now);
    }
    if (now >= this.nextSummary) {
      this.nextSummary = now + HOUR;
      if (this.sentSinceSummary) this.o.log.info({ ...this.stats, pending: this.tasks.length }, 'demo field crew: records so far');
      this.sentSinceSummary = 0;
    }
  }

  private profile(m: CrewMember) {
    let p = this.profiles.get(m.username);
    if (!p) this.profiles.set(m.username, (p = clockProfile(this.o.seed, m.username)));
    return p;
  }

  private at(day: string, minute: number) {
    return parseLocalTime(`${day} ${hhmmOf(minute)}`, this.o.tz)!.getTime();
  }

  /** Each maintainer's phone reads its windows and clock sites (nearby); new windows get planned. The reporter's reads the enterprises. */
  private async readWindows(day: string, now: number) {
    const { world } = this.o;
    for (const m of this.o.crew.members) {
      if (m.roleId !== MAINTAINER && m.roleId !== REPORTER) continue;
      const here = phonePosition(world.sites[m.home]);
      let data: { clockSites: NearbyClockSite[]; brands: { brandId: number; brandName: string }[]; today: { day: string; windows: NearbyWindow[] } };
      try {
        data = await this.clients.get(m.username)!.get(`/field/nearby?lon=${here.lon}&lat=${here.lat}`);
      } catch (e) {
        if (this.o.signal?.aborted) return;
        this.stats.errors++;
        this.o.log.warn({ user: m.username, err: (e as Error).message }, 'demo field crew: reading the windows failed, trying again in half an hour');
        continue;
      }
      if (m.roleId === REPORTER) {
        this.brands = data.brands;
        continue;
      }
      const site = data.clockSites[0];
      if (!site) continue;
      // the windows' states are today's: a start in the middle of a window leaves what is done done
      const today = data.today.day === day;
      for (const w of data.today.windows) {
        const key = `${m.username}|${w.start}`;
        if (this.planned.has(key)) continue;
        this.planned.add(key);
        this.planWindow(m, day, w, today ? w.state : null, site, now);
      }
    }
  }

  private planWindow(m: CrewMember, day: string, w: NearbyWindow, state: NearbyWindow['state'] | null, site: NearbyClockSite, now: number) {
    if (state === 'done' || state === 'missed') return;
    const plan = planClock(this.o.seed, m.username, this.profile(m), day, w, this.o.tz);
    if (plan.intent === 'missing') {
      this.stats.missingPlanned++;
      return;
    }
    const rng = new Rng(deriveSeed(this.o.seed, `where|${m.username}|${day}|${w.start}`));
    const end = minutesOf(w.end);
    const lateEnd = this.at(day, minutesOf(w.lateUntil)) + MIN - 1000;
    let later = now;
    plan.attempts.forEach((a, i) => {
      const p = phonePosition(clockPosition(rng, site, site.radius, a.far));
      let made = a.at;
      let expect = a.expect;
      if (made < now) {
        // due before the crew started (or before the window was known): clocked as soon as they can, if the window is still open
        if (state !== 'open' && state !== 'late') return;
        made = later += rng.int(1, 4) * MIN;
        if (made > lateEnd) return;
        expect = a.far ? 3 : localMinute(new Date(made), this.o.tz).minute <= end ? 1 : 2;
      }
      this.tasks.push({
        clientId: `fc-${m.username}-${compactDay(day)}-${w.start.replace(':', '')}-${i + 1}`,
        kind: 'clock',
        member: m,
        made,
        due: made,
        tries: 0,
        expect,
        build: () => ({ clockSiteId: site.id, lon: p.lon, lat: p.lat }),
      });
    });
  }

  /** The day's patrols, reports, site proposals and installs (those still to come). */
  private planDay(day: string, now: number) {
    const { world, seed } = this.o;
    const members = this.o.crew.members;
    const add = (kind: Kind, prefix: string, m: CrewMember, n: number, made: number, build: (rng: Rng) => Record<string, unknown> | null) => {
      if (made < now) return;
      const clientId = `${prefix}-${m.username}-${compactDay(day)}-${n}`;
      this.tasks.push({ clientId, kind, member: m, made, due: made, tries: 0, build: () => build(new Rng(deriveSeed(seed, clientId))) });
    };
    for (const m of members.filter((x) => x.roleId === INSPECTOR)) {
      const rng = new Rng(deriveSeed(seed, `patrol|${m.username}|${day}`));
      const centre = rng.pick(world.sites);
      const route = [...world.sites]
        .sort((a, b) => distanceM(centre.lon, centre.lat, a.lon, a.lat) - distanceM(centre.lon, centre.lat, b.lon, b.lat))
        .slice(0, ROUTE_SITES);
      const times = SHIFTS.flatMap(([from, to]) =>
        Array.from({ length: rng.poisson((PATROLS_PER_HOUR * (to - from)) / 60) }, () => this.at(day, from) + rng.next() * (to - from) * MIN),
      ).sort((a, b) => a - b);
      times.forEach((t, i) => add('patrol', 'fp', m, i + 1, Math.floor(t), (r) => patrolBody(r, world, this.o.fleet, route[i % route.length])));
    }
    const rng = new Rng(deriveSeed(seed, `day|${day}`));
    const maintainers = members.filter((x) => x.roleId === MAINTAINER);
    const reporters = members.filter((x) => x.roleId === REPORTER || x.roleId === INSPECTOR);
    const daytime = (from: number, to: number) => Math.floor(this.at(day, from * 60) + rng.next() * (to - from) * HOUR);
    const reports = rng.poisson(REPORTS_PER_DAY);
    for (let i = 0; i < reports; i++) {
      const m = rng.chance(0.8) ? members.find((x) => x.roleId === REPORTER)! : rng.pick(reporters);
      add('report', 'fr', m, i + 1, daytime(8, 20), (r) => reportBody(r, world, this.brands));
    }
    if (maintainers.length) {
      const applies = rng.poisson(SITE_APPLIES_PER_DAY);
      for (let i = 0; i < applies; i++) add('siteApply', 'fs', rng.pick(maintainers), i + 1, daytime(10, 17), (r) => siteApplyBody(r, world));
      if (rng.chance(INSTALL_CHANCE)) {
        const m = rng.pick(maintainers);
        add('install', 'fi', m, 1, daytime(10, 16), (r) => installBody(r, world, seed, m.home, day));
      }
    }
  }

  private drop(t: Task) {
    this.tasks = this.tasks.filter((x) => x !== t);
  }

  /** Uploads the photo (once) and sends the record; a refusal is logged and dropped, a failure tried again later. */
  private async send(t: Task, now: number) {
    const user = t.member.username;
    const client = this.clients.get(user)!;
    try {
      if (t.body === undefined) {
        const body = t.build();
        if (!body) return this.drop(t);
        t.body = body;
      }
      t.photo ??= await client.upload(t.kind, photoJpeg(tintOf(t.clientId)));
      const data = await client.post(PATHS[t.kind], { clientId: t.clientId, at: formatTime(t.made, this.o.tz), photos: [t.photo], ...t.body });
      this.drop(t);
      this.sentSinceSummary++;
      if (data?.repeated) {
        this.stats.repeated++;
        return;
      }
      if (t.kind === 'clock') {
        this.stats.clocks[data.result] = (this.stats.clocks[data.result] ?? 0) + 1;
        if (t.expect !== undefined && data.result !== t.expect) {
          this.stats.unexpected++;
          this.o.log.warn(
            { user, clientId: t.clientId, expected: t.expect, result: data.result, distance: data.distance },
            'demo field crew: a clock came out otherwise than planned',
          );
        }
      } else if (t.kind === 'patrol') this.stats.patrols++;
      else if (t.kind === 'report') this.stats.reports++;
      else if (t.kind === 'siteApply') this.stats.siteApplies++;
      else this.stats.installs++;
    } catch (e) {
      if (this.o.signal?.aborted) return;
      if (e instanceof Refused) {
        this.drop(t);
        this.stats.refused++;
        this.o.log.warn({ user, kind: t.kind, clientId: t.clientId, code: e.code, message: e.message }, 'demo field crew: the platform refused a record');
        return;
      }
      this.stats.errors++;
      if (++t.tries >= MAX_TRIES) {
        this.drop(t);
        this.o.log.error({ user, kind: t.kind, clientId: t.clientId, err: (e as Error).message }, 'demo field crew: giving up on a record');
      } else {
        t.due = now + t.tries * MIN;
        this.o.log.warn({ user, kind: t.kind, clientId: t.clientId, err: (e as Error).message }, 'demo field crew: sending failed, trying again');
      }
    }
  }
}

export interface FieldCrewRun {
  stop(): Promise<void>;
}

/** The crew in real time over HTTP, from now on: a tick every `tickSeconds` (default 15). */
export function startFieldCrew(o: {
  world: World;
  crew: Crew;
  baseUrl: string;
  seed: number;
  tz: string;
  log: FastifyBaseLogger;
  city: City | null;
  tickSeconds?: number;
}): FieldCrewRun {
  const abort = new AbortController();
  const crew = new FieldCrew({
    world: o.world,
    crew: o.crew,
    transport: fetchFieldTransport(o.baseUrl, abort.signal),
    seed: o.seed,
    tz: o.tz,
    log: o.log,
    fleet: fleetView(o.world, o.city),
    start: Date.now(),
    signal: abort.signal,
  });
  const tickMs = (o.tickSeconds ?? 15) * 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = crew
      .tick(Date.now())
      .catch((e: unknown) => {
        if (!abort.signal.aborted) o.log.error({ err: e }, 'demo field crew: tick failed');
      })
      .finally(() => {
        if (!abort.signal.aborted) timer = setTimeout(loop, tickMs);
      });
  };
  timer = setTimeout(loop, 0);
  o.log.info({ people: o.crew.members.length, clockSites: o.crew.clockSites.length }, 'demo field crew at work');
  return {
    async stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
