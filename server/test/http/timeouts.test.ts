/**
 * The server's own timeouts (issue 26): a socket that never sends a byte and a body sent a byte at a
 * time are closed, not held for minutes. Short limits from the configuration, a real listening socket.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';

let t: TestContext;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ HTTP_IDLE_SECONDS: '1', HTTP_REQUEST_SECONDS: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => t?.close());

/** Opens a socket, runs `talk` on it, and resolves with the milliseconds until the server closed it and what it said. */
function closedAfter(talk: (s: net.Socket) => void): Promise<{ ms: number; said: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const s = net.connect(port, '127.0.0.1');
    let said = '';
    s.on('data', (d) => (said += d.toString()));
    s.on('error', () => undefined);
    s.on('close', () => resolve({ ms: performance.now() - started, said }));
    s.on('connect', () => talk(s));
    setTimeout(() => reject(new Error('the server held the socket for 10 s')), 10_000).unref();
  });
}

describe('server timeouts', () => {
  it('closes a socket that never sends a byte after HTTP_IDLE_SECONDS', async () => {
    const { ms } = await closedAfter(() => undefined);
    expect(ms).toBeGreaterThan(800);
    expect(ms).toBeLessThan(4000);
  });

  it('closes a request whose body trickles in beyond HTTP_REQUEST_SECONDS', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { ms, said } = await closedAfter((s) => {
      s.write('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      timer = setInterval(() => s.writable && s.write(' '), 300);
    });
    clearInterval(timer);
    expect(ms).toBeLessThan(6000);
    expect(said === '' || /^HTTP\/1\.1 408/.test(said)).toBe(true);
  });

  it('still answers a normal request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
