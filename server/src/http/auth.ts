/**
 * The one guard of every console route: token → user → permission (onRequest, before anything
 * else), then the request's scope from `selfAreaId` (preHandler, once the query and body are
 * parsed). Services ask req.auth (its area, areas and enterprise limit); none re-derives them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { ROOT_AREA_ID, isAreaId, type AreaTree } from '../domain/areas.js';
import { holds, type PermissionKey } from '../domain/permissions.js';
import { hashToken } from '../domain/password.js';
import { badRequest, forbidden, unauthorized } from './envelope.js';
import type { AreaCache } from '../shared/areaCache.js';

export interface AuthUser {
  id: number;
  username: string;
  name: string;
  areaId: string;
  userLevel: number;
  brandId: number | null;
}

/** What a request may reach, for queries: its areas and the enterprise it is limited to. */
export interface Scope {
  /** The request's area and every area below it. */
  readonly areaIds: string[];
  /** The enterprise an enterprise account is limited to; null: every enterprise. */
  readonly brandId: number | null;
}

/**
 * A route's `config` naming the permission it needs (a typo does not compile); several: any one of
 * them will do (a read that two sections share, e.g. the site fences under 站点管理 and 区域设置).
 */
export const needs = (...keys: [PermissionKey, ...PermissionKey[]]) => ({ permission: keys.length === 1 ? keys[0] : keys });

/**
 * Who is asking and what they may reach: built by the guard, read-only. A request naming
 * `selfAreaId` gets its own Auth at that area (at()), never an edited one.
 */
export class Auth {
  /** The enterprise an enterprise account is limited to (its brand); null: every enterprise. */
  readonly brandLimit: number | null;

  constructor(
    readonly user: AuthUser,
    readonly held: ReadonlySet<number>,
    readonly tokenHash: string,
    private readonly tree: AreaTree,
    /** The area this request works on: `selfAreaId` when given (checked), else the user's own. */
    readonly areaId: string = user.areaId,
  ) {
    this.brandLimit = user.brandId ?? null;
  }

  /** The same user and session working on `areaId` (the guard checks it first). */
  at(areaId: string): Auth {
    return new Auth(this.user, this.held, this.tokenHash, this.tree, areaId);
  }

  can(key: PermissionKey): boolean {
    return holds(this.held, key);
  }

  /** May this user see `areaId` (own area or below)? */
  sees(areaId: string): boolean {
    return this.user.areaId === ROOT_AREA_ID || this.tree.isWithin(areaId, this.user.areaId);
  }

  /** Is `areaId` the area `ancestor` or below it (any two areas, whoever asks)? */
  within(areaId: string, ancestor: string): boolean {
    return this.tree.isWithin(areaId, ancestor);
  }

  /** Throws 5002 unless the user may see `areaId`. */
  assertArea(areaId: string | null | undefined): void {
    if (!areaId || !this.sees(areaId)) throw forbidden('无权访问该区域的数据');
  }

  /** Areas the request covers: the request's area and everything below it. */
  scopeAreaIds(): string[] {
    return this.tree.descendants(this.areaId);
  }

  /** Throws 5002 unless `areaId` lies in the request's scope (its area and below). */
  assertInScope(areaId: string | null | undefined): void {
    if (!areaId || !this.scopeAreaIds().includes(areaId)) throw forbidden('无权访问该区域的数据');
  }

  /**
   * The areas a read covers: `areaId` (checked to lie in the request's scope, else 5002) and the
   * areas below it; the request's areas when none is named.
   */
  areasUnder(areaId: string | undefined): string[] {
    if (areaId === undefined) return this.scopeAreaIds();
    this.assertInScope(areaId);
    return this.scopeAreaIds().filter((a) => this.within(a, areaId));
  }

  /** Is the enterprise within the account's limit (an enterprise account: its own; anyone else: every one)? */
  ownsBrand(brandId: number | null): boolean {
    return this.brandLimit === null || brandId === this.brandLimit;
  }

  /** May this user read the enterprise: within the brand limit, registered or operating in an area they see. */
  canSeeBrand(b: { brandId: number; areaId: string; operationAreaId: string[] }): boolean {
    if (!this.ownsBrand(b.brandId)) return false;
    return [b.areaId, ...b.operationAreaId].some((a) => this.sees(a));
  }

  /** What an enterprise account may see of per-enterprise rows: its own enterprise's; everyone else, all of them. */
  ownRows<T extends { brandId: number | null }>(rows: readonly T[]): T[] {
    return this.brandLimit === null ? [...rows] : rows.filter((r) => this.ownsBrand(r.brandId));
  }

  /** A site's per-enterprise counts as the snapshot stores them ({ brand_id, … }), kept to the account's own. */
  ownCounts<T extends { brand_id: number }>(counts: readonly T[] | undefined): T[] {
    return (counts ?? []).filter((c) => this.ownsBrand(c.brand_id));
  }

  /** An object keyed by enterprise id, kept to the enterprise account's own (everyone else: all). */
  ownKeys<V>(byBrand: Record<string, V>): Record<string, V> {
    return this.brandLimit === null ? byBrand : Object.fromEntries(Object.entries(byBrand).filter(([k]) => this.ownsBrand(Number(k))));
  }

  /**
   * The enterprise a read is filtered to: an enterprise account's own (naming another is 5002),
   * else the one asked for (undefined: every enterprise).
   */
  brandOf(requested: number | undefined): number | undefined {
    if (this.brandLimit === null) return requested;
    if (requested !== undefined && !this.ownsBrand(requested)) throw forbidden('企业账号只能查看本企业的数据');
    return this.brandLimit;
  }

  /** The request's areas and enterprise limit, for queries. */
  scope(): Scope {
    return { areaIds: this.scopeAreaIds(), brandId: this.brandLimit };
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (login, health, docs). */
    public?: boolean;
    /** Permission key the route needs (domain/permissions.ts), or keys of which one will do; absent: any logged-in user. */
    permission?: PermissionKey | readonly PermissionKey[];
  }
  interface FastifyRequest {
    auth: Auth;
  }
}

interface SessionRow {
  id: number;
  username: string;
  name: string;
  areaId: string;
  userLevel: number;
  brandId: number | null;
  status: number;
  unavailableTime: Date | string | null;
  expired: boolean;
  held: number[] | null;
}

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7) : h;
  return t.trim() || null;
}

/**
 * Routes outside the console guard: the API docs, the open API (its own guard, operator tokens)
 * and the third-party feeds (their own guard, third-party keys).
 */
export const isConsoleRoute = (url: string) =>
  url.startsWith('/api/') && !url.startsWith('/api/open/') && !url.startsWith('/api/feed/') && url !== '/api/docs' && !url.startsWith('/api/docs/');

/**
 * The session behind a token, or the refusal (401 no/unknown/expired token, 5002 unusable account).
 * The guard uses it for /api; routes outside /api that need a user (the files at /uploads) call it.
 */
export async function authenticate(database: Database, areas: AreaCache, token: string | null): Promise<Auth> {
  if (!token) throw unauthorized('请先登录');
  const tokenHash = hashToken(token);
  const [row] = await database.query<SessionRow>(
    `select u.id, u.username, u.name, u.area_id as "areaId", u.user_level as "userLevel", u.brand_id as "brandId",
            u.status, u.unavailable_time as "unavailableTime", s.expires_at < now() as expired,
            (select array_agg(distinct rp.permission_id) from user_roles ur
               join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id) as held
       from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
    [tokenHash],
  );
  if (!row) throw unauthorized();
  if (row.expired) {
    await database.query('delete from sessions where token_hash = $1', [tokenHash]);
    throw unauthorized('登录已过期，请重新登录');
  }
  const problem = accountProblem(row);
  if (problem) {
    await database.query('delete from sessions where user_id = $1', [row.id]);
    throw forbidden(problem);
  }
  return new Auth(row, new Set(row.held ?? []), tokenHash, await areas.tree());
}

export function registerAuth(app: FastifyInstance, database: Database, areas: AreaCache) {
  app.decorateRequest('auth', null as unknown as Auth);

  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (!url || !isConsoleRoute(url) || req.routeOptions.config.public) return;
    const auth = await authenticate(database, areas, tokenOf(req));
    const need = req.routeOptions.config.permission;
    if (need && !(typeof need === 'string' ? auth.can(need) : need.some((k) => auth.can(k)))) throw forbidden();
    req.auth = auth;
  });

  app.addHook('preHandler', async (req) => {
    if (!req.auth) return;
    const q = (req.query ?? {}) as Record<string, unknown>;
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const raw = q.selfAreaId ?? b.selfAreaId;
    if (raw === undefined || raw === null || raw === '') return;
    const areaId = String(raw);
    if (!isAreaId(areaId)) throw badRequest('参数 selfAreaId 应为 6 位区域编码');
    req.auth.assertArea(areaId);
    req.auth = req.auth.at(areaId);
  });
}

/** Why an account may not be used now, in Chinese, or null. */
export function accountProblem(u: { status: number; unavailableTime: Date | string | null }): string | null {
  if (u.status === 1) return '账号已被禁用，请联系管理员';
  if (u.unavailableTime && new Date(u.unavailableTime).getTime() <= Date.now()) return '账号已过期，请联系管理员延长有效期';
  return null;
}
