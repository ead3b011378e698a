/** Login and session queries: the password hash is read only here and only for checking. */
import type { Database } from '../../db/client.js';

export interface LoginRow {
  id: number;
  passwordHash: string;
  status: number;
  auditStatus: number;
  unavailableTime: Date | null;
  failedLogins: number;
  lockedUntil: Date | null;
}

export async function findLogin(database: Database, username: string): Promise<LoginRow | undefined> {
  const [u] = await database.query<LoginRow>(
    `select id, password_hash as "passwordHash", status, audit_status as "auditStatus",
            unavailable_time as "unavailableTime", failed_logins as "failedLogins", locked_until as "lockedUntil"
       from users where username = $1`,
    [username],
  );
  return u;
}

/** Locks the account for the given minutes and starts counting failures afresh. */
export async function lockAccount(database: Database, id: number, minutes: number) {
  await database.query(`update users set failed_logins = 0, locked_until = now() + interval '${minutes} minutes' where id = $1`, [
    id,
  ]);
}

export async function setFailures(database: Database, id: number, failures: number) {
  await database.query('update users set failed_logins = $2 where id = $1', [id, failures]);
}

export async function clearFailures(database: Database, id: number) {
  await database.query('update users set failed_logins = 0, locked_until = null where id = $1', [id]);
}

export async function insertSession(database: Database, tokenHash: string, userId: number, ttlHours: number) {
  await database.query(
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(hours => $3))`,
    [tokenHash, userId, ttlHours],
  );
}

export async function deleteExpiredSessions(database: Database, userId: number) {
  await database.query('delete from sessions where user_id = $1 and expires_at < now()', [userId]);
}

export async function deleteSession(database: Database, tokenHash: string) {
  await database.query('delete from sessions where token_hash = $1', [tokenHash]);
}

export async function findPasswordHash(database: Database, userId: number): Promise<string | undefined> {
  const [u] = await database.query<{ passwordHash: string }>('select password_hash as "passwordHash" from users where id = $1', [
    userId,
  ]);
  return u?.passwordHash;
}
