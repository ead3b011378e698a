/** Pile (设备) queries: piles per site, power readings. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { bandBounds, isLowPower, type PowerBand } from '../../domain/power.js';
import { formatTime } from '../../domain/time.js';
import { likeEscape } from '../../db/sql.js';
import type { DeviceSite } from './schemas.js';

type DevicePile = Static<typeof DeviceSite>['piles'][number];
/** A site's row with its piles: the list's fields but the piles' report times (JSON text) and the low-power flags. */
type DeviceSiteRow = Omit<Static<typeof DeviceSite>, 'lowPower' | 'piles'> & {
  piles: (Omit<DevicePile, 'lastSeenTime'> & { lastSeenAt: string | null })[];
};

/** Sites of the areas with their piles; `power` keeps sites having a pile with power in [min, max]. */
export async function listDeviceSites(
  database: Database,
  f: {
    areaIds: string[];
    siteName?: string;
    siteId?: string;
    power?: PowerBand;
    limit: number;
    offset: number;
  },
  tz: string,
) {
  const where = ['s.deleted_at is null', 's.area_id = any($1::text[])'];
  const params: unknown[] = [f.areaIds];
  const add = (clause: string, ...values: unknown[]) => {
    let c = clause;
    for (const v of values) {
      params.push(v);
      c = c.replace('?', `$${params.length}`);
    }
    where.push(c);
  };
  if (f.siteName) add('s.site_name ilike ?', `%${likeEscape(f.siteName)}%`);
  if (f.siteId) add('s.id like ?', `${likeEscape(f.siteId)}%`);
  if (f.power) {
    // the band of domain/power.ts: min ≤ power < max (100 included in the top band), as the to-do count
    const { min, below } = bandBounds(f.power);
    add('exists (select 1 from piles x where x.site_id = s.id and x.power >= ? and x.power < ?)', min, below);
  }
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from sites s where ${cond}`, params);
  const rows = await database.query<DeviceSiteRow>(
    `select s.id as "siteId", s.site_name as "siteName", s.area_id as "areaId", a.area_name as "areaName", s.ble_num as "bleNum",
            coalesce(pp.n, 0) as "pileNum", pp.min as "minPower", coalesce(pp.piles, '[]'::json) as piles
       from sites s
       join areas a on a.id = s.area_id
       left join lateral (
         select count(*)::int as n, min(p.power)::int as min,
                json_agg(json_build_object('equipmentMac', p.equipment_mac, 'power', p.power, 'lastSeenAt', p.last_seen_at)
                         order by p.power nulls last, p.equipment_mac) as piles
           from piles p where p.site_id = s.id) pp on true
      where ${cond} order by s.id limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.limit, f.offset],
  );
  return {
    lists: rows.map((r): Static<typeof DeviceSite> => ({
      ...r,
      lowPower: isLowPower(r.minPower),
      piles: r.piles.map((p) => ({
        equipmentMac: p.equipmentMac,
        power: p.power,
        lastSeenTime: formatTime(p.lastSeenAt, tz),
      })),
    })),
    total,
  };
}

/** Power readings of a pile in [from, to), oldest first (at most `limit`). */
export async function readings(database: Database, mac: string, from: Date, to: Date, limit = 20_000) {
  return database.query<{ at: Date; power: number }>(
    `select at, power from pile_power where equipment_mac = $1 and at >= $2 and at < $3 order by at limit $4`,
    [mac, from, to, limit],
  );
}

export async function upsertPile(database: Database, mac: string, siteId: string, areaId: string) {
  await database.query(
    `insert into piles (equipment_mac, site_id, area_id) values ($1, $2, $3)
     on conflict (equipment_mac) do update set site_id = excluded.site_id, area_id = excluded.area_id`,
    [mac, siteId, areaId],
  );
}

/** Deletes the pile and its power history in one statement. */
export async function deletePile(database: Database, mac: string) {
  await database.query(`with h as (delete from pile_power where equipment_mac = $1) delete from piles where equipment_mac = $1`, [mac]);
}
