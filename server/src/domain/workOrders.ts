/**
 * Work orders (工单, issue 27): the rules as pure functions over plain values.
 * What the platform detects goes to the enterprise that must act, with a deadline, and comes back
 * with proof; every step is kept. The job, the open API and the console call these; nothing here
 * reads the database or the clock.
 */

/** Order types; codes are what the APIs send. */
export const ORDER_TYPES = {
  1: '站点过满',
  2: '站点过空',
  3: '站外还车',
  4: '非法车辆',
  5: '违规停放',
  6: '区域外停放',
  7: '故障车辆',
  8: '其他',
} as const;
export type OrderType = keyof typeof ORDER_TYPES;

/** The dispatch orders: opened and closed by the site's fill, not by alerts. */
export const DISPATCH_TYPES: readonly OrderType[] = [1, 2];

/** Alert type (domain/abnormal.ts ABNORMAL_TYPES: 1 站外还车, 7 非法车辆, 13 站外停放, 14 区域外停放, 5 故障车辆) → the order type its alerts are grouped into. */
export const ALERT_ORDER_TYPE: Readonly<Record<number, OrderType>> = { 1: 3, 7: 4, 13: 5, 14: 6, 5: 7 };

/** Minutes to answer when the site gives none (dispatch orders use the site's dispatchResponseMinute). */
const DEFAULT_DEADLINE_MINUTES: Readonly<Record<OrderType, number>> = {
  1: 30,
  2: 30,
  3: 120,
  4: 24 * 60,
  5: 120,
  6: 240,
  7: 24 * 60,
  8: 24 * 60,
};

/** A site out of range this many minutes in a row opens a dispatch order. */
const DISPATCH_SUSTAIN_MINUTES = 5;

/**
 * States: 1 待接单, 2 处理中, 3 已反馈, 4 已办结. 退回 moves an answered order back to 处理中 and is
 * counted; 已超时 is an open order (1 or 2) past its deadline: shown as such, still answerable.
 */
const ORDER_STATES = { 1: '待接单', 2: '处理中', 3: '已反馈', 4: '已办结' } as const;
export type OrderState = keyof typeof ORDER_STATES;

export type OrderAction = 'accept' | 'answer' | 'finish' | 'return' | 'autoClose';
export type Actor = 'operator' | 'regulator' | 'system';

/** Who may take which step, from which states. */
const STEPS: Readonly<Record<OrderAction, { actor: Actor; from: readonly OrderState[]; to: OrderState }>> = {
  accept: { actor: 'operator', from: [1], to: 2 },
  // answering an order not yet accepted accepts it
  answer: { actor: 'operator', from: [1, 2], to: 3 },
  // the regulator closes an answered order, or one it no longer needs (with a note)
  finish: { actor: 'regulator', from: [1, 2, 3], to: 4 },
  return: { actor: 'regulator', from: [3], to: 2 },
  autoClose: { actor: 'system', from: [1, 2, 3], to: 4 },
};

const REFUSED: Readonly<Record<OrderAction, string>> = {
  accept: '工单已接单或已结束，无需再次接单',
  answer: '工单已反馈或已办结，不能再反馈；被退回后可再次反馈',
  finish: '工单已办结',
  return: '只有已反馈的工单可以退回',
  autoClose: '工单已办结',
};

export type StepResult = { ok: true; state: OrderState } | { ok: false; message: string };

/** The state after `action` by `actor`, or why it is refused (Chinese, says what to do). */
export function step(state: OrderState, action: OrderAction, actor: Actor): StepResult {
  const rule = STEPS[action];
  if (rule.actor !== actor) return { ok: false, message: actor === 'operator' ? '企业不能执行该操作' : '该操作只能由企业执行' };
  if (state === 4) return { ok: false, message: action === 'answer' ? '工单已办结，不能再反馈' : REFUSED[action] };
  if (!rule.from.includes(state)) return { ok: false, message: REFUSED[action] };
  return { ok: true, state: rule.to };
}

/** An open order past its deadline that the enterprise has not answered (已超时). */
export function isOverdue(o: { state: OrderState; deadlineAt: Date }, now: Date): boolean {
  return (o.state === 1 || o.state === 2) && o.deadlineAt.getTime() < now.getTime();
}

/** The label a list shows: 已超时 for an overdue open order, else the state's name. */
export function stateLabel(o: { state: OrderState; deadlineAt: Date }, now: Date): string {
  return isOverdue(o, now) ? '已超时' : ORDER_STATES[o.state];
}

/** What a list shows of an order's state: its label (stateLabel) and whether it is overdue. */
export function stateShown(o: { state: OrderState; deadlineAt: Date }, now: Date): { stateName: string; overdue: boolean } {
  return { stateName: stateLabel(o, now), overdue: isOverdue(o, now) };
}

/** The deadline: the site's response minutes for a dispatch order (when positive), else the type's default. */
export function deadlineOf(type: OrderType, createdAt: Date, minutes?: number | null): Date {
  const m = minutes && minutes > 0 ? minutes : DEFAULT_DEADLINE_MINUTES[type];
  return new Date(createdAt.getTime() + m * 60_000);
}

// ---- dispatch orders: a site out of its thresholds ----

export type Direction = 'over' | 'under';

export interface SiteFill {
  /** parked bikes in the site now */
  num: number;
  capacity: number;
  /** percent of capacity under which the site is too empty (dispatchThresholdLess) */
  less: number;
  /** percent of capacity over which the site is too full (dispatchThresholdMore) */
  more: number;
}

/**
 * Too full (num above more % of capacity), too empty (below less %, or no bike at all), or in range.
 * A site without capacity has no range (null).
 */
export function fillDirection(s: SiteFill): Direction | null {
  if (s.capacity <= 0) return null;
  if (s.num * 100 > s.capacity * s.more) return 'over';
  if (s.num === 0 || s.num * 100 < s.capacity * s.less) return 'under';
  return null;
}

/** How many bikes bring the site back in range: taken away (over) or brought (under). */
export function bikesToMove(s: SiteFill, direction: Direction): number {
  if (direction === 'over') return Math.max(1, s.num - Math.floor((s.capacity * s.more) / 100));
  return Math.max(1, Math.ceil((s.capacity * s.less) / 100) - s.num);
}

/** Since when a site has been out of range in one direction (kept between runs). */
export interface Watch {
  direction: Direction;
  since: Date;
}

/** The watch after this run: kept while the direction holds, restarted when it changes, gone in range. */
export function nextWatch(prev: Watch | null, direction: Direction | null, now: Date): Watch | null {
  if (!direction) return null;
  if (prev && prev.direction === direction) return prev;
  return { direction, since: now };
}

/** Out of range long enough to open an order. */
export function sustained(w: Watch | null, now: Date, minutes: number = DISPATCH_SUSTAIN_MINUTES): boolean {
  return !!w && now.getTime() - w.since.getTime() >= minutes * 60_000;
}

/**
 * `total` bikes split among enterprises in proportion to their weights, by largest remainder (the
 * parts add up to total; ties go to the smaller id); enterprises with no part are left out.
 */
export function shares(total: number, weights: ReadonlyMap<number, number>): Map<number, number> {
  const entries = [...weights].filter(([, w]) => w > 0).sort((a, b) => a[0] - b[0]);
  const sum = entries.reduce((t, [, w]) => t + w, 0);
  const out = new Map<number, number>();
  if (total <= 0 || sum <= 0) return out;
  const parts = entries.map(([id, w]) => {
    const exact = (total * w) / sum;
    return { id, n: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = total - parts.reduce((t, p) => t + p.n, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.id - b.id)) {
    if (left <= 0) break;
    p.n++;
    left--;
  }
  for (const p of parts) if (p.n > 0) out.set(p.id, p.n);
  return out;
}

// ---- alert orders: grouped per enterprise and place ----

/** About 200 m: alerts without a site are grouped by this grid cell. */
const CELL_DEGREES = 0.002;

export interface AlertPlace {
  siteId: string | null;
  lon: number | null;
  lat: number | null;
}

/** The place an alert belongs to: its site, else its grid cell of about 200 m, else the area. */
export function placeKey(a: AlertPlace): string {
  if (a.siteId) return `site:${a.siteId}`;
  if (a.lon !== null && a.lat !== null && Number.isFinite(a.lon) && Number.isFinite(a.lat))
    return `cell:${Math.floor(a.lon / CELL_DEGREES)}:${Math.floor(a.lat / CELL_DEGREES)}`;
  return 'area';
}

/** The open order an alert joins: one per order type, area, enterprise and place. */
export function groupKey(type: OrderType, areaId: string, brandId: number, place: string): string {
  return `${type}|${areaId}|${brandId}|${place}`;
}

// ---- measures per enterprise and period (rating evaluation) ----

export interface MeasuredOrder {
  createdAt: Date;
  deadlineAt: Date;
  /** the enterprise's first answer */
  answeredAt: Date | null;
  /** when it was closed, and whether by the site coming back in range */
  closedAt: Date | null;
  autoClosed: boolean;
  returns: number;
  orderType: OrderType;
}

export interface OrderMeasures {
  received: number;
  /** answered (or, for a dispatch order, the site back in range: the enterprise moved its bikes) */
  answered: number;
  answeredInTime: number;
  /** answeredInTime ÷ received, percent with one decimal; null without orders */
  inTimeRate: number | null;
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** orders returned at least once */
  returned: number;
  /** still unanswered past the deadline at `now` */
  overdue: number;
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The median: the middle value, or the mean of the two middle ones. */
function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (!n) return null;
  return n % 2 ? sorted[(n - 1) / 2] : Math.round(((sorted[n / 2 - 1] + sorted[n / 2]) / 2) * 10) / 10;
}

/**
 * When the enterprise's response counts: its answer, or a dispatch order closed by the site coming
 * back in range (the bikes were moved). An alert order that closed by itself (the alerts ended, or a
 * regulator handled them) was not answered by the enterprise and counts as unanswered.
 */
function respondedAt(o: MeasuredOrder): Date | null {
  return o.answeredAt ?? (o.autoClosed && DISPATCH_TYPES.includes(o.orderType) ? o.closedAt : null);
}

/** Received, answered in time, median and 90th-percentile response minutes, returned. */
export function measureOrders(orders: readonly MeasuredOrder[], now: Date): OrderMeasures {
  const minutes: number[] = [];
  let answeredInTime = 0;
  let overdue = 0;
  for (const o of orders) {
    const at = respondedAt(o);
    if (at) {
      minutes.push(Math.round(((at.getTime() - o.createdAt.getTime()) / 60_000) * 10) / 10);
      if (at.getTime() <= o.deadlineAt.getTime()) answeredInTime++;
    } else if (!o.closedAt && o.deadlineAt.getTime() < now.getTime()) overdue++;
  }
  minutes.sort((a, b) => a - b);
  return {
    received: orders.length,
    answered: minutes.length,
    answeredInTime,
    inTimeRate: orders.length ? Math.round((answeredInTime / orders.length) * 1000) / 10 : null,
    medianMinutes: median(minutes),
    p90Minutes: percentile(minutes, 90),
    returned: orders.filter((o) => o.returns > 0).length,
    overdue,
  };
}
