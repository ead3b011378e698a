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

interface Unit {
  /** Opened by the unit's first statement: work before it (reading an upload) holds no transaction. */
  tx: () => Promise<OpenTx>;
  opened?: Promise<OpenTx>;
  open: boolean;
  savepoints: number;
  /** Statements still running (awaited before commit, so none outlives the transaction). */
  pending: Set<Promise<unknown>>;
}

/** Adds `unit()` to a database, given how to open a transaction held across awaits. */
export function withUnits(base: Omit<Database, 'unit'>, begin: () => Promise<OpenTx>): Database {
  const store = new AsyncLocalStorage<Unit>();
  const current = () => {
    const u = store.getStore();
    return u?.open ? u : undefined;
  };
  const track = <T>(u: Unit, p: Promise<T>): Promise<T> => {
    u.pending.add(p);
    const done = () => u.pending.delete(p);
    p.then(done, done);
    return p;
  };
  const run = (u: Unit, text: string, params?: unknown[], name?: string) =>
    track(
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
      const u = current();
      return u ? (run(u, text, params, name) as never) : base.query(text, params, name);
    },
    tx: async (fn) => {
      const u = current();
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
      try {
        const out = await store.run(u, fn);
        await Promise.allSettled([...u.pending]);
        u.open = false;
        if (u.opened) await (await u.opened).commit();
        return out;
      } catch (e) {
        await Promise.allSettled([...u.pending]);
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
