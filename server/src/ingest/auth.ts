/** Open-API credentials: an enterprise (brandAccount) or a pile gateway; bearer tokens stored hashed. */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { ApiError } from '../http/envelope.js';
import { tokenOf } from '../http/auth.js';
import { hashToken, newToken, verifyPassword } from '../domain/password.js';
import { FailureLimiter } from '../shared/failureLimiter.js';

export const TOKEN_TTL_S = 24 * 3600;
const CACHE_MS = 30_000;

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

export const openError = (status: number, message: string) => new ApiError(status, message, status);

const limiter = new FailureLimiter(20, 15 * 60_000);

export async function issueToken(database: Database, account: string, password: string, ip: string) {
  if (limiter.blocked(ip)) throw openError(429, '认证失败次数过多，请 15 分钟后再试');
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
    throw openError(401, '账号或密码错误');
  }
  const token = newToken();
  await database.query(
    `insert into api_sessions (token_hash, brand_id, gateway_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashToken(token), brand ? brand.id : null, gateway ? gateway.id : null, TOKEN_TTL_S],
  );
  await database.query('delete from api_sessions where expires_at < now()');
  return { token, expiresIn: TOKEN_TTL_S };
}

/** Token → operator, cached for 30 s per process (a deleted enterprise loses access within that). */
export class OperatorCache {
  private readonly cache = new Map<string, { op: Operator | null; until: number }>();

  constructor(private readonly database: Database) {}

  async resolve(req: FastifyRequest): Promise<Operator> {
    const token = tokenOf(req);
    if (!token) throw openError(401, '缺少 Authorization: Bearer <token>');
    const hash = hashToken(token);
    const now = Date.now();
    let hit = this.cache.get(hash);
    if (!hit || hit.until < now) {
      const [row] = await this.database.query<Operator & { expiresAt: Date }>(
        `select s.brand_id as "brandId", s.gateway_id as "gatewayId", s.expires_at as "expiresAt",
                coalesce(b.area_id, g.area_id) as "areaId", coalesce(b.brand_name, g.name) as name
           from api_sessions s left join brands b on b.id = s.brand_id and b.deleted_at is null
           left join gateways g on g.id = s.gateway_id
          where s.token_hash = $1 and s.expires_at > now()`,
        [hash],
      );
      const op = row && row.areaId ? { brandId: row.brandId, gatewayId: row.gatewayId, areaId: row.areaId, name: row.name } : null;
      const until = row ? Math.min(now + CACHE_MS, new Date(row.expiresAt).getTime()) : now + 2_000;
      hit = { op, until };
      this.cache.set(hash, hit);
      if (this.cache.size > 10_000) for (const [k, v] of this.cache) if (v.until < now) this.cache.delete(k);
    }
    if (!hit.op) throw openError(401, 'token 无效或已过期，请重新获取');
    return hit.op;
  }
}
