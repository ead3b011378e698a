-- The daily job deletes ride positions older than RIDE_TRACK_DAYS (jobs/tracks.ts). Positions are
-- written roughly in time order, so a BRIN index finds the old ones at little cost to ingest.
CREATE INDEX IF NOT EXISTS "ride_points_at_brin" ON "ride_points" USING brin ("at");
