/** The health check's query. */
import type { Database } from '../../db/client.js';

/** Throws when the database does not answer. */
export async function ping(database: Database): Promise<void> {
  await database.query('select 1');
}
