/** Account writes the login and the user pages share. */
import type { Database } from '../db/client.js';
import { hashPassword } from '../domain/password.js';

/** Sets a user's password, clears their failed logins and lock, and ends their sessions. */
export async function setPassword(database: Database, userId: number, password: string) {
  await database.query('update users set password_hash = $2, failed_logins = 0, locked_until = null where id = $1', [userId, await hashPassword(password)]);
  await database.query('delete from sessions where user_id = $1', [userId]);
}
