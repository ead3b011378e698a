/**
 * The demo operators' work-order desk (issue 27): each brand polls the orders waiting for it on the
 * open API (state todo, paging by change time) about once a minute and answers them after a delay
 * drawn from its own profile, so that the measures differ for a reason one can see: 美团 answers
 * almost all within about ten minutes, 哈啰 most within twenty, 青桔 (the third brand) fewer and
 * slower, often past the deadline. Before answering it does the work in the city (`work`: trucks
 * take bikes from a full site, bring some to an empty one, collect the bikes an alert names), so a
 * dispatch order then closes by itself when the site is back in range. It accepts and answers in
 * one go, saying when it did each (acceptedAt, answeredAt): the back-fill runs the desks in
 * simulated time, so that a new demo shows a month of answered orders (answering only: an answer
 * accepts too, and half the calls keep the first start short). An order sent back (退回) is
 * answered again.
 */
import type { OpenApiClient } from './client.js';
import { Rng, deriveSeed } from './random.js';

const MIN = 60_000;
const PAGE = 500;

export interface DeskProfile {
  /** share of orders it answers at all */
  answers: number;
  /** median minutes to answer (the delay is log-normal around it) */
  medianMinutes: number;
}

/** By brand index: the first two answer well, the third noticeably worse. */
export const DESK_PROFILES: readonly DeskProfile[] = [
  { answers: 0.97, medianMinutes: 8 },
  { answers: 0.9, medianMinutes: 18 },
  { answers: 0.65, medianMinutes: 45 },
];

/** An order as the desk reads it from GET /workOrders. */
export interface DeskOrder {
  orderId: number;
  type: number;
  state: number;
  returns: number;
  createdAt: string;
  updatedAt: string;
  typeName: string;
  siteId: string | null;
  bikesToMove: number | null;
  bikeIds: string[];
}

/** What the operator does in the city for an order at `at` (the events are sent before it answers): the dispatches and bikes it moved. */
export type OrderWork = (order: DeskOrder, at: number) => Promise<{ dispatchIds: string[]; bikeIds: string[] }>;

const TEXT: Record<string, string> = {
  站点过满: '已派调度车调走多余车辆',
  站点过空: '已从周边调入车辆',
  站外还车: '已将车辆挪回站点',
  非法车辆: '已核实并回收车辆',
  违规停放: '已清理违规停放车辆',
  区域外停放: '已将车辆移回运营区域',
  故障车辆: '已回收维修',
};

export class OrderDesk {
  private readonly rng: Rng;
  /** orders waiting for the desk, by id: the round (returns) it was decided for and when to answer (null: it will not) */
  private readonly pending = new Map<number, { order: DeskOrder; round: number; due: number | null }>();
  /** where the last poll stopped (the last order's change time and id) */
  private cursor: { at: string; id: number };
  private nextPoll = 0;
  answered = 0;

  constructor(
    private readonly client: Pick<OpenApiClient, 'account' | 'get' | 'post'>,
    private readonly profile: DeskProfile,
    seed: number,
    /** orders changed before this are not looked at (ms) */
    since: number,
    private readonly work: OrderWork | null = null,
    /** accept before answering (the live city); the back-fill answers only (answering accepts too), half the calls */
    private readonly accepts = true,
  ) {
    this.rng = new Rng(deriveSeed(seed, `desk:${client.account}`));
    this.cursor = { at: new Date(since).toISOString(), id: 0 };
  }

  /** Polls (at most once a minute) and answers what is due at `now` (ms; simulated in the back-fill). */
  async tick(now: number): Promise<void> {
    if (now >= this.nextPoll) {
      this.nextPoll = now + MIN;
      await this.poll();
    }
    for (const [id, p] of this.pending) {
      if (p.due === null || p.due > now) continue;
      this.pending.delete(id);
      await this.answer(p.order, p.due);
    }
  }

  /** Reads every order changed since the cursor that waits for the desk, and decides when to answer the new ones. */
  private async poll() {
    for (;;) {
      const q = `state=todo&limit=${PAGE}&since=${encodeURIComponent(this.cursor.at)}&afterId=${this.cursor.id}`;
      const data = (await this.client.get(`/workOrders?${q}`)) as { orders: DeskOrder[] } | undefined;
      const orders = data?.orders ?? [];
      for (const o of orders) {
        const known = this.pending.get(o.orderId);
        if (known && known.round === o.returns) {
          known.order = o;
          continue;
        }
        // a new order, or one sent back: from when it was opened, or sent back
        const from = Date.parse(o.returns ? o.updatedAt : o.createdAt);
        const answers = this.rng.chance(this.profile.answers);
        // log-normal around the median: most near it, a few far later
        const minutes = this.profile.medianMinutes * Math.exp(this.rng.range(-1, 1) * 0.8);
        this.pending.set(o.orderId, { order: o, round: o.returns, due: answers ? from + minutes * MIN : null });
      }
      const last = orders[orders.length - 1];
      if (last) this.cursor = { at: last.updatedAt, id: last.orderId };
      if (orders.length < PAGE) return;
    }
  }

  private async answer(o: DeskOrder, at: number) {
    const moved = this.work ? await this.work(o, at) : { dispatchIds: [], bikeIds: [] };
    const opened = Date.parse(o.createdAt);
    if (o.state === 1 && this.accepts) {
      const acceptedAt = new Date(Math.max(opened, at - (at - opened) / 3)).toISOString();
      const r = await this.client.post('/workOrders/accept', { orderId: o.orderId, acceptedAt });
      if (r.status !== 200) return; // closed meanwhile (the site came back by itself)
    }
    const text = TEXT[o.typeName] ?? '已处理';
    const n = moved.bikeIds.length;
    const r = await this.client.post('/workOrders/answer', {
      orderId: o.orderId,
      answerId: `demo-${o.orderId}-${o.returns}`,
      text: n ? `${text}（${n} 辆）` : o.returns ? `${text}，已按要求补充处理` : text,
      answeredAt: new Date(at).toISOString(),
      ...(moved.dispatchIds.length ? { dispatchIds: moved.dispatchIds } : {}),
      ...(n ? { bikeIds: moved.bikeIds } : {}),
    });
    if (r.status === 200) this.answered++;
  }
}
