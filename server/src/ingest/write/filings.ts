/** Bike filings (备案) and withdrawals: the bikes table, and the legality of their live state. */
import type { Database } from '../../db/client.js';
import type { BikeFiling } from '../validate.js';
import { foreignReason, ownersOf } from '../owners.js';
import type { Indexed, Rejection } from './common.js';

export async function writeFilings(database: Database, brandId: number, items: Indexed<BikeFiling>[]) {
  const owners = await ownersOf(
    database,
    items.map((i) => i.value.bikeId),
  );
  const rejected: Rejection[] = [];
  const rows = new Map<string, BikeFiling>();
  for (const { index, value } of items) {
    const filed = owners.get(value.bikeId)?.filedBrand ?? null;
    if (filed !== null && filed !== brandId) {
      rejected.push({ index, id: value.bikeId, reason: `车辆 ${value.bikeId} 已由其他企业备案`, forbidden: true });
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

export async function writeWithdrawals(database: Database, brandId: number, items: Indexed<{ bikeId: string }>[]) {
  const owners = await ownersOf(
    database,
    items.map((i) => i.value.bikeId),
  );
  const rejected: Rejection[] = [];
  const ids: string[] = [];
  for (const { index, value } of items) {
    const filed = owners.get(value.bikeId)?.filedBrand ?? null;
    if (filed !== null && filed !== brandId) rejected.push({ index, id: value.bikeId, reason: foreignReason(value.bikeId), forbidden: true });
    else ids.push(value.bikeId);
  }
  if (ids.length) {
    await database.query(`update bikes set withdrawn_at = now() where bike_id = any($1::varchar[]) and brand_id = $2 and withdrawn_at is null`, [ids, brandId]);
    await database.query(`update bike_live set legality = 1 where bike_id = any($1::varchar[]) and brand_id = $2`, [ids, brandId]);
  }
  return rejected;
}
