/**
 * Bike filing (备案), one set of rules for every way a brand files its bikes: the open API's
 * POST /bikes (ingest/routes.ts) and the console's spreadsheet import (modules/bikeFiling). The
 * item check and the write are the same code: a bike filed by either is the same row with the
 * same side effects.
 */
import type { Database } from '../db/client.js';
import { ownersOf } from './bikeOwners.js';
import { check, itemId, oneOf, optionalText, type Indexed, type Rejection } from './itemCheck.js';

export interface BikeFiling {
  bikeId: string;
  bikeType: 0 | 1;
  frameCode: string | null;
  imeiCode: string | null;
  licenseCode: string | null;
  bikeMac: string | null;
}

/** The fields of a filing with their limits (the open API's documentation and the spreadsheet's columns). */
const FILING_LIMITS = { bikeId: 32, frameCode: 64, imeiCode: 32, licenseCode: 32, bikeMac: 32 } as const;

export const checkFiling = (item: unknown) =>
  check<BikeFiling>(item, (r) => ({
    bikeId: itemId(r, 'bikeId', FILING_LIMITS.bikeId),
    bikeType: oneOf(r, 'bikeType', [0, 1] as const),
    frameCode: optionalText(r, 'frameCode', FILING_LIMITS.frameCode),
    imeiCode: optionalText(r, 'imeiCode', FILING_LIMITS.imeiCode),
    licenseCode: optionalText(r, 'licenseCode', FILING_LIMITS.licenseCode),
    bikeMac: optionalText(r, 'bikeMac', FILING_LIMITS.bikeMac)?.toUpperCase() ?? null,
  }));

/** The refusal of a bike another brand has filed. */
const filedByOtherReason = (bikeId: string) => `车辆 ${bikeId} 已由其他企业备案`;

/**
 * Files (or updates) `brandId`'s bikes: the bikes table, and the legality of their live state.
 * Answers the items refused because another brand filed the bike. Runs its statements on
 * `database` (a transaction's query when the caller holds one).
 */
export async function writeFilings(database: Pick<Database, 'query'>, brandId: number, items: Indexed<BikeFiling>[]) {
  const owners = await ownersOf(
    database,
    items.map((i) => i.value.bikeId),
  );
  const rejected: Rejection[] = [];
  const rows = new Map<string, BikeFiling>();
  for (const { index, value } of items) {
    const filed = owners.get(value.bikeId)?.filedBrand ?? null;
    if (filed !== null && filed !== brandId) {
      rejected.push({ index, id: value.bikeId, reason: filedByOtherReason(value.bikeId), forbidden: true });
      continue;
    }
    rows.set(value.bikeId, value);
  }
  const list = [...rows.values()].sort((a, b) => (a.bikeId < b.bikeId ? -1 : 1));
  if (list.length) {
    await database.query(
      `insert into bikes as b (bike_id, brand_id, bike_type, frame_code, imei_code, license_code, bike_mac)
       select u.id, $2, u.t, u.f, u.i, u.l, u.m
         from unnest($1::varchar[], $3::smallint[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[]) as u(id, t, f, i, l, m)
       on conflict (bike_id) do update set bike_type = excluded.bike_type, frame_code = excluded.frame_code,
         imei_code = excluded.imei_code, license_code = excluded.license_code, bike_mac = excluded.bike_mac,
         withdrawn_at = null, filed_at = case when b.withdrawn_at is null then b.filed_at else now() end
       where b.brand_id = $2`,
      [
        list.map((r) => r.bikeId),
        brandId,
        list.map((r) => r.bikeType),
        list.map((r) => r.frameCode),
        list.map((r) => r.imeiCode),
        list.map((r) => r.licenseCode),
        list.map((r) => r.bikeMac),
      ],
    );
    // a filed bike is legal from now on: its live state follows at once
    await database.query(
      `update bike_live l set legality = 0, bike_type = b.bike_type from bikes b
        where b.bike_id = l.bike_id and b.bike_id = any($1::varchar[]) and l.brand_id = $2 and l.legality = 1`,
      [list.map((r) => r.bikeId), brandId],
    );
  }
  return rejected;
}
