/**
 * Units of work: `database.unit(fn)` runs `fn` with every `database.query` and `database.tx` made
 * in its async context (however deep, whichever module holds the Database) on one transaction,
 * committed when `fn` resolves and rolled back when it throws. The audit log uses it so that a
 * console write and its audit row commit together or not at all (http/audit.ts).
 *
 * Inside a unit, `tx(fn)` is a savepoint (a caught failure undoes only its own statements), and a
 * query started in the unit's context after it ended (a background refresh kicked off by a
 * handler) runs outside it, on the pool, as it would have without units.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Query } from './client.js';

/** One open transaction: how to run a statement on it and how to end it. */
export interface OpenTx {
  query: (text: string, params?: unknown[], name?: string) => Promise<Record<string, unknown>[]>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * How long a unit may hold its transaction. On PGlite the transaction is the database's one lock: a
 * handler that awaited work queued behind its own unit (a query started outside it) would hold it
 * for ever and stop every request. Past the limit the unit rolls back, frees the lock and fails.
 */
const UNIT_TIMEOUT_MS = 30_000;

export class UnitTimeoutError extends Error {
  constructor(ms: number) {
    super(`操作超时（${Math.round(ms / 1000)} 秒未完成），已撤销，请稍后重试`);
  }
}

interface Unit {
  /** Set when the unit was abandoned (timeout): its late statements are refused, never run outside it. */
  aborted?: boolean;
  /** Opened by the unit's first statement: work before it (reading an upload) holds no transaction. */
  tx: () => Promise<OpenTx>;
  opened?: Promise<OpenTx>;
  open: boolean;
  savepoints: number;
  /** Statements still running (awaited before commit, so none outlives the transaction). */
  pending: Set<Promise<unknown>>;
}

/** Adds `unit()` to a database, given how to open a transaction held across awaits. */
export function withUnits(base: Omit<Database, 'unit' | 'inUnit'>, begin: () => Promise<OpenTx>, opts: { timeoutMs?: number } = {}): Database {
  const timeoutMs = opts.timeoutMs ?? UNIT_TIMEOUT_MS;
  const store = new AsyncLocalStorage<Unit>();
  const current = () => {
    const u = store.getStore();
    return u?.open ? u : undefined;
  };
  const abandoned = () => {
    const u = store.getStore();
    return u?.aborted ? u : undefined;
  };
  const track = <T>(u: Unit, p: Promise<T>): Promise<T> => {
    u.pending.add(p);
    const done = () => u.pending.delete(p);
    p.then(done, done);
    return p;
  };
  const run = (u: Unit, text: string, params?: unknown[], name?: string) =>
    u.aborted
      ? Promise.reject(new UnitTimeoutError(timeoutMs))
      : track(
          u,
          u.tx().then((t) => t.query(text, params, name)),
        );
  const inUnit =
    (u: Unit): Query =>
    (text, params) =>
      run(u, text, params) as never;

  return {
    ...base,
    query: (text, params, name) => {
      const u = current() ?? abandoned();
      return u ? (run(u, text, params, name) as never) : base.query(text, params, name);
    },
    inUnit: () => !!current(),
    tx: async (fn) => {
      const u = current() ?? abandoned();
      if (!u) return base.tx(fn);
      const sp = `unit_sp_${++u.savepoints}`;
      await run(u, `savepoint ${sp}`);
      try {
        const out = await fn(inUnit(u));
        await run(u, `release savepoint ${sp}`);
        return out;
      } catch (e) {
        await run(u, `rollback to savepoint ${sp}`).catch(() => {});
        throw e;
      }
    },
    unit: async (fn) => {
      if (current()) return fn(); // already in one: join it
      const u: Unit = { tx: () => (u.opened ??= begin()), open: true, savepoints: 0, pending: new Set() };
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          u.aborted = true;
          reject(new UnitTimeoutError(timeoutMs));
        }, timeoutMs);
        timer.unref?.();
      });
      try {
        const out = await Promise.race([store.run(u, fn), limit]);
        clearTimeout(timer);
        await Promise.allSettled([...u.pending]);
        u.open = false;
        if (u.opened) await (await u.opened).commit();
        return out;
      } catch (e) {
        clearTimeout(timer);
        // abandoned: its statements may be queued behind work that waits for this very lock; do not wait for them
        if (!u.aborted) await Promise.allSettled([...u.pending]);
        u.open = false;
        if (u.opened) await u.opened.then((t) => t.rollback()).catch(() => {});
        throw e;
      }
    },
  };
}

/**
 * PGlite's transaction is a callback holding the database's one lock: turned into an OpenTx that
 * keeps the callback pending until commit() or rollback() (rollback: the callback throws).
 */
export function holdTransaction(run: (fn: (t: { query: Query }) => Promise<void>) => Promise<void>): Promise<OpenTx> {
  return new Promise<OpenTx>((resolveOpen, rejectOpen) => {
    const ROLLBACK = new Error('unit rolled back');
    let finish!: (commit: boolean) => void;
    const finished = new Promise<boolean>((r) => (finish = r));
    let opened = false;
    const ended = run(async (t) => {
      opened = true;
      resolveOpen({
        query: (text, params) => t.query(text, params),
        commit: async () => {
          finish(true);
          await ended;
        },
        rollback: async () => {
          finish(false);
          await ended.catch(() => {});
        },
      });
      if (!(await finished)) throw ROLLBACK;
    });
    ended.catch((e) => {
      if (!opened) rejectOpen(e);
    });
  });
}
