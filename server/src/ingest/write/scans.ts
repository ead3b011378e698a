/**
 * Pile scans (蓝牙桩): the piles and their power, and what each pile heard (pile_sightings), matched
 * to bikes by MAC or by a brand's MAC rule; illegal devices follow (devices.ts).
 */
import type { Database } from '../../db/client.js';
import type { GeoCache } from '../../shared/geoCache.js';
import type { PileScan } from '../validate.js';
import { iso } from './common.js';
import { type Indexed, type Rejection } from '../../shared/itemCheck.js';
import { writeIllegalDevices, type PlacedScan } from './devices.js';
import { firstMatch, normalMac, type BikeIdRule, type RuleKind } from '../../domain/bikeIdRules.js';

export async function writeScans(database: Database, geo: GeoCache, gatewayId: number, items: Indexed<PileScan>[]) {
  const rejected: Rejection[] = [];
  const macs = [...new Set(items.map((i) => i.value.equipmentMac))];
  const existing = new Map(
    (
      await database.query<{ mac: string; gatewayId: number | null }>(
        `select equipment_mac as mac, gateway_id as "gatewayId" from piles where equipment_mac = any($1::varchar[])`,
        [macs],
      )
    ).map((r) => [r.mac, r.gatewayId]),
  );
  const ok: PlacedScan[] = [];
  for (const { index, value } of items) {
    const site = geo.site(value.siteId);
    if (!site) {
      rejected.push({ index, id: value.equipmentMac, reason: `站点 ${value.siteId} 不存在` });
      continue;
    }
    const owner = existing.get(value.equipmentMac);
    if (owner !== undefined && owner !== null && owner !== gatewayId) {
      rejected.push({
        index,
        id: value.equipmentMac,
        reason: `桩 ${value.equipmentMac} 属于其他网关，无权写入`,
        forbidden: true,
      });
      continue;
    }
    ok.push({ ...value, areaId: site.areaId });
  }
  if (!ok.length) return rejected;
  const latest = [...new Map([...ok].sort((a, b) => +a.at - +b.at).map((s) => [s.equipmentMac, s])).values()].sort((a, b) =>
    a.equipmentMac < b.equipmentMac ? -1 : 1,
  );
  await database.query(
    `insert into piles as p (equipment_mac, site_id, area_id, gateway_id, power, last_seen_at)
     select u.mac, u.site, u.area, $1::int, u.power, u.at
       from unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::smallint[], $6::timestamptz[]) as u(mac, site, area, power, at)
     on conflict (equipment_mac) do update set site_id = excluded.site_id, area_id = excluded.area_id,
       gateway_id = excluded.gateway_id, power = excluded.power, last_seen_at = excluded.last_seen_at
     where p.last_seen_at is null or p.last_seen_at < excluded.last_seen_at`,
    [
      gatewayId,
      latest.map((s) => s.equipmentMac),
      latest.map((s) => s.siteId),
      latest.map((s) => s.areaId),
      latest.map((s) => s.power),
      latest.map((s) => iso(s.at)),
    ],
  );
  await database.query(
    `insert into pile_power (equipment_mac, at, power) select * from unnest($1::varchar[], $2::timestamptz[], $3::smallint[])
     on conflict do nothing`,
    [ok.map((s) => s.equipmentMac), ok.map((s) => iso(s.at)), ok.map((s) => s.power)],
  );
  await writeSightings(database, geo, ok);
  return rejected;
}

type MacRule = BikeIdRule & { brandId: number; kind: RuleKind };

/**
 * BLE name (or MAC) → bikeId by an enterprise's rules (spec §3, domain/bikeIdRules.ts): the BLE-name
 * rules on the name first, then the MAC rules on the MAC; null when no rule fits.
 */
export function bikeIdFromName(
  name: string | null,
  rules: (BikeIdRule & { brandId: number; kind?: RuleKind })[],
  mac?: string,
): { bikeId: string; brandId: number } | null {
  const byName = firstMatch(
    rules.filter((r) => (r.kind ?? 1) === 1),
    name,
  );
  const m =
    byName ??
    (mac
      ? firstMatch(
          rules.filter((r) => r.kind === 2),
          normalMac(mac),
        )
      : null);
  return m && { bikeId: m.bikeId, brandId: m.brandId };
}

async function writeSightings(database: Database, geo: GeoCache, scans: PlacedScan[]) {
  const seen = new Map<string, { siteId: string; mac: string; name: string | null; areaId: string; at: Date; pile: string }>();
  for (const s of scans) {
    for (const x of s.seen ?? []) {
      const key = `${s.siteId}|${x.mac}`;
      const cur = seen.get(key);
      if (!cur || cur.at < s.at) seen.set(key, { siteId: s.siteId, mac: x.mac, name: x.name, areaId: s.areaId, at: s.at, pile: s.equipmentMac });
    }
  }
  const list = [...seen.values()].sort((a, b) => (`${a.siteId}|${a.mac}` < `${b.siteId}|${b.mac}` ? -1 : 1));
  const matches = new Map<string, { bikeId: string; brandId: number } | null>();
  if (list.length) {
    const byMac = new Map(
      (
        await database.query<{ mac: string; bikeId: string; brandId: number }>(
          `select bike_mac as mac, bike_id as "bikeId", brand_id as "brandId" from bikes where bike_mac = any($1::varchar[]) and withdrawn_at is null`,
          [[...new Set(list.map((s) => s.mac))]],
        )
      ).map((r) => [r.mac, r]),
    );
    const rules = list.some((s) => !byMac.has(s.mac))
      ? await database.query<MacRule>(
          `select kind, brand_id as "brandId", name_prefix as "namePrefix", name_length as "nameLength", bike_id_prefix as "bikeIdPrefix",
                  bike_id_length as "bikeIdLength", bike_id_extract_start as "bikeIdExtractStart", bike_id_extract_length as "bikeIdExtractLength"
             from mac_rules order by id`,
        )
      : [];
    const match = list.map((s) => byMac.get(s.mac) ?? bikeIdFromName(s.name, rules, s.mac));
    list.forEach((s, i) => matches.set(`${s.siteId}|${s.mac}`, match[i]));
    await database.query(
      `insert into pile_sightings as p (site_id, mac, name, bike_id, brand_id, area_id, at, equipment_mac)
       select * from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::varchar[], $7::timestamptz[], $8::varchar[])
       on conflict (site_id, mac) do update set name = excluded.name, bike_id = excluded.bike_id, brand_id = excluded.brand_id, at = excluded.at,
         equipment_mac = excluded.equipment_mac
       where p.at < excluded.at`,
      [
        list.map((s) => s.siteId),
        list.map((s) => s.mac),
        list.map((s) => s.name),
        match.map((m) => m?.bikeId ?? null),
        match.map((m) => m?.brandId ?? null),
        list.map((s) => s.areaId),
        list.map((s) => iso(s.at)),
        list.map((s) => s.pile),
      ],
    );
  }
  await writeIllegalDevices(database, geo, scans, matches);
}
