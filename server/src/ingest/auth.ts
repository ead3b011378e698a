/** Open-API credentials: an enterprise (brandAccount) or a pile gateway; bearer tokens stored hashed. */
import { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { httpError } from '../http/envelope.js';
import { tokenOf } from '../http/auth.js';
import { hashToken, newToken, verifyPassword } from '../domain/password.js';
import { FailureLimiter } from '../shared/failureLimiter.js';
import { Backoff } from '../shared/loginThrottle.js';

const TOKEN_TTL_S = 24 * 3600;

export interface Operator {
  brandId: number | null;
  gatewayId: number | null;
  /** The brand's registered area (fallback area of positions outside every fence). */
  areaId: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator;
  }
}

/** Failed token requests per client address (per process), and the back-off per account. */
const limiter = new FailureLimiter(20, 15 * 60_000);
const accounts = new Backoff();

export async function issueToken(database: Database, account: string, password: string, ip: string) {
  if (limiter.blocked(ip)) throw httpError(429, '认证失败次数过多，请 15 分钟后再试');
  // counted before the check, known account or not (an unknown one answers alike)
  const wait = accounts.attempt(account);
  if (wait > 0) {
    limiter.fail(ip);
    throw httpError(429, `认证失败次数过多，请 ${Math.max(1, Math.ceil(wait))} 秒后再试`);
  }
  const [brand] = await database.query<{ id: number; hash: string }>(
    `select id, brand_password_hash as hash from brands where brand_account = $1 and deleted_at is null`,
    [account],
  );
  const [gateway] = brand
    ? []
    : await database.query<{ id: number; hash: string }>(`select id, password_hash as hash from gateways where account = $1`, [account]);
  const who = brand ?? gateway;
  if (!who || !(await verifyPassword(password, who.hash))) {
    limiter.fail(ip);
    throw httpError(401, '账号或密码错误');
  }
  accounts.succeeded(account);
  const token = newToken();
  await database.query(`insert into api_sessions (token_hash, brand_id, gateway_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`, [
    hashToken(token),
    brand ? brand.id : null,
    gateway ? gateway.id : null,
    TOKEN_TTL_S,
  ]);
  await database.query('delete from api_sessions where expires_at < now()');
  return { token, expiresIn: TOKEN_TTL_S };
}

/**
 * Token → operator, read from the database on every request (one indexed lookup), so that a
 * deleted enterprise, a changed password or a removed gateway ends its tokens at the next request
 * on every process. The answer is kept on the request: the rate limit (rateKey) and the guard
 * share one lookup.
 */
export class OperatorCache {
  private readonly resolved = new WeakMap<FastifyRequest, Promise<Operator | null>>();

  constructor(private readonly database: Database) {}

  private lookup(req: FastifyRequest): Promise<Operator | null> {
    let p = this.resolved.get(req);
    if (!p) {
      const token = tokenOf(req);
      p = token ? this.fetch(hashToken(token)) : Promise.resolve(null);
      this.resolved.set(req, p);
    }
    return p;
  }

  private async fetch(hash: string): Promise<Operator | null> {
    const [row] = await this.database.query<Operator>(
      `select s.brand_id as "brandId", s.gateway_id as "gatewayId",
              coalesce(b.area_id, g.area_id) as "areaId", coalesce(b.brand_name, g.name) as name
         from api_sessions s left join brands b on b.id = s.brand_id and b.deleted_at is null
         left join gateways g on g.id = s.gateway_id
        where s.token_hash = $1 and s.expires_at > now()`,
      [hash],
      'open_operator',
    );
    return row && row.areaId ? { brandId: row.brandId, gatewayId: row.gatewayId, areaId: row.areaId, name: row.name } : null;
  }

  async resolve(req: FastifyRequest): Promise<Operator> {
    if (!tokenOf(req)) throw httpError(401, '缺少 Authorization: Bearer <token>');
    const op = await this.lookup(req);
    if (!op) throw httpError(401, 'token 无效或已过期，请重新获取');
    return op;
  }

  /**
   * The rate-limit key: the operator (brand or gateway), so that minting more tokens buys no more
   * requests; the client address for requests without a valid token.
   */
  async rateKey(req: FastifyRequest): Promise<string> {
    // the server's own simulator (in-process, app.inject) back-fills a month in a minute and takes a
    // fresh token when limited: it keeps a budget per token; every request off the network, per operator
    if (!(req.raw instanceof IncomingMessage)) return `token:${tokenOf(req) ?? req.ip}`;
    const op = await this.lookup(req).catch(() => null);
    if (op?.brandId != null) return `brand:${op.brandId}`;
    if (op?.gatewayId != null) return `gateway:${op.gatewayId}`;
    return `ip:${req.ip}`;
  }
}
