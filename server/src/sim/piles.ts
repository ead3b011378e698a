/** The piles' batteries: most drain slowly, a few fast; maintainers swap flat and low ones. */
import { Rng, deriveSeed } from './random.js';
import type { World } from './world.js';

const DAY = 24 * 3600_000;

export class Batteries {
  private readonly power: Float64Array;
  private readonly drain: Float64Array;
  private readonly rechargeAt: Float64Array;
  private readonly index: Map<string, number>;

  /** Levels and drain rates come from the world seed; `rng` decides when maintainers come. */
  constructor(
    world: World,
    private readonly rng: Rng,
    private at: number,
  ) {
    const r = new Rng(deriveSeed(world.seed, 'piles'));
    const macs = world.sites.flatMap((s) => s.piles);
    this.index = new Map(macs.map((m, i) => [m, i]));
    this.power = Float64Array.from(macs, () => r.range(25, 100));
    this.drain = Float64Array.from(macs, () => (r.chance(0.06) ? r.range(4, 9) : r.range(0.4, 1.2)));
    this.rechargeAt = new Float64Array(macs.length).fill(NaN);
  }

  /** Percent, as a pile reports it. */
  level(i: number): number {
    return Math.floor(this.power[i]);
  }

  /** Levels as the platform last saw them (a restart). */
  restore(rows: { equipmentMac: string; power: number | null }[]) {
    for (const r of rows) {
      const i = this.index.get(r.equipmentMac);
      if (i !== undefined && r.power !== null) this.power[i] = r.power;
    }
  }

  /** Drains up to time t; a flat battery (under 10 %) is swapped within 0.3-1.5 days, a low one (under 20 %) now and then on a round. */
  advance(t: number) {
    const days = (t - this.at) / DAY;
    if (days <= 0) return;
    this.at = t;
    for (let i = 0; i < this.power.length; i++) {
      if (!Number.isNaN(this.rechargeAt[i]) && t >= this.rechargeAt[i]) {
        this.power[i] = 100;
        this.rechargeAt[i] = NaN;
      }
      this.power[i] = Math.max(0, this.power[i] - this.drain[i] * days);
      if (this.power[i] < 20 && this.power[i] >= 10 && this.rng.chance(0.15 * days)) this.power[i] = 100;
      if (this.power[i] < 10 && Number.isNaN(this.rechargeAt[i])) this.rechargeAt[i] = t + this.rng.range(0.3, 1.5) * DAY;
    }
  }
}
