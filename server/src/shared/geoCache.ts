/**
 * Spatial lookups for ingest: sites, forbidden zones and area operating fences, cached in memory
 * and rebuilt when they change (here: invalidate(); other processes: a cheap version check).
 */
import type { Database } from '../db/client.js';
import { SiteIndex, ZoneIndex, type SiteShape } from '../domain/siteIndex.js';
import { pointInRing } from '../domain/geometry.js';
import type { LonLat } from '../domain/polygon.js';

export interface SiteInfo extends SiteShape {
  siteName: string;
  brandPutSwitch: boolean;
  siteBikeCeiling: number;
}

export interface Placement {
  site: SiteInfo | null;
  areaId: string | null;
  inArea: boolean;
  inForbid: boolean;
}

const CHECK_EVERY_MS = 5_000;

export class GeoCache {
  private sites = new SiteIndex([]);
  private byId = new Map<string, SiteInfo>();
  private forbid = new ZoneIndex([]);
  private fences = new Map<string, LonLat[]>();
  private bounds = new Map<string, { minLon: number; maxLon: number; minLat: number; maxLat: number }>();
  private version = '';
  private checkedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  private async currentVersion(): Promise<string> {
    const [v] = await this.database.query<{ v: string }>(
      `select concat_ws('|', (select max(updated_at)::text || count(*) from sites),
                            (select max(id)::text || count(*) || coalesce(sum(length(fence::text) + length(holes::text)), 0)
                                    || md5(coalesce(string_agg(id::text, ',' order by id) filter (where enabled), '')) from forbid_zones),
                            (select max(updated_at)::text || count(*) from areas where gps_rail is not null)) as v`,
    );
    return v.v;
  }

  async load(): Promise<void> {
    this.loading ??= (async () => {
      const version = await this.currentVersion();
      const rows = await this.database.query<SiteInfo>(
        `select id, area_id as "areaId", lon, lat, gps_rail as "gpsRail", length, site_name as "siteName",
                brand_put_switch as "brandPutSwitch", site_bike_ceiling as "siteBikeCeiling"
           from sites where deleted_at is null`,
      );
      const zones = await this.database.query<{ id: number; fence: LonLat[]; holes: LonLat[][] }>('select id, fence, holes from forbid_zones where enabled');
      const fences = await this.database.query<{ id: string; gpsRail: LonLat[] }>(`select id, gps_rail as "gpsRail" from areas where gps_rail is not null`);
      this.sites = new SiteIndex(rows);
      this.byId = new Map(rows.map((r) => [r.id, r]));
      this.forbid = new ZoneIndex(zones.map((z) => ({ id: String(z.id), ring: z.fence, holes: z.holes })));
      this.fences = new Map(fences.map((f) => [f.id, f.gpsRail]));
      this.bounds = new Map(
        fences.map((f) => [
          f.id,
          {
            minLon: Math.min(...f.gpsRail.map((p) => p.lon)),
            maxLon: Math.max(...f.gpsRail.map((p) => p.lon)),
            minLat: Math.min(...f.gpsRail.map((p) => p.lat)),
            maxLat: Math.max(...f.gpsRail.map((p) => p.lat)),
          },
        ]),
      );
      this.version = version;
      this.checkedAt = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Call after writing sites, forbidden zones or area fences in this process. */
  invalidate(): void {
    this.checkedAt = 0;
    this.version = '';
  }

  /** Makes sure the indexes are current (at most one version query every 5 s). */
  async fresh(): Promise<this> {
    if (this.version === '') await this.load();
    else if (Date.now() - this.checkedAt > CHECK_EVERY_MS) {
      this.checkedAt = Date.now();
      if ((await this.currentVersion()) !== this.version) await this.load();
    }
    return this;
  }

  site(id: string): SiteInfo | undefined {
    return this.byId.get(id);
  }

  get siteCount() {
    return this.byId.size;
  }

  /**
   * How far (km, roughly: to the fence's bounding box) a position lies outside an area's operating
   * fence; 0 inside the box, or when the area has no fence to judge by.
   */
  kmOutside(areaId: string, lon: number, lat: number): number {
    const b = this.bounds.get(areaId);
    if (!b) return 0;
    const dLat = Math.max(0, b.minLat - lat, lat - b.maxLat) * 111.32;
    const dLon = Math.max(0, b.minLon - lon, lon - b.maxLon) * 111.32 * Math.cos((lat * Math.PI) / 180);
    return Math.hypot(dLat, dLon);
  }

  /** Where a position (GCJ-02) stands: its site, its area, whether inside the area fence and a forbidden zone. */
  place(lon: number, lat: number, fallbackAreaId: string | null): Placement {
    const site = this.sites.find(lon, lat) as SiteInfo | null;
    const inForbid = this.forbid.find(lon, lat) !== null;
    let areaId = site?.areaId ?? null;
    if (!areaId) {
      for (const [id, ring] of this.fences) {
        if (pointInRing(lon, lat, ring)) {
          areaId = id;
          break;
        }
      }
    }
    areaId ??= fallbackAreaId;
    const fence = areaId ? this.fences.get(areaId) : undefined;
    const inArea = !fence || pointInRing(lon, lat, fence);
    return { site, areaId, inArea, inForbid };
  }
}
