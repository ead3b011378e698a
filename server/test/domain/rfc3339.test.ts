import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../src/modules/gbfs/build.js';

describe('rfc3339 (GBFS timestamps)', () => {
  it('gives the local time of the zone with its offset, to the second', () => {
    const d = new Date('2026-11-29T04:00:00.750Z');
    expect(rfc3339(d, 'Asia/Shanghai')).toBe('2026-11-29T12:00:00+08:00');
    expect(rfc3339(d, 'America/New_York')).toBe('2026-11-28T23:00:00-05:00');
    expect(rfc3339(d, 'UTC')).toBe('2026-11-29T04:00:00+00:00');
    expect(rfc3339(new Date('2026-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T05:30:00+05:30');
  });
});
