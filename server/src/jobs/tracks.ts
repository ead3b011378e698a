/**
 * Ride tracks are kept for a while, not for ever: a busy city stores a few million positions a day
 * (ride_points), far more than the orders they draw. Once a day the positions older than
 * RIDE_TRACK_DAYS are deleted, in batches so that no statement holds the table long; the orders
 * themselves are kept, and an old order's track is then its rent and return points only.
 */
import type { JobContext } from './context.js';

/** Positions deleted per statement. */
const BATCH = 50_000;

/** Deletes the ride positions older than `ctx.rideTrackDays` days before `now` (none when unset or 0). */
export async function pruneRideTracks(ctx: JobContext, now: Date): Promise<{ deleted: number }> {
  const days = ctx.rideTrackDays ?? 0;
  if (days <= 0) return { deleted: 0 };
  const before = new Date(now.getTime() - days * 24 * 3600_000).toISOString();
  let deleted = 0;
  for (;;) {
    // the oldest positions first, found through ride_points_at_brin (migration 0020)
    const [row] = await ctx.database.query<{ n: number }>(
      `with gone as (
         delete from ride_points where ctid = any (array(select ctid from ride_points where at < $1 limit ${BATCH}))
         returning 1
       ) select count(*)::int as n from gone`,
      [before],
    );
    deleted += row.n;
    if (row.n < BATCH) return { deleted };
  }
}
