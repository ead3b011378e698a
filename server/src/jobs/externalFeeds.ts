/**
 * Every minute: the external GBFS feeds read from a URL whose ttl has run out are fetched again
 * (shared/externalFeeds.ts); a failed fetch keeps the last good stations and records its reason.
 */
import type { JobContext } from './context.js';
import { refreshDueFeeds } from '../shared/externalFeeds.js';

export async function refreshExternalFeeds(ctx: JobContext, now: Date) {
  if (!ctx.gbfsImport) return null;
  return refreshDueFeeds(ctx.database, ctx.gbfsImport, now);
}
