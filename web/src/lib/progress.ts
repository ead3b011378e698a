export const PROGRESS_RED = '#ff4d4f';
export const PROGRESS_BLUE = '#1677ff';

/**
 * Progress percentage floor(ratio × 100) (spec §9). The product is rounded to 6 decimals
 * before flooring so that binary noise (0.29 × 100 = 28.999…) does not lose a point.
 * Non-finite ratios give 0.
 */
export function progressPercent(ratio: number): number {
  if (!Number.isFinite(ratio)) return 0;
  return Math.floor(Number((ratio * 100).toFixed(6)));
}

/** Over 100 percent red, otherwise blue. */
export function progressColor(percent: number): string {
  return percent > 100 ? PROGRESS_RED : PROGRESS_BLUE;
}
