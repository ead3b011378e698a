/**
 * Per-item validation of open-API batches: each item on its own (a bad item refuses only itself), with a Chinese reason
 * naming the field. Coordinates come out in GCJ-02, times as Date. Pure.
 */
import { CHINA_BOUNDS, COORD_SYSTEMS, inChina, toGcj02, type CoordSystem } from '../domain/coords.js';
import { RIDER_PHONE } from '../domain/rider.js';
import { ItemError, check, itemId as id, oneOf, optionalText, type Raw } from '../shared/itemCheck.js';

export const MAX_ITEMS = 5000;
const FUTURE_LIMIT_MS = 5 * 60_000;

/** The last time text parsed: the items of a batch often share one reportedAt. */
let lastText = '';
let lastTime = NaN;

/**
 * ISO 8601 with an offset, or epoch milliseconds; not more than 5 minutes in the future. A time
 * ahead of the server's clock by less (a small clock skew) is taken as now: stored ahead, it would
 * make every report of that bike look older than it until the clock caught up (issue 16).
 */
export function parseTime(v: unknown, field: string, now: number): Date {
  let t: number;
  if (typeof v === 'number' && Number.isFinite(v)) t = v;
  else if (typeof v === 'string' && v === lastText) t = lastTime;
  else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    t = Date.parse(v);
    [lastText, lastTime] = [v, t];
  } else throw new ItemError(`${field} 应为带时区的 ISO 8601 时间或毫秒时间戳`);
  if (!Number.isFinite(t) || t < Date.UTC(2000, 0, 1)) throw new ItemError(`${field} 时间无效`);
  if (t > now + FUTURE_LIMIT_MS) throw new ItemError(`${field} 超前当前时间 5 分钟以上`);
  return new Date(Math.min(t, now));
}

/** lon/lat in range in the stated system, converted to GCJ-02, inside China's bounds. */
function parsePosition(raw: Raw): { lon: number; lat: number } {
  const lon = raw.lon;
  const lat = raw.lat;
  if (typeof lon !== 'number' || !Number.isFinite(lon) || lon < -180 || lon > 180) throw new ItemError('lon 应为 -180~180 的数字');
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) throw new ItemError('lat 应为 -90~90 的数字');
  const coord = raw.coord ?? 'gcj02';
  if (!COORD_SYSTEMS.includes(coord as CoordSystem)) throw new ItemError('coord 只能是 gcj02、wgs84 或 bd09');
  const p = toGcj02(lon, lat, coord as CoordSystem);
  const b = CHINA_BOUNDS;
  if (!inChina(p)) {
    throw new ItemError(`lon/lat 不在服务范围内（中国境内：经度 ${b.minLon}~${b.maxLon}，纬度 ${b.minLat}~${b.maxLat}）`);
  }
  return p;
}

function riderPhone(raw: Raw): string | null {
  const v = raw.userPhone;
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || !RIDER_PHONE.test(v)) throw new ItemError('userPhone 应为 11 位手机号');
  return v;
}

export const checkWithdrawal = (item: unknown) => check<{ bikeId: string }>(item, (r) => ({ bikeId: id(r, 'bikeId') }));

export interface StatusReport {
  bikeId: string;
  status: 1 | 2;
  lon: number;
  lat: number;
  reportedAt: Date;
  bikeType: 0 | 1 | null;
  /** The operator says the bike is faulty (故障车辆, abnormal type 5); a report without it clears the fault. */
  fault: boolean;
  faultReason: string | null;
}

export const FAULT_REASON_MAX = 64;

/** An optional true/false field (absent or null → false). */
function flag(raw: Raw, field: string, label = field): boolean {
  const v = raw[field];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ItemError(`${label} 应为布尔值 true 或 false`);
  return v;
}

export const checkStatus = (item: unknown, now: number) =>
  check<StatusReport>(item, (r) => {
    const fault = flag(r, 'fault');
    const faultReason = optionalText(r, 'faultReason', FAULT_REASON_MAX);
    if (faultReason && !fault) throw new ItemError('faultReason 仅在 fault 为 true 时填写');
    return {
      bikeId: id(r, 'bikeId'),
      status: oneOf(r, 'status', [1, 2] as const),
      ...parsePosition(r),
      reportedAt: parseTime(r.reportedAt, 'reportedAt', now),
      bikeType: r.bikeType === undefined || r.bikeType === null ? null : oneOf(r, 'bikeType', [0, 1] as const),
      fault,
      faultReason: faultReason || null,
    };
  });

export interface OrderEvent {
  orderId: string;
  bikeId: string;
  event: 'rent' | 'return';
  at: Date;
  lon: number;
  lat: number;
  siteId: string | null;
  fee: number | null;
  /** the rider's phone, as reported (kept only as a digest and masked: domain/rider.ts) */
  userPhone: string | null;
}

export const checkOrder = (item: unknown, now: number) =>
  check<OrderEvent>(item, (r) => {
    const fee = r.fee;
    if (fee !== undefined && fee !== null && (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0 || fee > 10_000_000)) {
      throw new ItemError('fee 应为 0~10000000 的整数（单位：分）');
    }
    return {
      orderId: id(r, 'orderId', 64),
      bikeId: id(r, 'bikeId'),
      event: oneOf(r, 'event', ['rent', 'return'] as const),
      at: parseTime(r.at, 'at', now),
      ...parsePosition(r),
      siteId: optionalText(r, 'siteId', 32),
      fee: (fee as number | undefined) ?? null,
      userPhone: riderPhone(r),
    };
  });

export interface DispatchEvent {
  dispatchId: string;
  bikeId: string;
  action: 'up' | 'down';
  siteId: string;
  at: Date;
}

export const checkDispatch = (item: unknown, now: number) =>
  check<DispatchEvent>(item, (r) => ({
    dispatchId: id(r, 'dispatchId', 64),
    bikeId: id(r, 'bikeId'),
    action: oneOf(r, 'action', ['up', 'down'] as const),
    siteId: id(r, 'siteId'),
    at: parseTime(r.at, 'at', now),
  }));

interface SeenDevice {
  mac: string;
  name: string | null;
  rssi: number | null;
  /** The pile says this device is not allowed (非法设备, abnormal type 2). */
  illegal: boolean;
}

export interface PileScan {
  equipmentMac: string;
  siteId: string;
  power: number;
  at: Date;
  /** What the pile heard; null when the item carries no `seen` (a power-only report: nothing heard or left). */
  seen: SeenDevice[] | null;
}

const MAC_RE = /^[0-9A-F]{2}(:?[0-9A-F]{2}){5}$/;

export const checkScan = (item: unknown, now: number) =>
  check<PileScan>(item, (r) => {
    const equipmentMac = String(r.equipmentMac ?? '').toUpperCase();
    if (!MAC_RE.test(equipmentMac)) throw new ItemError('equipmentMac 应为 MAC 地址，如 AA:BB:CC:DD:EE:FF');
    const power = r.power;
    if (typeof power !== 'number' || !Number.isInteger(power) || power < 0 || power > 100) throw new ItemError('power 应为 0~100 的整数');
    if (r.seen !== undefined && r.seen !== null && (!Array.isArray(r.seen) || r.seen.length > 500)) throw new ItemError('seen 应为最多 500 项的数组');
    const seen = Array.isArray(r.seen)
      ? r.seen.map((s, i) => {
          const o = (s && typeof s === 'object' ? s : {}) as Raw;
          const mac = String(o.mac ?? '').toUpperCase();
          if (!MAC_RE.test(mac)) throw new ItemError(`seen[${i}].mac 应为 MAC 地址`);
          const rssi = typeof o.rssi === 'number' && Number.isFinite(o.rssi) ? Math.round(o.rssi) : null;
          const illegal = flag(o, 'illegal', `seen[${i}].illegal`);
          return { mac, name: typeof o.name === 'string' ? o.name.slice(0, 64) : null, rssi, illegal };
        })
      : null;
    return { equipmentMac, siteId: id(r, 'siteId'), power, at: parseTime(r.at, 'at', now), seen };
  });
