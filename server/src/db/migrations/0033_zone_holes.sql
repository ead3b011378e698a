-- Holes of forbidden zones (issue 32 point 5): inner rings (closed, GCJ-02, each inside the fence) that are
-- not part of the zone; real zone files have them. Zones without holes hold an empty array.
ALTER TABLE "forbid_zones" ADD COLUMN "holes" jsonb DEFAULT '[]'::jsonb NOT NULL;
