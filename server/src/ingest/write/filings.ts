/**
 * Bike withdrawals: the bikes table, and the legality of their live state. Filing (备案) itself is
 * shared with the console's spreadsheet import (shared/bikeFiling.ts writeFilings): one rule, one write.
 */
import type { Database } from '../../db/client.js';
import { foreignReason, ownersOf } from '../../shared/bikeOwners.js';
import type { Indexed, Rejection } from '../../shared/itemCheck.js';

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
