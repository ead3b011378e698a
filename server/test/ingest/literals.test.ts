import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArray, textArray } from '../../src/db/arrays.js';
import { localDate } from '../../src/ingest/presence.js';
import { openTestDatabase } from '../support/app.js';
import type { Database } from '../../src/db/client.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(async () => {
  await database.close();
  await drop();
});

describe('array literals', () => {
  it('round-trips text with quotes, backslashes, commas, braces, blanks, NULL-looking text and nulls', async () => {
    const values = ['MT0001', 'a"b', 'c\\d', 'e,f', '{g}', ' h ', '', 'NULL', null, '中文'];
    const [{ v }] = await database.query<{ v: (string | null)[] }>('select $1::varchar[] as v', [textArray(values)]);
    expect(v).toEqual(values);
    expect(textArray([])).toBe('{}');
  });

  it('round-trips integers, negative and epoch milliseconds, and refuses a fraction', async () => {
    const values = [0, -1, 1163105123, -1799999999, 1_763_700_000_123];
    const [{ v }] = await database.query<{ v: string[] }>('select $1::int8[]::text[] as v', [intArray(values)]);
    expect(v.map(Number)).toEqual(values);
    expect(() => intArray([1.5])).toThrow(TypeError);
    expect(() => intArray([NaN])).toThrow(TypeError);
  });
});

describe('localDate', () => {
  const withTz = (tz: string, fn: () => void) => {
    const was = process.env.TZ;
    process.env.TZ = tz;
    try {
      fn();
    } finally {
      process.env.TZ = was;
    }
  };

  it('gives the local day on both sides of midnight, and follows a change of time zone', () => {
    withTz('Asia/Shanghai', () => {
      expect(localDate(new Date('2026-11-20T15:59:59.999Z'))).toBe('2026-11-20');
      expect(localDate(new Date('2026-11-20T16:00:00.000Z'))).toBe('2026-11-21');
      expect(localDate(new Date('2026-11-20T12:00:00.000Z'))).toBe('2026-11-20'); // from the remembered range
      expect(localDate(new Date('2026-01-05T03:00:00.000Z'))).toBe('2026-01-05');
    });
    withTz('UTC', () => {
      expect(localDate(new Date('2026-11-20T16:00:00.000Z'))).toBe('2026-11-20');
    });
  });

  it('knows a daylight-saving day of 23 hours', () => {
    withTz('Europe/Berlin', () => {
      // 2026-03-29 is 23 hours long in Berlin: it starts at 23:00 UTC the day before and ends at 22:00 UTC
      expect(localDate(new Date('2026-03-29T21:59:59.999Z'))).toBe('2026-03-29');
      expect(localDate(new Date('2026-03-29T22:00:00.000Z'))).toBe('2026-03-30');
      expect(localDate(new Date('2026-03-28T22:59:59.999Z'))).toBe('2026-03-28');
      expect(localDate(new Date('2026-03-28T23:00:00.000Z'))).toBe('2026-03-29');
    });
  });
});
