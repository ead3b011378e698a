/**
 * Brand figures of an area (spec §3 Brand statistics): per brand and bike type the bikes online
 * (reported within STALE hours), in sites, filed and approved, with the brand's illegal bikes and
 * open alerts. The bike counts are the ones 运营统计 and the limits calls read (shared/brandCounts.ts:
 * brand_live_counts, counted by the minute snapshot, so as of the last snapshot, at most a minute
 * old, and equal on both screens); quotas and alerts are read live. The figures are cached per area
 * and snapshot: fresh while the snapshot has not moved and for at most a minute; when a computation
 * was slow (large areas) an older value is served for up to 10 minutes while one refresh runs in the
 * background.
 */
import type { Database } from '../../db/client.js';
import { brandsOf } from '../../shared/brands.js';
import { liveCountsByBrand } from '../../shared/brandCounts.js';
import * as repo from './repo.js';
import type { Versions } from './repo.js';

export interface BrandFigure {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
  /** [bicycles, e-bikes] */
  online: [number, number];
  site: [number, number];
  filed: [number, number];
  approved: [number, number];
  /** Illegal (never filed) bikes of the brand reported within STALE hours. */
  illegal: number;
  /** Open, unhandled alerts of the brand. */
  abnormal: number;
}

const pair = (): [number, number] => [0, 0];

async function computeFigures(database: Database, areaIds: string[]): Promise<BrandFigure[]> {
  const [brands, counts, quotas, alerts] = await Promise.all([
    brandsOf(database, areaIds),
    // online, illegal, in sites and filed (with the filed bikes that never reported, where their brand
    // is registered), as of the last snapshot
    liveCountsByBrand(database, areaIds),
    repo.quotasByBrand(database, areaIds),
    repo.openAlertsByBrand(database, areaIds),
  ]);
  const byId = new Map<number, BrandFigure>();
  for (const b of brands) {
    byId.set(b.brandId, {
      ...b,
      online: pair(),
      site: pair(),
      filed: pair(),
      approved: pair(),
      illegal: 0,
      abnormal: 0,
    });
  }
  // brands not of the area that still have bikes or alerts here show too
  const missing = new Set<number>();
  const get = (id: number) => {
    let f = byId.get(id);
    if (!f) {
      f = {
        brandId: id,
        brandName: '',
        bikeColor: '#f5c518',
        ebikeColor: '#1890ff',
        online: pair(),
        site: pair(),
        filed: pair(),
        approved: pair(),
        illegal: 0,
        abnormal: 0,
      };
      byId.set(id, f);
      missing.add(id);
    }
    return f;
  };
  for (const r of counts) {
    const f = get(r.brandId);
    f.online = [r.onlineBikeNum, r.onlineEBikeNum];
    f.site = [r.siteBikeNum, r.siteEBikeNum];
    f.filed = [r.filedBikeNum, r.filedEBikeNum];
    f.illegal = r.illegalBikeNum + r.illegalEBikeNum;
  }
  for (const r of quotas) get(r.brandId).approved = [r.bike, r.ebike];
  for (const r of alerts) get(r.brandId).abnormal += r.n;
  if (missing.size) {
    const rows = await repo.brandColours(database, [...missing]);
    for (const r of rows) Object.assign(byId.get(r.brandId)!, r);
  }
  const total = (f: BrandFigure) => f.online[0] + f.online[1];
  return [...byId.values()].sort((a, b) => total(b) - total(a) || a.brandId - b.brandId);
}

interface Entry {
  key: string;
  at: number;
  ms: number;
  value: BrandFigure[];
}

const FRESH_MS = 60_000;
const STALE_MS = 10 * 60_000;
/** A computation slower than this makes later misses serve the old value while refreshing. */
const SLOW_MS = 150;

export class FigureCache {
  private entries = new Map<string, Entry>();
  private running = new Map<string, Promise<Entry>>();

  constructor(private readonly database: Database) {}

  /** Figures of the areas (`scopeKey` names them: the request's area). */
  async get(scopeKey: string, areaIds: string[], v?: Versions): Promise<BrandFigure[]> {
    const key = (v ?? (await repo.versions(this.database))).snapshot;
    const e = this.entries.get(scopeKey);
    const age = e ? Date.now() - e.at : Infinity;
    if (e && e.key === key && age < FRESH_MS) return e.value;
    if (e && e.ms >= SLOW_MS && age < STALE_MS) {
      void this.refresh(scopeKey, areaIds, key).catch(() => {});
      return e.value;
    }
    return (await this.refresh(scopeKey, areaIds, key)).value;
  }

  private refresh(scopeKey: string, areaIds: string[], key: string): Promise<Entry> {
    let p = this.running.get(scopeKey);
    if (!p) {
      p = (async () => {
        const t = performance.now();
        const value = await computeFigures(this.database, areaIds);
        const entry = { key, at: Date.now(), ms: performance.now() - t, value };
        this.entries.set(scopeKey, entry);
        if (this.entries.size > 5000) this.entries.delete(this.entries.keys().next().value!);
        return entry;
      })().finally(() => this.running.delete(scopeKey));
      this.running.set(scopeKey, p);
    }
    return p;
  }
}
