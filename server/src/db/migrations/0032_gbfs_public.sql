-- 公开发布 (issue 32): an area whose GBFS feeds (/api/feed/v1/gbfs/{areaId}/) anyone may read without a
-- third-party key. Off by default: an area's feeds are read with a key of that area until it opts in.
ALTER TABLE "areas" ADD COLUMN "gbfs_public" boolean DEFAULT false NOT NULL;
