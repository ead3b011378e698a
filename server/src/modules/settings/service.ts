/** The full-pile value (满桩值) per area: read with the spec §5 fallbacks, written where aggregation is 0. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { fullPileOf } from '../../domain/siteStatus.js';
import * as repo from './repo.js';
import type { SiteParams, SiteParamsInput } from './schemas.js';

/** The area's full-pile value and its name (spec §5 fallbacks): siteParams's. */
export async function fullPile(database: Database, areaId: string) {
  const p = await siteParams(database, areaId);
  return { data: p.fullPileNum, alias: p.fullPileName };
}

/**
 * Sets the value on the request's area and every area below it (a site's capacity follows the
 * value of its own district). Refused for aggregation areas.
 */
export async function setFullPile(database: Database, auth: Auth, pile: number, alias: string | undefined) {
  if (!(pile > 0 && pile <= 10)) throw badRequest('参数 pile 应大于 0 且不超过 10');
  if (!(await siteParams(database, auth.areaId)).editable) throw badRequest('聚合区域不能设置满桩值，请选择非聚合区域后再设置');
  await repo.setFullPile(database, auth.scopeAreaIds(), pile, alias ?? null);
  return fullPile(database, auth.areaId);
}

/** The sites table's defaults: what a site takes when neither the request nor its area give a value. */
const SITE_DEFAULTS = { length: 20, dispatchThresholdLess: 20, dispatchThresholdMore: 80, dispatchResponseMinute: 30 } as const;

/** The area's site parameters (defaults filled in), and whether they may be changed there (spec §6: aggregation 0). */
export async function siteParams(database: Database, areaId: string): Promise<Static<typeof SiteParams>> {
  const a = await repo.findSiteParams(database, areaId);
  if (!a) throw notFound('区域');
  const pile = fullPileOf(a.fullPileNum, a.fullPileName);
  const editable = a.aggregation === 0;
  return {
    areaId,
    areaName: a.areaName,
    aggregation: a.aggregation,
    editable,
    reason: editable ? null : '聚合区域的站点参数随聚合区域设置，此处只读',
    fullPileNum: pile.value,
    fullPileName: pile.alias,
    length: a.length ?? SITE_DEFAULTS.length,
    dispatchThresholdLess: a.dispatchThresholdLess ?? SITE_DEFAULTS.dispatchThresholdLess,
    dispatchThresholdMore: a.dispatchThresholdMore ?? SITE_DEFAULTS.dispatchThresholdMore,
    dispatchResponseMinute: a.dispatchResponseMinute ?? SITE_DEFAULTS.dispatchResponseMinute,
  };
}

/** Sets the parameters on the request's area and every area below it (as the full-pile value); refused for aggregation areas. */
export async function setSiteParams(database: Database, auth: Auth, input: SiteParamsInput) {
  const now = await siteParams(database, auth.areaId);
  if (!now.editable) throw badRequest('聚合区域不能设置站点参数，请选择非聚合区域后再设置');
  const next = {
    length: input.length ?? now.length,
    dispatchThresholdLess: input.dispatchThresholdLess ?? now.dispatchThresholdLess,
    dispatchThresholdMore: input.dispatchThresholdMore ?? now.dispatchThresholdMore,
    dispatchResponseMinute: input.dispatchResponseMinute ?? now.dispatchResponseMinute,
  };
  if (next.dispatchThresholdLess >= next.dispatchThresholdMore) {
    throw badRequest(`参数 dispatchThresholdLess（${next.dispatchThresholdLess}）应小于 dispatchThresholdMore（${next.dispatchThresholdMore}）`);
  }
  const ids = auth.scopeAreaIds();
  if (input.fullPileNum !== undefined || input.fullPileName !== undefined) {
    await repo.setFullPile(database, ids, input.fullPileNum ?? now.fullPileNum, input.fullPileName?.trim() || null);
  }
  await repo.setSiteParams(database, ids, next);
  return siteParams(database, auth.areaId);
}
