/** Small number rules the read side shares: percentages and id lists. Pure. */

/** Percent with two decimals of a ratio (part / whole first); 0 when the base is 0. The home screen's. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/**
 * Percent with two decimals, scaled before dividing (part × 10000 / whole); 0 when the base is 0.
 * The statistics' brand shares. It can differ from percent() in the last digit (one rounding of the
 * float instead of two), so each caller keeps the formula it always had.
 */
export const sharePercent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10000) / whole) / 100 : 0);

/** A comma list of positive integers ("1,7,13") → numbers; null when any piece is not one. */
export function intList(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => !/^\d{1,9}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}
