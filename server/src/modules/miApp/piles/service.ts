/**
 * 米单车管理's piles (issue 29 point 3), for regulators only (an enterprise account is refused, 5002):
 * the installs the field app records (who, when, where, MAC, photos) and the piles of the request's
 * areas reporting within the last PILE_SILENT_MINUTES (在线设备) or silent that long or never heard
 * (离线设备, with the last report and how long silent). The lists and exports are shared/piles.ts's,
 * as 设备管理's pile list.
 */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { forbidden } from '../../../http/envelope.js';
import { timeRange } from '../../../http/timeRange.js';
import { formatTime } from '../../../domain/time.js';
import { urlOf } from '../../../shared/uploads.js';
import { listPiles, pilePages, toPile, toSilentPile, type PileFilter } from '../../../shared/piles.js';
import * as repo from './repo.js';
import type { InstallItem } from './schemas.js';

/** Piles are the regulator's equipment: an enterprise account sees none of them. */
function assertRegulator(auth: Auth) {
  if (auth.brandLimit !== null) throw forbidden('企业账号不能查看设备安装与在线情况，请使用监管账号');
}

export function installFilterOf(
  auth: Auth,
  q: { areaId?: string; equipmentMac?: string; siteId?: string; miUserName?: string; startTime?: string; endTime?: string },
  tz: string,
): repo.InstallFilter {
  assertRegulator(auth);
  return {
    areaIds: auth.areasUnder(q.areaId),
    equipmentMac: q.equipmentMac?.trim() || undefined,
    siteId: q.siteId,
    miUserName: q.miUserName?.trim() || undefined,
    ...timeRange(q, tz),
  };
}

export function pileFilterOf(auth: Auth, q: { areaId?: string; equipmentMac?: string; siteId?: string }, heard: 'online' | 'silent'): PileFilter {
  assertRegulator(auth);
  return { areaIds: auth.areasUnder(q.areaId), equipmentMac: q.equipmentMac?.trim() || undefined, siteId: q.siteId, heard };
}

const toInstall = ({ at, photos, ...r }: repo.InstallRow, tz: string): Static<typeof InstallItem> => ({
  ...r,
  installTime: formatTime(at, tz)!,
  photos: (photos ?? []).map(urlOf),
});

export async function listInstalls(database: Database, f: repo.InstallFilter, page: { limit: number; offset: number }, tz: string) {
  const { lists, total } = await repo.listInstalls(database, f, page);
  return { lists: lists.map((r) => toInstall(r, tz)), total };
}

export async function* installExport(database: Database, f: repo.InstallFilter, tz: string) {
  for await (const page of repo.installPages(database, f)) yield page.map((r) => toInstall(r, tz));
}

export async function listLine(database: Database, f: PileFilter, page: { limit: number; offset: number }, tz: string, now = new Date()) {
  const { rows, total } = await listPiles(database, f, 'online', page, now);
  return { lists: rows.map((r) => toPile(r, tz)), total };
}

export async function listNoLine(database: Database, f: PileFilter, page: { limit: number; offset: number }, tz: string, now = new Date()) {
  const { rows, total } = await listPiles(database, f, 'silent', page, now);
  return { lists: rows.map((r) => toSilentPile(r, tz, now)), total };
}

export async function* lineExport(database: Database, f: PileFilter, tz: string, now = new Date()) {
  for await (const page of pilePages(database, f, 'online', now)) yield page.map((r) => toPile(r, tz));
}

export async function* noLineExport(database: Database, f: PileFilter, tz: string, now = new Date()) {
  for await (const page of pilePages(database, f, 'silent', now)) yield page.map((r) => toSilentPile(r, tz, now));
}
