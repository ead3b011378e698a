/** 外部站点 queries: the feeds of areas, one feed's refresh facts, adding and deleting one. */
import type { Database } from '../../db/client.js';
import type { ExternalStation } from '../../domain/gbfsImport.js';

export interface FeedRow {
  id: number;
  areaId: string;
  areaName: string;
  name: string;
  source: 'url' | 'file';
  url: string | null;
  version: string;
  ttl: number;
  stationCount: number;
  bikes: number;
  docks: number;
  fetchedAt: Date;
  dataUpdatedAt: Date | null;
  nextFetchAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
}

const FEED_FIELDS = `f.id, f.area_id as "areaId", a.area_name as "areaName", f.name, f.source, f.url, f.version, f.ttl, f.station_count as "stationCount",
  f.fetched_at as "fetchedAt", f.data_updated_at as "dataUpdatedAt", f.next_fetch_at as "nextFetchAt", f.last_error as "lastError",
  f.last_error_at as "lastErrorAt", f.created_at as "createdAt"`;

/** The areas' feeds (name containing `namePattern`, ilike), newest first, paged; with their stations' available bikes and docks. */
export async function feedPage(database: Database, f: { areaIds: string[]; namePattern?: string; limit: number; offset: number }) {
  const params: unknown[] = [f.areaIds];
  let cond = 'f.area_id = any($1::varchar[])';
  if (f.namePattern) {
    params.push(f.namePattern);
    cond += ` and f.name ilike $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from external_feeds f where ${cond}`, params);
  const n = params.length;
  const rows = await database.query<FeedRow>(
    `select ${FEED_FIELDS},
            (select coalesce(sum((s->>'bikes')::int), 0)::int from jsonb_array_elements(f.stations) s) as bikes,
            (select coalesce(sum((s->>'docks')::int), 0)::int from jsonb_array_elements(f.stations) s) as docks
       from external_feeds f join areas a on a.id = f.area_id where ${cond} order by f.id desc limit $${n + 1} offset $${n + 2}`,
    [...params, f.limit, f.offset],
  );
  return { rows, total };
}

/** How many feeds an area has. */
export async function feedCount(database: Database, areaId: string): Promise<number> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from external_feeds where area_id = $1', [areaId]);
  return row.n;
}

/** The areas' feeds with their stations (the big screen's layer). */
export function layerFeeds(database: Database, areaIds: string[]) {
  return database.query<FeedRow & { stations: ExternalStation[] }>(
    `select ${FEED_FIELDS}, 0 as bikes, 0 as docks, f.stations from external_feeds f join areas a on a.id = f.area_id
      where f.area_id = any($1::varchar[]) order by f.id`,
    [areaIds],
  );
}

/** What a refresh needs of a feed. */
export async function feedOf(database: Database, id: number) {
  const [row] = await database.query<{ id: number; areaId: string; source: 'url' | 'file'; url: string | null }>(
    'select id, area_id as "areaId", source, url from external_feeds where id = $1',
    [id],
  );
  return row;
}

export interface NewFeed {
  areaId: string;
  name: string;
  source: 'url' | 'file';
  url: string | null;
  version: string;
  ttl: number;
  stations: ExternalStation[];
  dataUpdatedAt: string;
  fetchedAt: Date;
  nextFetchAt: Date | null;
  createdBy: number;
}

export async function insertFeed(database: Database, f: NewFeed): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `insert into external_feeds (area_id, name, source, url, version, ttl, stations, station_count, data_updated_at, fetched_at, next_fetch_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12) returning id`,
    [
      f.areaId,
      f.name,
      f.source,
      f.url,
      f.version,
      f.ttl,
      JSON.stringify(f.stations),
      f.stations.length,
      f.dataUpdatedAt,
      f.fetchedAt,
      f.nextFetchAt,
      f.createdBy,
    ],
  );
  return row.id;
}

/** The feed is due: the refresh job fetches it at its next run. */
export async function dueNow(database: Database, id: number): Promise<Date> {
  const [row] = await database.query<{ at: Date }>('update external_feeds set next_fetch_at = now() where id = $1 returning next_fetch_at as at', [id]);
  return row.at;
}

export async function deleteFeed(database: Database, id: number) {
  await database.query('delete from external_feeds where id = $1', [id]);
}
