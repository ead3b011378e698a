import { describe, expect, it } from 'vitest';
import { OrderDesk } from '../../src/sim/orderDesk.js';

const MIN = 60_000;
const T0 = Date.parse('2026-11-27T02:00:00Z');

/** A stand-in for the open API: the orders it lists, and the answers it receives. */
function fakeClient(orders: { orderId: number; state: number; returns: number; createdAt: string; typeName: string; bikesToMove: number | null }[]) {
  const answers: { orderId: number; answerId: string; text: string }[] = [];
  const paths: string[] = [];
  return {
    answers,
    paths,
    client: {
      account: 'meituan',
      get: async (path: string) => {
        paths.push(path);
        return { orders };
      },
      post: async (_path: string, body: unknown) => {
        answers.push(body as (typeof answers)[number]);
        return { status: 200, body: { code: 200 }, retryAfter: null };
      },
    },
  };
}

describe('the demo operators’ work-order desk', () => {
  it('answers the orders opened since it started after its delay, once, and again when sent back', async () => {
    const at = new Date(T0 + MIN).toISOString();
    const orders = [
      { orderId: 1, state: 1, returns: 0, createdAt: at, typeName: '站点过满', bikesToMove: 3 },
      // opened in the back-filled history: left alone
      { orderId: 2, state: 1, returns: 0, createdAt: new Date(T0 - 3600_000).toISOString(), typeName: '站外还车', bikesToMove: null },
    ];
    const fake = fakeClient(orders);
    const desk = new OrderDesk(fake.client, { answers: 1, medianMinutes: 5 }, 7, T0);
    await desk.tick(T0 + MIN);
    expect(fake.paths[0]).toBe(`/workOrders?state=open&limit=500&since=${T0}`);
    expect(fake.answers).toEqual([]);
    // polled at most once a minute; the delay is within e^±0.8 of the median (2.2–11.1 minutes)
    for (let m = 2; m <= 14; m++) await desk.tick(T0 + m * MIN);
    expect(fake.answers).toEqual([{ orderId: 1, answerId: 'demo-1-0', text: '已派调度车调走多余车辆（3 辆）' }]);
    expect(fake.paths.length).toBe(14);
    // answered (state 3) it is not listed as due; sent back (returns 1) it is answered again
    orders[0] = { ...orders[0], state: 2, returns: 1 };
    for (let m = 15; m <= 28; m++) await desk.tick(T0 + m * MIN);
    expect(fake.answers.map((a) => a.answerId)).toEqual(['demo-1-0', 'demo-1-1']);
    expect(desk.answered).toBe(2);
  });

  it('leaves unanswered the share its profile does not answer', async () => {
    const orders = Array.from({ length: 200 }, (_, i) => ({
      orderId: i + 1,
      state: 1,
      returns: 0,
      createdAt: new Date(T0 + MIN).toISOString(),
      typeName: '违规停放',
      bikesToMove: null,
    }));
    const fake = fakeClient(orders);
    const desk = new OrderDesk(fake.client, { answers: 0.65, medianMinutes: 1 }, 3, T0);
    for (let m = 1; m <= 10; m++) await desk.tick(T0 + m * MIN);
    expect(fake.answers.length).toBeGreaterThan(100);
    expect(fake.answers.length).toBeLessThan(160);
  });
});
