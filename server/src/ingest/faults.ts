/**
 * Bikes with an open fault message (abnormal type 5), remembered per process so that the status hot
 * path knows, without asking the database, whether a batch can close one.
 *
 * Several processes may share a PostgreSQL: each tells the others what it opened and closed with
 * NOTIFY on FAULTS_CHANNEL (`+id,id` / `-id,id`), and each listens, so a fault opened by one process
 * is closed by the next clean report in any other (after the milliseconds the notice takes). The set
 * is also reloaded from the database every RELOAD_MS, which covers a listening connection that was
 * lost (it listens again on the next batch). A stale entry only costs one extra statement.
 */
import type { Database } from '../db/client.js';

const RELOAD_MS = 30_000;
export const FAULTS_CHANNEL = 'sbs_faults';
/** NOTIFY payloads must stay under 8,000 bytes. */
const PAYLOAD_CHARS = 7_000;

interface Cache {
  ids: Set<string>;
  loadedAt: number;
  loading: Promise<void> | null;
  /** Faults opened while a reload was running: its answer may predate them. */
  addedDuringLoad: Set<string> | null;
  /** PostgreSQL: listening to the other processes (or trying to). */
  listening: Promise<unknown> | null;
}

const caches = new WeakMap<Database, Cache>();

function cacheOf(database: Database): Cache {
  let c = caches.get(database);
  if (!c) caches.set(database, (c = { ids: new Set(), loadedAt: -Infinity, loading: null, addedDuringLoad: null, listening: null }));
  return c;
}

function opened(c: Cache, ids: Iterable<string>) {
  for (const id of ids) {
    c.ids.add(id);
    c.addedDuringLoad?.add(id);
  }
}

function closed(c: Cache, ids: Iterable<string>) {
  for (const id of ids) c.ids.delete(id);
}

function listen(database: Database, c: Cache) {
  if (!database.listen || c.listening) return;
  const lost = () => {
    c.listening = null;
    c.loadedAt = -Infinity; // what was said while deaf is read back on the next batch
  };
  c.listening = database
    .listen(
      FAULTS_CHANNEL,
      (payload) => {
        const ids = payload.slice(1).split(',').filter(Boolean);
        if (payload[0] === '+') opened(c, ids);
        else if (payload[0] === '-') closed(c, ids);
      },
      lost,
    )
    .catch(lost);
}

/** Bike ids with an open fault (as far as this process knows), reloaded when older than RELOAD_MS. */
export async function openFaults(database: Database): Promise<ReadonlySet<string>> {
  const c = cacheOf(database);
  if (!c.listening) {
    listen(database, c);
    await c.listening; // listening before the first load: nothing said after it is missed
  }
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

/** What a status batch did to fault messages: opened (or refreshed) and closed; told to the other processes. */
export async function noteFaults(database: Database, openedIds: string[], closedIds: string[]) {
  const c = cacheOf(database);
  closed(c, closedIds);
  opened(c, openedIds);
  if (!database.listen) return;
  const payloads: string[] = [];
  for (const [sign, ids] of [
    ['+', openedIds],
    ['-', closedIds],
  ] as const) {
    let p = '';
    for (const id of ids) {
      if (p.length + id.length + 1 > PAYLOAD_CHARS) {
        payloads.push(sign + p);
        p = '';
      }
      p += (p ? ',' : '') + id;
    }
    if (p) payloads.push(sign + p);
  }
  // the batch is committed: a failed notice must not fail it (the others' reload catches up)
  if (payloads.length) {
    await database.query(`select pg_notify($1, p) from unnest($2::text[]) as p`, [FAULTS_CHANNEL, payloads]).catch(() => {});
  }
}
