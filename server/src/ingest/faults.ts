/**
 * Bikes with an open fault message (abnormal type 5), remembered per process so that the status hot
 * path knows, without asking the database, whether a batch can close one. Reloaded from the
 * database every RELOAD_MS, so that faults opened by another process are seen within that time
 * (until then a clean report of such a bike in this process leaves it open; its next clean report
 * after the reload closes it). A stale entry only costs one extra statement.
 */
import type { Database } from '../db/client.js';

const RELOAD_MS = 30_000;

interface Cache {
  ids: Set<string>;
  loadedAt: number;
  loading: Promise<void> | null;
  /** Faults opened while a reload was running: its answer may predate them. */
  addedDuringLoad: Set<string> | null;
}

const caches = new WeakMap<Database, Cache>();

function cacheOf(database: Database): Cache {
  let c = caches.get(database);
  if (!c) caches.set(database, (c = { ids: new Set(), loadedAt: -Infinity, loading: null, addedDuringLoad: null }));
  return c;
}

/** Bike ids with an open fault (as far as this process knows), reloaded when older than RELOAD_MS. */
export async function openFaults(database: Database): Promise<ReadonlySet<string>> {
  const c = cacheOf(database);
  if (Date.now() - c.loadedAt > RELOAD_MS) {
    c.loading ??= (async () => {
      const startedAt = Date.now();
      c.addedDuringLoad = new Set();
      try {
        const rows = await database.query<{ bikeId: string }>(
          `select bike_id as "bikeId" from abnormal_messages where abnormal_type = 5 and closed_at is null and bike_id is not null`,
        );
        const ids = new Set(rows.map((r) => r.bikeId));
        for (const id of c.addedDuringLoad) ids.add(id);
        c.ids = ids;
        c.loadedAt = startedAt;
      } finally {
        c.addedDuringLoad = null;
        c.loading = null;
      }
    })();
    await c.loading;
  }
  return c.ids;
}

/** What a status batch did to fault messages: opened (or refreshed) and closed. */
export function noteFaults(database: Database, opened: string[], closed: string[]) {
  const c = cacheOf(database);
  for (const id of closed) c.ids.delete(id);
  for (const id of opened) {
    c.ids.add(id);
    c.addedDuringLoad?.add(id);
  }
}
