/**
 * External GBFS feeds read from a URL (issue 32 point 4): fetching a discovery file and its
 * station_information + station_status (a time limit for the whole read, a size limit per answer,
 * redirects followed by hand, and no address of this machine's networks unless GBFS_IMPORT_PRIVATE),
 * and the refresh by ttl that keeps the last good stations when a fetch fails, recording the failure
 * and retrying later. 区域设置's import (modules/externalFeeds) and the scheduled job (jobs/) both
 * use it. Problems come back as Chinese sentences naming the file and what went wrong.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Database } from '../db/client.js';
import {
  type Checked,
  type Discovery,
  type ImportedStations,
  parseJsonText,
  readDiscovery,
  readStations,
  retrySeconds,
  refreshSeconds,
} from '../domain/gbfsImport.js';

export interface FetchLimits {
  /** the whole read of one feed (discovery, then both files) */
  timeoutMs: number;
  /** the largest answer, decoded */
  maxBytes: number;
  /** may loopback, private and link-local addresses be fetched */
  allowPrivate: boolean;
}

class FetchProblem extends Error {}

const MAX_REDIRECTS = 3;
const shortUrl = (u: string) => (u.length > 120 ? `${u.slice(0, 117)}…` : u);

/** Loopback, private, link-local, shared, multicast and reserved ranges (IPv4, and IPv6 with its mapped IPv4). */
function isPrivateAddress(ip: string): boolean {
  const v4 = ip.match(/^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const v6 = ip.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6);
}

async function checkHost(url: URL, limits: FetchLimits) {
  if (limits.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new FetchProblem(`域名 ${host} 无法解析`);
    }
  }
  const inner = addresses.find(isPrivateAddress);
  if (inner) throw new FetchProblem(`${host} 指向内网地址（${inner}），平台不读取内网的数据源`);
}

/** Why a fetch failed, in Chinese. */
function failure(err: unknown, limits: FetchLimits): string {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `超时（超过 ${limits.timeoutMs / 1000} 秒）`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return '连接被拒绝';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '域名无法解析';
  if (code === 'ECONNRESET') return '连接被中断';
  if (code && /CERT|SSL|TLS/.test(code)) return `证书或加密连接有误（${code}）`;
  return code ? `网络错误（${code}）` : '网络错误';
}

/** The body's bytes, refused past `max` (the stream is cancelled there). */
async function readLimited(body: ReadableStream<Uint8Array> | null, max: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new FetchProblem(`内容超过 ${Math.round(max / 1024 / 1024)} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** One GBFS file as JSON; `file` names it in the problem (获取 station_status 失败（url）：…). */
async function fetchJson(url: string, file: string, limits: FetchLimits, signal: AbortSignal): Promise<unknown> {
  const fail = (why: string) => new FetchProblem(`获取 ${file} 失败（${shortUrl(url)}）：${why}`);
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw fail('只支持 http 或 https 地址');
    let res: Response;
    try {
      await checkHost(current, limits);
      res = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'application/json' } });
    } catch (err) {
      throw fail(err instanceof FetchProblem ? err.message : failure(err, limits));
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel().catch(() => {});
      current = new URL(location, current);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw fail(`服务器返回 HTTP ${res.status}`);
    }
    if (Number(res.headers.get('content-length')) > limits.maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw fail(`内容超过 ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
    }
    let bytes: Buffer;
    try {
      bytes = await readLimited(res.body, limits.maxBytes);
    } catch (err) {
      throw fail(err instanceof FetchProblem ? err.message : failure(err, limits));
    }
    const json = parseJsonText(bytes.toString('utf8'), file);
    if (!json.ok) throw fail(json.message);
    return json.value;
  }
  throw fail(`重定向超过 ${MAX_REDIRECTS} 次`);
}

/** A feed read from its discovery URL: where its files are, and its stations checked and joined. */
export type LoadedFeed = ImportedStations & { discovery: Discovery };

/** The discovery file at `url`, then its station_information and station_status, read and checked within the time limit. */
export async function loadFromUrl(url: string, limits: FetchLimits): Promise<Checked<LoadedFeed>> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const discovery = readDiscovery(await fetchJson(url, 'gbfs.json', limits, signal), url);
    if (!discovery.ok) return discovery;
    const d = discovery.value;
    const [information, status] = await Promise.all([
      fetchJson(d.stationInformation, 'station_information', limits, signal),
      fetchJson(d.stationStatus, 'station_status', limits, signal),
    ]);
    const read = readStations(information, status);
    if (!read.ok) return read;
    if (read.value.version[0] !== d.version[0]) {
      return { ok: false, message: `station_information.version（${read.value.version}）与 gbfs.json 的 version（${d.version}）不一致` };
    }
    return { ok: true, value: { ...read.value, discovery: d } };
  } catch (err) {
    if (err instanceof FetchProblem) return { ok: false, message: err.message };
    throw err;
  }
}

/** A feed due for a refresh. */
interface DueFeed {
  id: number;
  url: string;
  ttl: number;
  failures: number;
}

/** The good data of a fetch replaces the last; the failures count starts again. */
async function saveFetched(database: Database, id: number, feed: ImportedStations, now: Date) {
  await database.query(
    `update external_feeds set version = $2, ttl = $3, stations = $4::jsonb, station_count = $5, data_updated_at = $6, fetched_at = $7,
            next_fetch_at = $8, failures = 0, last_error = null, last_error_at = null
      where id = $1`,
    [
      id,
      feed.version,
      feed.ttl,
      JSON.stringify(feed.stations),
      feed.stations.length,
      feed.lastUpdated,
      now,
      new Date(now.getTime() + refreshSeconds(feed.ttl) * 1000),
    ],
  );
}

/** A failed fetch: the stations stay, the failure and its time are kept, the next try comes later each time. */
async function saveFailure(database: Database, feed: DueFeed, message: string, now: Date) {
  await database.query(`update external_feeds set failures = failures + 1, last_error = $2, last_error_at = $3, next_fetch_at = $4 where id = $1`, [
    feed.id,
    message,
    now,
    new Date(now.getTime() + retrySeconds(feed.ttl, feed.failures + 1) * 1000),
  ]);
}

/** Fetches a URL feed again: its data replaced, or its failure recorded (the last good data kept). */
async function refreshFeed(database: Database, feed: DueFeed, limits: FetchLimits, now = new Date()): Promise<Checked<{ stations: number }>> {
  const loaded = await loadFromUrl(feed.url, limits);
  if (!loaded.ok) {
    await saveFailure(database, feed, loaded.message, now);
    return loaded;
  }
  await saveFetched(database, feed.id, loaded.value, now);
  return { ok: true, value: { stations: loaded.value.stations.length } };
}

/** Feeds fetched at once by the job. */
const PARALLEL = 4;

/**
 * The scheduled refresh: every URL feed whose ttl has run out (at most `max` a run, the longest
 * waiting first), PARALLEL at a time.
 */
export async function refreshDueFeeds(database: Database, limits: FetchLimits, now: Date, max = 40) {
  const due = await database.query<DueFeed>(
    `select id, url, ttl, failures from external_feeds where source = 'url' and url is not null and next_fetch_at <= $1 order by next_fetch_at limit $2`,
    [now, max],
  );
  let next = 0;
  let refreshed = 0;
  let failed = 0;
  const worker = async () => {
    while (next < due.length) {
      const r = await refreshFeed(database, due[next++], limits, now);
      if (r.ok) refreshed++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
  return { due: due.length, refreshed, failed };
}
