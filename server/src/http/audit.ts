/**
 * The audit log (操作日志): every console write leaves one row, written in the write's own
 * transaction. An onRoute hook wraps the handler of every write route (so routes added later are
 * covered without their authors doing anything): the handler runs as a unit of work
 * (db/unitOfWork.ts), the row is inserted on the same transaction once the handler has its answer,
 * and the answer goes out only after the commit. A handler that throws rolls back its writes and
 * leaves no row; a row that cannot be written fails the request and nothing it did commits.
 * The row's `before` is the object as it was, read on the same unit before the handler runs, as
 * the route declares in its `config.audit` (http/auditObjects.ts; null for a route that creates).
 *
 * Not recorded (README "Audit log"):
 * - reads: GET/HEAD/OPTIONS, and writes that only read: a route with a path segment starting with
 *   `export` (streamed .xlsx) and a route with `config: { audit: false }` (logout, getMaxSiteId);
 * - requests without a logged-in user: public routes (login) and the open API (/api/open, its own
 *   tokens, the ingest hot path);
 * - refused and failed requests (no token, a permission the user lacks, invalid input, a refusal
 *   or an error in the handler): nothing changed, the server log has them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/client.js';
import { redact } from '../domain/redact.js';
import { loadRows } from '../db/snapshot.js';
import { columnValues, insertSql } from '../db/columns.js';
import { AUDIT_COLUMNS } from '../shared/auditColumns.js';
import { CREATES, type AuditObject } from './auditObjects.js';
import { isConsoleRoute } from './auth.js';

/** A route the audit log records (the 操作 filter offers them). */
interface AuditedRoute {
  method: string;
  url: string;
  summary: string;
  /** What the route declares it is about (its `config.audit`); undefined: nothing declared. */
  object?: AuditObject;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a write is about, for its row's `before` (http/auditObjects.ts): the rows it changes, or
     * CREATES; false: a write-method route that only reads (no audit row).
     */
    audit?: false | AuditObject;
  }
  interface FastifyInstance {
    /** Every route the audit log records, as registered. */
    audited: AuditedRoute[];
  }
}

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Is `METHOD url` a console write that the audit log records? */
function isAudited(method: string, url: string, config: { public?: boolean; audit?: false | AuditObject } = {}): boolean {
  if (!WRITES.has(method) || !isConsoleRoute(url) || config.public || config.audit === false) return false;
  return !/\/export/i.test(url);
}

const text = (v: unknown, max: number) => (v === undefined || v === null ? '' : String(v).slice(0, max));

/** The object a write is about: its path parameters, else `id`/`ids` of body or query, else the answer's `id`. */
function objectOf(req: FastifyRequest, data: unknown): string | null {
  const params = Object.values((req.params ?? {}) as Record<string, unknown>).filter((v) => v !== undefined && v !== '');
  if (params.length) return text(params.join(','), 64);
  for (const src of [req.body, req.query, data]) {
    if (!src || typeof src !== 'object' || Array.isArray(src)) continue;
    const o = src as Record<string, unknown>;
    const v = o.id ?? o.ids;
    if (v !== undefined && v !== null && v !== '') return text(Array.isArray(v) ? v.join(',') : v, 64);
  }
  return null;
}

const orNull = (v: unknown) => (v && typeof v === 'object' && Object.keys(v).length === 0 ? null : (v ?? null));

/** A row's columns named as the API names fields (area_id → areaId), so before reads like the request. */
const camelKeys = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]));

/**
 * The object as it was before the write (the rows the route's `config.audit` names), read on the
 * write's unit of work before the handler runs, its columns named as the API's fields, redacted as
 * the request is; null when the route creates.
 */
async function before(database: Database, req: FastifyRequest, declared: AuditObject | undefined): Promise<unknown> {
  if (!declared || declared === CREATES) return null;
  const rows = (await loadRows(database, declared(req))).map(camelKeys);
  return rows.length === 0 ? null : redact(rows.length === 1 ? rows[0] : rows);
}

async function record(database: Database, req: FastifyRequest, method: string, url: string, summary: string, answer: unknown, was: unknown) {
  const env = answer && typeof answer === 'object' && 'code' in answer ? (answer as { code: unknown; message?: unknown; data?: unknown }) : null;
  const data = env ? env.data : undefined;
  const { selfAreaId: _self, ...query } = (req.query ?? {}) as Record<string, unknown>;
  const after = redact({
    params: orNull(req.params),
    query: orNull(query),
    body: req.body ?? null,
    answer: data ?? null,
  });
  const outcome = env ? `${text(env.code, 8)} ${text(env.message, 180)}` : 'sent';
  const u = req.auth.user;
  const insert = insertSql(
    'audit_log',
    columnValues(AUDIT_COLUMNS, {
      userId: u.id,
      username: u.username,
      userName: text(u.name, 64),
      areaId: u.areaId,
      method,
      route: url,
      summary: text(summary, 200),
      objectId: objectOf(req, data),
      before: was === null ? null : JSON.stringify(was),
      after: JSON.stringify(after),
      ip: text(req.ip, 64),
      outcome,
    }),
  );
  await database.query(insert.text, insert.params, 'audit_insert');
}

export function registerAudit(app: FastifyInstance, database: Database) {
  const audited: AuditedRoute[] = [];
  app.decorate('audited', audited);
  app.addHook('onRoute', (r: RouteOptions) => {
    const methods = [r.method].flat().map(String);
    // '/api/forbid/' is registered as '/api/forbid' too: one route for the log, without the slash
    const url = r.url.length > 1 ? r.url.replace(/\/$/, '') : r.url;
    const config = r.config ?? {};
    const summary = text((r.schema as { summary?: string } | undefined)?.summary, 200);
    const object = config.audit || undefined;
    for (const method of methods) {
      if (isAudited(method, url, config) && !audited.some((a) => a.method === method && a.url === url)) audited.push({ method, url, summary, object });
    }
    if (!methods.some((m) => isAudited(m, url, config))) return;
    const handler = r.handler;
    r.handler = async function audited(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      if (!req.auth || !database.unit || !isAudited(req.method, url, config)) return handler.call(this, req, reply);
      return database.unit(async () => {
        const was = await before(database, req, object);
        const answer = await handler.call(this, req, reply);
        await record(database, req, req.method, url, summary, answer === reply ? undefined : answer, was);
        return answer;
      });
    };
  });
}
