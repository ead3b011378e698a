// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatInZone, messageTime } from './clock';
import { DEFAULT_TIME_ZONE, serverTimeZone } from './config';

afterEach(() => {
  document.head.innerHTML = '';
});

function setZone(content: string) {
  const el = document.createElement('meta');
  el.name = 'time-zone';
  el.content = content;
  document.head.appendChild(el);
}

describe('server time zone', () => {
  it('comes from <meta name="time-zone">, Asia/Shanghai when missing, empty or invalid', () => {
    expect(serverTimeZone()).toBe(DEFAULT_TIME_ZONE);
    setZone('Europe/Berlin');
    expect(serverTimeZone()).toBe('Europe/Berlin');
    document.head.innerHTML = '';
    setZone('Mars/Olympus');
    expect(serverTimeZone()).toBe('Asia/Shanghai');
    document.head.innerHTML = '';
    setZone(' ');
    expect(serverTimeZone()).toBe('Asia/Shanghai');
  });
});

describe('formatInZone', () => {
  const at = new Date('2026-11-23T23:05:09Z');
  it('formats an instant in the given zone, not the browser one', () => {
    expect(formatInZone(at, 'Asia/Shanghai')).toBe('2026-11-24 07:05:09');
    expect(formatInZone(at, 'UTC')).toBe('2026-11-23 23:05:09');
    expect(formatInZone(at, 'America/New_York')).toBe('2026-11-23 18:05:09');
  });
  it('writes midnight as 00, not 24', () => {
    expect(formatInZone(new Date('2026-11-23T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-24 00:00:00');
  });
});

describe('messageTime', () => {
  // 07:05 on 2026-11-24 in Shanghai, still the 23rd in UTC
  const now = new Date('2026-11-23T23:05:09Z');
  it("shows today's messages (in the server's zone) by time alone", () => {
    expect(messageTime('2026-11-24 05:40:12', now, 'Asia/Shanghai')).toBe('05:40:12');
  });
  it('adds the date to messages of earlier days', () => {
    expect(messageTime('2026-11-23 23:30:00', now, 'Asia/Shanghai')).toBe('11-23 23:30');
    expect(messageTime('2026-01-02 08:00:00', now, 'Asia/Shanghai')).toBe('01-02 08:00');
    expect(messageTime('2025-11-24 05:40:12', now, 'Asia/Shanghai')).toBe('2025-11-24 05:40');
  });
  it("decides 'today' in the server's zone", () => {
    expect(messageTime('2026-11-23 23:30:00', now, 'UTC')).toBe('23:30:00');
  });
  it('leaves text that is not a timestamp as it is', () => {
    expect(messageTime('', now, 'UTC')).toBe('');
    expect(messageTime('刚刚', now, 'UTC')).toBe('刚刚');
  });
});
