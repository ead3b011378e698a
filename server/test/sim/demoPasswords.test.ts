/** Issue 16 finding 8: the demo's operator and gateway passwords are not fixed in the source. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorld, seedDemoCity, DEFAULT_SEED } from '../../src/sim/index.js';
import { createTestApp, type TestContext } from '../support/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = (account: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/open/v1/token',
    payload: { account, password },
    remoteAddress: '192.0.2.200',
  });

describe('demo passwords', () => {
  it('are none of the old fixed ones, stay the same within a process, and follow the passwords given', () => {
    const a = generateWorld(DEFAULT_SEED, { sites: 20, fleetScale: 0.01 });
    const b = generateWorld(DEFAULT_SEED, { sites: 20, fleetScale: 0.01 });
    const old = ['Demo-Meituan-2024', 'Demo-Hellobike-2024', 'Demo-Qingju-2024', 'Demo-Pilegw-2024'];
    const all = [...a.brands.map((x) => x.password), a.gateway.password];
    expect(all.some((p) => old.includes(p))).toBe(false);
    expect(new Set(all).size).toBe(all.length);
    expect(b.brands.map((x) => x.password)).toEqual(a.brands.map((x) => x.password));
    const given = generateWorld(DEFAULT_SEED, {
      sites: 20,
      fleetScale: 0.01,
      passwords: { meituan: 'Given-Pass-1', 'pilegw-haidian': 'Given-Gw-1' },
    });
    expect(given.brands.find((x) => x.account === 'meituan')!.password).toBe('Given-Pass-1');
    expect(given.gateway.password).toBe('Given-Gw-1');
  });

  it('open the API once seeded, and the old fixed ones do not', async () => {
    await seedDemoCity(t.database, DEFAULT_SEED, {
      sites: 20,
      fleetScale: 0.01,
      passwords: { meituan: 'Given-Pass-1', 'pilegw-haidian': 'Given-Gw-1' },
    });
    expect((await token('meituan', 'Given-Pass-1')).statusCode).toBe(200);
    expect((await token('pilegw-haidian', 'Given-Gw-1')).statusCode).toBe(200);
    expect((await token('hellobike', 'Demo-Hellobike-2024')).statusCode).toBe(401);
  });
});
