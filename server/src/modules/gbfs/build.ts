/**
 * The GBFS 3.0 documents of one area, built from its rows (no I/O): positions and shapes from the
 * stored GCJ-02 to WGS-84 (GBFS, like GeoJSON, is WGS-84), polygons closed with their exterior ring
 * counter-clockwise (RFC 7946's right-hand rule), names in Chinese with their language tag.
 */
import { convert } from '../../domain/coords.js';
import { formatTime } from '../../domain/time.js';
import type { LonLat } from '../../db/schema/areas.js';
import type { FenceRow, SiteRow, ZoneRow } from './repo.js';

export const GBFS_VERSION = '3.0';
const LANGUAGE = 'zh';
/** The platform's two bike types (bike_type 0 and 1) as GBFS vehicle types. */
const BIKE = 'bike';
const EBIKE = 'ebike';

/** Every feed of an area, in the order gbfs.json lists them. */
export const FEEDS = ['system_information', 'vehicle_types', 'station_information', 'station_status', 'geofencing_zones'] as const;
export type FeedName = (typeof FEEDS)[number];

const text = (t: string) => [{ text: t, language: LANGUAGE }];

/** RFC 3339 with the offset of `tz` (GBFS 3.0 timestamps), to the second: the platform's local time plus its offset. */
export function rfc3339(d: Date, tz: string): string {
  const local = formatTime(d, tz)!; // yyyy-MM-dd HH:mm:ss
  const [y, mo, day, h, mi, sec] = local.split(/[- :]/).map(Number);
  const offset = Math.round((Date.UTC(y, mo - 1, day, h, mi, sec) - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local.replace(' ', 'T')}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function wgs(p: LonLat): [number, number] {
  const w = convert(p.lon, p.lat, 'gcj02', 'wgs84');
  return [round6(w.lon), round6(w.lat)];
}

/** A stored ring as a GeoJSON MultiPolygon in WGS-84: closed, exterior counter-clockwise; null when under 3 points. */
function multiPolygon(ring: LonLat[] | null): { type: 'MultiPolygon'; coordinates: number[][][][] } | null {
  if (!ring || ring.length < 3) return null;
  const pts = ring.map(wgs);
  const [fx, fy] = pts[0];
  const [lx, ly] = pts[pts.length - 1];
  if (fx !== lx || fy !== ly) pts.push([fx, fy]);
  if (pts.length < 4) return null;
  let twice = 0;
  for (let i = 0; i + 1 < pts.length; i++) twice += pts[i][0] * pts[i + 1][1] - pts[i + 1][0] * pts[i][1];
  if (twice < 0) pts.reverse();
  return { type: 'MultiPolygon', coordinates: [[pts]] };
}

export interface AreaFacts {
  areaId: string;
  areaName: string;
  tz: string;
  /** Seconds between snapshots: the dynamic feeds' ttl. */
  ttl: number;
  contactEmail: string;
  platformName: string;
}

const envelope = (data: unknown, lastUpdated: Date, f: AreaFacts, ttl = f.ttl) => ({
  last_updated: rfc3339(lastUpdated, f.tz),
  ttl,
  version: GBFS_VERSION,
  data,
});

export function systemInformation(f: AreaFacts, lastUpdated: Date, manifestUrl: string) {
  return envelope(
    {
      system_id: `cn-${f.areaId}`,
      languages: [LANGUAGE],
      name: text(`${f.areaName}站点单车`),
      operator: text(f.platformName),
      opening_hours: '24/7',
      feed_contact_email: f.contactEmail,
      timezone: f.tz,
      manifest_url: manifestUrl,
    },
    lastUpdated,
    f,
  );
}

/** The platform's bike types; they never change (a day's ttl). */
export function vehicleTypes(f: AreaFacts, lastUpdated: Date) {
  return envelope(
    {
      vehicle_types: [
        { vehicle_type_id: BIKE, form_factor: 'bicycle', propulsion_type: 'human', name: text('自行车'), wheel_count: 2, return_constraint: 'any_station' },
        {
          vehicle_type_id: EBIKE,
          form_factor: 'bicycle',
          propulsion_type: 'electric_assist',
          name: text('电动自行车'),
          wheel_count: 2,
          // required by GBFS for a motorised type; the platform does not know the brands' batteries: a typical e-bike's range
          max_range_meters: 40_000,
          return_constraint: 'any_station',
        },
      ],
    },
    lastUpdated,
    f,
    86_400,
  );
}

/** Sites as virtual stations (a parking area, no docks); capacity where the site has a ceiling. */
export function stationInformation(f: AreaFacts, sites: SiteRow[], lastUpdated: Date) {
  return envelope(
    {
      stations: sites.map((s) => {
        const [lon, lat] = wgs(s);
        const area = multiPolygon(s.gpsRail);
        const capacity = s.capacity ?? 0;
        return {
          station_id: s.id,
          name: text(s.siteName),
          lat,
          lon,
          is_virtual_station: true,
          ...(capacity > 0 ? { capacity } : {}),
          ...(area ? { station_area: area } : {}),
        };
      }),
    },
    lastUpdated,
    f,
  );
}

/** Per site, the bikes parked at the last snapshot by type; docks available where there is a capacity. */
export function stationStatus(f: AreaFacts, sites: SiteRow[], reportedAt: Date) {
  const reported = rfc3339(reportedAt, f.tz);
  return envelope(
    {
      stations: sites.map((s) => {
        const bike = Math.max(0, s.bikeNum ?? 0);
        const ebike = Math.max(0, s.ebikeNum ?? 0);
        const capacity = s.capacity ?? 0;
        return {
          station_id: s.id,
          num_vehicles_available: bike + ebike,
          vehicle_types_available: [
            { vehicle_type_id: BIKE, count: bike },
            { vehicle_type_id: EBIKE, count: ebike },
          ],
          ...(capacity > 0 ? { num_docks_available: Math.max(0, capacity - bike - ebike) } : {}),
          is_installed: true,
          is_renting: true,
          is_returning: true,
          last_reported: reported,
        };
      }),
    },
    reportedAt,
    f,
  );
}

/**
 * Forbidden zones first (no ride may end there), then the operating fences (rides end at stations):
 * GBFS gives the first matching zone precedence. Outside every fence (global_rules) no ride may start
 * or end when the area has a fence; without one, the whole area is operated.
 */
export function geofencingZones(f: AreaFacts, zones: ZoneRow[], fences: FenceRow[], lastUpdated: Date) {
  const features = [];
  for (const z of zones) {
    const geometry = multiPolygon(z.fence);
    if (geometry)
      features.push({
        type: 'Feature',
        geometry,
        properties: { name: text(z.alias), rules: [{ ride_start_allowed: true, ride_end_allowed: false, ride_through_allowed: true }] },
      });
  }
  let fenced = false;
  for (const fence of fences) {
    const geometry = multiPolygon(fence.fence);
    if (!geometry) continue;
    fenced = true;
    features.push({
      type: 'Feature',
      geometry,
      properties: {
        name: text(fence.name || '运营区域'),
        rules: [{ ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true, station_parking: true }],
      },
    });
  }
  const outside = fenced
    ? { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }
    : { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true, station_parking: true };
  return envelope({ geofencing_zones: { type: 'FeatureCollection', features }, global_rules: [outside] }, lastUpdated, f);
}
