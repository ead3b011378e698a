/**
 * The generated demo city: 海淀区 sites (names, fences, capacities, piles), three operators with
 * their bikes, forbidden zones and the pile gateway. Pure and deterministic for a seed.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { distanceM, pointInRing } from '../domain/geometry.js';
import type { LonLat } from '../domain/polygon.js';
import { SiteIndex } from '../domain/siteIndex.js';
import { ANCHORS, CORNERS, GATES, HAIDIAN_FENCE, type Anchor, type SiteKind } from './places.js';
import { Rng, deriveSeed } from './random.js';

export const DEMO_AREA_ID = '110108';
export const DEFAULT_SEED = 20241121;

export interface WorldSite {
  index: number;
  id: string;
  name: string;
  kind: SiteKind;
  lon: number;
  lat: number;
  gpsRail: LonLat[] | null;
  /** Circle radius in metres (used when there is no polygon). */
  length: number;
  capacity: number;
  bleNum: number;
  recycle: boolean;
  major: boolean;
  brandPut: boolean;
  /** MACs of the site's BLE piles. */
  piles: string[];
}

export interface WorldBrand {
  index: number;
  name: string;
  operation: string;
  account: string;
  password: string;
  /** bikeId prefix (two letters) and the BLE name prefix the MAC rule reads. */
  prefix: string;
  blePrefix: string;
  macPrefix: string;
  bikeColor: string;
  ebikeColor: string;
  contact: string;
  mobile: string;
  address: string;
  staff: number;
  bicycles: number;
  ebikes: number;
  illegal: number;
  /**
   * Share of its rides returned outside a site (near the destination, now and then in a forbidden
   * zone): how well its app and its riders keep to the sites. The operators differ, and 评级考核's
   * 站外还车率 shows it.
   */
  offSite: number;
}

export interface WorldBike {
  index: number;
  id: string;
  brand: number;
  type: 0 | 1;
  mac: string;
  bleName: string;
  frameCode: string;
  imeiCode: string;
  licenseCode: string | null;
  /** Filed (备案) through the open API; the others are illegal bikes that report anyway. */
  filed: boolean;
  /** Filed but never reports (bikes not uploading). */
  silent: boolean;
  /** Starting site index, or -1 when it starts parked outside every site. */
  home: number;
  lon: number;
  lat: number;
}

export interface WorldZone {
  alias: string;
  serial: string;
  fence: LonLat[];
}

export interface World {
  seed: number;
  areaId: string;
  fence: LonLat[];
  sites: WorldSite[];
  brands: WorldBrand[];
  bikes: WorldBike[];
  zones: WorldZone[];
  gateway: { account: string; password: string; name: string };
  /** A site whose piles stop reporting (abnormal site). */
  brokenSite: number;
  /** The sites' shapes as the server indexes them (same lookup rule). */
  index: SiteIndex;
}

/** This process's secret behind the demo passwords nobody gave (never stored, never fixed in the source). */
const PROCESS_SECRET = randomBytes(32);

/** A demo account's password when the caller gives none: the same all through this process, unknown outside it. */
export function processPassword(account: string): string {
  return `Demo-${createHmac('sha256', PROCESS_SECRET).update(account).digest('base64url').slice(0, 16)}1a`;
}

export interface WorldOptions {
  /** Open-API passwords by account (main.ts keeps them in DATA_DIR); others get processPassword(). */
  passwords?: Readonly<Record<string, string>>;
  /** Number of sites (default 320). */
  sites?: number;
  /** Scale of the fleet, 1 = 10,200 filed bikes (default 1). */
  fleetScale?: number;
}

/** Credentials of the demo operators and the pile gateway (open API logins of the simulator). */
const BRANDS: Omit<WorldBrand, 'index' | 'password'>[] = [
  {
    name: '美团',
    operation: '北京三快在线科技有限公司',
    account: 'meituan',
    prefix: 'MT',
    blePrefix: 'MTBLE_',
    macPrefix: 'C8:47:8C',
    bikeColor: '#FFC300',
    ebikeColor: '#FF8C00',
    contact: '王磊',
    mobile: '13800138001',
    address: '北京市朝阳区望京东路6号',
    staff: 46,
    bicycles: 3100,
    ebikes: 1000,
    illegal: 4,
    offSite: 0.025,
  },
  {
    name: '哈啰',
    operation: '上海钧正网络科技有限公司',
    account: 'hellobike',
    prefix: 'HL',
    blePrefix: 'HLBLE_',
    macPrefix: 'D4:36:39',
    bikeColor: '#0091FF',
    ebikeColor: '#00C1DE',
    contact: '李娜',
    mobile: '13800138002',
    address: '北京市海淀区上地信息路2号',
    staff: 38,
    bicycles: 2500,
    ebikes: 1000,
    illegal: 20,
    offSite: 0.08,
  },
  {
    name: '青桔',
    operation: '北京嘀嘀无限科技发展有限公司',
    account: 'qingju',
    prefix: 'QJ',
    blePrefix: 'QJBLE_',
    macPrefix: 'E0:B6:F5',
    bikeColor: '#2EBD59',
    ebikeColor: '#13C2C2',
    contact: '张伟',
    mobile: '13800138003',
    address: '北京市海淀区东北旺西路8号',
    staff: 29,
    bicycles: 1900,
    ebikes: 700,
    illegal: 8,
    offSite: 0.04,
  },
];

/** The demo operators' open-API accounts (is the demo city in a database?). */
export const DEMO_ACCOUNTS: readonly string[] = BRANDS.map((b) => b.account);

export const GATEWAY = { account: 'pilegw-haidian', name: '海淀区蓝牙桩网关' };

const M_PER_DEG = 111_320;

export function offset(lon: number, lat: number, east: number, north: number): LonLat {
  return { lon: lon + east / (M_PER_DEG * Math.cos((lat * Math.PI) / 180)), lat: lat + north / M_PER_DEG };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

const mac = (prefix: string, n: number) =>
  `${prefix}:${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':')}`;

/**
 * A bike's MAC: the operator's prefix and the serial's first digit and last five as hex digits
 * (QJ00000123 → E0:B6:F5:00:01:23, an unfiled QJ90000004 → E0:B6:F5:90:00:04), so that a MAC rule
 * (the seeded 青桔 one: prefix E0B6F50, extract from 7, 5 long, bike id prefix QJ000) gives the bike
 * id back. Unique up to 99,999 filed bikes per operator.
 */
const bikeMac = (prefix: string, serial: string) => `${prefix}:${(serial[0] + serial.slice(-5)).replace(/(..)(?!$)/g, '$1:')}`;

interface Candidate {
  anchor: Anchor;
  name: string;
  kind: SiteKind;
  near: [number, number];
}

/** Every site name the places give, by anchor, metro exits first. */
function candidates(rng: Rng): Candidate[][] {
  return ANCHORS.map((a) => {
    const list: Candidate[] = [];
    for (const exit of a.metro?.exits ?? []) list.push({ anchor: a, name: `${a.metro!.station}地铁站${exit}口`, kind: 'metro', near: [50, 220] });
    for (const p of a.places) {
      const gates = rng.shuffle([...GATES[p.kind]]).slice(0, p.kind === 'park' ? 1 : 2);
      for (const g of gates) list.push({ anchor: a, name: `${p.name}${g}`, kind: p.kind, near: [120, 650] });
    }
    for (let i = 0; i < a.streets.length; i++) {
      for (let j = i + 1; j < a.streets.length; j++) {
        list.push({ anchor: a, name: `${a.streets[i]}与${a.streets[j]}交叉口${rng.pick(CORNERS)}`, kind: a.kind, near: [100, 800] });
      }
    }
    for (const s of a.streets) list.push({ anchor: a, name: `${s}${a.name}段`, kind: a.kind, near: [150, 900] });
    // metro exits spread through the list (at most three), so every anchor mixes kinds
    const exits = a.metro?.exits.length ?? 0;
    const rest = rng.shuffle(list.slice(exits));
    list.slice(0, Math.min(exits, 3)).forEach((e, i) => rest.splice(Math.min(i * 3, rest.length), 0, e));
    return rest;
  });
}

const CAPACITY: Record<SiteKind, [number, number]> = {
  metro: [40, 80],
  office: [25, 70],
  residential: [25, 70],
  school: [15, 45],
  park: [10, 35],
};

/** How full each kind of site is, relatively, at night (where the fleet starts). */
const NIGHT_FILL: Record<SiteKind, number> = { residential: 1.3, office: 0.6, metro: 0.7, school: 1, park: 1 };

function rectangle(rng: Rng, c: LonLat): LonLat[] {
  const w = rng.range(20, 50) / 2;
  const h = rng.range(6, 14) / 2;
  const a = rng.range(0, Math.PI);
  const corners = [
    [-w, -h],
    [w, -h],
    [w, h],
    [-w, h],
    [-w, -h],
  ].map(([x, y]) => offset(c.lon, c.lat, x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)));
  return corners.map((p) => ({ lon: round6(p.lon), lat: round6(p.lat) }));
}

function generateSites(rng: Rng, count: number): WorldSite[] {
  const byAnchor = candidates(rng);
  const sites: WorldSite[] = [];
  const names = new Set<string>();
  const tooClose = (p: LonLat, gap: number) => sites.some((s) => Math.abs(s.lat - p.lat) < 0.002 && distanceM(s.lon, s.lat, p.lon, p.lat) < gap);
  let round = 0;
  while (sites.length < count) {
    let added = false;
    for (const list of byAnchor) {
      if (sites.length >= count) break;
      const c = list[round];
      if (!c) continue;
      added = true;
      let name = c.name;
      for (let k = 2; names.has(name); k++) name = `${c.name}${k}号点`;
      let pos: LonLat | null = null;
      for (let attempt = 0; attempt < 60 && !pos; attempt++) {
        const d = rng.range(c.near[0], c.near[1]);
        const t = rng.range(0, 2 * Math.PI);
        const p = offset(c.anchor.lon, c.anchor.lat, d * Math.cos(t), d * Math.sin(t));
        if (pointInRing(p.lon, p.lat, HAIDIAN_FENCE) && !tooClose(p, attempt < 40 ? 100 : 85)) pos = p;
      }
      if (!pos) continue;
      names.add(name);
      const index = sites.length;
      const [lo, hi] = CAPACITY[c.kind];
      const capacity = rng.int(lo, hi);
      const centre = { lon: round6(pos.lon), lat: round6(pos.lat) };
      sites.push({
        index,
        id: DEMO_AREA_ID + String(index + 1).padStart(7, '0'),
        name,
        kind: c.kind,
        ...centre,
        gpsRail: rng.chance(0.2) ? rectangle(rng, centre) : null,
        length: rng.int(15, 40),
        capacity,
        bleNum: Math.max(2, Math.min(8, Math.round(capacity / 10) + rng.int(-1, 1))),
        recycle: false,
        major: false,
        brandPut: true,
        piles: [],
      });
    }
    if (!added) {
      // out of names: a second round of corners around the busiest anchors
      for (const list of byAnchor)
        list.push(...list.filter((x) => x.kind !== 'metro').map((x) => ({ ...x, name: `${x.name}辅路`, near: [200, 1000] as [number, number] })));
    }
    round++;
  }
  // a few recycle sites (parks and corners at the edge), a few where operators may not put bikes
  for (const s of rng.shuffle(sites.filter((x) => x.kind === 'park' || x.kind === 'residential')).slice(0, 4)) s.recycle = true;
  for (const s of rng.shuffle(sites.filter((x) => x.kind === 'metro' && x.capacity >= 60)).slice(0, 10)) s.major = true;
  for (const s of rng.shuffle(sites.filter((x) => x.kind !== 'metro' && !x.recycle)).slice(0, 8)) s.brandPut = false;
  let pile = 0;
  for (const s of sites) s.piles = Array.from({ length: s.bleNum }, () => mac('A4:C1:38', ++pile));
  return sites;
}

/** A point inside a site, away from its edge. */
export function pointInSite(rng: Rng, s: WorldSite): LonLat {
  if (s.gpsRail) {
    const ring = s.gpsRail;
    for (;;) {
      const a = ring[0];
      const b = ring[1];
      const d = ring[3];
      const u = rng.range(0.15, 0.85);
      const v = rng.range(0.15, 0.85);
      const p = { lon: a.lon + u * (b.lon - a.lon) + v * (d.lon - a.lon), lat: a.lat + u * (b.lat - a.lat) + v * (d.lat - a.lat) };
      if (pointInRing(p.lon, p.lat, ring)) return { lon: round6(p.lon), lat: round6(p.lat) };
    }
  }
  const r = s.length * 0.7 * Math.sqrt(rng.next());
  const t = rng.range(0, 2 * Math.PI);
  const p = offset(s.lon, s.lat, r * Math.cos(t), r * Math.sin(t));
  return { lon: round6(p.lon), lat: round6(p.lat) };
}

/** A point 40-200 m from a site that is in no site and inside the district. */
export function pointNearSite(rng: Rng, s: WorldSite, index: SiteIndex): LonLat {
  for (let attempt = 0; ; attempt++) {
    const d = rng.range(40, 200 + attempt * 20);
    const t = rng.range(0, 2 * Math.PI);
    const p = offset(s.lon, s.lat, d * Math.cos(t), d * Math.sin(t));
    const q = { lon: round6(p.lon), lat: round6(p.lat) };
    if (!index.find(q.lon, q.lat) && pointInRing(q.lon, q.lat, HAIDIAN_FENCE)) return q;
  }
}

function generateZones(rng: Rng, sites: WorldSite[], index: SiteIndex): WorldZone[] {
  const zones: WorldZone[] = [];
  for (const station of ['五道口', '西二旗']) {
    const a = ANCHORS.find((x) => x.name === station)!;
    for (let attempt = 0; attempt < 500; attempt++) {
      const d = rng.range(30, 160);
      const t = rng.range(0, 2 * Math.PI);
      const c = offset(a.lon, a.lat, d * Math.cos(t), d * Math.sin(t));
      const ring = [
        [-22, -14],
        [22, -14],
        [22, 14],
        [-22, 14],
        [-22, -14],
      ]
        .map(([x, y]) => offset(c.lon, c.lat, x, y))
        .map((p) => ({ lon: round6(p.lon), lat: round6(p.lat) }));
      const clear = sites.every((s) => distanceM(s.lon, s.lat, c.lon, c.lat) > s.length + 60) && ring.every((p) => !index.find(p.lon, p.lat));
      if (!clear) continue;
      zones.push({ alias: `${station}地铁站周边禁停区`, serial: `JT-${DEMO_AREA_ID}-${String(zones.length + 1).padStart(3, '0')}`, fence: ring });
      break;
    }
  }
  return zones;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

function generateBikes(rng: Rng, brands: WorldBrand[], sites: WorldSite[], index: SiteIndex): WorldBike[] {
  const bikes: WorldBike[] = [];
  // the city starts at night: homes fuller than offices and stations
  const weights = sites.map((s) => s.capacity * NIGHT_FILL[s.kind]);
  for (const b of brands) {
    const filed = b.bicycles + b.ebikes;
    for (let i = 0; i < filed + b.illegal; i++) {
      const legal = i < filed;
      const type: 0 | 1 = legal ? (i < b.bicycles ? 0 : 1) : rng.chance(0.5) ? 1 : 0;
      const serial = legal ? String(i + 1).padStart(8, '0') : `9${String(i - filed + 1).padStart(7, '0')}`;
      const id = `${b.prefix}${serial}`;
      const offSite = rng.chance(0.04);
      const home = rng.weighted(weights);
      const pos = offSite ? pointNearSite(rng, sites[home], index) : pointInSite(rng, sites[home]);
      const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
      bikes.push({
        index: bikes.length,
        id,
        brand: b.index,
        type,
        mac: bikeMac(b.macPrefix, serial),
        bleName: `${b.blePrefix}${serial}`,
        frameCode: `${b.prefix}F${type ? 'E' : 'B'}${digits(rng, 10)}`,
        imeiCode: `86${digits(rng, 13)}`,
        licenseCode: type === 1 ? `京${letters[rng.int(0, letters.length - 1)]}${digits(rng, 5)}` : null,
        filed: legal,
        silent: legal && rng.chance(0.01),
        home: offSite ? -1 : home,
        ...pos,
      });
    }
  }
  return bikes;
}

export function generateWorld(seed: number = DEFAULT_SEED, opts: WorldOptions = {}): World {
  const rng = new Rng(deriveSeed(seed, 'world'));
  const sites = generateSites(rng, opts.sites ?? 320);
  const index = new SiteIndex(sites.map((s) => ({ id: s.id, areaId: DEMO_AREA_ID, lon: s.lon, lat: s.lat, gpsRail: s.gpsRail, length: s.length })));
  const scale = opts.fleetScale ?? 1;
  const brands = BRANDS.map((b, i) => ({
    ...b,
    index: i,
    password: opts.passwords?.[b.account] ?? processPassword(b.account),
    bicycles: Math.round(b.bicycles * scale),
    ebikes: Math.round(b.ebikes * scale),
    illegal: Math.max(2, Math.round(b.illegal * scale)),
  }));
  const zones = generateZones(rng, sites, index);
  const bikes = generateBikes(rng, brands, sites, index);
  const parks = sites.filter((s) => s.kind === 'park');
  const brokenSite = (parks.length ? parks[rng.int(0, parks.length - 1)] : sites[sites.length - 1]).index;
  const gateway = { ...GATEWAY, password: opts.passwords?.[GATEWAY.account] ?? processPassword(GATEWAY.account) };
  return { seed, areaId: DEMO_AREA_ID, fence: HAIDIAN_FENCE, sites, brands, bikes, zones, gateway, brokenSite, index };
}

/** Counts for logs and the report. */
export function describeWorld(w: World) {
  return {
    sites: w.sites.length,
    polygonSites: w.sites.filter((s) => s.gpsRail).length,
    piles: w.sites.reduce((n, s) => n + s.piles.length, 0),
    capacity: w.sites.reduce((n, s) => n + s.capacity, 0),
    brands: w.brands.map((b) => ({
      name: b.name,
      bicycles: w.bikes.filter((x) => x.brand === b.index && x.filed && x.type === 0).length,
      ebikes: w.bikes.filter((x) => x.brand === b.index && x.filed && x.type === 1).length,
      illegal: w.bikes.filter((x) => x.brand === b.index && !x.filed).length,
      silent: w.bikes.filter((x) => x.brand === b.index && x.silent).length,
    })),
    filed: w.bikes.filter((b) => b.filed).length,
    zones: w.zones.length,
  };
}
