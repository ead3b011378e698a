/** Every environment variable the server reads, typed, with defaults, in one place. */
import net from 'node:net';
import path from 'node:path';
import { resolveTiles, type MapTiles } from './domain/tiles.js';
import type { RetentionDays } from './domain/retention.js';

/** The API version the docs and /api/health report. */
export const VERSION = '0.1.0';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tz: string;
  demo: boolean | undefined; // undefined: on when the database is new
  /** Days of history the demo city back-fills (DEMO_DAYS, 0-400; unset: from the 1st of the month before last). */
  demoDays: number | undefined;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** MAP_TILE_URL as given ('' when unset) */
  tileUrl: string;
  /** the tiles under the console's maps (MAP_TILE_PRESET / MAP_TILE_KEY, else MAP_TILE_URL / MAP_TILE_COORDS); null: none */
  tiles: MapTiles | null;
  platformName: string;
  tokenTtlHours: number;
  webDist: string | undefined;
  /** A rent with no return after this many hours is overdue (abnormal type 3). */
  overdueHours: number;
  /** A parked bike outside every site this long is an off-site placement (type 13). */
  offsiteMinutes: number;
  /** Filed bikes with no report this long are "not uploading". */
  staleHours: number;
  /** A site out of its dispatch thresholds this many minutes in a row opens a dispatch work order (DISPATCH_SUSTAIN_MINUTES, default 5). */
  dispatchSustainMinutes: number;
  /** Run the scheduled jobs in this process (when it wins the leadership). */
  jobs: boolean;
  /**
   * Seconds between runs of the minute jobs (the site snapshot, then the alerts): 60 (SNAPSHOT_SECONDS);
   * less only for tests that wait for a snapshot.
   */
  snapshotSeconds: number;
  /** Open-API requests per minute allowed per operator (429 beyond), however many tokens it holds. */
  openRateLimit: number;
  /** GBFS feeds (/api/feed/v1/gbfs): requests a minute per third-party key, or per address without one (GBFS_RATE_LIMIT, 600). */
  gbfsRateLimit: number;
  /** system_information's feed_contact_email (FEED_CONTACT_EMAIL): GBFS requires one; set it to the publisher's address. */
  feedContactEmail: string;
  /**
   * Which peers may set X-Forwarded-For / X-Forwarded-Proto (Fastify's trustProxy): false (the
   * default) ignores them; a hop count; or addresses / CIDR ranges of the reverse proxies.
   */
  trustProxy: TrustProxy;
  /**
   * Reading GBFS feeds from other systems (区域设置 · 外部站点, issue 32 point 4): seconds a fetch may take
   * (GBFS_IMPORT_TIMEOUT_SECONDS, default 10), its largest answer (GBFS_IMPORT_MAX_MB, default 10), and
   * whether addresses of this machine's networks (loopback, private, link-local) may be fetched
   * (GBFS_IMPORT_PRIVATE, default off: a console user must not make the server read its intranet).
   */
  gbfsImport: { timeoutMs: number; maxBytes: number; allowPrivate: boolean };
  /** Largest file POST /api/upload accepts, in bytes (UPLOAD_MAX_MB, default 10). */
  uploadMaxBytes: number;
  /** What one user may upload: bytes in any 24 hours (UPLOAD_DAY_MB, default 200) and files a minute (UPLOAD_PER_MINUTE, default 30). */
  uploadLimits: { dayBytes: number; perMinute: number };
  /** Retention (issue 31; jobs/retention): how long each kind of raw data is kept, and how the job deletes. */
  retention: RetentionConfig;
  /**
   * Seconds a connection may stay silent both ways before it is closed (a socket that never sends a
   * byte, a stalled client): HTTP_IDLE_SECONDS, default 60.
   */
  idleSeconds: number;
  /** Seconds a client has to send a whole request, headers and body (a slow upload): HTTP_REQUEST_SECONDS, default 120. */
  requestSeconds: number;
}

type TrustProxy = false | number | string[];

export interface RetentionConfig {
  /**
   * Days each kind is kept, 0 for ever: pile scans (RETAIN_PILE_SCANS_DAYS, 14), pile power
   * (RETAIN_PILE_POWER_DAYS, 30), ride positions (RIDE_TRACK_DAYS, 90), site history and site
   * messages (RETAIN_SITE_HISTORY_DAYS, RETAIN_SITE_MESSAGES_DAYS, 180), sync logs
   * (RETAIN_SYNC_LOGS_DAYS, 180), closed alerts (RETAIN_CLOSED_ALERTS_DAYS, 400) and the audit log
   * (RETAIN_AUDIT_DAYS, 1095).
   */
  days: RetentionDays;
  /** Rows one delete statement takes at most (RETAIN_CHUNK_ROWS, 5000). */
  chunkRows: number;
  /** Pause between two statements, in ms (RETAIN_PAUSE_MS, 50): the embedded database serves the others then. */
  pauseMs: number;
  /** A run stops after this many seconds and the next one resumes where it stopped (RETAIN_BUDGET_SECONDS, 600). */
  budgetSeconds: number;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** RETAIN_*: days kept per kind (0 for ever), chunk, pause and time budget of the retention job. */
function retention(env: NodeJS.ProcessEnv): RetentionConfig {
  const days = (name: string, def: number) => int(env, name, def, 0, 36_500);
  const closedAlerts = days('RETAIN_CLOSED_ALERTS_DAYS', 400);
  // the rating assesses the month before, on the 1st, from its alerts (closed ones too)
  if (closedAlerts > 0 && closedAlerts < 62) throw new ConfigError(`RETAIN_CLOSED_ALERTS_DAYS must be 0 (for ever) or at least 62, got "${closedAlerts}"`);
  return {
    days: {
      pileScans: days('RETAIN_PILE_SCANS_DAYS', 14),
      pilePower: days('RETAIN_PILE_POWER_DAYS', 30),
      ridePoints: int(env, 'RIDE_TRACK_DAYS', 90, 0, 3650),
      siteHistory: days('RETAIN_SITE_HISTORY_DAYS', 180),
      siteMessages: days('RETAIN_SITE_MESSAGES_DAYS', 180),
      syncLogs: days('RETAIN_SYNC_LOGS_DAYS', 180),
      closedAlerts,
      auditLog: days('RETAIN_AUDIT_DAYS', 1095),
    },
    chunkRows: int(env, 'RETAIN_CHUNK_ROWS', 5000, 10, 100_000),
    pauseMs: int(env, 'RETAIN_PAUSE_MS', 50, 0, 10_000),
    budgetSeconds: int(env, 'RETAIN_BUDGET_SECONDS', 600, 1, 86_400),
  };
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1/0, true/false, yes/no or on/off, got "${raw}"`);
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset → false; `1`…`10` → hop count; else a comma list of addresses, CIDRs or proxy-addr's names. */
function trustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw.trim() === '' || ['0', 'false', 'no', 'off', 'none'].includes(raw.trim().toLowerCase())) return false;
  if (/^\d+$/.test(raw.trim())) {
    const n = Number(raw.trim());
    if (n < 1 || n > 10) throw new ConfigError(`TRUST_PROXY as a hop count must be from 1 to 10, got "${raw}"`);
    return n;
  }
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of list) {
    if (PROXY_NAMES.includes(item)) continue;
    const [addr, prefix, extra] = item.split('/');
    const family = net.isIP(addr);
    const max = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= max);
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY must be a hop count or a comma list of proxy addresses or CIDRs (such as 10.0.0.1,192.168.0.0/16), got "${raw}"`);
    }
  }
  return list;
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const tz = env.TZ || 'Asia/Shanghai';
  if (!validTimeZone(tz)) throw new ConfigError(`TZ must be an IANA time zone such as Asia/Shanghai, got "${tz}"`);
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://`);
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  }
  const tileUrl = env.MAP_TILE_URL ?? '';
  const tileChoice = resolveTiles({ preset: env.MAP_TILE_PRESET, key: env.MAP_TILE_KEY, url: tileUrl, coords: env.MAP_TILE_COORDS });
  if ('error' in tileChoice) throw new ConfigError(tileChoice.error);
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    tz,
    demo: bool(env, 'DEMO'),
    demoDays: env.DEMO_DAYS ? int(env, 'DEMO_DAYS', 0, 0, 400) : undefined,
    adminPassword,
    logLevel,
    tileUrl,
    tiles: tileChoice.tiles,
    platformName: env.PLATFORM_NAME || '站点单车监管平台',
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 24 * 7, 1, 24 * 365),
    webDist: env.WEB_DIST || undefined,
    overdueHours: int(env, 'OVERDUE_HOURS', 24, 1, 24 * 30),
    offsiteMinutes: int(env, 'OFFSITE_MINUTES', 30, 1, 24 * 60),
    staleHours: int(env, 'STALE_HOURS', 24, 1, 24 * 90),
    jobs: bool(env, 'JOBS') ?? true,
    snapshotSeconds: int(env, 'SNAPSHOT_SECONDS', 60, 5, 60),
    dispatchSustainMinutes: int(env, 'DISPATCH_SUSTAIN_MINUTES', 5, 0, 120),
    openRateLimit: int(env, 'OPEN_RATE_LIMIT', 1200, 1, 1_000_000),
    gbfsRateLimit: int(env, 'GBFS_RATE_LIMIT', 600, 1, 1_000_000),
    feedContactEmail: env.FEED_CONTACT_EMAIL || 'opendata@example.com',
    trustProxy: trustProxy(env.TRUST_PROXY),
    gbfsImport: {
      timeoutMs: int(env, 'GBFS_IMPORT_TIMEOUT_SECONDS', 10, 1, 120) * 1000,
      maxBytes: int(env, 'GBFS_IMPORT_MAX_MB', 10, 1, 100) * 1024 * 1024,
      allowPrivate: bool(env, 'GBFS_IMPORT_PRIVATE') ?? false,
    },
    uploadMaxBytes: int(env, 'UPLOAD_MAX_MB', 10, 1, 100) * 1024 * 1024,
    uploadLimits: { dayBytes: int(env, 'UPLOAD_DAY_MB', 200, 1, 100_000) * 1024 * 1024, perMinute: int(env, 'UPLOAD_PER_MINUTE', 30, 1, 10_000) },
    retention: retention(env),
    idleSeconds: int(env, 'HTTP_IDLE_SECONDS', 60, 1, 3600),
    requestSeconds: int(env, 'HTTP_REQUEST_SECONDS', 120, 1, 3600),
  };
}
