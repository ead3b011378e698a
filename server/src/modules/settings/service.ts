/** The full-pile value (满桩值) per area: read with the spec §5 fallbacks, written where aggregation is 0. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { fullPileOf } from '../../domain/siteStatus.js';
import * as repo from './repo.js';

export async function fullPile(database: Database, areaId: string) {
  const a = await repo.findFullPile(database, areaId);
  if (!a) throw notFound('区域');
  const p = fullPileOf(a.value, a.alias);
  return { data: p.value, alias: p.alias };
}

/**
 * Sets the value on the request's area and every area below it (a site's capacity follows the
 * value of its own district). Refused for aggregation areas.
 */
export async function setFullPile(database: Database, auth: Auth, pile: number, alias: string | undefined) {
  if (!(pile > 0 && pile <= 10)) throw badRequest('参数 pile 应大于 0 且不超过 10');
  const aggregation = await repo.areaAggregation(database, auth.areaId);
  if (aggregation === undefined) throw notFound('区域');
  if (aggregation !== 0) throw badRequest('聚合区域不能设置满桩值，请选择非聚合区域后再设置');
  await repo.setFullPile(database, auth.scopeAreaIds(), pile, alias ?? null);
  return fullPile(database, auth.areaId);
}
