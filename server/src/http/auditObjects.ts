/**
 * What an audited write is about, for the audit log's "before" snapshot (http/audit.ts): each write
 * route declares it in its own options, beside its permission (`config: { ...edit, audit: … }`): the
 * rows the request changes or deletes, named by the ids it carries. The audit wrapper reads them in
 * the write's own unit of work before the handler runs, and keeps them redacted like the request
 * (domain/redact.ts). One reader for all (db/snapshot.ts); the pieces several modules use are here.
 *
 * CREATES: the route only adds objects (nothing existed before). A route that creates or edits (an
 * id in the body) declares its rows; without the id there are none and `before` stays null.
 *
 * Every audited route must declare one: server/test/api/auditWalk.test.ts fails on one that does
 * not, and proves each declared route records a non-null `before` for its sample.
 */
import type { FastifyRequest } from 'fastify';
import type { RowRef } from '../db/snapshot.js';

export const CREATES = 'creates' as const;
/** The rows a request is about, read before its handler runs. */
export type Before = (req: FastifyRequest) => RowRef;
/** A write route's `config.audit`: the rows it changes, or CREATES. */
export type AuditObject = Before | typeof CREATES;

/** The request's field `name`: from the path parameters, then the body, then the query. */
export const pick = (req: FastifyRequest, name: string): unknown => {
  for (const src of [req.params, req.body, req.query]) {
    const v = src && typeof src === 'object' ? (src as Record<string, unknown>)[name] : undefined;
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
};

export const USER_COLUMNS = [
  'id',
  'username',
  'name',
  'phone',
  'company',
  'area_id',
  'user_level',
  'site_id',
  'brand_id',
  'status',
  'audit_status',
  'audit_remark',
  'unavailable_time',
  'idcard_url',
  'idcard_back_url',
  'apply_type',
  'password_hash',
];
const SITE_COLUMNS = ['id', 'area_id', 'site_name', 'lon', 'lat', 'length', 'full_pile_num', 'site_bike_ceiling', 'site_ceiling', 'gps_rail', 'deleted_at'];

/** One table, rows where `column` is the request's field `field` (params, then body, then query). */
export const byField =
  (table: string, field: string, column = 'id', columns?: readonly string[]): Before =>
  (req) => ({ table, where: { [column]: pick(req, field) }, columns });

/**
 * One table, rows whose id is one of the request's field `field`: a list, or a string of ids joined
 * by commas (updateMsg takes both); anything not an integer is left out, so the snapshot never
 * refuses what the handler itself would answer with its own message.
 */
export const byIds =
  (table: string, field: string): Before =>
  (req) => {
    const v = pick(req, field);
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined ? [] : [v];
    return { table, where: { id: list.map((x) => String(x).trim()).filter((x) => /^\d{1,18}$/.test(x)) } };
  };

/** The sites whose ids are the request's field `field` (one id or a list). */
export const siteRows = (field: string): Before => byField('sites', field, 'id', SITE_COLUMNS);

/** An enterprise's quota in an area: `brandId`, and `areaId` or else the request's area. */
export const brandQuota: Before = (req) => ({
  table: 'brand_quotas',
  where: { brand_id: pick(req, 'brandId'), area_id: pick(req, 'areaId') ?? req.auth.areaId },
});
