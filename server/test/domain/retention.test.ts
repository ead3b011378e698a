/**
 * Retention's cut-off (domain/retention.ts): the start of the local day `days` days before today, the
 * same at every hour of a day, across a change of summer time; 0 keeps for ever. And the settings
 * (config.ts RETAIN_*): defaults, and nonsense refused with the variable named.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { TRIM_KINDS, kindsFrom, retentionCutoff } from '../../src/domain/retention.js';

const SH = 'Asia/Shanghai';

describe('retention cut-off', () => {
  it('is the local midnight `days` days before today, whatever the hour of the run', () => {
    // 2026-11-25 09:00 and 23:59 in Shanghai: the cut is 2026-08-27 00:00 Shanghai (90 days before the 25th)
    for (const now of ['2026-11-25T01:00:00Z', '2026-11-25T15:59:00Z']) {
      expect(retentionCutoff(new Date(now), 90, SH)?.toISOString()).toBe('2026-08-26T16:00:00.000Z');
    }
    // one minute later it is the 26th in Shanghai: the cut moves by a day
    expect(retentionCutoff(new Date('2026-11-25T16:00:00Z'), 90, SH)?.toISOString()).toBe('2026-08-27T16:00:00.000Z');
    expect(retentionCutoff(new Date('2026-11-25T01:00:00Z'), 1, SH)?.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // three years of audit log: 1095 days before 2027-03-01 is 2024-03-01 (no 29 February between); 2028's is counted
    expect(retentionCutoff(new Date('2027-03-01T04:00:00Z'), 1095, SH)?.toISOString()).toBe('2024-02-29T16:00:00.000Z');
    expect(retentionCutoff(new Date('2028-03-01T04:00:00Z'), 1095, SH)?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
  });

  it('follows the zone across a change of summer time', () => {
    // New York: 2026-11-01 02:00 EDT → 01:00 EST. A run on 11-05 keeping 7 days cuts at 10-29 00:00 EDT (04:00Z)
    expect(retentionCutoff(new Date('2026-11-05T12:00:00Z'), 7, 'America/New_York')?.toISOString()).toBe('2026-10-29T04:00:00.000Z');
    // a run on 11-09 keeping 7 days cuts at 11-02 00:00 EST (05:00Z)
    expect(retentionCutoff(new Date('2026-11-09T12:00:00Z'), 7, 'America/New_York')?.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('keeps for ever at 0 (and on nonsense)', () => {
    expect(retentionCutoff(new Date(), 0, SH)).toBeNull();
    expect(retentionCutoff(new Date(), -3, SH)).toBeNull();
    expect(retentionCutoff(new Date(), Number.NaN, SH)).toBeNull();
  });

  it('resumes at the kind where a run stopped, then visits the others', () => {
    expect(kindsFrom(0)).toEqual([...TRIM_KINDS]);
    expect(kindsFrom(2)).toEqual([...TRIM_KINDS.slice(2), ...TRIM_KINDS.slice(0, 2)]);
    expect(kindsFrom(-1)).toEqual([...TRIM_KINDS]);
    expect(kindsFrom(99)).toEqual([...TRIM_KINDS]);
  });
});

describe('retention settings', () => {
  it('defaults: pile data weeks, status history and logs months, closed alerts 400 days, the audit log three years', () => {
    expect(loadConfig({}).retention).toEqual({
      days: { pileScans: 14, pilePower: 30, ridePoints: 90, siteHistory: 180, siteMessages: 180, syncLogs: 180, closedAlerts: 400, auditLog: 1095 },
      chunkRows: 5000,
      pauseMs: 50,
      budgetSeconds: 600,
    });
  });

  it('reads each variable, 0 keeping for ever', () => {
    const r = loadConfig({
      RETAIN_PILE_SCANS_DAYS: '7',
      RETAIN_PILE_POWER_DAYS: '0',
      RIDE_TRACK_DAYS: '30',
      RETAIN_SITE_HISTORY_DAYS: '60',
      RETAIN_SITE_MESSAGES_DAYS: '61',
      RETAIN_SYNC_LOGS_DAYS: '90',
      RETAIN_CLOSED_ALERTS_DAYS: '62',
      RETAIN_AUDIT_DAYS: '3650',
      RETAIN_CHUNK_ROWS: '1000',
      RETAIN_PAUSE_MS: '0',
      RETAIN_BUDGET_SECONDS: '60',
    }).retention;
    expect(r).toEqual({
      days: { pileScans: 7, pilePower: 0, ridePoints: 30, siteHistory: 60, siteMessages: 61, syncLogs: 90, closedAlerts: 62, auditLog: 3650 },
      chunkRows: 1000,
      pauseMs: 0,
      budgetSeconds: 60,
    });
  });

  it('refuses nonsense, naming the variable', () => {
    for (const [name, value] of [
      ['RETAIN_PILE_SCANS_DAYS', '-1'],
      ['RETAIN_AUDIT_DAYS', 'three years'],
      ['RETAIN_SYNC_LOGS_DAYS', '1.5'],
      ['RETAIN_CHUNK_ROWS', '5'],
      ['RETAIN_BUDGET_SECONDS', '0'],
      // the rating assesses the month before from its alerts, closed ones too
      ['RETAIN_CLOSED_ALERTS_DAYS', '30'],
    ]) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(name);
    }
  });
});
