/** Permission check (spec §6). */

export interface PermissionEntry {
  id: number | string;
  name?: string;
  children?: Array<number | string>;
}

/** Feature ids used by the dashboard: [entry id, child id]. */
export const FEATURE_PERMISSIONS = {
  totalRing: [64, 60],
  siteRanking: [64, 59],
  totalTrend: [64, 134],
} as const;

/**
 * Allowed when an entry with `id` exists and, when `childId` is given, that entry lists it.
 * The id 'show' is always allowed.
 */
export function hasPermission(permissions: readonly PermissionEntry[] | null | undefined, id: number | string, childId?: number | string): boolean {
  if (id === 'show') return true;
  const entry = (permissions ?? []).find((p) => String(p.id) === String(id));
  if (!entry) return false;
  if (childId === undefined || childId === null) return true;
  return (entry.children ?? []).some((c) => String(c) === String(childId));
}
