/**
 * The demo operators' work-order desk (issue 27): each brand polls its open orders on the open API
 * about once a minute and answers them after a delay drawn from its own profile, so that the
 * measures differ for a reason one can see: 美团 answers almost all within about ten minutes, 哈啰
 * most within twenty, 青桔 (the third brand) fewer and slower, often past the deadline. An order sent
 * back (退回) is answered again. Only orders opened while the desk runs are answered: those the
 * back-fill opened in simulated history stay as they are (an operator does not answer last month).
 */
import type { OpenApiClient } from './client.js';
import { Rng, deriveSeed } from './random.js';

const MIN = 60_000;

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

interface OpenOrder {
  orderId: number;
  state: number;
  returns: number;
  createdAt: string;
  typeName: string;
  bikesToMove: number | null;
}

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
  /** order (and the round it was sent back) → when to answer; null: it will not be answered */
  private readonly due = new Map<string, number | null>();
  private nextPoll = 0;
  answered = 0;

  constructor(
    private readonly client: Pick<OpenApiClient, 'account' | 'get' | 'post'>,
    private readonly profile: DeskProfile,
    seed: number,
    private readonly since: number,
  ) {
    this.rng = new Rng(deriveSeed(seed, `desk:${client.account}`));
  }

  /** Polls (at most once a minute) and answers what is due at `now`. */
  async tick(now: number): Promise<void> {
    if (now < this.nextPoll) return;
    this.nextPoll = now + MIN;
    // the open orders changed since the desk started (the back-fill's history is left alone)
    const data = (await this.client.get(`/workOrders?state=open&limit=500&since=${this.since}`)) as { orders: OpenOrder[] } | undefined;
    for (const o of data?.orders ?? []) {
      if (Date.parse(o.createdAt) < this.since || o.state === 3) continue;
      const key = `${o.orderId}:${o.returns}`;
      if (!this.due.has(key)) {
        const answers = this.rng.chance(this.profile.answers);
        // log-normal around the median: most near it, a few far later
        const minutes = this.profile.medianMinutes * Math.exp(this.rng.range(-1, 1) * 0.8);
        this.due.set(key, answers ? now + minutes * MIN : null);
      }
      const at = this.due.get(key);
      if (at === null || at === undefined || at > now) continue;
      this.due.set(key, null);
      const text = TEXT[o.typeName] ?? '已处理';
      const r = await this.client.post('/workOrders/answer', {
        orderId: o.orderId,
        answerId: `demo-${o.orderId}-${o.returns}`,
        text: o.bikesToMove ? `${text}（${o.bikesToMove} 辆）` : text,
      });
      if (r.status === 200) this.answered++;
    }
  }
}
