/**
 * What every batch write of the open API shares. Each writer runs one set-based statement per kind
 * of row, with rows sorted by key so that concurrent batches take row locks in the same order, and
 * everything is idempotent.
 */

import type { Indexed } from '../../shared/itemCheck.js';

/** The brand an operator writes for, and its area (where a bike outside every area is counted). */
export interface Brand {
  id: number;
  areaId: string;
}

export const iso = (d: Date) => d.toISOString();

/** Keeps the newest report per bike (a batch may carry several for one bike). */
export function newestPerBike<T extends { bikeId: string; reportedAt: Date }>(items: Indexed<T>[]): Indexed<T>[] {
  const best = new Map<string, Indexed<T>>();
  for (const it of items) {
    const cur = best.get(it.value.bikeId);
    if (!cur || cur.value.reportedAt < it.value.reportedAt) best.set(it.value.bikeId, it);
  }
  return [...best.values()];
}
