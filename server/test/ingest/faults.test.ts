/** The per-process set of open faults: what other processes say (NOTIFY), a lost listener, the payload limit. */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { FAULTS_CHANNEL, noteFaults, openFaults } from '../../src/ingest/faults.js';

/** A PostgreSQL-shaped database that records its calls; the open faults in the table are `stored`. */
function fakeDatabase(stored: string[]) {
  const calls = { loads: 0, listens: 0, notified: [] as string[] };
  let hear: ((payload: string) => void) | null = null;
  let lose: (() => void) | null = null;
  const database = {
    kind: 'postgres',
    query: async (text: string, params?: unknown[]) => {
      if (text.includes('from abnormal_messages')) {
        calls.loads++;
        return stored.map((bikeId) => ({ bikeId }));
      }
      if (text.includes('pg_notify')) {
        expect(params?.[0]).toBe(FAULTS_CHANNEL);
        calls.notified.push(...(params?.[1] as string[]));
        return [];
      }
      throw new Error(`unexpected query ${text}`);
    },
    listen: async (channel: string, onPayload: (p: string) => void, onLost: () => void) => {
      expect(channel).toBe(FAULTS_CHANNEL);
      calls.listens++;
      [hear, lose] = [onPayload, onLost];
      return async () => {};
    },
  } as unknown as Database;
  return { database, calls, hear: (p: string) => hear!(p), lose: () => lose!() };
}

describe('open faults across processes', () => {
  it('listens once, loads once, and follows what the other processes open and close', async () => {
    const f = fakeDatabase(['A']);
    expect([...(await openFaults(f.database))]).toEqual(['A']);
    await openFaults(f.database);
    expect(f.calls).toMatchObject({ loads: 1, listens: 1 });
    f.hear('+B,C');
    f.hear('-A');
    expect([...(await openFaults(f.database))].sort()).toEqual(['B', 'C']);
    expect(f.calls.loads).toBe(1);
  });

  it('listens again and reloads after losing its listening connection', async () => {
    const stored = ['A'];
    const f = fakeDatabase(stored);
    await openFaults(f.database);
    f.lose();
    stored.push('D'); // opened elsewhere while nobody listened: it is in the table
    expect([...(await openFaults(f.database))].sort()).toEqual(['A', 'D']);
    expect(f.calls).toMatchObject({ loads: 2, listens: 2 });
  });

  it('tells the others what it opened and closed, in payloads under the 8,000-byte limit', async () => {
    const f = fakeDatabase([]);
    await openFaults(f.database);
    const opened = Array.from({ length: 1500 }, (_, i) => `MT${String(i).padStart(8, '0')}`);
    await noteFaults(f.database, opened, ['X1', 'X2']);
    const plus = f.calls.notified.filter((p) => p.startsWith('+'));
    expect(plus.length).toBeGreaterThan(1);
    expect(Math.max(...f.calls.notified.map((p) => Buffer.byteLength(p)))).toBeLessThan(8000);
    expect(plus.flatMap((p) => p.slice(1).split(','))).toEqual(opened);
    expect(f.calls.notified.filter((p) => p.startsWith('-'))).toEqual(['-X1,X2']);
    expect((await openFaults(f.database)).has(opened[0])).toBe(true);
    // nothing to say: no notice
    const before = f.calls.notified.length;
    await noteFaults(f.database, [], []);
    expect(f.calls.notified.length).toBe(before);
  });

  it('does not fail a committed batch when the notice cannot be sent', async () => {
    const f = fakeDatabase([]);
    await openFaults(f.database);
    const query = f.database.query;
    (f.database as { query: unknown }).query = async (text: string, params?: unknown[]) => {
      if (text.includes('pg_notify')) throw new Error('connection lost');
      return query(text, params);
    };
    await expect(noteFaults(f.database, ['Z1'], [])).resolves.toBeUndefined();
    expect((await openFaults(f.database)).has('Z1')).toBe(true);
  });
});
