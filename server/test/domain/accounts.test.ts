import { describe, expect, it } from 'vitest';
import { OPEN_API_PASSWORD, hashPassword, hashToken, newToken, passwordProblem, randomPassword, verifyPassword } from '../../src/domain/password.js';
import { authEntries, holds, PERMISSIONS, permissionId } from '../../src/domain/permissions.js';
import { FailureLimiter } from '../../src/shared/failureLimiter.js';
import { formatTime, parseLocalTime } from '../../src/domain/time.js';

describe('passwords and tokens', () => {
  it('hashes with a per-user salt and verifies', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret123');
    expect(await verifyPassword('Secret123', a)).toBe(true);
    expect(await verifyPassword('secret123', a)).toBe(false);
    expect(await verifyPassword('Secret123', 'garbage')).toBe(false);
  });
  it('makes random tokens and stores only their hash', () => {
    const t = newToken();
    expect(t.length).toBeGreaterThanOrEqual(43);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(t);
  });
  it('generates passwords that pass the policy', () => {
    for (let i = 0; i < 50; i++) {
      const p = randomPassword();
      expect(p).toHaveLength(16);
      expect(passwordProblem(p)).toBeNull();
    }
    expect(passwordProblem('abc')).toBe('密码长度应为 6-32 位');
    expect(passwordProblem('abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('abcd1234')).toBeNull();
  });
  it('holds an enterprise open-API password to at least 8 characters, naming its field', () => {
    expect(passwordProblem('abc1234', OPEN_API_PASSWORD)).toBe('参数 brandPassword 至少 8 位，请重新填写');
    expect(passwordProblem('abcdefgh', OPEN_API_PASSWORD)).toBe('参数 brandPassword 需同时包含字母和数字');
    expect(passwordProblem('abcd1234'.repeat(5), OPEN_API_PASSWORD)).toBeNull();
  });
});

describe('permission catalogue', () => {
  it('has spec §6 ids: 64 with 59, 60 and 134', () => {
    const entries = authEntries(PERMISSIONS.map((p) => p.id));
    const home = entries.find((e) => e.id === 64)!;
    expect(home.children).toEqual(expect.arrayContaining([59, 60, 134]));
    expect(new Set(PERMISSIONS.map((p) => p.id)).size).toBe(PERMISSIONS.length);
    expect(permissionId('home.siteRank')).toBe(59);
  });
  it('holds a button only together with its menu', () => {
    expect(holds(new Set([59]), 'home.siteRank')).toBe(false);
    expect(holds(new Set([64, 59]), 'home.siteRank')).toBe(true);
    expect(holds(new Set([64]), 'home')).toBe(true);
    expect(holds(new Set([64]), 'nope')).toBe(false);
    expect(authEntries([64, 60])).toEqual([{ id: 64, name: '首页大屏', children: [60] }]);
  });
});

describe('FailureLimiter', () => {
  it('blocks after max failures within the window and forgets after it', () => {
    const l = new FailureLimiter(3, 1000);
    for (let i = 0; i < 3; i++) l.fail('ip', 0);
    expect(l.blocked('ip', 10)).toBe(true);
    expect(l.blocked('ip', 1001)).toBe(false);
    l.fail('x', 0);
    l.clear('x');
    expect(l.blocked('x', 0)).toBe(false);
  });
});

describe('time', () => {
  it('formats in TZ as yyyy-MM-dd HH:mm:ss and parses back', () => {
    const d = new Date('2026-01-02T03:04:05Z');
    expect(formatTime(d, 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    expect(parseLocalTime('2026-01-02 11:04:05', 'Asia/Shanghai')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseLocalTime('2026-01-02', 'Asia/Shanghai')?.toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(parseLocalTime('2026-01-02T03:04:05Z', 'Asia/Shanghai')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseLocalTime('yesterday', 'Asia/Shanghai')).toBeNull();
    expect(formatTime(null, 'Asia/Shanghai')).toBeNull();
  });
});
