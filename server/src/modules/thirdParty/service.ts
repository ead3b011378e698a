/**
 * Third-party authorisation (第三方授权, issue 11): an outside party gets a read-only key for one
 * area and a validity period. The key is random (32 bytes, prefix tpk_), answered once (on
 * creation or an explicit reset) and stored only as its SHA-256 hash; revocation and expiry are
 * read from the database on every request, so they hold from the next one on.
 */
import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { hashToken } from '../../domain/password.js';
import { formatTime, parseLocalTime } from '../../domain/time.js';
import * as repo from './repo.js';
import { KEY_PREFIX } from '../../shared/thirdPartyKeys.js';
import type { KeyInput, KeyItem } from './schemas.js';

/** A new key, its hash and the prefix the list shows to tell keys apart. */
function newKey() {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashToken(key), keyPrefix: key.slice(0, 10) };
}

/** Spec §5 mask: the first 3 digits and the last 4, the middle four hidden. */
const maskPhone = (phone: string) => (phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/** The end of validity: a day (yyyy-MM-dd) means through that day; a time, that instant. */
function expiryOf(text: string, tz: string): Date {
  const t = text.trim();
  const d = parseLocalTime(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t} 23:59:59` : t, tz);
  if (!d) throw badRequest('参数 expireTime 格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss');
  return d;
}

async function loadOwned(database: Database, auth: Auth, id: number) {
  const k = await repo.findKey(database, id);
  if (!k) throw notFound('授权');
  auth.assertArea(k.areaId);
  return k;
}

/**
 * Creates (answering the key, once) or updates a key of the caller's area. Revocation is final for
 * its secret: re-enabling a revoked key (status 1 → 0) replaces the secret and answers the new one,
 * once, so that a leaked key that was revoked never comes back to life.
 */
export async function saveKey(database: Database, auth: Auth, input: KeyInput, tz: string): Promise<{ id: number; key: string | null }> {
  const old = input.id === undefined ? undefined : await loadOwned(database, auth, input.id);
  const name = input.name?.trim() ?? old?.name;
  if (blank(name)) throw badRequest('参数 name 不能为空');
  const phone = input.phone ?? old?.phone;
  if (!phone) throw badRequest('参数 phone 不能为空');
  const areaId = input.areaId ?? old?.areaId;
  if (!areaId) throw badRequest('参数 areaId 不能为空');
  auth.assertArea(areaId);
  if (input.expireTime === undefined && !old) throw badRequest('参数 expireTime 不能为空');
  const expiresAt = input.expireTime !== undefined ? expiryOf(input.expireTime, tz) : old!.expiresAt;
  if (input.expireTime !== undefined && expiresAt.getTime() <= Date.now()) throw badRequest('参数 expireTime 应晚于当前时间');
  if (await repo.phoneExists(database, phone, old?.id)) throw badRequest('参数 phone：该手机号已有授权');
  const company = input.company === undefined ? (old?.company ?? null) : blank(input.company) ? null : input.company!.trim();
  const status = input.status ?? old?.status ?? 0;
  const fields = { name: name!, company, phone, areaId, expiresAt, status };
  if (old) {
    // re-enabling: the secret is replaced before the key is enabled, so no failure between the two
    // writes can bring the revoked secret back
    const key = old.status === 1 && status === 0 ? newKey() : null;
    if (key) await repo.replaceKeyHash(database, old.id, key.keyHash, key.keyPrefix);
    await repo.updateKey(database, old.id, fields);
    return { id: old.id, key: key?.key ?? null };
  }
  const { key, keyHash, keyPrefix } = newKey();
  const id = await repo.insertKey(database, { ...fields, keyHash, keyPrefix, creatorId: auth.user.id });
  return { id, key };
}

/** Replaces a key: the old one stops working at once; the new one is answered once. */
export async function resetKey(database: Database, auth: Auth, id: number) {
  await loadOwned(database, auth, id);
  const { key, keyHash, keyPrefix } = newKey();
  await repo.replaceKeyHash(database, id, keyHash, keyPrefix);
  return key;
}

export async function listKeys(database: Database, auth: Auth, f: Omit<repo.KeyFilter, 'areaIds'>, tz: string) {
  const { rows, total } = await repo.listKeys(database, { ...f, areaIds: auth.scopeAreaIds() });
  const now = Date.now();
  const lists = rows.map((k): Static<typeof KeyItem> => ({
    id: k.id,
    name: k.name,
    company: k.company,
    phone: maskPhone(k.phone),
    areaId: k.areaId,
    areaName: k.areaName ?? '',
    expireTime: formatTime(k.expiresAt, tz) ?? '',
    status: k.status,
    expired: new Date(k.expiresAt).getTime() <= now,
    keyPrefix: k.keyPrefix,
    creatorName: k.creatorName,
    createTime: formatTime(k.createdAt, tz) ?? '',
    updateTime: formatTime(k.updatedAt, tz) ?? '',
    lastUseTime: formatTime(k.lastUsedAt, tz),
  }));
  return { lists, total };
}

export const phoneTaken = repo.phoneExists;
