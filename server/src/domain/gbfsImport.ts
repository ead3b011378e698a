/**
 * Reading a GBFS feed from outside (issue 32 point 4): a discovery file (gbfs.json: GBFS 2.x lists its
 * feeds per language, data.<lang>.feeds; 3.0 lists data.feeds) and a station_information +
 * station_status pair of either version, checked and made one list of stations the big screen draws
 * beside the platform's own sites. A bad document is refused with the first problem found, in
 * Chinese, naming its field by its JSON path (`station_status.data.stations[3].num_bikes_available
 * 为负数（-1）`). GBFS 2.x: names are strings, counts `num_bikes_available`, times POSIX seconds;
 * 3.0: names are localized arrays [{text, language}], counts `num_vehicles_available`, times RFC 3339.
 * Flags published as 0/1 (common in real 2.x feeds) are read as booleans. Positions come in WGS-84
 * (GBFS) and leave in GCJ-02, what the platform stores and its maps draw (domain/coords.ts). Pure.
 */
import { toGcj02 } from './coords.js';
import { storableText } from './text.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Stations one feed may hold. */
export const MAX_STATIONS = 20_000;
/** The longest station name kept (characters). */
const MAX_NAME = 120;

/** One station of an imported feed, as stored and drawn. */
export interface ExternalStation {
  id: string;
  name: string;
  /** GCJ-02 (converted from the feed's WGS-84) */
  lon: number;
  lat: number;
  capacity: number | null;
  /** vehicles available (2.x num_bikes_available, 3.0 num_vehicles_available); null: the station is not in station_status */
  bikes: number | null;
  docks: number | null;
  installed: boolean | null;
  renting: boolean | null;
  returning: boolean | null;
  /** last_reported (ISO 8601) */
  reportedAt: string | null;
}

/** A pair read and joined: the version both files declare, station_status's ttl and last_updated. */
export interface ImportedStations {
  version: string;
  /** seconds before station_status changes (its ttl) */
  ttl: number;
  /** station_status's last_updated (ISO 8601) */
  lastUpdated: string;
  stations: ExternalStation[];
}

/** What a discovery file says: the version and where its two station files are. */
export interface Discovery {
  version: string;
  ttl: number;
  /** the language whose feeds were taken (2.x), null for 3.0 */
  language: string | null;
  stationInformation: string;
  stationStatus: string;
}

/** 2.x or 3.0: the two shapes this reader knows. */
type Family = 2 | 3;
type Obj = Record<string, unknown>;

class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

/** The result of `read`, or the refusal it threw. */
function checked<T>(read: () => T): Checked<T> {
  try {
    return { ok: true, value: read() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, message: err.message };
    throw err;
  }
}

/** A value as a refusal quotes it: short, storable. */
function shown(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return storableText(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function object(v: unknown, path: string): Obj {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (!isObj(v)) refuse(`${path} 应为对象`);
  return v as Obj;
}

function array(v: unknown, path: string): unknown[] {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (!Array.isArray(v)) refuse(`${path} 应为数组`);
  return v as unknown[];
}

function text(v: unknown, path: string): string {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (typeof v !== 'string') refuse(`${path} 应为字符串（实际为 ${shown(v)}）`);
  return storableText(v as string);
}

/** A count: an integer of 0 or more. */
function count(v: unknown, path: string): number {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (typeof v !== 'number' || !Number.isFinite(v)) refuse(`${path} 应为整数（实际为 ${shown(v)}）`);
  if ((v as number) < 0) refuse(`${path} 为负数（${v}）`);
  if (!Number.isInteger(v)) refuse(`${path} 应为整数（实际为 ${v}）`);
  return v as number;
}

const optionalCount = (v: unknown, path: string) => (v === undefined || v === null ? null : count(v, path));

/** A flag: true/false, or 1/0 as many real 2.x feeds publish them. */
function flag(v: unknown, path: string): boolean {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  return refuse(`${path} 应为布尔值（实际为 ${shown(v)}）`);
}

/** A latitude or longitude (WGS-84 degrees) within its range. */
function degrees(v: unknown, path: string, limit: 90 | 180): number {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (typeof v !== 'number' || !Number.isFinite(v)) refuse(`${path} 应为数字（实际为 ${shown(v)}）`);
  if (Math.abs(v as number) > limit) refuse(`${path} 超出范围（${v}），${limit === 90 ? '纬度' : '经度'}应在 -${limit} 到 ${limit} 之间`);
  return v as number;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** A time as the family writes it (2.x POSIX seconds, 3.0 RFC 3339), as ISO 8601. */
function time(v: unknown, path: string, family: Family): string {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (family === 2) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) refuse(`${path} 应为 POSIX 时间（整数秒，GBFS 2.x），实际为 ${shown(v)}`);
    if ((v as number) > 1e11) refuse(`${path}（${v}）像是毫秒，GBFS 2.x 的时间应为秒`);
    return new Date((v as number) * 1000).toISOString();
  }
  if (typeof v !== 'string' || !RFC3339.test(v) || Number.isNaN(Date.parse(v)))
    refuse(`${path} 应为 RFC 3339 时间（如 2024-01-01T08:00:00+08:00，GBFS 3.0），实际为 ${shown(v)}`);
  return new Date(Date.parse(v as string)).toISOString();
}

/** The document's version: 2.0–2.3 or 3.x. */
function versionOf(doc: Obj, file: string): { version: string; family: Family } {
  const v = doc.version;
  if (v === undefined || v === null) refuse(`${file}.version 缺失：只能导入 GBFS 2.x 或 3.0 的数据（1.x 的文件没有 version）`);
  if (typeof v !== 'string') refuse(`${file}.version 应为字符串（实际为 ${shown(v)}）`);
  const version = v as string;
  if (/^2\.[0-3]$/.test(version)) return { version, family: 2 };
  if (/^3\.\d+(-RC\d*)?$/i.test(version)) return { version, family: 3 };
  return refuse(`${file}.version（${shown(version)}）不受支持：只能导入 GBFS 2.x 或 3.0 的数据`);
}

/** The envelope every GBFS file has: version, ttl, last_updated and its data object. */
function envelope(doc: unknown, file: string) {
  if (!isObj(doc)) refuse(`${file} 应为 JSON 对象`);
  const d = doc as Obj;
  const { version, family } = versionOf(d, file);
  if (d.ttl === undefined || d.ttl === null) refuse(`${file}.ttl 缺失`);
  if (typeof d.ttl !== 'number' || !Number.isInteger(d.ttl) || d.ttl < 0) refuse(`${file}.ttl 应为非负整数（实际为 ${shown(d.ttl)}）`);
  const lastUpdated = time(d.last_updated, `${file}.last_updated`, family);
  return { version, family, ttl: d.ttl as number, lastUpdated, data: object(d.data, `${file}.data`) };
}

/** A station id: a non-empty string. */
function stationId(v: unknown, path: string): string {
  const id = text(v, path).trim();
  if (!id) refuse(`${path} 为空`);
  if (id.length > 128) refuse(`${path} 过长（超过 128 个字符）`);
  return id;
}

/** A 3.0 localized name: the Chinese text where there is one, else the first. */
function localized(v: unknown, path: string): string {
  if (v === undefined || v === null) refuse(`${path} 缺失`);
  if (!Array.isArray(v)) refuse(`${path} 应为 [{text, language}] 数组（GBFS 3.0），实际为 ${shown(v)}`);
  const items = (v as unknown[]).map((item, i) => {
    const o = object(item, `${path}[${i}]`);
    return { text: text(o.text, `${path}[${i}].text`), language: text(o.language, `${path}[${i}].language`) };
  });
  if (!items.length) refuse(`${path} 为空数组`);
  return (items.find((t) => /^zh/i.test(t.language)) ?? items[0]).text;
}

function nameOf(v: unknown, path: string, family: Family, id: string): string {
  const name = (family === 2 ? text(v, path) : localized(v, path)).trim();
  return (name || id).slice(0, MAX_NAME);
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

interface InfoStation {
  id: string;
  name: string;
  lon: number;
  lat: number;
  capacity: number | null;
}

function readInformation(doc: unknown) {
  const file = 'station_information';
  const env = envelope(doc, file);
  const list = array(env.data.stations, `${file}.data.stations`);
  if (list.length > MAX_STATIONS) refuse(`${file}.data.stations 有 ${list.length} 个站点，超过上限 ${MAX_STATIONS}`);
  const seen = new Set<string>();
  const stations: InfoStation[] = list.map((raw, i) => {
    const p = `${file}.data.stations[${i}]`;
    const s = object(raw, p);
    const id = stationId(s.station_id, `${p}.station_id`);
    if (seen.has(id)) refuse(`${p}.station_id（${shown(id)}）重复`);
    seen.add(id);
    const name = nameOf(s.name, `${p}.name`, env.family, id);
    const lat = degrees(s.lat, `${p}.lat`, 90);
    const lon = degrees(s.lon, `${p}.lon`, 180);
    const capacity = optionalCount(s.capacity, `${p}.capacity`);
    const g = toGcj02(lon, lat, 'wgs84');
    return { id, name, lon: round6(g.lon), lat: round6(g.lat), capacity };
  });
  return { ...env, stations };
}

interface StatusStation {
  id: string;
  index: number;
  bikes: number;
  docks: number | null;
  installed: boolean;
  renting: boolean;
  returning: boolean;
  reportedAt: string;
}

/** The optional counts GBFS has beside the required one: checked when present (no negative count passes). */
function otherCounts(s: Obj, p: string, family: Family) {
  const names = family === 2 ? ['num_bikes_disabled', 'num_docks_disabled'] : ['num_vehicles_disabled', 'num_docks_disabled'];
  for (const n of names) optionalCount(s[n], `${p}.${n}`);
  if (s.vehicle_types_available !== undefined) {
    array(s.vehicle_types_available, `${p}.vehicle_types_available`).forEach((t, k) => {
      const o = object(t, `${p}.vehicle_types_available[${k}]`);
      text(o.vehicle_type_id, `${p}.vehicle_types_available[${k}].vehicle_type_id`);
      count(o.count, `${p}.vehicle_types_available[${k}].count`);
    });
  }
}

function readStatus(doc: unknown) {
  const file = 'station_status';
  const env = envelope(doc, file);
  const list = array(env.data.stations, `${file}.data.stations`);
  if (list.length > MAX_STATIONS) refuse(`${file}.data.stations 有 ${list.length} 个站点，超过上限 ${MAX_STATIONS}`);
  const field = env.family === 2 ? 'num_bikes_available' : 'num_vehicles_available';
  const other = env.family === 2 ? 'num_vehicles_available' : 'num_bikes_available';
  const stations: StatusStation[] = list.map((raw, i) => {
    const p = `${file}.data.stations[${i}]`;
    const s = object(raw, p);
    const id = stationId(s.station_id, `${p}.station_id`);
    if (s[field] === undefined && s[other] !== undefined)
      refuse(`${p}.${field} 缺失：GBFS ${env.version} 用 ${field}（${env.family === 2 ? '3.0' : '2.x'} 才用 ${other}）`);
    const bikes = count(s[field], `${p}.${field}`);
    const docks = optionalCount(s.num_docks_available, `${p}.num_docks_available`);
    otherCounts(s, p, env.family);
    return {
      id,
      index: i,
      bikes,
      docks,
      installed: flag(s.is_installed, `${p}.is_installed`),
      renting: flag(s.is_renting, `${p}.is_renting`),
      returning: flag(s.is_returning, `${p}.is_returning`),
      reportedAt: time(s.last_reported, `${p}.last_reported`, env.family),
    };
  });
  return { ...env, stations };
}

/**
 * A station_information and station_status pair (parsed JSON) as one list of stations: both of the
 * same version, every station_status id a station_information id (each once); a station without a
 * status is kept with unknown counts.
 */
export function readStations(information: unknown, status: unknown): Checked<ImportedStations> {
  return checked(() => {
    const info = readInformation(information);
    const st = readStatus(status);
    if (st.version !== info.version) refuse(`station_status.version（${st.version}）与 station_information.version（${info.version}）不一致`);
    const byId = new Map<string, StatusStation>();
    for (const s of st.stations) {
      const p = `station_status.data.stations[${s.index}].station_id`;
      if (byId.has(s.id)) refuse(`${p}（${shown(s.id)}）重复`);
      byId.set(s.id, s);
    }
    const known = new Set(info.stations.map((s) => s.id));
    for (const s of st.stations) {
      if (!known.has(s.id)) refuse(`station_status.data.stations[${s.index}].station_id（${shown(s.id)}）在 station_information 中没有对应的站点`);
    }
    const stations: ExternalStation[] = info.stations.map((i) => {
      const s = byId.get(i.id);
      return {
        ...i,
        bikes: s?.bikes ?? null,
        docks: s?.docks ?? null,
        installed: s?.installed ?? null,
        renting: s?.renting ?? null,
        returning: s?.returning ?? null,
        reportedAt: s?.reportedAt ?? null,
      };
    });
    return { version: info.version, ttl: st.ttl, lastUpdated: st.lastUpdated, stations };
  });
}

/** Languages a 2.x discovery file's feeds are taken in, in this order of preference; else its first. */
const LANGUAGE_ORDER = [/^zh(-cn|-hans)?$/i, /^zh/i, /^en$/i, /^en/i];

/** An absolute http(s) URL for a feed's `url` (relative ones against the discovery file's). */
function feedUrl(v: unknown, path: string, base: string): string {
  const raw = text(v, path).trim();
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return refuse(`${path}（${shown(raw)}）不是有效的网址`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(`${path}（${shown(raw)}）不是 http(s) 地址`);
  return url.toString();
}

/**
 * The discovery file (gbfs.json) fetched from `base`: where its station_information and
 * station_status are (GBFS 2.x: in the preferred language's feeds).
 */
export function readDiscovery(doc: unknown, base: string): Checked<Discovery> {
  return checked(() => {
    const file = 'gbfs';
    const env = envelope(doc, file);
    let feeds: unknown[];
    let path: string;
    let language: string | null = null;
    if (env.family === 3) {
      path = `${file}.data.feeds`;
      feeds = array(env.data.feeds, path);
    } else {
      const languages = Object.keys(env.data);
      if (!languages.length) refuse(`${file}.data 为空：GBFS 2.x 按语言列出数据文件（data.<语言>.feeds）`);
      language = LANGUAGE_ORDER.map((re) => languages.find((l) => re.test(l))).find(Boolean) ?? languages[0];
      const entry = object(env.data[language], `${file}.data.${language}`);
      path = `${file}.data.${language}.feeds`;
      feeds = array(entry.feeds, path);
    }
    const urls = new Map<string, string>();
    feeds.forEach((f, i) => {
      const o = object(f, `${path}[${i}]`);
      const name = text(o.name, `${path}[${i}].name`);
      if (name === 'station_information' || name === 'station_status') urls.set(name, feedUrl(o.url, `${path}[${i}].url`, base));
    });
    for (const name of ['station_information', 'station_status']) {
      if (!urls.has(name)) refuse(`${path} 没有 ${name}：该系统没有站点数据（无桩系统只发布车辆位置），无法导入`);
    }
    return {
      version: env.version,
      ttl: env.ttl,
      language,
      stationInformation: urls.get('station_information')!,
      stationStatus: urls.get('station_status')!,
    };
  });
}

/** A file's text as JSON, or the refusal naming the file. */
export function parseJsonText(textOf: string, file: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(textOf.replace(/^\ufeff/, '')) };
  } catch (err) {
    const why = err instanceof SyntaxError ? err.message.slice(0, 80) : '无法解析';
    return { ok: false, message: `${file} 不是有效的 JSON（${storableText(why)}）` };
  }
}

/** Seconds between refreshes of a feed read from a URL: its ttl, at least a minute, at most a day. */
export function refreshSeconds(ttl: number): number {
  return Math.min(86_400, Math.max(60, Math.round(ttl)));
}

/** After `failures` failed fetches in a row: the ttl's interval doubled each time, at most an hour (a day's ttl stays a day). */
export function retrySeconds(ttl: number, failures: number): number {
  const base = refreshSeconds(ttl);
  return Math.max(base, Math.min(3600, base * 2 ** Math.min(Math.max(failures - 1, 0), 6)));
}
