/**
 * The demo's field crew (sim/fieldCrew.ts) against a stand-in for the field app's calls, with an
 * injected clock: who the crew is, what each maintainer decides per window (missing, late, from too
 * far away, on time) and how often, where their phones say they are, and the crew at work over days:
 * a photo uploaded before each record, a clientId per record, the records at their planned times,
 * refusals logged with the platform's message, failures sent again once, a start in the middle of a
 * window leaving what is done done.
 */
import { describe, expect, it } from 'vitest';
import { classify, localMinute, minutesOf, type DayWindow } from '../../src/domain/clock.js';
import { toGcj02 } from '../../src/domain/coords.js';
import { distanceM } from '../../src/domain/geometry.js';
import { dayNumber, dayText, parseLocalTime } from '../../src/domain/time.js';
import { CREW_ACCOUNTS, clockPosition, clockProfile, crewOf, phonePosition, planClock, type Crew } from '../../src/sim/crew.js';
import { FieldCrew } from '../../src/sim/fieldCrew.js';
import { fleetView } from '../../src/sim/fieldRecords.js';
import type { FieldTransport } from '../../src/sim/fieldClient.js';
import { photoJpeg } from '../../src/sim/jpeg.js';
import { Rng } from '../../src/sim/random.js';
import { generateWorld } from '../../src/sim/world.js';

const TZ = 'Asia/Shanghai';
const SEED = 11;
const MIN = 60_000;
const world = generateWorld(SEED, { sites: 60, fleetScale: 0.05 });
const crew = crewOf(world, { meituan_yw01: 'Given-Pass-1' });
const WINDOWS = [
  { start: '07:00', end: '09:00', lateUntil: '10:00' },
  { start: '17:00', end: '19:00', lateUntil: '20:00' },
];
const DAY = '2026-11-23';
const at = (day: string, hhmm: string) => parseLocalTime(`${day} ${hhmm}`, TZ)!.getTime();
const maintainers = crew.members.filter((m) => m.roleId === 31);
const dayWindow = (w: (typeof WINDOWS)[number]): DayWindow => ({
  start: w.start,
  end: w.end,
  startMin: minutesOf(w.start),
  endMin: minutesOf(w.end),
  lateUntilMin: minutesOf(w.lateUntil),
  clocks: 1,
  radius: null,
  roleId: 31,
});

describe('the demo field crew: who', () => {
  it('is four maintainers per operator, two inspectors and a reporter, with the accounts main.ts keeps passwords for', () => {
    expect(crew.members.map((m) => m.username)).toEqual(CREW_ACCOUNTS);
    expect(maintainers).toHaveLength(12);
    expect(crew.members.filter((m) => m.roleId === 33)).toHaveLength(2);
    expect(crew.members.filter((m) => m.roleId === 5)).toHaveLength(1);
    expect(crew.members.find((m) => m.username === 'meituan_yw01')!.password).toBe('Given-Pass-1');
    expect(new Set(crew.members.map((m) => m.password)).size).toBe(crew.members.length);
    for (const m of crew.members) expect(m.username).toMatch(/^[A-Za-z0-9_]{3,32}$/);
  });

  it('clocks at its operator’s busiest sites (three each, where it may put bikes) and two open clock sites', () => {
    const brandSites = crew.clockSites.filter((c) => c.brand !== null);
    const open = crew.clockSites.filter((c) => c.brand === null);
    expect(brandSites).toHaveLength(9);
    expect(open).toHaveLength(2);
    expect(new Set(crew.clockSites.map((c) => c.site)).size).toBe(11);
    expect(new Set(crew.clockSites.map((c) => c.name)).size).toBe(11);
    for (const b of world.brands) {
      const count = (site: number) => world.bikes.filter((x) => x.brand === b.index && x.filed && x.home === site).length;
      const mine = brandSites.filter((c) => c.brand === b.index);
      expect(mine).toHaveLength(3);
      for (const c of mine) expect(world.sites[c.site].brandPut).toBe(true);
      // none of the operator's sites not taken by another has more of its bikes than its least busy clock site
      const taken = new Set(crew.clockSites.map((c) => c.site));
      const least = Math.min(...mine.map((c) => count(c.site)));
      for (const s of world.sites) if (!taken.has(s.index) && s.brandPut) expect(count(s.index)).toBeLessThanOrEqual(least);
    }
    for (const m of maintainers) {
      const home = crew.clockSites.find((c) => c.site === m.home)!;
      expect(home.brand === null || home.brand === m.brand).toBe(true);
    }
  });
});

describe('the demo field crew: decisions', () => {
  it('differ by person, and each person’s shares follow their habits: mostly on time, some late, some missing, a few from too far away', () => {
    const profiles = maintainers.map((m) => clockProfile(SEED, m.username));
    expect(Math.max(...profiles.map((p) => p.missing)) - Math.min(...profiles.map((p) => p.missing))).toBeGreaterThan(0.03);
    expect(Math.max(...profiles.map((p) => p.late)) - Math.min(...profiles.map((p) => p.late))).toBeGreaterThan(0.05);
    const days = 400;
    let all = 0;
    let onTime = 0;
    for (const [i, m] of maintainers.entries()) {
      const p = profiles[i];
      const n = { missing: 0, late: 0, onTime: 0, far: 0, retried: 0 };
      for (let d = 0; d < days; d++) {
        const day = dayText(dayNumber(DAY) + d);
        for (const w of WINDOWS) {
          const plan = planClock(SEED, m.username, p, day, w, TZ);
          expect(planClock(SEED, m.username, p, day, w, TZ)).toEqual(plan);
          n[plan.intent]++;
          const dw = dayWindow(w);
          for (const a of plan.attempts) {
            const minute = localMinute(new Date(a.at), TZ);
            expect(minute.day).toBe(day);
            expect(minute.minute).toBeGreaterThanOrEqual(dw.startMin);
            expect(minute.minute).toBeLessThanOrEqual(dw.lateUntilMin);
            // the result the plan expects is the one the platform's rules give
            expect(classify([dw], minute.minute, a.far ? 300 : 20, 100).result).toBe(a.expect);
          }
          if (plan.intent === 'missing') expect(plan.attempts).toEqual([]);
          else {
            const first = plan.attempts[0];
            expect(localMinute(new Date(first.at), TZ).minute > dw.endMin).toBe(plan.intent === 'late');
            if (first.far) n.far++;
            if (plan.attempts.length === 2) {
              n.retried++;
              expect(first.far).toBe(true);
              expect(plan.attempts[1].far).toBe(false);
              expect(plan.attempts[1].at - first.at).toBeGreaterThanOrEqual(3 * MIN);
              expect(plan.attempts[1].at - first.at).toBeLessThanOrEqual(12 * MIN);
            }
          }
        }
      }
      const windows = days * WINDOWS.length;
      expect(Math.abs(n.missing / windows - p.missing)).toBeLessThan(0.04);
      expect(Math.abs(n.late / windows - p.late)).toBeLessThan(0.05);
      expect(Math.abs(n.far / (windows - n.missing) - p.outOfRange)).toBeLessThan(0.04);
      // most clocks from too far away are followed by one from the right place
      if (n.far >= 20) expect(n.retried / n.far).toBeGreaterThan(0.35);
      all += windows;
      onTime += n.onTime;
    }
    expect(onTime / all).toBeGreaterThan(0.7);
  });

  it('put the phone within the radius at the clock site, or hundreds of metres away, as the platform reads a WGS-84 position', () => {
    const rng = new Rng(5);
    const site = world.sites[0];
    for (let i = 0; i < 500; i++) {
      const far = i % 2 === 1;
      const phone = phonePosition(clockPosition(rng, site, 100, far));
      const g = toGcj02(phone.lon, phone.lat, 'wgs84');
      const d = distanceM(g.lon, g.lat, site.lon, site.lat);
      if (far) {
        expect(d).toBeGreaterThan(240);
        expect(d).toBeLessThan(610);
      } else expect(d).toBeLessThan(62);
      // a phone's WGS-84 differs from the map's GCJ-02 by hundreds of metres in Beijing
      expect(distanceM(phone.lon, phone.lat, g.lon, g.lat)).toBeGreaterThan(300);
    }
  });
});

/** A stand-in for the field app's calls: login, upload (a JPEG), nearby (today's windows), and the five records, classified by the platform's rules. */
function platform(
  c: Crew,
  opts: { state?: (user: string, start: string) => string; refuse?: (kind: string, body: Record<string, unknown>) => string | null } = {},
) {
  const members = new Map(c.members.map((m) => [m.username, m]));
  const tokens = new Map<string, string>();
  const uploads = new Map<string, string>();
  const stored = new Map<string, { kind: string; user: string; body: Record<string, unknown>; result?: number }>();
  const calls: { path: string; user: string | null }[] = [];
  let serial = 0;
  let now = 0;
  let failures = 0;
  const sites = c.clockSites.map((s, i) => ({
    id: i + 1,
    name: s.name,
    brand: s.brand,
    lon: world.sites[s.site].lon,
    lat: world.sites[s.site].lat,
    radius: s.radius,
  }));
  const reply = (data: unknown, code = 200, message = '操作成功！') => ({ status: 200, body: { code, message, data }, retryAfter: null });
  const transport: FieldTransport = async (method, path, body, token) => {
    const user = token ? (tokens.get(token) ?? null) : null;
    calls.push({ path: `${method} ${path.split('?')[0]}`, user });
    if (failures > 0) {
      failures--;
      throw new Error('connect ECONNREFUSED');
    }
    if (path === '/login') {
      const b = JSON.parse(body!.data as string);
      if (members.get(b.username)?.password !== b.password) return reply(null, 400, '用户名或密码错误');
      const t = `token-${serial++}`;
      tokens.set(t, b.username);
      return reply({ token: t, user: {} });
    }
    if (!user) return reply(null, 401, '登录已失效，请重新登录');
    const m = members.get(user)!;
    if (path.startsWith('/upload?purpose=')) {
      const bytes = Buffer.from(body!.data as Uint8Array);
      expect(body!.type).toMatch(/^multipart\/form-data; boundary=/);
      const start = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
      const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), start);
      expect(start).toBeGreaterThan(0);
      expect(end - start).toBeGreaterThan(200);
      expect(end - start).toBeLessThan(1000);
      const file = `${serial++}.jpg`;
      uploads.set(file, `${user}|${path.slice('/upload?purpose='.length)}`);
      return reply({ file });
    }
    if (path.startsWith('/field/nearby')) {
      const q = new URLSearchParams(path.split('?')[1]);
      const here = toGcj02(Number(q.get('lon')), Number(q.get('lat')), 'wgs84');
      const day = localMinute(new Date(now), TZ).day;
      const mine = sites.filter((s) => s.brand === null || s.brand === m.brand);
      return reply({
        clockSites: mine.map((s) => ({ ...s, distance: Math.round(distanceM(here.lon, here.lat, s.lon, s.lat)) })).sort((a, b) => a.distance - b.distance),
        sites: [],
        brands: world.brands.map((b) => ({ brandId: b.index + 100, brandName: b.name })),
        today: {
          day,
          windows: m.roleId === 31 ? WINDOWS.map((w) => ({ ...w, clocks: 1, done: 0, late: 0, state: opts.state?.(user, w.start) ?? 'waiting' })) : [],
          records: [],
        },
      });
    }
    const kind = path.slice('/field/'.length);
    const b = JSON.parse(body!.data as string) as Record<string, unknown>;
    expect(b.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(b.photos).toHaveLength(1);
    expect(uploads.get((b.photos as string[])[0])).toBe(`${user}|${kind}`);
    const made = parseLocalTime(b.at as string, TZ)!.getTime();
    expect(made).toBeLessThanOrEqual(now);
    const key = `${user}|${b.clientId}`;
    const before = stored.get(key);
    if (before) return reply({ id: 1, result: before.result, repeated: true });
    const refused = opts.refuse?.(kind, b);
    if (refused) return reply(null, 400, refused);
    let result: number | undefined;
    let distance = 0;
    if (kind === 'clock') {
      const site = sites.find((s) => s.id === b.clockSiteId)!;
      expect(site.brand === null || site.brand === m.brand).toBe(true);
      const g = toGcj02(b.lon as number, b.lat as number, 'wgs84');
      distance = Math.round(distanceM(g.lon, g.lat, site.lon, site.lat));
      result = classify(WINDOWS.map(dayWindow), localMinute(new Date(made), TZ).minute, distance, site.radius).result;
    }
    stored.set(key, { kind, user, body: b, result });
    return reply({ id: serial++, result, resultName: '', distance, radius: 100, window: null, repeated: false });
  };
  return {
    transport,
    stored,
    calls,
    setNow: (t: number) => (now = t),
    fail: (n: number) => (failures = n),
    expire: () => tokens.clear(),
    records: (kind: string) => [...stored.values()].filter((r) => r.kind === kind),
  };
}

function logger() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as ConstructorParameters<typeof FieldCrew>[0]['log'] };
}

async function run(crewRun: FieldCrew, p: ReturnType<typeof platform>, from: number, to: number, step = MIN) {
  for (let t = from; t <= to; t += step) {
    p.setNow(t);
    await crewRun.tick(t);
  }
}

describe('the demo field crew at work', () => {
  it('over a month: clocks as planned in the windows, patrols the city’s bikes in the day, about one site proposal and one or two reports a day', async () => {
    const p = platform(crew);
    const { log, lines } = logger();
    const start = at(DAY, '00:00');
    const c = new FieldCrew({ world, crew, transport: p.transport, seed: SEED, tz: TZ, log, fleet: fleetView(world, null), start });
    const days = 30;
    await run(c, p, start, start + days * 1440 * MIN - 1, 5 * MIN);

    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
    expect(c.stats.unexpected).toBe(0);
    expect(c.stats.refused + c.stats.errors + c.stats.repeated).toBe(0);
    // each phone logged in once, and called nothing else without its session
    expect(p.calls.filter((x) => x.path === 'POST /login')).toHaveLength(crew.members.length);
    expect(p.calls.filter((x) => x.path !== 'POST /login' && x.user === null)).toEqual([]);

    // clocks: exactly the planned ones, at their planned times, from the clock sites open to the person
    const clocks = p.records('clock');
    let planned = 0;
    for (const m of maintainers)
      for (let d = 0; d < days; d++) {
        const day = dayText(dayNumber(DAY) + d);
        for (const w of WINDOWS) {
          const plan = planClock(SEED, m.username, clockProfile(SEED, m.username), day, w, TZ);
          planned += plan.attempts.length;
          plan.attempts.forEach((a, i) => {
            const r = p.stored.get(`${m.username}|fc-${m.username}-${day.replace(/-/g, '')}-${w.start.replace(':', '')}-${i + 1}`);
            expect(r, `${m.username} ${day} ${w.start} #${i + 1}`).toBeDefined();
            expect(parseLocalTime(r!.body.at as string, TZ)!.getTime()).toBe(Math.floor(a.at / 1000) * 1000);
            expect(r!.result).toBe(a.expect);
          });
        }
      }
    expect(clocks).toHaveLength(planned);
    const results = [1, 2, 3, 4].map((r) => clocks.filter((x) => x.result === r).length);
    expect(c.stats.clocks).toEqual({ 1: results[0], 2: results[1], 3: results[2], 4: results[3] });
    expect(results[3]).toBe(0);
    expect(results[0] / clocks.length).toBeGreaterThan(0.7);
    expect(results[1]).toBeGreaterThan(0);
    expect(results[2]).toBeGreaterThan(0);
    expect(c.stats.missingPlanned).toBeGreaterThan(0);
    // per person: the windows done differ (someone misses more than someone else)
    const done = maintainers.map((m) => clocks.filter((x) => x.user === m.username && (x.result === 1 || x.result === 2)).length);
    expect(Math.max(...done) - Math.min(...done)).toBeGreaterThanOrEqual(2);

    // patrols: real bikes (by id or MAC), in the inspectors' shifts, mostly 正常, some 违停 and 故障
    const patrols = p.records('patrol');
    expect(c.stats.patrols).toBe(patrols.length);
    expect(patrols.length / days / 2).toBeGreaterThan(12);
    expect(patrols.length / days / 2).toBeLessThan(30);
    const ids = new Set(world.bikes.map((b) => b.id));
    const macs = new Set(world.bikes.map((b) => b.mac));
    for (const r of patrols) {
      expect(ids.has(r.body.bikeId as string) || macs.has(r.body.bikeMac as string)).toBe(true);
      const minute = localMinute(new Date(parseLocalTime(r.body.at as string, TZ)!), TZ).minute;
      expect((minute >= 540 && minute < 690) || (minute >= 840 && minute < 1050)).toBe(true);
      expect(crew.members.find((m) => m.username === r.user)!.roleId).toBe(33);
    }
    const byResult = [1, 2, 3, 4].map((x) => patrols.filter((r) => r.body.result === x).length / patrols.length);
    expect(byResult[0]).toBeGreaterThan(0.6);
    expect(byResult[1]).toBeGreaterThan(0.03);
    expect(byResult[2]).toBeGreaterThan(0.01);
    expect(patrols.filter((r) => r.body.bikeMac).length / patrols.length).toBeGreaterThan(0.1);

    const reports = p.records('report');
    const applies = p.records('siteApply');
    const installs = p.records('install');
    expect(reports.length / days).toBeGreaterThan(0.8);
    expect(reports.length / days).toBeLessThan(2.5);
    expect(applies.length / days).toBeGreaterThan(0.5);
    expect(applies.length / days).toBeLessThan(1.7);
    expect(installs.length).toBeGreaterThan(0);
    expect(installs.length).toBeLessThan(days * 0.6);
    for (const r of reports) {
      expect(String(r.body.text).length).toBeGreaterThan(8);
      expect(r.body.brandId).toBeGreaterThanOrEqual(100);
    }
    for (const r of applies) {
      expect(r.body.coord).toBe('gcj02');
      expect(r.body.name).toMatch(/新增停放点$/);
      expect(world.index.find(r.body.lon as number, r.body.lat as number)).toBeFalsy();
      expect(crew.members.find((m) => m.username === r.user)!.roleId).toBe(31);
    }
    for (const r of installs) expect(r.body.mac).toMatch(/^A4:C1:39(:[0-9A-F]{2}){3}$/);
    expect(c.pending()).toBe(0);
  }, 120_000);

  it('logs a refusal with the platform’s message and goes on; sends again, once, what a failed call did not deliver; logs in again when the session ends', async () => {
    const refusal = '车辆 MT00000001 不在您的管辖区域内，不能登记巡检';
    let refused = 0;
    const p = platform(crew, { refuse: (kind) => (kind === 'patrol' && refused++ < 2 ? refusal : null) });
    const { log, lines } = logger();
    const start = at(DAY, '06:00');
    const c = new FieldCrew({ world, crew, transport: p.transport, seed: SEED, tz: TZ, log, fleet: fleetView(world, null), start });
    await run(c, p, start, at(DAY, '07:30'));
    // the network goes away for a moment at the height of the morning window
    p.fail(3);
    await run(c, p, at(DAY, '07:31'), at(DAY, '12:00'));
    const warned = lines.filter((l) => l.msg === 'demo field crew: the platform refused a record');
    expect(warned).toHaveLength(2);
    expect(warned[0].obj).toMatchObject({ kind: 'patrol', message: refusal });
    expect(lines.filter((l) => l.msg === 'demo field crew: sending failed, trying again').length).toBeGreaterThan(0);
    expect(c.stats.refused).toBe(2);
    expect(c.stats.errors).toBeGreaterThan(0);
    expect(c.stats.patrols).toBeGreaterThan(2);
    // every morning clock planned arrived once
    const morning = maintainers.flatMap((m) => planClock(SEED, m.username, clockProfile(SEED, m.username), DAY, WINDOWS[0], TZ).attempts);
    expect(p.records('clock')).toHaveLength(morning.length);
    expect(c.stats.unexpected).toBe(0);

    // the sessions end (a password change, an expiry): each phone logs in again and goes on
    const logins = p.calls.filter((x) => x.path === 'POST /login').length;
    p.expire();
    await run(c, p, at(DAY, '12:01'), at(DAY, '18:30'));
    expect(p.calls.filter((x) => x.path === 'POST /login').length).toBeGreaterThan(logins);
    expect(c.stats.refused).toBe(2);
    expect(p.records('clock').filter((r) => (r.body.at as string) > `${DAY} 17:00`).length).toBeGreaterThan(0);
  }, 60_000);

  it('stops trying to log in for an hour after a refused login (failed logins count against the address), and logs why', async () => {
    const wrong = crewOf(world, { qingju_yw01: 'Not-The-Password-1' });
    const p = platform(crew);
    const { log, lines } = logger();
    const start = at(DAY, '06:00');
    const c = new FieldCrew({ world, crew: wrong, transport: p.transport, seed: SEED, tz: TZ, log, fleet: fleetView(world, null), start });
    await run(c, p, start, at(DAY, '10:30'));
    expect(p.calls.filter((x) => x.path === 'POST /login')).toHaveLength(crew.members.length);
    const mine = lines.filter((l) => l.obj.user === 'qingju_yw01');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ level: 'warn', obj: { err: '登录失败（qingju_yw01）：用户名或密码错误；一小时内不再尝试' } });
    expect(p.records('clock').filter((r) => r.user === 'qingju_yw01')).toEqual([]);
    expect(p.records('clock').length).toBeGreaterThan(5);
  });

  it('started in the middle of a window: leaves a window done, clocks soon in one still open, and plans nothing before its start', async () => {
    const done = new Set(['meituan_yw01', 'hellobike_yw02']);
    const p = platform(crew, { state: (user, s) => (s === '07:00' ? (done.has(user) ? 'done' : 'open') : 'waiting') });
    const { log } = logger();
    const start = at(DAY, '08:30');
    const c = new FieldCrew({ world, crew, transport: p.transport, seed: SEED, tz: TZ, log, fleet: fleetView(world, null), start });
    await run(c, p, start, at(DAY, '10:30'));
    const clocks = p.records('clock');
    for (const u of done) expect(clocks.filter((r) => r.user === u)).toEqual([]);
    for (const m of maintainers.filter((x) => !done.has(x.username))) {
      const plan = planClock(SEED, m.username, clockProfile(SEED, m.username), DAY, WINDOWS[0], TZ);
      const mine = clocks.filter((r) => r.user === m.username);
      expect(mine).toHaveLength(plan.attempts.length);
      for (const r of mine) {
        const made = parseLocalTime(r.body.at as string, TZ)!.getTime();
        expect(made).toBeGreaterThanOrEqual(start);
        expect(made).toBeLessThanOrEqual(at(DAY, '10:00') + 59_000);
      }
    }
    expect(c.stats.unexpected).toBe(0);
    // the patrols of the morning before 08:30 are not made up afterwards
    for (const r of p.records('patrol')) expect(parseLocalTime(r.body.at as string, TZ)!.getTime()).toBeGreaterThanOrEqual(start);
  });

  it('makes its photos as valid baseline JPEGs of a few hundred bytes', () => {
    for (const tint of [0, 0.5, 1]) {
      const b = photoJpeg(tint);
      expect(b.length).toBeGreaterThan(200);
      expect(b.length).toBeLessThan(600);
      expect([...b.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect([...b.subarray(-2)]).toEqual([0xff, 0xd9]);
      // SOF0 says 64 × 48, three components
      const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
      expect(b.readUInt16BE(sof + 5)).toBe(48);
      expect(b.readUInt16BE(sof + 7)).toBe(64);
      expect(b[sof + 9]).toBe(3);
    }
  });
});
