/** Pile rules: a pile is in scope by its area (the area of its site); every id-addressed call checks it. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { formatTime, parseLocalTime } from '../../domain/time.js';
import { siteInReach } from '../../shared/sites.js';
import { timeRange } from '../../http/timeRange.js';
import { findPile, type PileRow } from '../../shared/piles.js';
import * as repo from './repo.js';
import type { Readings } from './schemas.js';

const MAC_RE = /^[0-9A-F]{2}(:?[0-9A-F]{2}){5}$/;
const MAX_RANGE_DAYS = 31;

/** The MAC as piles report it (upper case, as the open API stores it), or 400. */
function macOf(raw: string | undefined): string {
  const mac = (raw ?? '').trim().toUpperCase();
  if (!mac) throw badRequest('缺少参数 equipmentMac，请填写设备 MAC');
  if (!MAC_RE.test(mac)) throw badRequest('参数 equipmentMac 应为 MAC 地址，如 AA:BB:CC:DD:EE:FF');
  return mac;
}

/** `equipmentPower` of the to-do link: 'min-max' in percent (e.g. '0-10'). */
export function parsePowerRange(text: string): { min: number; max: number } {
  const m = /^\s*(\d{1,3})\s*-\s*(\d{1,3})\s*$/.exec(text);
  const min = m ? Number(m[1]) : NaN;
  const max = m ? Number(m[2]) : NaN;
  if (!m || min > max || max > 100) throw badRequest('参数 equipmentPower 应为“最小值-最大值”（0-100），如 0-10');
  return { min, max };
}

/** A pile the actor may see, or 400 / 5002. */
async function loadPile(database: Database, auth: Auth, rawMac: string | undefined) {
  const pile = await findPile(database, macOf(rawMac));
  if (!pile) throw notFound('设备');
  auth.assertArea(pile.areaId);
  return pile;
}

/** Registers a pile at a site (its area is the site's); a registered pile moves there. */
export async function registerPile(database: Database, auth: Auth, rawMac: string, siteId: string) {
  const mac = macOf(rawMac);
  const site = await siteInReach(database, auth, siteId);
  const existing = await findPile(database, mac);
  if (existing) {
    auth.assertArea(existing.areaId);
    if (existing.siteId === siteId) throw badRequest(`设备 ${mac} 已登记在该站点，无需重复登记`);
  }
  await repo.upsertPile(database, mac, site.siteId, site.areaId);
  return existing ? 'moved' : 'added';
}

export async function removePile(database: Database, auth: Auth, rawMac: string | undefined) {
  const pile = await loadPile(database, auth, rawMac);
  await repo.deletePile(database, pile.equipmentMac);
}

/** Power readings of a pile between two local times (at most 31 days; the end includes its second). */
export async function readingsBetween(database: Database, auth: Auth, q: { equipmentMac: string; startTime: string; endTime: string }, tz: string) {
  const pile = await loadPile(database, auth, q.equipmentMac);
  const { from, to } = timeRange(q, tz);
  if (!from) throw badRequest('缺少参数 startTime，请填写后重试');
  if (!to) throw badRequest('缺少参数 endTime，请填写后重试');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000 + 86_400_000) {
    throw badRequest(`查询时间跨度不能超过 ${MAX_RANGE_DAYS} 天，请缩小 startTime 与 endTime 的范围`);
  }
  return answer(pile, await repo.readings(database, pile.equipmentMac, from, to), tz);
}

/** Power readings of a pile on one local day (yyyy-MM-dd). */
export async function readingsOfDay(database: Database, auth: Auth, q: { equipmentMac: string; day: string }, tz: string) {
  const pile = await loadPile(database, auth, q.equipmentMac);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(q.day.trim());
  const from = m ? parseLocalTime(q.day.trim(), tz) : null;
  if (!m || !from || formatTime(from, tz)!.slice(0, 10) !== q.day.trim()) throw badRequest('参数 day 格式应为 yyyy-MM-dd，如 2024-05-01');
  const next = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + 1)).toISOString().slice(0, 10);
  const to = parseLocalTime(next, tz)!;
  return answer(pile, await repo.readings(database, pile.equipmentMac, from, to), tz);
}

function answer(pile: PileRow, rows: { at: Date; power: number }[], tz: string): Static<typeof Readings> {
  return {
    equipmentMac: pile.equipmentMac,
    siteId: pile.siteId,
    siteName: pile.siteName,
    lists: rows.map((r) => ({ time: formatTime(r.at, tz)!, power: r.power })),
    total: rows.length,
  };
}
