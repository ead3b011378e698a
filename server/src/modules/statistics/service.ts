/** Statistics rules: who sees what (area scope, an enterprise user's own brand) and the shapes built from the counts. */
import type { Auth } from '../../http/auth.js';
import { badRequest } from '../../http/envelope.js';
import { formatTime, localDay } from '../../domain/time.js';
import type { AreaTree } from '../../domain/areas.js';
import { sharePercent } from '../../domain/numbers.js';
import { totalsOf, type BrandCount } from '../../shared/brandCounts.js';
import { dayWindow, windowOf, type Window } from './window.js';
import type { RankRow } from './rank.js';

/** An explicit area (`areaId`) checked against the user's reach (5002 outside it), with everything below it. */
export function scopeOfArea(auth: Auth, tree: AreaTree, areaId: string | undefined) {
  if (areaId === undefined) return auth.scope();
  auth.assertArea(areaId);
  return { areaIds: tree.descendants(areaId), brandId: auth.brandLimit };
}

export function rankData(w: Window, r: { rows: RankRow[]; total: number }, tz: string) {
  return {
    lists: r.rows,
    total: r.total,
    granularity: w.granularity,
    timeLabel: w.label,
    startTime: formatTime(w.from, tz)!,
    endTime: formatTime(w.to, tz)!,
  };
}

const percentFields = (r: BrandCount | ReturnType<typeof totalsOf>) => ({
  PutBikeNum: r.filedBikeNum,
  PutEBikeNum: r.filedEBikeNum,
  BrandBikeNum: r.onlineBikeNum,
  BrandEBikeNum: r.onlineEBikeNum,
  SiteBikeNum: r.siteBikeNum,
  SiteEBikeNum: r.siteEBikeNum,
});

const identity = (r: BrandCount) => ({ brandId: r.brandId, brandName: r.brandName, bikeColor: r.bikeColor, ebikeColor: r.ebikeColor });

/** Area totals and each brand's share of them (the ring charts). */
export function brandPercent(rows: BrandCount[]) {
  const t = percentFields(totalsOf(rows));
  return {
    ...t,
    lists: rows.map((r) => {
      const p = percentFields(r);
      return {
        ...identity(r),
        ...p,
        putBikePercent: sharePercent(p.PutBikeNum, t.PutBikeNum),
        putEBikePercent: sharePercent(p.PutEBikeNum, t.PutEBikeNum),
        brandBikePercent: sharePercent(p.BrandBikeNum, t.BrandBikeNum),
        brandEBikePercent: sharePercent(p.BrandEBikeNum, t.BrandEBikeNum),
        siteBikePercent: sharePercent(p.SiteBikeNum, t.SiteBikeNum),
        siteEBikePercent: sharePercent(p.SiteEBikeNum, t.SiteEBikeNum),
      };
    }),
  };
}

/** Each brand against itself: online ÷ filed, in sites ÷ online, filed ÷ approved. */
export function brandPercentNew(rows: BrandCount[]) {
  return {
    lists: rows.map((r) => ({
      ...identity(r),
      ...percentFields(r),
      bikeQuota: r.bikeQuota,
      ebikeQuota: r.ebikeQuota,
      bikeOnlineRate: sharePercent(r.onlineBikeNum, r.filedBikeNum),
      ebikeOnlineRate: sharePercent(r.onlineEBikeNum, r.filedEBikeNum),
      bikeInSiteRate: sharePercent(r.siteBikeNum, r.onlineBikeNum),
      ebikeInSiteRate: sharePercent(r.siteEBikeNum, r.onlineEBikeNum),
      bikeQuotaRate: sharePercent(r.filedBikeNum, r.bikeQuota),
      ebikeQuotaRate: sharePercent(r.filedEBikeNum, r.ebikeQuota),
    })),
    total: rows.length,
  };
}

/** Filing check: approved vs filed vs online per brand. */
export function areaVerify(rows: BrandCount[]) {
  return {
    lists: rows.map((r) => {
      const approved = r.bikeQuota + r.ebikeQuota;
      const filed = r.filedBikeNum + r.filedEBikeNum;
      return {
        ...identity(r),
        quantity_approved: approved,
        recorded_number: filed,
        onlineNum: r.onlineBikeNum + r.onlineEBikeNum,
        bikeQuota: r.bikeQuota,
        ebikeQuota: r.ebikeQuota,
        filedBikeNum: r.filedBikeNum,
        filedEBikeNum: r.filedEBikeNum,
        onlineBikeNum: r.onlineBikeNum,
        onlineEBikeNum: r.onlineEBikeNum,
        warn: Math.max(0, filed - approved),
        abnormal: r.illegalBikeNum + r.illegalEBikeNum,
      };
    }),
    total: rows.length,
  };
}

/** The day of `date`, or of year/month/day (all three), or today. */
export function dayOf(q: { date?: string; year?: number; month?: number; day?: number }, tz: string): Window {
  if (q.date?.trim()) return dayWindow(q.date, tz);
  if (q.year !== undefined || q.month !== undefined || q.day !== undefined) {
    if (q.year === undefined || q.month === undefined || q.day === undefined) {
      throw badRequest(`缺少参数 ${q.year === undefined ? 'year' : q.month === undefined ? 'month' : 'day'}：按日查询需给出年、月、日`);
    }
    return windowOf({ year: q.year, month: q.month, day: q.day }, tz);
  }
  return dayWindow(localDay(new Date(), tz), tz);
}

/** `brandIds` "1,2,3" → [1, 2, 3]; blank → null (all); anything else → 400. */
export function brandIdList(text: string | undefined): number[] | null {
  if (!text?.trim()) return null;
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^[1-9]\d{0,9}$/.test(p))) throw badRequest('参数 brandIds 应为逗号分隔的企业编号，如 1,2');
  return [...new Set(parts.map(Number))];
}
