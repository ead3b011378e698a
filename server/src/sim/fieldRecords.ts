/**
 * What the demo's field crew records (fieldCrew.ts), as the field app would send it: a patrol of a
 * bike where it stands in the city (正常, or 违停 when it is parked outside a site, 故障, 非法车辆),
 * a violation report, a proposed site picked on the map, a pile install. Each from its own seeded
 * randomness; positions are the phone's (WGS-84), a site proposal's the map's (GCJ-02).
 */
import { distanceM } from '../domain/geometry.js';
import type { LonLat } from '../domain/polygon.js';
import type { City } from './city.js';
import { phonePosition } from './crew.js';
import { Rng, deriveSeed } from './random.js';
import { offset, pointNearSite, type World, type WorldSite } from './world.js';

/** The bikes as an inspector finds them: the live city's, or the world's starting places. */
export interface FleetView {
  parkedAt(site: number): readonly number[];
  offSite(): readonly number[];
  position(bike: number): LonLat;
  faulty(bike: number): boolean;
}

export function fleetView(world: World, city: City | null): FleetView {
  if (city) {
    const { fleet, faults } = city;
    return {
      parkedAt: (site) => fleet.buckets[site],
      offSite: () => fleet.buckets[fleet.off],
      position: (b) => ({ lon: fleet.lon[b], lat: fleet.lat[b] }),
      faulty: (b) => faults.isFaulty(b),
    };
  }
  const buckets: number[][] = Array.from({ length: world.sites.length + 1 }, () => []);
  for (const b of world.bikes) if (!b.silent) buckets[b.home >= 0 ? b.home : world.sites.length].push(b.index);
  return {
    parkedAt: (site) => buckets[site],
    offSite: () => buckets[world.sites.length],
    position: (b) => ({ lon: world.bikes[b].lon, lat: world.bikes[b].lat }),
    faulty: () => false,
  };
}

const FAULTS = ['刹车失灵', '链条脱落', '车锁无法关闭', '轮胎漏气', '车座损坏', '车铃缺失'];
const OFF_SITE_NOTES = ['停放在站点范围外的人行道上', '停放在绿化带旁，未入站点', '停放在路口，影响通行'];
const REPORT_TEXTS: ((site: string, brand: string) => string)[] = [
  (s, b) => `${s}附近有多辆${b}单车乱停乱放，占用人行道，请尽快清理。`,
  (s, b) => `${s}${b}车辆堆积严重，已经挡住出入口。`,
  (s, b) => `${s}周边有${b}故障车辆长期无人处理。`,
  (s, b) => `${s}旁的盲道上停满了${b}单车，盲人无法通行。`,
  (s, b) => `${s}附近${b}车辆倒地多辆，无人扶起。`,
];
const APPLY_REASONS = [
  '早晚高峰周边车辆经常停在站点外，附近没有停放点，建议新增。',
  '周边居民和上班族用车需求大，现有站点距离较远，经常满桩。',
  '此处人行道较宽，不影响通行，适合设置停放点，可减少乱停放。',
  '地铁出口附近车辆常年溢出，建议在此分流停放。',
];

function direction(from: LonLat, to: LonLat): string {
  const east = (to.lon - from.lon) * Math.cos((from.lat * Math.PI) / 180);
  const north = to.lat - from.lat;
  return Math.abs(east) > Math.abs(north) ? (east > 0 ? '东侧' : '西侧') : north > 0 ? '北侧' : '南侧';
}

/** An inspector at a site of their route looks at a bike there, or at one parked outside it nearby (违停). */
export function patrolBody(rng: Rng, world: World, fleet: FleetView, site: WorldSite): Record<string, unknown> | null {
  let bike: number | undefined;
  let result = 1;
  let note: string | undefined;
  if (rng.chance(0.15)) {
    const near = fleet.offSite().filter((b) => {
      const p = fleet.position(b);
      return distanceM(p.lon, p.lat, site.lon, site.lat) < 250;
    });
    if (near.length) {
      bike = rng.pick(near);
      result = 2;
      note = rng.pick(OFF_SITE_NOTES);
    }
  }
  if (bike === undefined) {
    const here = fleet.parkedAt(site.index);
    if (!here.length) return null;
    bike = rng.pick(here);
    if (!world.bikes[bike].filed) {
      result = 4;
      note = '车辆未在平台备案';
    } else if (fleet.faulty(bike) || rng.chance(0.04)) {
      result = 3;
      note = rng.pick(FAULTS);
    }
  }
  const b = world.bikes[bike];
  const at = fleet.position(bike);
  const p = phonePosition(offset(at.lon, at.lat, rng.range(-6, 6), rng.range(-6, 6)));
  // a quarter scanned by the bike's BLE MAC, the others by its id (QR code)
  const which = rng.chance(0.25) ? { bikeMac: b.mac } : { bikeId: b.id };
  return { ...which, result, ...(note ? { note } : {}), ...(result === 2 ? {} : { siteId: site.id }), lon: p.lon, lat: p.lat };
}

export function reportBody(rng: Rng, world: World, brands: readonly { brandId: number; brandName: string }[]): Record<string, unknown> {
  const site = rng.pick(world.sites);
  const brand = brands.length ? rng.pick(brands) : null;
  const p = phonePosition(offset(site.lon, site.lat, rng.range(-60, 60), rng.range(-60, 60)));
  return { lon: p.lon, lat: p.lat, ...(brand ? { brandId: brand.brandId } : {}), text: rng.pick(REPORT_TEXTS)(site.name, brand?.brandName ?? '共享') };
}

/** A proposed site a little way from an existing one, picked on the map (GCJ-02, as the app's map picker sends). */
export function siteApplyBody(rng: Rng, world: World): Record<string, unknown> {
  const site = rng.pick(world.sites);
  const p = pointNearSite(rng, site, world.index);
  return {
    lon: p.lon,
    lat: p.lat,
    coord: 'gcj02',
    name: `${site.name}${direction(site, p)}新增停放点`.slice(0, 64),
    capacity: rng.int(4, 12) * 5,
    piles: rng.int(0, 4),
    reason: rng.pick(APPLY_REASONS),
  };
}

/** A new pile at a maintainer's own site (a MAC of the day). */
export function installBody(rng: Rng, world: World, seed: number, home: number, day: string): Record<string, unknown> {
  const site = world.sites[home];
  const n = deriveSeed(seed, `install|${day}`) & 0xffffff;
  const mac = `A4:C1:39:${[n >> 16, (n >> 8) & 255, n & 255].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(':')}`;
  const p = phonePosition(offset(site.lon, site.lat, rng.range(-8, 8), rng.range(-8, 8)));
  return { mac, siteId: site.id, lon: p.lon, lat: p.lat };
}
