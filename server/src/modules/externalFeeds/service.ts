/**
 * 外部站点 (区域设置, issue 32 point 4): a regulator adds another system's GBFS stations to its area,
 * from a discovery URL (fetched now, then again by its ttl: jobs/externalFeeds.ts) or from a
 * station_information + station_status pair of files. Whatever is refused says why, naming the field
 * (domain/gbfsImport.ts). The feeds of an area and of the areas below it are its own to list, refresh
 * and delete; the big screen draws them read-only beside the sites.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { parseJsonText, readStations, refreshSeconds, type ImportedStations } from '../../domain/gbfsImport.js';
import { formatTime } from '../../domain/time.js';
import { type FetchLimits, loadFromUrl } from '../../shared/externalFeeds.js';
import * as repo from './repo.js';
import type { Feed, FilesInput, LayerFeed, UrlInput } from './schemas.js';

/** Feeds one area may hold. */
const MAX_FEEDS = 20;

export async function listFeeds(database: Database, areaIds: string[], f: { name?: string; limit: number; offset: number }, tz: string) {
  const { rows, total } = await repo.feedPage(database, { areaIds, namePattern: f.name ? `%${f.name}%` : undefined, ...f });
  const lists = rows.map((r): Static<typeof Feed> => ({
    id: r.id,
    areaId: r.areaId,
    areaName: r.areaName,
    name: r.name,
    source: r.source,
    url: r.url,
    version: r.version,
    ttl: r.ttl,
    stationCount: r.stationCount,
    bikes: r.bikes,
    docks: r.docks,
    fetchTime: formatTime(r.fetchedAt, tz)!,
    dataUpdateTime: formatTime(r.dataUpdatedAt, tz),
    nextFetchTime: r.source === 'url' ? formatTime(r.nextFetchAt, tz) : null,
    lastError: r.lastError,
    lastErrorTime: formatTime(r.lastErrorAt, tz),
    createTime: formatTime(r.createdAt, tz)!,
  }));
  return { lists, total };
}

/** The area a new feed goes to (the request's when none is named), within the user's reach, with room for it. */
async function targetArea(database: Database, auth: Auth, areaId: string | undefined) {
  const target = areaId ?? auth.areaId;
  auth.assertArea(target);
  if ((await repo.feedCount(database, target)) >= MAX_FEEDS) throw badRequest(`每个区域最多 ${MAX_FEEDS} 个外部数据源，请先删除不用的`);
  return target;
}

const cleanName = (name: string) => {
  const n = name.trim();
  if (!n) throw badRequest('请填写数据源名称');
  return n;
};

/**
 * 从地址导入: the discovery file and its two station files are read now, before anything touches the
 * database (the write's transaction opens with its first statement: on the embedded database it is
 * the one lock, never held across a network read); a bad feed is refused with its reason.
 */
export async function importFromUrl(database: Database, auth: Auth, input: UrlInput, limits: FetchLimits) {
  const name = cleanName(input.name);
  const url = httpUrl(input.url);
  auth.assertArea(input.areaId ?? auth.areaId);
  const loaded = await loadFromUrl(url, limits);
  if (!loaded.ok) throw badRequest(loaded.message);
  const areaId = await targetArea(database, auth, input.areaId);
  const now = new Date();
  const id = await repo.insertFeed(database, {
    ...fields(loaded.value),
    areaId,
    name,
    source: 'url',
    url,
    fetchedAt: now,
    nextFetchAt: new Date(now.getTime() + refreshSeconds(loaded.value.ttl) * 1000),
    createdBy: auth.user.id,
  });
  return { id, stations: loaded.value.stations.length, version: loaded.value.version };
}

/** The URL as given, if it is an absolute http(s) one. */
function httpUrl(text: string): string {
  try {
    const u = new URL(text.trim());
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    /* refused below */
  }
  throw badRequest('url 不是有效的 http(s) 网址，请填写 GBFS 发现文件（gbfs.json）的完整地址');
}

const fields = (f: ImportedStations) => ({ version: f.version, ttl: f.ttl, stations: f.stations, dataUpdatedAt: f.lastUpdated });

/** 从文件导入: the pair is checked and stored as it is (no refresh: a new upload replaces nothing, it adds a feed). */
export async function importFromFiles(database: Database, auth: Auth, input: FilesInput) {
  const name = cleanName(input.name);
  const information = parseJsonText(input.stationInformation, 'station_information');
  if (!information.ok) throw badRequest(information.message);
  const status = parseJsonText(input.stationStatus, 'station_status');
  if (!status.ok) throw badRequest(status.message);
  const read = readStations(information.value, status.value);
  if (!read.ok) throw badRequest(read.message);
  const areaId = await targetArea(database, auth, input.areaId);
  const id = await repo.insertFeed(database, {
    ...fields(read.value),
    areaId,
    name,
    source: 'file',
    url: null,
    fetchedAt: new Date(),
    nextFetchAt: null,
    createdBy: auth.user.id,
  });
  return { id, stations: read.value.stations.length, version: read.value.version };
}

async function owned(database: Database, auth: Auth, id: number) {
  const feed = await repo.feedOf(database, id);
  if (!feed) throw notFound('外部数据源');
  auth.assertArea(feed.areaId);
  return feed;
}

/**
 * 立即刷新 a URL feed: due now, the scheduled job fetches it at its next run (within a minute). Not
 * fetched here: an audited write holds its transaction from its first statement, and a network read
 * must not hold the embedded database's one lock.
 */
export async function refresh(database: Database, auth: Auth, id: number, tz: string) {
  const feed = await owned(database, auth, id);
  if (feed.source !== 'url' || !feed.url) throw badRequest('该数据源由文件导入，没有地址可以刷新；要更新数据请重新导入文件');
  const at = await repo.dueNow(database, id);
  return { nextFetchTime: formatTime(at, tz)! };
}

export async function remove(database: Database, auth: Auth, id: number) {
  await owned(database, auth, id);
  await repo.deleteFeed(database, id);
}

/** The big screen's layer: the feeds of the request's areas with their stations. */
export async function layer(database: Database, areaIds: string[], tz: string): Promise<Static<typeof LayerFeed>[]> {
  const rows = await repo.layerFeeds(database, areaIds);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    areaName: r.areaName,
    source: r.source,
    version: r.version,
    fetchTime: formatTime(r.fetchedAt, tz)!,
    dataUpdateTime: formatTime(r.dataUpdatedAt, tz),
    lastError: r.lastError,
    lastErrorTime: formatTime(r.lastErrorAt, tz),
    stations: r.stations.map((s) => ({
      id: s.id,
      name: s.name,
      lon: s.lon,
      lat: s.lat,
      capacity: s.capacity,
      bikes: s.bikes,
      docks: s.docks,
      renting: s.renting,
      returning: s.returning,
      reportTime: formatTime(s.reportedAt, tz),
    })),
  }));
}
