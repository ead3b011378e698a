import { describe, expect, it } from 'vitest';
import {
  bikesToMove,
  deadlineOf,
  fillDirection,
  groupKey,
  isOverdue,
  measureOrders,
  nextWatch,
  placeKey,
  shares,
  stateLabel,
  step,
  sustained,
  type MeasuredOrder,
} from '../../src/domain/workOrders.js';

const t0 = new Date('2026-11-27T02:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('work-order steps', () => {
  it('goes 待接单 → 处理中 → 已反馈 → 已办结, with 退回 back to 处理中', () => {
    expect(step(1, 'accept', 'operator')).toEqual({ ok: true, state: 2 });
    expect(step(2, 'answer', 'operator')).toEqual({ ok: true, state: 3 });
    expect(step(3, 'return', 'regulator')).toEqual({ ok: true, state: 2 });
    expect(step(3, 'finish', 'regulator')).toEqual({ ok: true, state: 4 });
  });
  it('answering an order not yet accepted accepts it', () => {
    expect(step(1, 'answer', 'operator')).toEqual({ ok: true, state: 3 });
  });
  it('refuses an answer to a closed order with a message that says so', () => {
    expect(step(4, 'answer', 'operator')).toEqual({ ok: false, message: '工单已办结，不能再反馈' });
    expect(step(3, 'answer', 'operator')).toMatchObject({ ok: false, message: expect.stringContaining('被退回后可再次反馈') });
  });
  it('keeps each step to its side: an enterprise cannot close or return, a regulator cannot answer', () => {
    expect(step(3, 'finish', 'operator')).toEqual({ ok: false, message: '企业不能执行该操作' });
    expect(step(3, 'return', 'operator').ok).toBe(false);
    expect(step(1, 'answer', 'regulator')).toEqual({ ok: false, message: '该操作只能由企业执行' });
  });
  it('returns only answered orders; closes by itself from any open state', () => {
    expect(step(2, 'return', 'regulator')).toEqual({ ok: false, message: '只有已反馈的工单可以退回' });
    for (const s of [1, 2, 3] as const) expect(step(s, 'autoClose', 'system')).toEqual({ ok: true, state: 4 });
    expect(step(4, 'autoClose', 'system').ok).toBe(false);
  });
  it('is 已超时 when open and unanswered past its deadline, still answerable', () => {
    const o = { state: 1 as const, deadlineAt: at(30) };
    expect(isOverdue(o, at(30))).toBe(false);
    expect(isOverdue(o, at(31))).toBe(true);
    expect(stateLabel(o, at(31))).toBe('已超时');
    expect(stateLabel({ ...o, state: 3 }, at(31))).toBe('已反馈');
    expect(step(1, 'answer', 'operator').ok).toBe(true);
  });
  it('takes the site’s response minutes as deadline, else the type’s default', () => {
    expect(deadlineOf(1, t0, 45)).toEqual(at(45));
    expect(deadlineOf(1, t0, 0)).toEqual(at(30));
    expect(deadlineOf(4, t0)).toEqual(at(24 * 60));
  });
});

describe('dispatch orders', () => {
  const site = { capacity: 20, less: 20, more: 80 };
  it('is too full above more %, too empty below less % or at 0, in range between (both bounds included)', () => {
    expect(fillDirection({ ...site, num: 17 })).toBe('over');
    expect(fillDirection({ ...site, num: 16 })).toBeNull();
    expect(fillDirection({ ...site, num: 4 })).toBeNull();
    expect(fillDirection({ ...site, num: 3 })).toBe('under');
    expect(fillDirection({ ...site, num: 0, less: 0 })).toBe('under');
    expect(fillDirection({ ...site, num: 5, capacity: 0 })).toBeNull();
  });
  it('counts the bikes that bring it back in range', () => {
    expect(bikesToMove({ ...site, num: 23 }, 'over')).toBe(7);
    expect(bikesToMove({ ...site, num: 1 }, 'under')).toBe(3);
    // 15 × 30 % = 4.5: 5 bikes make the site in range
    expect(bikesToMove({ capacity: 15, less: 30, more: 80, num: 0 }, 'under')).toBe(5);
  });
  it('opens after five minutes out of range in one direction; a change of direction starts again', () => {
    let w = nextWatch(null, 'over', at(0));
    expect(sustained(w, at(4))).toBe(false);
    w = nextWatch(w, 'over', at(4));
    expect(sustained(w, at(5))).toBe(true);
    w = nextWatch(w, 'under', at(6));
    expect(w).toEqual({ direction: 'under', since: at(6) });
    expect(sustained(w, at(10))).toBe(false);
    expect(nextWatch(w, null, at(11))).toBeNull();
  });
  it('splits the bikes among enterprises in proportion, adding up to the total', () => {
    expect(
      shares(
        7,
        new Map([
          [1, 12],
          [2, 6],
          [3, 5],
        ]),
      ),
    ).toEqual(
      new Map([
        [1, 4],
        [2, 2],
        [3, 1],
      ]),
    );
    expect(
      shares(
        1,
        new Map([
          [2, 1],
          [1, 1],
        ]),
      ),
    ).toEqual(new Map([[1, 1]]));
    expect(shares(5, new Map([[1, 0]]))).toEqual(new Map());
    const big = shares(
      1000,
      new Map([
        [1, 3],
        [2, 3],
        [3, 3],
      ]),
    );
    expect([...big.values()].reduce((a, b) => a + b, 0)).toBe(1000);
  });
});

describe('alert orders', () => {
  it('groups by site, else by a cell of about 200 m', () => {
    expect(placeKey({ siteId: '1101080000001', lon: 116.3, lat: 39.9 })).toBe('site:1101080000001');
    const a = placeKey({ siteId: null, lon: 116.3001, lat: 39.9001 });
    expect(placeKey({ siteId: null, lon: 116.3009, lat: 39.9009 })).toBe(a);
    expect(placeKey({ siteId: null, lon: 116.3031, lat: 39.9001 })).not.toBe(a);
    expect(placeKey({ siteId: null, lon: null, lat: null })).toBe('area');
    expect(groupKey(3, '110108', 2, a)).toBe(`3|110108|2|${a}`);
  });
});

describe('measures per enterprise and period', () => {
  const order = (o: Partial<MeasuredOrder>): MeasuredOrder => ({
    createdAt: at(0),
    deadlineAt: at(30),
    answeredAt: null,
    closedAt: null,
    autoClosed: false,
    returns: 0,
    orderType: 1,
    ...o,
  });
  it('counts received, in time, median and 90th percentile minutes, returned and overdue', () => {
    const m = measureOrders(
      [
        order({ answeredAt: at(10) }),
        order({ answeredAt: at(20), returns: 1 }),
        order({ answeredAt: at(50) }),
        // a dispatch order closed by the site itself counts as answered when it closed
        order({ closedAt: at(25), autoClosed: true }),
        order({}),
      ],
      at(60),
    );
    expect(m).toEqual({
      received: 5,
      answered: 4,
      answeredInTime: 3,
      inTimeRate: 60,
      medianMinutes: 22.5,
      p90Minutes: 50,
      returned: 1,
      overdue: 1,
    });
  });
  it('counts an alert order that closed by itself (its alerts ended) as unanswered, a dispatch order as answered', () => {
    const closedAt = at(20);
    const m = measureOrders([order({ closedAt, autoClosed: true, orderType: 3 }), order({ closedAt, autoClosed: true, orderType: 2 })], at(60));
    expect(m).toMatchObject({ received: 2, answered: 1, answeredInTime: 1, medianMinutes: 20 });
  });
  it('has no rate or minutes without orders', () => {
    expect(measureOrders([], t0)).toMatchObject({ received: 0, inTimeRate: null, medianMinutes: null, p90Minutes: null });
  });
});
