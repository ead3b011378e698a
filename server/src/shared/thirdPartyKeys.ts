/**
 * Third-party keys (第三方授权) as the data feeds read them: the holder of a usable key (enabled,
 * not expired, checked by the database's clock) and the record of its last use (最近使用). Shared
 * by the key's own feed (modules/thirdParty) and the GBFS feeds (modules/gbfs). The key itself
 * never reaches the database, only its SHA-256 hash.
 */
import type { Database } from '../db/client.js';
import { hashToken } from '../domain/password.js';

export const KEY_PREFIX = 'tpk_';

export interface KeyHolder {
  id: number;
  name: string;
  company: string | null;
  areaId: string;
  /** null when the key's area is gone. */
  areaName: string | null;
  expiresAt: Date;
}

async function findUsableKey(database: Database, keyHash: string) {
  const [row] = await database.query<
    KeyHolder & {
      /** Recorded within the last minute: no need to record this use. */
      usedRecently: boolean;
    }
  >(
    `select k.id, k.name, k.company, k.area_id as "areaId", a.area_name as "areaName", k.expires_at as "expiresAt",
            coalesce(k.last_used_at > now() - interval '1 minute', false) as "usedRecently"
       from third_party_keys k left join areas a on a.id = k.area_id
      where k.key_hash = $1 and k.status = 0 and k.expires_at > now()`,
    [keyHash],
  );
  return row;
}

/**
 * Records a use of the key (最近使用), at most once a minute per key: the condition holds it on the
 * database's clock, so several processes answering the same key write one row a minute between them.
 */
async function touchKey(database: Database, id: number) {
  await database.query(
    `update third_party_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at <= now() - interval '1 minute')`,
    [id],
    'third_party_touch',
  );
}

/** The holder of a usable key (enabled, not expired), or undefined; records the use (throttled, a minute per key). */
export async function authenticateKey(database: Database, key: string): Promise<KeyHolder | undefined> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 128) return undefined;
  const holder = await findUsableKey(database, hashToken(key));
  if (holder && !holder.usedRecently) await touchKey(database, holder.id);
  if (!holder) return undefined;
  const { usedRecently: _recent, ...rest } = holder;
  return rest;
}
