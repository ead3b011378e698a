import { FILL } from './constants';

export interface FullPile {
  value: number;
  alias: string;
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
}

/**
 * Full-pile value from GET /api/config/fullPileNum (data.data and data.alias): a non-numeric
 * value falls back to 1, a missing or blank alias to 满桩值 (spec §5).
 */
export function normalizeFullPile(raw: { data?: unknown; alias?: unknown } | null | undefined): FullPile {
  const value = isNumeric(raw?.data) ? Number(raw?.data) : FILL.defaultFullPileNum;
  const alias = typeof raw?.alias === 'string' && raw.alias.trim() !== '' ? raw.alias : FILL.defaultFullPileName;
  return { value, alias };
}
