/**
 * The demo's field crew (issue 28): who they are and what they decide. Four maintainers (运维人员,
 * role 31) per operator at clock sites on the operator's busiest sites (or at an open one), two
 * inspectors (巡检员, 33) and a reporter (举报人, 5), with the clock config 海淀 gives 运维人员. Each
 * maintainer has their own habits (how often they miss a window, come late, clock from too far
 * away), and every window's decision is drawn from the demo's seed per person and day, so 打卡统计
 * and 维护预警 differ by person for a reason. Pure; fieldCrew.ts puts them to work.
 */
import { hhmmOf, minutesOf } from '../domain/clock.js';
import { convert } from '../domain/coords.js';
import type { LonLat } from '../domain/polygon.js';
import { parseLocalTime } from '../domain/time.js';
import { Rng, deriveSeed } from './random.js';
import { DEMO_ACCOUNTS, offset, processPassword, type World } from './world.js';

export const MAINTAINER = 31;
export const INSPECTOR = 33;
export const REPORTER = 5;
const MAINTAINERS_PER_BRAND = 4;
export const INSPECTORS = ['haidian_xj01', 'haidian_xj02'];
const REPORTERS = ['haidian_jb01'];

/** The crew's console accounts (their passwords are kept with the demo's others, DATA_DIR/demo-passwords.json). */
export const CREW_ACCOUNTS: readonly string[] = [
  ...DEMO_ACCOUNTS.flatMap((a) => Array.from({ length: MAINTAINERS_PER_BRAND }, (_, k) => `${a}_yw0${k + 1}`)),
  ...INSPECTORS,
  ...REPORTERS,
];

const NAMES = [
  '赵建国',
  '钱晓东',
  '孙海涛',
  '李明辉',
  '周志强',
  '吴俊杰',
  '郑国庆',
  '王德顺',
  '冯小军',
  '陈立新',
  '褚永刚',
  '卫振华',
  '蒋文斌',
  '沈桂芳',
  '韩雪梅',
];

export interface CrewMember {
  username: string;
  name: string;
  password: string;
  roleId: number;
  /** world brand index (maintainers), else null */
  brand: number | null;
  /** the site they start from (a maintainer's clock site, an inspector's or reporter's usual place) */
  home: number;
}

interface CrewClockSite {
  name: string;
  /** world brand index, null: open to every maintainer of the area */
  brand: number | null;
  site: number;
  radius: number;
}

export interface Crew {
  members: CrewMember[];
  clockSites: CrewClockSite[];
}

/** 海淀's clock config for 运维人员, as the demo saves it once. */
export const CREW_CONFIG = {
  name: '海淀区运维人员打卡',
  roleId: MAINTAINER,
  days: [1, 2, 3, 4, 5, 6, 7],
  windows: [
    { start: '07:00', end: '09:00' },
    { start: '17:00', end: '19:00' },
  ],
  clocksPerWindow: 1,
  lateMinutes: 60,
};

/**
 * The crew of a world: four maintainers per operator (three at clock sites on the operator's three
 * busiest sites, the fourth at one of two open clock sites on big metro sites), two inspectors and
 * a reporter. Pure and deterministic; `passwords` by username as main.ts keeps them.
 */
export function crewOf(world: World, passwords?: Readonly<Record<string, string>>): Crew {
  const rng = new Rng(deriveSeed(world.seed, 'crew'));
  const used = new Set<number>();
  const busiest = world.brands.map((b) => {
    const bikes = new Array<number>(world.sites.length).fill(0);
    for (const bike of world.bikes) if (bike.brand === b.index && bike.filed && bike.home >= 0) bikes[bike.home]++;
    const picked = world.sites
      .filter((s) => s.brandPut && !used.has(s.index))
      .sort((x, y) => bikes[y.index] - bikes[x.index] || x.index - y.index)
      .slice(0, 3);
    for (const s of picked) used.add(s.index);
    return picked;
  });
  const open = world.sites
    .filter((s) => !used.has(s.index))
    .sort((x, y) => Number(y.kind === 'metro') - Number(x.kind === 'metro') || y.capacity - x.capacity || x.index - y.index)
    .slice(0, 2);
  const clockSites: CrewClockSite[] = [
    ...world.brands.flatMap((b, i) => busiest[i].map((s) => ({ name: `${b.name}运维点·${s.name}`.slice(0, 64), brand: i, site: s.index, radius: 100 }))),
    ...open.map((s) => ({ name: `运维集合点·${s.name}`.slice(0, 64), brand: null, site: s.index, radius: 100 })),
  ];
  const password = (u: string) => passwords?.[u] ?? processPassword(u);
  const members: CrewMember[] = [];
  const person = (username: string, roleId: number, brand: number | null, home: number) =>
    members.push({ username, name: NAMES[members.length % NAMES.length], password: password(username), roleId, brand, home });
  world.brands.forEach((b, i) => {
    for (let k = 0; k < MAINTAINERS_PER_BRAND; k++) {
      const mine = busiest[i];
      const home = k < mine.length ? mine[k] : open.length ? open[i % open.length] : mine[0];
      person(`${b.account}_yw0${k + 1}`, MAINTAINER, i, home.index);
    }
  });
  for (const u of INSPECTORS) person(u, INSPECTOR, null, rng.pick(world.sites).index);
  for (const u of REPORTERS) person(u, REPORTER, null, rng.pick(world.sites).index);
  return { members, clockSites };
}

/** A maintainer's habits: the chance they miss a window, clock late, clock from too far away. */
export interface ClockProfile {
  missing: number;
  late: number;
  outOfRange: number;
}

export function clockProfile(seed: number, username: string): ClockProfile {
  const r = new Rng(deriveSeed(seed, `profile|${username}`));
  // most are punctual, a few are not: squares skew the draws towards the low end
  return { missing: 0.01 + 0.14 * r.next() ** 2, late: 0.03 + 0.25 * r.next() ** 2, outOfRange: 0.02 + 0.08 * r.next() };
}

/** A window as the field app shows it (nearby's today.windows). */
export interface WindowTimes {
  start: string;
  end: string;
  lateUntil: string;
}

/** One clock: when, from too far away or not, and the result the rules give it (1 正常, 2 迟到, 3 范围外). */
interface ClockAttempt {
  at: number;
  far: boolean;
  expect: number;
}

export interface ClockPlan {
  intent: 'onTime' | 'late' | 'missing';
  attempts: ClockAttempt[];
}

const RETRY_SHARE = 0.6;

/**
 * What a maintainer does in one window of `day`: nothing (missing), one clock at a minute in the
 * window (early minutes likelier) or after it before its late end (late). A clock from too far away
 * (范围外) is followed, often, by another from the right place 3-12 minutes later, if the late time
 * is not over by then. Deterministic per seed, person, day and window.
 */
export function planClock(seed: number, username: string, profile: ClockProfile, day: string, w: WindowTimes, tz: string): ClockPlan {
  const rng = new Rng(deriveSeed(seed, `clock|${username}|${day}|${w.start}`));
  const s = minutesOf(w.start);
  const e = minutesOf(w.end);
  const l = minutesOf(w.lateUntil);
  // always the same draws, so that one decision does not shift the others
  const u = rng.next();
  const far = rng.chance(profile.outOfRange);
  const retry = rng.chance(RETRY_SHARE);
  const retryAfter = rng.int(3, 12);
  const seconds = rng.int(0, 59);
  const lateMinute = rng.int(e + 1, Math.max(e + 1, l));
  const onTimeMinute = s + Math.min(e - s, Math.floor((e - s + 1) * rng.next() ** 1.6));
  if (u < profile.missing) return { intent: 'missing', attempts: [] };
  const late = u < profile.missing + profile.late && l > e;
  const minute = late ? lateMinute : onTimeMinute;
  const at = (m: number) => parseLocalTime(`${day} ${hhmmOf(m)}:${String(seconds).padStart(2, '0')}`, tz)!.getTime();
  const result = (m: number) => (m <= e ? 1 : 2);
  const attempts: ClockAttempt[] = [{ at: at(minute), far, expect: far ? 3 : result(minute) }];
  if (far && retry && minute + retryAfter <= l) attempts.push({ at: at(minute + retryAfter), far: false, expect: result(minute + retryAfter) });
  return { intent: late ? 'late' : 'onTime', attempts };
}

/**
 * Where a phone at a clock site says it is (GCJ-02): within 60 % of the radius (GPS jitter), or,
 * from too far away, 250-600 m out (beyond the radius in any case).
 */
export function clockPosition(rng: Rng, site: LonLat, radius: number, far: boolean): LonLat {
  const d = far ? Math.max(250, radius + 150) + rng.range(0, 350) : radius * 0.6 * Math.sqrt(rng.next());
  const t = rng.range(0, 2 * Math.PI);
  return offset(site.lon, site.lat, d * Math.cos(t), d * Math.sin(t));
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** What a phone's GPS reports for a GCJ-02 point: WGS-84. */
export function phonePosition(p: LonLat): LonLat {
  const w = convert(p.lon, p.lat, 'gcj02', 'wgs84');
  return { lon: round6(w.lon), lat: round6(w.lat) };
}
