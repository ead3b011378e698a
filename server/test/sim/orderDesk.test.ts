import { describe, expect, it } from 'vitest';
import { OrderDesk, type DeskOrder } from '../../src/sim/orderDesk.js';

const MIN = 60_000;
const T0 = Date.parse('2026-11-27T02:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A stand-in for the open API: GET /workOrders?state=todo paged by (updatedAt, orderId) as the server does, accept and answer as steps. */
function fakeApi(orders: DeskOrder[]) {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const paths: string[] = [];
  let clock = T0 + 365 * 24 * 60 * MIN; // the server's own clock, ahead of the simulated one
  return {
    orders,
    posts,
    paths,
    answers: () => posts.filter((p) => p.path === '/workOrders/answer').map((p) => p.body),
    client: {
      account: 'meituan',
      get: async (path: string) => {
        paths.push(path);
        const q = new URLSearchParams(path.split('?')[1]);
        const since = q.get('since') ?? '';
        const afterId = Number(q.get('afterId') ?? 0);
        const limit = Number(q.get('limit'));
        const list = orders
          .filter((o) => o.state === 1 || o.state === 2)
          .filter((o) => o.updatedAt > since || (o.updatedAt === since && o.orderId > afterId))
          .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.orderId - b.orderId)
          .slice(0, limit);
        return { orders: list.map((o) => ({ ...o })) };
      },
      post: async (path: string, body: unknown) => {
        const b = body as Record<string, unknown>;
        posts.push({ path, body: b });
        const o = orders.find((x) => x.orderId === b.orderId)!;
        o.state = path.endsWith('accept') ? 2 : 3;
        o.updatedAt = iso(clock++);
        return { status: 200, body: { code: 200 }, retryAfter: null };
      },
    },
  };
}

const order = (orderId: number, createdAt: number, over: Partial<DeskOrder> = {}): DeskOrder => ({
  orderId,
  type: 3,
  state: 1,
  returns: 0,
  createdAt: iso(createdAt),
  updatedAt: iso(createdAt),
  typeName: '站外还车',
  siteId: null,
  bikesToMove: null,
  bikeIds: [],
  ...over,
});

describe('the demo operators’ work-order desk', () => {
  it('does the work, then accepts and answers after its delay, saying when; once; and again when sent back', async () => {
    const api = fakeApi([
      order(1, T0 + MIN, { type: 1, typeName: '站点过满', siteId: 'S1', bikesToMove: 3 }),
      // changed before the desk's start: left alone
      order(2, T0 - 3600_000),
    ]);
    const worked: number[] = [];
    const desk = new OrderDesk(api.client, { answers: 1, medianMinutes: 5 }, 7, T0, async (o, at) => {
      worked.push(o.orderId);
      expect(at).toBeGreaterThan(T0 + MIN);
      return { dispatchIds: ['D1X', 'D2X', 'D3X'], bikeIds: ['B1', 'B2', 'B3'] };
    });
    await desk.tick(T0 + MIN);
    expect(api.paths[0]).toBe(`/workOrders?state=todo&limit=500&since=${encodeURIComponent(iso(T0))}&afterId=0`);
    expect(api.posts).toEqual([]);
    // the delay is within e^±0.8 of the median (2.2–11.1 minutes after the order was opened)
    for (let m = 2; m <= 14; m++) await desk.tick(T0 + m * MIN);
    expect(worked).toEqual([1]);
    expect(api.posts.map((p) => p.path)).toEqual(['/workOrders/accept', '/workOrders/answer']);
    const [accept, answer] = api.posts.map((p) => p.body);
    const answeredAt = Date.parse(answer.answeredAt as string);
    expect(answeredAt - (T0 + MIN)).toBeGreaterThanOrEqual(2.2 * MIN);
    expect(answeredAt - (T0 + MIN)).toBeLessThanOrEqual(11.2 * MIN);
    expect(Date.parse(accept.acceptedAt as string)).toBeLessThanOrEqual(answeredAt);
    expect(answer).toMatchObject({
      orderId: 1,
      answerId: 'demo-1-0',
      text: '已派调度车调走多余车辆（3 辆）',
      dispatchIds: ['D1X', 'D2X', 'D3X'],
      bikeIds: ['B1', 'B2', 'B3'],
    });
    // sent back (退回): state 2, returns 1, changed now → answered again, without a second accept
    Object.assign(api.orders[0], { state: 2, returns: 1, updatedAt: iso(T0 + 20 * MIN) });
    for (let m = 20; m <= 34; m++) await desk.tick(T0 + m * MIN);
    expect(api.answers().map((a) => a.answerId)).toEqual(['demo-1-0', 'demo-1-1']);
    expect(api.posts.filter((p) => p.path === '/workOrders/accept').length).toBe(1);
    expect(desk.answered).toBe(2);
  });

  it('leaves unanswered the share its profile does not answer', async () => {
    const api = fakeApi(Array.from({ length: 200 }, (_, i) => order(i + 1, T0 + MIN, { typeName: '违规停放' })));
    const desk = new OrderDesk(api.client, { answers: 0.65, medianMinutes: 1 }, 3, T0);
    for (let m = 1; m <= 10; m++) await desk.tick(T0 + m * MIN);
    expect(api.answers().length).toBeGreaterThan(100);
    expect(api.answers().length).toBeLessThan(160);
  });

  it('reads every page of a long list in one poll, resuming after the last order it saw', async () => {
    const api = fakeApi(Array.from({ length: 1_200 }, (_, i) => order(i + 1, T0 + MIN + Math.floor(i / 7) * 1000)));
    const desk = new OrderDesk(api.client, { answers: 1, medianMinutes: 1 }, 5, T0);
    await desk.tick(T0 + 2 * MIN);
    expect(api.paths.length).toBe(3);
    const last = new URLSearchParams(api.paths[2].split('?')[1]);
    expect(Number(last.get('afterId'))).toBe(1_000);
    for (let m = 3; m <= 10; m++) await desk.tick(T0 + m * MIN);
    expect(new Set(api.answers().map((a) => a.orderId)).size).toBe(1_200);
  });
});
