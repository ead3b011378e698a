/** Third-party key queries: the key itself never reaches the database, only its SHA-256 hash. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, insertSql, selectList, updateSql, type Columns } from '../../db/columns.js';
import { likeEscape } from '../../db/sql.js';
import type { KeyItem, KeyListQuery } from './schemas.js';

/** A key's row: the list's fields but its times, the phone not masked; its area's name missing when gone. */
export type KeyRow = Pick<Static<typeof KeyItem>, 'id' | 'name' | 'company' | 'phone' | 'areaId' | 'status' | 'keyPrefix' | 'creatorName'> & {
  areaName: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  lastUsedAt: Date | null;
};

/** What a key write stores: the holder's fields, and for a new key its hash, prefix and creator (the hash is never read). */
export type NewKey = Pick<KeyRow, 'name' | 'company' | 'phone' | 'areaId' | 'expiresAt' | 'status' | 'keyPrefix'> & { keyHash: string; creatorId: number };
export type KeyChange = Pick<NewKey, 'name' | 'company' | 'phone' | 'areaId' | 'expiresAt' | 'status'>;

/** A key's stored fields, by the API's key, and their columns of third_party_keys. */
const KEY_COLUMNS = {
  name: 'name',
  company: 'company',
  phone: 'phone',
  areaId: 'area_id',
  expiresAt: 'expires_at',
  status: 'status',
  keyHash: 'key_hash',
  keyPrefix: 'key_prefix',
  creatorId: 'creator_id',
} satisfies Columns<NewKey>;
const { keyHash: _hash, creatorId: _creator, ...READ } = KEY_COLUMNS;

const SELECT = `
  select k.id, ${selectList(READ, 'k')}, a.area_name as "areaName", c.name as "creatorName",
         k.created_at as "createdAt", k.updated_at as "updatedAt", k.last_used_at as "lastUsedAt"
    from third_party_keys k
    left join areas a on a.id = k.area_id
    left join users c on c.id = k.creator_id`;

/** The list's filters (KeyListQuery; state 0 enabled and not expired, 1 revoked, 2 enabled but expired), the scope and the page. */
export type KeyFilter = Omit<Static<typeof KeyListQuery>, 'selfAreaId' | 'currentPage' | 'pageSize'> & { areaIds: string[]; limit: number; offset: number };

export async function listKeys(database: Database, f: KeyFilter) {
  const where = ['k.area_id = any($1::varchar[])'];
  const params: unknown[] = [f.areaIds];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replaceAll('?', `$${params.length}`));
  };
  if (f.name) add('k.name ilike ?', `%${likeEscape(f.name)}%`);
  if (f.company) add('k.company ilike ?', `%${likeEscape(f.company)}%`);
  if (f.phone) add('k.phone like ?', `%${likeEscape(f.phone)}%`);
  if (f.state === 0) where.push('k.status = 0 and k.expires_at > now()');
  if (f.state === 1) where.push('k.status = 1');
  if (f.state === 2) where.push('k.status = 0 and k.expires_at <= now()');
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from third_party_keys k where ${cond}`, params);
  const rows = await database.query<KeyRow>(`${SELECT} where ${cond} order by k.id desc limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

export async function findKey(database: Database, id: number): Promise<KeyRow | undefined> {
  const [row] = await database.query<KeyRow>(`${SELECT} where k.id = $1`, [id]);
  return row;
}

export async function phoneExists(database: Database, phone: string, exceptId?: number) {
  return (await database.query('select 1 from third_party_keys where phone = $1 and id <> $2', [phone, exceptId ?? 0])).length > 0;
}

export async function insertKey(database: Database, k: NewKey) {
  const { text, params } = insertSql('third_party_keys', columnValues(KEY_COLUMNS, k), 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

export async function updateKey(database: Database, id: number, k: KeyChange) {
  const { text, params } = updateSql('third_party_keys', columnValues(KEY_COLUMNS, k), 'id = $1', [id], ['updated_at = now()']);
  await database.query(text, params);
}

export async function replaceKeyHash(database: Database, id: number, keyHash: string, keyPrefix: string) {
  const { text, params } = updateSql('third_party_keys', columnValues(KEY_COLUMNS, { keyHash, keyPrefix }), 'id = $1', [id], ['updated_at = now()']);
  await database.query(text, params);
}
