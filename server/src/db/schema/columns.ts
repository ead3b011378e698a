/** Column helpers shared by the schema files (not re-exported by the index: they are no tables). */
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
