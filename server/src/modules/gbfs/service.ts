/**
 * GBFS 3.0 feeds of an area (issue 32): who may read them, and the answers, built once per data
 * version (the snapshot run, the sites, zones and fences) and kept as bytes with their ETag (and
 * their gzip, made on first demand) until the next snapshot: a request costs one version read.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Database } from '../../db/client.js';
import type { AreaCache } from '../../shared/areaCache.js';
import type { KeyHolder } from '../../shared/thirdPartyKeys.js';
import { httpError } from '../../http/envelope.js';
import * as repo from './repo.js';
import * as build from './build.js';
import type { AreaFacts, FeedName } from './build.js';

/** An answer as sent: the JSON bytes, their strong ETag, their gzip once asked for. */
export interface FeedFile {
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  /** Seconds a reader may keep it (Cache-Control max-age; the document's ttl). */
  maxAge: number;
}

function feedFile(doc: { ttl: number; [field: string]: unknown }): FeedFile {
  const body = Buffer.from(JSON.stringify(doc));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, maxAge: doc.ttl };
}

/** Does Accept-Encoding take gzip (by name or `*`, with a q above 0)? */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding.trim() === 'gzip' || coding.trim() === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The bytes to send: the gzip (made once per file) when gzip is accepted. */
export function encoded(file: FeedFile, acceptEncoding: string | undefined): { bytes: Buffer; gzip: boolean } {
  if (!acceptsGzip(acceptEncoding)) return { bytes: file.body, gzip: false };
  file.gzip ??= gzipSync(file.body);
  return { bytes: file.gzip, gzip: true };
}

/** If-None-Match names this ETag (or `*`): 304. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

interface Entry {
  key: string;
  ready: Promise<Built>;
}

interface Built {
  files: Map<FeedName, FeedFile>;
  facts: AreaFacts;
  staticAt: Date;
  /** The per-origin ones (gbfs.json, system_information: they carry absolute URLs), by origin and name. */
  byOrigin: Map<string, FeedFile>;
}

export interface FeedSettings {
  tz: string;
  snapshotSeconds: number;
  contactEmail: string;
  platformName: string;
}

/** Who reads an area's feeds: the area's own key (or a key of an area above it), or anyone when it publishes them. */
export async function readableArea(database: Database, areas: AreaCache, areaId: string, holder: KeyHolder | undefined) {
  const tree = await areas.tree();
  const node = tree.get(areaId);
  if (!node) throw httpError(404, `区域 ${areaId} 不存在`);
  const areaIds = tree.descendants(areaId);
  const version = await repo.feedVersion(database, areaId, areaIds);
  if (!version) throw httpError(404, `区域 ${areaId} 不存在`);
  if (!version.gbfsPublic) {
    if (!holder) throw httpError(401, '该区域未公开发布数据，请携带第三方授权密钥（Authorization: Bearer 密钥）');
    if (!tree.isWithin(areaId, holder.areaId)) throw httpError(403, `该授权密钥只能读取${holder.areaName ?? holder.areaId}及其下级区域的数据`);
  }
  return { areaId, areaName: node.areaName, areaIds, version };
}

export class GbfsFeeds {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly database: Database,
    private readonly settings: FeedSettings,
  ) {}

  /** The built feeds of the area for its current data version: built on the first request after a change, shared by every other. */
  private built(area: Awaited<ReturnType<typeof readableArea>>): Promise<Built> {
    const v = area.version;
    const key = `${v.snapshotAt?.toISOString() ?? ''}|${v.version}`;
    const cached = this.entries.get(area.areaId);
    if (cached?.key === key) return cached.ready;
    const ready = this.build(area, v.snapshotAt);
    this.entries.set(area.areaId, { key, ready });
    ready.catch(() => {
      if (this.entries.get(area.areaId)?.ready === ready) this.entries.delete(area.areaId);
    });
    return ready;
  }

  private async build(area: Awaited<ReturnType<typeof readableArea>>, snapshotAt: Date | null): Promise<Built> {
    const builtAt = new Date();
    const [sites, { zones, fences, area: row }] = await Promise.all([
      repo.sitesOf(this.database, area.areaIds),
      repo.zonesOf(this.database, area.areaId, area.areaIds),
    ]);
    const s = this.settings;
    const facts: AreaFacts = {
      areaId: area.areaId,
      areaName: row?.areaName ?? area.areaName,
      tz: s.tz,
      ttl: s.snapshotSeconds,
      contactEmail: s.contactEmail,
      platformName: s.platformName,
    };
    let staticMs = row ? new Date(row.updatedAt).getTime() : 0;
    for (const site of sites) staticMs = Math.max(staticMs, new Date(site.updatedAt).getTime());
    const staticAt = new Date(staticMs || builtAt.getTime());
    const files = new Map<FeedName, FeedFile>([
      ['vehicle_types', feedFile(build.vehicleTypes(facts, staticAt))],
      ['station_information', feedFile(build.stationInformation(facts, sites, snapshotAt ?? staticAt))],
      ['station_status', feedFile(build.stationStatus(facts, sites, snapshotAt ?? builtAt))],
      ['geofencing_zones', feedFile(build.geofencingZones(facts, zones, fences, staticAt))],
    ]);
    return { files, facts, staticAt, byOrigin: new Map() };
  }

  /** One feed file of a readable area; `base` is the feeds' absolute prefix (…/api/feed/v1/gbfs) for the ones that link. */
  async file(area: Awaited<ReturnType<typeof readableArea>>, name: FeedName | 'gbfs', base: string): Promise<FeedFile> {
    const b = await this.built(area);
    if (name !== 'gbfs' && name !== 'system_information') return b.files.get(name)!;
    const key = `${base}|${name}`;
    let file = b.byOrigin.get(key);
    if (!file) {
      if (name === 'system_information') file = feedFile(build.systemInformation(b.facts, b.staticAt, `${base}/manifest.json`));
      else {
        const feeds = build.FEEDS.map((f) => ({ name: f, url: `${base}/${area.areaId}/${f}.json` }));
        const doc = { last_updated: build.rfc3339(b.staticAt, b.facts.tz), ttl: b.facts.ttl, version: build.GBFS_VERSION, data: { feeds } };
        file = feedFile(doc);
      }
      if (b.byOrigin.size > 16) b.byOrigin.clear(); // a handful of host names; never grows without bound
      b.byOrigin.set(key, file);
    }
    return file;
  }

  /** manifest.json: every area published (公开发布), and the key's own area. */
  async manifest(holder: KeyHolder | undefined, base: string): Promise<FeedFile> {
    const rows = await repo.publishedAreas(this.database, holder?.areaId ?? null);
    const newest = rows.reduce((t, r) => Math.max(t, new Date(r.updatedAt).getTime()), 0);
    return feedFile({
      last_updated: build.rfc3339(newest ? new Date(newest) : new Date(), this.settings.tz),
      ttl: this.settings.snapshotSeconds,
      version: build.GBFS_VERSION,
      data: { datasets: rows.map((r) => ({ system_id: `cn-${r.id}`, versions: [{ version: build.GBFS_VERSION, url: `${base}/${r.id}/gbfs.json` }] })) },
    });
  }
}
