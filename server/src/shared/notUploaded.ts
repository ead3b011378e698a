/**
 * Bikes the piles hear but their operator does not report (issue 29 point 4, field work): what the piles heard in the last MATCH_WINDOW_HOURS, run through the enterprises' rules
 * (domain/bikeIdRules.ts: kind 1 the BLE name, 2 the MAC), kept in not_uploaded_bikes when no report
 * of the bike came from NOT_UPLOADED_HOURS before it was heard. 米单车管理 runs it on demand
 * (PUT /api/miApp/bikeNotUploadMatch, bikeNotUploadMacMatch), the hourly job over every area; the
 * coming rating reads notUploadedByBrand.
 */
import type { Database } from '../db/client.js';
import { AREA_SET } from '../db/sql.js';
import { NOT_UPLOADED_HOURS, firstMatch, ruleInput, type BikeIdRule, type RuleKind } from '../domain/bikeIdRules.js';

/** A match run on demand reads what was heard in the last this many hours. */
export const MATCH_WINDOW_HOURS = 24;
/** The hourly job reads the last two hours (one hour and its overlap): older sightings were its earlier runs'. */
export const JOB_WINDOW_HOURS = 2;

export type RuleRow = BikeIdRule & { id: number; kind: number; brandId: number; brandName: string; updatedAt: Date };

export const RULE_COLS = `r.id, r.kind, r.brand_id as "brandId", b.brand_name as "brandName", r.name_prefix as "namePrefix", r.name_length as "nameLength",
  r.bike_id_prefix as "bikeIdPrefix", r.bike_id_length as "bikeIdLength", r.bike_id_extract_start as "bikeIdExtractStart",
  r.bike_id_extract_length as "bikeIdExtractLength", r.updated_at as "updatedAt"`;

/** The rules of one kind in matching order (the enterprise's own only when given). */
export function rulesOf(database: Database, kind: RuleKind, brandId: number | null) {
  return database.query<RuleRow>(
    `select ${RULE_COLS} from mac_rules r join brands b on b.id = r.brand_id
      where r.kind = $1 and b.deleted_at is null and ($2::int is null or r.brand_id = $2) order by r.id`,
    [kind, brandId],
  );
}

export interface Heard {
  siteId: string;
  siteName: string | null;
  mac: string;
  name: string | null;
  equipmentMac: string | null;
  areaId: string;
  at: Date;
}

/**
 * What the piles of the areas heard since `since`, oldest first. `unreported`: without the sightings
 * the ingest already knew as a bike (by its filed MAC or a rule, pile_sightings.bike_id) whose
 * operator reported it from NOT_UPLOADED_HOURS before: they cannot be misses, and they are nearly all
 * of them (a match over 10,000 sightings took 0.5-1 s on PGlite without this).
 */
export function heardSince(database: Database, areaIds: string[] | null, since: Date, unreported = false) {
  const skip = unreported
    ? `and not exists (select 1 from bike_live l where l.bike_id = p.bike_id and l.brand_id = p.brand_id
                        and l.reported_at >= p.at - make_interval(hours => ${NOT_UPLOADED_HOURS}))`
    : '';
  return database.query<Heard>(
    `select p.site_id as "siteId", s.site_name as "siteName", p.mac, p.name, p.equipment_mac as "equipmentMac", p.area_id as "areaId", p.at
       from pile_sightings p left join sites s on s.id = p.site_id
      where ($1::text[] is null or p.area_id in ${AREA_SET.replace('?', '$1')}) and p.at >= $2 ${skip} order by p.at, p.site_id, p.mac`,
    [areaIds, since.toISOString()],
  );
}

/** Of the (bike, enterprise, heard at) given, the indexes whose operator reported the bike from `hours` before it was heard on. */
async function reported(database: Database, rows: { bikeId: string; brandId: number; at: Date }[], hours: number): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const hit = await database.query<{ i: number }>(
    `select u.i::int as i from unnest($1::varchar[], $2::int[], $3::timestamptz[]) with ordinality as u(bike, brand, at, i)
       join bike_live l on l.bike_id = u.bike and l.brand_id = u.brand
      where l.reported_at >= u.at - make_interval(hours => $4::int)`,
    [rows.map((r) => r.bikeId), rows.map((r) => r.brandId), rows.map((r) => r.at.toISOString()), hours],
  );
  return new Set(hit.map((h) => h.i - 1));
}

export interface Found {
  brandId: number;
  bikeId: string;
  heard: Heard;
}

/**
 * Keeps the matched bikes: a new one once per kind, enterprise, bike and site; one kept before whose
 * sighting is newer gets its last time, MAC, pile and one more count.
 */
async function upsertNotUploaded(database: Database, kind: RuleKind, found: Found[]) {
  if (!found.length) return;
  await database.query(
    `insert into not_uploaded_bikes as n (kind, brand_id, bike_id, mac, name, equipment_mac, site_id, area_id, first_heard_at, last_heard_at)
     select $1::smallint, u.brand, u.bike, u.mac, u.name, u.pile, u.site, u.area, u.at, u.at
       from unnest($2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::timestamptz[])
            as u(brand, bike, mac, name, pile, site, area, at)
     on conflict (kind, brand_id, bike_id, site_id) do update set mac = excluded.mac, name = excluded.name, equipment_mac = excluded.equipment_mac,
        area_id = excluded.area_id, last_heard_at = excluded.last_heard_at, count = n.count + 1, matched_at = now()
      where n.last_heard_at < excluded.last_heard_at`,
    [
      kind,
      found.map((f) => f.brandId),
      found.map((f) => f.bikeId),
      found.map((f) => f.heard.mac),
      found.map((f) => f.heard.name),
      found.map((f) => f.heard.equipmentMac),
      found.map((f) => f.heard.siteId),
      found.map((f) => f.heard.areaId),
      found.map((f) => f.heard.at.toISOString()),
    ],
  );
}

/** Each sighting the rules give a bike id for, with the index of the sighting; ordered as heard. */
export function applyRules(kind: RuleKind, rules: readonly (BikeIdRule & { brandId: number })[], heard: readonly Heard[]) {
  const out: Found[] = [];
  for (const h of heard) {
    const m = firstMatch(rules, ruleInput(kind, h));
    if (m) out.push({ brandId: m.brandId, bikeId: m.bikeId, heard: h });
  }
  return out;
}

/** The matched sightings whose operator sent no report of the bike from NOT_UPLOADED_HOURS before it was heard. */
export async function notReported(database: Database, found: Found[]) {
  const hit = await reported(
    database,
    found.map((f) => ({ bikeId: f.bikeId, brandId: f.brandId, at: f.heard.at })),
    NOT_UPLOADED_HOURS,
  );
  return found.filter((_, i) => !hit.has(i));
}

/**
 * One match run of one kind: the sightings of the areas (null: every area) in the last
 * `windowHours` (the job: JOB_WINDOW_HOURS) through the rules (one enterprise's only when given); the unreported ones kept.
 */
export async function runMatch(
  database: Database,
  kind: RuleKind,
  areaIds: string[] | null,
  brandId: number | null,
  now = new Date(),
  windowHours = MATCH_WINDOW_HOURS,
) {
  const rules = await rulesOf(database, kind, brandId);
  const since = new Date(now.getTime() - windowHours * 3_600_000);
  const heard = rules.length ? await heardSince(database, areaIds, since, true) : [];
  const found = applyRules(kind, rules, heard);
  const missing = await notReported(database, found);
  await upsertNotUploaded(database, kind, missing);
  return { heard: heard.length, matched: found.length, notUploaded: missing.length };
}

/**
 * The matched bikes not uploaded per enterprise and area, last heard in [from, to) (both kinds, a
 * bike counted once per area): the evidence the rating of an operator's data access reads. Reads only.
 */
export function notUploadedByBrand(database: Database, q: { areaIds: string[]; from: Date; to: Date; brandId?: number }) {
  return database.query<{ brandId: number; areaId: string; count: number }>(
    `select brand_id as "brandId", area_id as "areaId", count(distinct bike_id)::int as count from not_uploaded_bikes
      where area_id in ${AREA_SET.replace('?', '$1')} and last_heard_at >= $2 and last_heard_at < $3 and ($4::int is null or brand_id = $4)
      group by 1, 2 order by 1, 2`,
    [q.areaIds, q.from.toISOString(), q.to.toISOString(), q.brandId ?? null],
  );
}
