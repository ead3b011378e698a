/**
 * Aggregation rule (spec §6), taken literally: isAggregation is true when aggregation is 0 and
 * aggregationId is empty, or aggregation is 1 with an aggregationId. Anything else is false.
 */
export function isAggregation(area: { aggregation?: number | string | null; aggregationId?: string | number | null } | null | undefined): boolean {
  if (!area) return false;
  const agg = Number(area.aggregation ?? 0);
  const hasId = area.aggregationId !== null && area.aggregationId !== undefined && String(area.aggregationId) !== '';
  return (agg === 0 && !hasId) || (agg === 1 && hasId);
}

/** The full-pile setting is enabled only when aggregation is 0 (spec §6). */
export function canSetFullPile(area: { aggregation?: number | string | null } | null | undefined): boolean {
  return Number(area?.aggregation ?? 0) === 0;
}
