/**
 * Units of work (db/unitOfWork.ts) cannot hang the server: a unit's transaction is PGlite's one lock,
 * so a handler that waits for work queued behind its own unit would hold it for ever. The area cache
 * reads on the unit instead of joining another request's load, and a unit that overstays its limit
 * rolls back, frees the lock and fails.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { UnitTimeoutError, withUnits, type OpenTx } from '../../src/db/unitOfWork.js';
import { AreaCache } from '../../src/shared/areaCache.js';
import { openTestDatabase } from '../support/app.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** Fails instead of hanging when `p` does not settle within `ms`. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe('units of work', () => {
  it('reloads the area tree on the unit while another request’s load waits behind it, and sees its own write', async () => {
    const cache = new AreaCache(database);
    await cache.reload();
    const outside = AsyncLocalStorage.snapshot(); // the context of another request, outside the unit
    let background: Promise<unknown> | undefined;
    const tree = await within(
      database.unit!(async () => {
        await database.query(`insert into areas (id, parent_id, area_name, level) values ('110197', '110100', '测试片区', 3)`);
        // another request's reload, started now: on PGlite it is queued behind this unit's transaction
        background = outside(() => cache.reload());
        const t = await cache.reload();
        await database.query(`delete from areas where id = '110197'`);
        return t;
      }),
      20_000,
    );
    expect(tree.isWithin('110197', '110100')).toBe(true);
    await within(background!, 20_000);
  });

  it('rolls back a unit that overstays its limit, so the lock is free again and its late statements never run', async () => {
    const log: string[] = [];
    const fake: OpenTx = {
      query: async (text) => {
        log.push(text);
        return [];
      },
      commit: async () => void log.push('commit'),
      rollback: async () => void log.push('rollback'),
    };
    const db = withUnits({ ...database, query: async (text) => (log.push(`outside: ${text}`), []) }, async () => fake, { timeoutMs: 100 });
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const late = { error: undefined as unknown };
    const unit = db.unit!(async () => {
      await db.query('insert 1');
      await stuck; // waits for something that never comes while the unit holds its transaction
      await db.query('insert 2').catch((e: unknown) => (late.error = e));
    });
    await expect(unit).rejects.toBeInstanceOf(UnitTimeoutError);
    await expect(unit).rejects.toThrow('操作超时');
    expect(log).toEqual(['insert 1', 'rollback']);
    release();
    await new Promise((r) => setTimeout(r, 20));
    // the abandoned handler's next statement is refused: neither on the unit nor outside it
    expect(late.error).toBeInstanceOf(UnitTimeoutError);
    expect(log).toEqual(['insert 1', 'rollback']);
  });

  it('commits a unit that finishes in time', async () => {
    const log: string[] = [];
    const fake: OpenTx = {
      query: async (text) => (log.push(text), []),
      commit: async () => void log.push('commit'),
      rollback: async () => void log.push('rollback'),
    };
    const db = withUnits({ ...database, query: async () => [] }, async () => fake, { timeoutMs: 1_000 });
    expect(await db.unit!(async () => (await db.query('insert 1'), 'done'))).toBe('done');
    expect(log).toEqual(['insert 1', 'commit']);
    expect(db.inUnit!()).toBe(false);
  });
});
