/** Queries of the field app (/api/field): what lies near the phone, and the records it sends, each stored once per (user, clientId). */
import type { Static } from 'typebox';
import type { Database, Query } from '../../db/client.js';
import type { ClockAnswer, Nearby } from './schemas.js';

/** A clock site as the app lists it (less the distance it measures), with the area and enterprise that say who may clock there. */
type ClockSiteRow = Omit<Static<typeof Nearby>['clockSites'][number], 'distance'> & { areaId: string; brandId: number | null };

const CLOCK_SITE = `select id, name, area_id as "areaId", brand_id as "brandId", lon, lat, radius from clock_sites`;

export async function clockSite(database: Database, id: number): Promise<ClockSiteRow | undefined> {
  const [row] = await database.query<ClockSiteRow>(`${CLOCK_SITE} where id = $1 and deleted_at is null`, [id]);
  return row;
}

/** The clock sites of the areas open to a user of `brandId` (those of no enterprise, and their enterprise's). */
export async function openClockSites(database: Database, areaIds: string[], brandId: number | null): Promise<ClockSiteRow[]> {
  return database.query<ClockSiteRow>(
    `${CLOCK_SITE} where deleted_at is null and area_id = any($1::varchar[]) and (brand_id is null or brand_id = $2::int) order by id limit 2000`,
    [areaIds, brandId],
  );
}

/** The sites of the areas nearest a point (GCJ-02), or the first ones without a point. */
export async function nearSites(database: Database, areaIds: string[], at: { lon: number; lat: number } | null, limit: number) {
  return database.query<{ siteId: string; siteName: string; lon: number; lat: number }>(
    `select id as "siteId", site_name as "siteName", lon, lat from sites
      where deleted_at is null and area_id = any($1::varchar[])
      order by ${at ? `(lon - $3) * (lon - $3) * 0.6 + (lat - $4) * (lat - $4)` : 'id'} limit $2`,
    at ? [areaIds, limit, at.lon, at.lat] : [areaIds, limit],
  );
}

export async function siteArea(database: Database, siteId: string): Promise<string | undefined> {
  const [row] = await database.query<{ areaId: string }>(`select area_id as "areaId" from sites where id = $1 and deleted_at is null`, [siteId]);
  return row?.areaId;
}

/** A bike by id or by its MAC: its enterprise and, where it was last seen, its area. */
export async function findBike(database: Database, by: { bikeId?: string; bikeMac?: string }) {
  const [row] = await database.query<{ bikeId: string; brandId: number; brandName: string; areaId: string | null }>(
    `select b.bike_id as "bikeId", b.brand_id as "brandId", br.brand_name as "brandName", l.area_id as "areaId"
       from bikes b left join bike_live l on l.bike_id = b.bike_id left join brands br on br.id = b.brand_id
      where ${by.bikeId ? 'b.bike_id = $1' : 'upper(b.bike_mac) = upper($1)'} limit 1`,
    [by.bikeId ?? by.bikeMac],
  );
  return row;
}

export async function brandExists(database: Database, brandId: number): Promise<boolean> {
  const rows = await database.query(`select 1 from brands where id = $1 and deleted_at is null`, [brandId]);
  return rows.length > 0;
}

export type FieldTable = 'clock_records' | 'patrol_records' | 'pile_installs' | 'site_applications' | 'violation_reports';

/** The record a user already sent under `clientId`, if any. */
export async function sentBefore(q: Query, table: FieldTable, userId: number, clientId: string): Promise<number | undefined> {
  const [row] = await q<{ id: string }>(`select id from ${table} where user_id = $1 and client_id = $2`, [userId, clientId]);
  return row ? Number(row.id) : undefined;
}

/**
 * Inserts a field record (`values`: column → value), once per (user, clientId): the id, or
 * undefined when the same record arrived meanwhile (the caller answers that one).
 */
async function insertOnce(q: Query, table: FieldTable, values: Record<string, unknown>): Promise<number | undefined> {
  const cols = Object.keys(values);
  const [row] = await q<{ id: string }>(
    `insert into ${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (user_id, client_id) do nothing returning id`,
    Object.values(values),
  );
  return row ? Number(row.id) : undefined;
}

/**
 * Stores a field record and what goes with it (`then`: its photos, a warning, the day figures) in
 * one transaction: the new id, or undefined when the same record arrived meanwhile (nothing else done).
 */
export async function storeRecord(
  database: Database,
  table: FieldTable,
  values: Record<string, unknown>,
  then: (q: Query, id: number) => Promise<void>,
): Promise<number | undefined> {
  return database.tx(async (q) => {
    const id = await insertOnce(q, table, values);
    if (id !== undefined) await then(q, id);
    return id;
  });
}

/** A clock as answered and listed: its window's two ends, its time as a Date and its site's name (the service makes window, clockTime, resultName). */
export type ClockRecordRow = Pick<Static<typeof ClockAnswer>, 'id' | 'result' | 'distance' | 'radius'> & {
  windowStart: string | null;
  windowEnd: string | null;
  at: Date;
  clockSiteName: string;
};

export async function clockRecord(database: Database, id: number): Promise<ClockRecordRow | undefined> {
  const [row] = await database.query<ClockRecordRow>(
    `select r.id::int as id, r.result, r.distance, r.radius, r.window_start as "windowStart", r.window_end as "windowEnd", r.at, s.name as "clockSiteName"
       from clock_records r join clock_sites s on s.id = r.clock_site_id where r.id = $1`,
    [id],
  );
  return row;
}

/** A user's clocks of a day, in order. */
export async function dayClocks(database: Database, userId: number, day: string) {
  return database.query<ClockRecordRow>(
    `select r.id::int as id, r.result, r.distance, r.radius, r.window_start as "windowStart", r.window_end as "windowEnd", r.at, s.name as "clockSiteName"
       from clock_records r join clock_sites s on s.id = r.clock_site_id where r.user_id = $1 and r.day = $2::date order by r.at`,
    [userId, day],
  );
}

/** A user's last records of every kind, newest first. */
export async function history(database: Database, userId: number, limit: number) {
  return database.query<{ kind: string; id: number; at: Date; title: string; state: number; note: string | null; siteId: string | null }>(
    `select * from (
       select 'clock' as kind, r.id::int as id, r.at, s.name as title, r.result as state, null::text as note, null::text as "siteId"
         from clock_records r join clock_sites s on s.id = r.clock_site_id where r.user_id = $1
       union all select 'patrol', id::int, at, coalesce(bike_id, bike_mac, ''), result, null, null from patrol_records where user_id = $1
       union all select 'install', id::int, at, mac || ' → ' || site_id, 0, null, site_id from pile_installs where user_id = $1
       union all select 'siteApply', id::int, at, name, state, reject_reason, site_id from site_applications where user_id = $1
       union all select 'report', id::int, at, left(text, 40), state, note, null from violation_reports where user_id = $1
     ) h order by at desc limit $2`,
    [userId, limit],
  );
}

/** May someone read a field record's photos: the record's author, or whoever sees its area (and enterprise). */
export async function recordScope(database: Database, table: FieldTable, id: number) {
  const [row] = await database.query<{ userId: number; areaId: string; brandId: number | null }>(
    `select user_id as "userId", area_id as "areaId", ${table === 'pile_installs' ? 'null::int' : 'brand_id'} as "brandId" from ${table} where id = $1`,
    [id],
  );
  return row;
}
