/** Issue 16 (findings 2 and 8): TRUST_PROXY decides whose forwarded headers count; HSTS only over https. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestContext } from '../support/app.js';

let direct: TestContext;
let proxied: TestContext;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const health = (t: TestContext, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/api/health', headers, remoteAddress });

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of addresses and CIDRs, and nothing by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/^TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/^TRUST_PROXY as a hop count/);
  });

  it('takes the client address from X-Forwarded-For only when the peer is a configured proxy', async () => {
    const attempt = (t: TestContext, remoteAddress: string, forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'nobody', password: 'x' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // behind the proxy: 20 failures of one client block that client, not the proxy's other clients
    for (let i = 0; i < 20; i++) await attempt(proxied, '127.0.0.1', '10.1.1.1');
    expect((await attempt(proxied, '127.0.0.1', '10.1.1.1')).json().message).toBe('登录失败次数过多，请 15 分钟后再试');
    expect((await attempt(proxied, '127.0.0.1', '10.1.1.2')).json().message).not.toContain('登录失败次数过多，请 15 分钟');
    // a peer that is not the proxy cannot choose its address with the header
    for (let i = 0; i < 20; i++) await attempt(proxied, '192.0.2.77', `10.2.${i}.1`);
    expect((await attempt(proxied, '192.0.2.77', '10.2.200.1')).json().message).toBe('登录失败次数过多，请 15 分钟后再试');
  });
});

describe('HSTS', () => {
  it('is not sent over plain http, nor when an untrusted peer claims https', async () => {
    expect((await health(direct)).headers['strict-transport-security']).toBeUndefined();
    expect((await health(direct, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    expect((await health(proxied, { 'x-forwarded-proto': 'https' }, '192.0.2.1')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a configured proxy says the request came over https', async () => {
    const r = await health(proxied, { 'x-forwarded-proto': 'https' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await health(proxied, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('with a hop count, trusts the nearest proxy whatever its address', async () => {
    const hop = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const r = await health(hop, { 'x-forwarded-proto': 'https' }, '192.0.2.9');
      expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await hop.close();
    }
  });
});
