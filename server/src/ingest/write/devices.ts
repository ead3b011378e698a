/** Illegal devices (非法设备, abnormal type 2) flagged by pile scans. */
import type { Database } from '../../db/client.js';
import type { GeoCache } from '../../shared/geoCache.js';
import type { PileScan } from '../validate.js';
import { iso } from './common.js';

/** A scan placed at its site's area. */
export type PlacedScan = PileScan & { areaId: string };

/**
 * Illegal devices (非法设备, abnormal type 2): a device a pile flags `illegal: true` in what it heard.
 * One open message per device MAC (subject `device:<MAC>`), placed at the site of the newest scan
 * that flagged it and remembering that pile (brand from the bike MAC or MAC rule its name matches,
 * if any); a repeat refreshes it. It closes on a later scan (and none in the same batch flags it)
 * when the pile that flagged it last lists what it heard (`seen` given) without the device flagged,
 * or when any pile hears the device without flagging it. Another pile not hearing it says nothing
 * (it may be out of range), and scans without `seen` (power only) close nothing.
 */
export async function writeIllegalDevices(
  database: Database,
  geo: GeoCache,
  scans: PlacedScan[],
  matches: Map<string, { bikeId: string; brandId: number } | null>,
) {
  const listened = new Map<string, Date>(); // pile → its newest scan that listed what it heard
  const cleared = new Map<string, Date>(); // device → newest scan that heard it without flagging it
  const flagged = new Map<string, { mac: string; siteId: string; areaId: string; pile: string; name: string | null; at: Date }>();
  const newest = (m: Map<string, Date>, key: string, at: Date) => {
    const cur = m.get(key);
    if (!cur || cur < at) m.set(key, at);
  };
  for (const s of scans) {
    if (!s.seen) continue;
    newest(listened, s.equipmentMac, s.at);
    for (const x of s.seen) {
      if (!x.illegal) {
        newest(cleared, x.mac, s.at);
        continue;
      }
      const f = flagged.get(x.mac);
      if (!f || f.at < s.at)
        flagged.set(x.mac, {
          mac: x.mac,
          siteId: s.siteId,
          areaId: s.areaId,
          pile: s.equipmentMac,
          name: x.name,
          at: s.at,
        });
    }
  }
  if (!listened.size) return;
  // a device flagged anywhere in the batch stays open
  for (const mac of flagged.keys()) cleared.delete(mac);
  const devices = [...flagged.values()].sort((a, b) => (a.mac < b.mac ? -1 : 1));
  const piles = [...listened.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const heard = [...cleared.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  await database.query(
    `with f as (
       select * from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::float8[], $5::float8[], $6::int[], $7::text[], $8::timestamptz[], $9::varchar[])
         as f(mac, site_id, area_id, lon, lat, brand_id, detail, at, pile_mac)),
     fo as (
       insert into abnormal_messages as a (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at, pile_mac)
       select 2, brand_id, null, site_id, area_id, lon, lat, 'device:' || mac, detail, at, at, pile_mac from f
       on conflict (abnormal_type, subject) where closed_at is null do update set
         brand_id = coalesce(excluded.brand_id, a.brand_id), site_id = excluded.site_id, area_id = excluded.area_id,
         lon = excluded.lon, lat = excluded.lat, detail = excluded.detail, updated_at = excluded.updated_at, pile_mac = excluded.pile_mac
       where a.updated_at <= excluded.updated_at),
     -- what closes a device: its flagging pile listing without it, or any pile hearing it unflagged
     open as (
       select id, subject, pile_mac, updated_at from abnormal_messages
        where abnormal_type = 2 and closed_at is null and not (subject = any($14::varchar[]))),
     c as (
       select id, max(at) as at from (
         select o.id, l.at from open o join unnest($10::varchar[], $11::timestamptz[]) as l(pile, at) on o.pile_mac = l.pile
          where o.updated_at < l.at
         union all
         select o.id, h.at from open o join unnest($12::varchar[], $13::timestamptz[]) as h(mac, at) on o.subject = 'device:' || h.mac
          where o.updated_at < h.at) x
        group by id)
     update abnormal_messages a set closed_at = c.at, updated_at = c.at from c where a.id = c.id`,
    [
      devices.map((d) => d.mac),
      devices.map((d) => d.siteId),
      devices.map((d) => d.areaId),
      devices.map((d) => geo.site(d.siteId)?.lon ?? null),
      devices.map((d) => geo.site(d.siteId)?.lat ?? null),
      devices.map((d) => matches.get(`${d.siteId}|${d.mac}`)?.brandId ?? null),
      devices.map((d) => {
        const claimed = matches.get(`${d.siteId}|${d.mac}`)?.bikeId;
        return `蓝牙桩 ${d.pile} 发现非法设备 ${d.mac}${d.name ? `（名称 ${d.name}）` : ''}${claimed ? `，自称车辆 ${claimed}` : ''}`;
      }),
      devices.map((d) => iso(d.at)),
      devices.map((d) => d.pile),
      piles.map((x) => x[0]),
      piles.map((x) => iso(x[1])),
      heard.map((x) => x[0]),
      heard.map((x) => iso(x[1])),
      devices.map((d) => `device:${d.mac}`),
    ],
  );
}
