import { describe, expect, it } from 'vitest';
import { statusFlags } from '../../src/ingest/write/status.js';

/** The same decoding as the status statement's SQL (writeStatus). */
const decode = (f: number) => ({ status: f & 3, inArea: (f & 4) !== 0, inForbid: (f & 8) !== 0, bikeType: f >> 4 ? (f >> 4) - 1 : null });

describe('statusFlags', () => {
  it('packs status, area, forbidden zone and an optional bike type into one int that decodes back', () => {
    for (const status of [1, 2])
      for (const inArea of [false, true])
        for (const inForbid of [false, true])
          for (const bikeType of [null, 0, 1]) {
            expect(decode(statusFlags(status, inArea, inForbid, bikeType))).toEqual({ status, inArea, inForbid, bikeType });
          }
  });

  it('tells "no type given" (0) from type 0 (16)', () => {
    expect(statusFlags(1, false, false, null)).toBe(1);
    expect(statusFlags(1, false, false, 0)).toBe(17);
    expect(statusFlags(2, true, true, 1)).toBe(2 + 4 + 8 + 32);
  });
});
