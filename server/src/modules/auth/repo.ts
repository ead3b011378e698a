/** Login and session queries: the password hash is read only here and only for checking. */
import type { Database } from '../../db/client.js';

/** Internal: the login check's row (hash, wait), not a shape any response has. */
interface LoginRow {
  id: number;
  passwordHash: string;
  status: number;
  auditStatus: number;
  auditRemark: string | null;
  unavailableTime: Date | null;
  /** The account was waiting (back-off) when this attempt came: refuse it unchecked. */
  waiting: boolean;
  /** Seconds the account waits from now (after this attempt). */
  waitSeconds: number | null;
}

/**
 * Counts a login attempt on `username` in one statement (the row is locked, so parallel attempts
 * each count) and answers the account, or nothing for an unknown name. An attempt that comes while
 * the account waits is counted but does not move the wait; any other sets the wait that follows
 * if it fails (cleared by clearFailures on success).
 */
export async function countAttempt(database: Database, username: string, freeFailures: number, maxDelayS: number) {
  const [u] = await database.query<LoginRow>(
    `with prev as (
       select id, coalesce(locked_until > now(), false) as waiting from users where username = $1 for update
     )
     update users u set
       failed_logins = u.failed_logins + 1,
       locked_until = case
         when prev.waiting then u.locked_until
         when u.failed_logins + 1 >= $2
           then now() + make_interval(secs => least($3::float8, power(2::float8, least(u.failed_logins + 1 - $2, 16))))
         else null end
       from prev where u.id = prev.id
     returning u.id, u.password_hash as "passwordHash", u.status, u.audit_status as "auditStatus",
               u.audit_remark as "auditRemark", u.unavailable_time as "unavailableTime", prev.waiting,
               extract(epoch from (u.locked_until - now()))::float8 as "waitSeconds"`,
    [username, freeFailures, maxDelayS],
  );
  return u;
}

export async function clearFailures(database: Database, id: number) {
  await database.query('update users set failed_logins = 0, locked_until = null where id = $1', [id]);
}

export async function insertSession(database: Database, tokenHash: string, userId: number, ttlHours: number) {
  await database.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(hours => $3))`, [
    tokenHash,
    userId,
    ttlHours,
  ]);
}

export async function deleteExpiredSessions(database: Database, userId: number) {
  await database.query('delete from sessions where user_id = $1 and expires_at < now()', [userId]);
}

export async function deleteSession(database: Database, tokenHash: string) {
  await database.query('delete from sessions where token_hash = $1', [tokenHash]);
}

export async function findPasswordHash(database: Database, userId: number): Promise<string | undefined> {
  const [u] = await database.query<{ passwordHash: string }>('select password_hash as "passwordHash" from users where id = $1', [userId]);
  return u?.passwordHash;
}
