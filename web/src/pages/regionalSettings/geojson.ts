/**
 * GeoJSON import (issue 12, issue 32 point 5): the polygons of a zone file (geoSources.ts: GeoJSON,
 * MDS Geography, GBFS geofencing_zones) to the polygons the server stores (GCJ-02, open rings: the
 * server closes them; holes kept), or a Chinese error per feature. Pure; never throws on garbage.
 * Each ring is checked by the server's own rules (server/src/domain/polygon.ts normalizePolygon:
 * range, finite numbers, 3 distinct points, not on one line, at most 2,000 points, no crossing edges;
 * normalizeHoles: each hole inside the outer ring; inChina); this file adds the shapes, names, the
 * per-file limits and WGS-84.
 */
import gcoord from 'gcoord';
import type { LonLat } from '../../components/deskMap/types';
// the server's polygon rule, pure and import-free: the same function decides here and there
import { inChina, normalizeHoles, normalizePolygon } from '../../../../server/src/domain/polygon';
import { itemsOf, nameOf, serialOf } from './geoSources';

/** The coordinate system of a file: WGS-84 (GPS, most GIS tools) or GCJ-02 (高德/腾讯, what is stored). */
export type CoordSys = 'gcj02' | 'wgs84';
export const COORD_SYS: Record<CoordSys, string> = { gcj02: 'GCJ-02（高德/腾讯）', wgs84: 'WGS-84（GPS）' };

/** Most features in one file, and most vertices in all of them (larger files: split them). */
export const MAX_FEATURES = 300;
export const MAX_FILE_VERTICES = 5000;
/** Most characters read from one file (a 5,000-vertex file is a few hundred KB). */
export const MAX_TEXT = 5_000_000;

export interface GeoPolygon {
  /** the feature's place in the file, from 1 */
  feature: number;
  /** its part for a MultiPolygon, from 1 (1 for a Polygon) */
  part: number;
  /** from the usual properties (name, NAME, 名称, title, zone_name, GBFS's localized name …; #2… for a MultiPolygon's further parts), else 要素 N; at most 64 characters */
  name: string;
  /** properties.serial / 编号, when given */
  serial: string | null;
  /** GCJ-02, open (no closing point), at least 3 points, at most MAX_POINTS */
  ring: LonLat[];
  /** the holes (inner rings), GCJ-02 and open like `ring`, each inside it */
  holes: LonLat[][];
}

interface GeoProblem {
  feature: number;
  name: string;
  message: string;
}

export interface GeoParse {
  polygons: GeoPolygon[];
  /** one per refused feature (or MultiPolygon part) */
  problems: GeoProblem[];
  /** the whole file refused (not JSON, not GeoJSON, too large): no polygons then */
  fatal: string | null;
  /** features read */
  features: number;
}

const fmt = (n: number) => n.toLocaleString('en-US');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (fatal: string): GeoParse => ({ polygons: [], problems: [], fatal, features: 0 });

/** The polygons of a geometry (a Polygon is one), or null when it is not a (multi)polygon. */
function partsOf(geometry: unknown): unknown[] | null {
  if (!isObj(geometry)) return null;
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return Array.isArray(geometry.coordinates) ? geometry.coordinates : [geometry.coordinates];
  return null;
}

/** Positions in a polygon's coordinates (for the file's total), without checking them. */
function countPositions(parts: unknown[]): number {
  let n = 0;
  for (const rings of parts) if (Array.isArray(rings)) for (const r of rings) if (Array.isArray(r)) n += r.length;
  return n;
}

const geomType = (g: unknown) => (isObj(g) && typeof g.type === 'string' ? g.type.slice(0, 40) : g === null || g === undefined ? '空' : typeof g);

/** The open GCJ-02 rings of one polygon's coordinates (`[[[lon, lat], …], hole, …]`), or why it cannot be stored (the server's rules). */
function ringsOf(rings: unknown, sys: CoordSys): { ring: LonLat[]; holes: LonLat[][] } | { message: string } {
  const list = Array.isArray(rings) ? rings : [];
  const r = normalizePolygon(list.length ? [list[0]] : { type: 'Polygon', coordinates: rings }, '多边形');
  if (!r.ok) return { message: r.message.replace(/^多边形 /, '多边形') };
  const h = normalizeHoles(list.slice(1), r.ring, '多边形');
  if (!h.ok) return { message: h.message.replace(/^多边形 /, '多边形') };
  const abroad = [r.ring, ...h.holes].flat().find((p) => !inChina(p));
  if (abroad) return { message: `在中国境外（经度 ${abroad.lon}，纬度 ${abroad.lat}），不能保存` };
  // the closing points are dropped: the forms keep open rings and the server closes them
  const open = (ring: LonLat[]) => ring.slice(0, -1).map((p) => (sys === 'wgs84' ? wgsToGcj(p) : p));
  return { ring: open(r.ring), holes: h.holes.map(open) };
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

function wgsToGcj(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p.lon, p.lat], gcoord.WGS84, gcoord.GCJ02);
  return { lon: round7(lon), lat: round7(lat) };
}

export function gcjToWgs(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p.lon, p.lat], gcoord.GCJ02, gcoord.WGS84);
  return { lon: round7(lon), lat: round7(lat) };
}

/** Reads GeoJSON text (or a parsed value) in the given coordinate system. */
export function parseGeoJson(input: unknown, sys: CoordSys): GeoParse {
  let root = input;
  if (typeof input === 'string') {
    if (input.length > MAX_TEXT) return fail(`文件过大：最多 ${fmt(MAX_TEXT)} 个字符`);
    if (!input.trim()) return fail('没有内容：请选择文件或粘贴 GeoJSON');
    try {
      root = JSON.parse(input.replace(/^\uFEFF/, ''));
    } catch {
      return fail('不是有效的 JSON：请检查文件内容');
    }
  }
  const items = itemsOf(root);
  if (typeof items === 'string') return fail(items);
  if (items.length === 0) return fail('文件中没有要素');
  if (items.length > MAX_FEATURES) return fail(`要素过多：每个文件最多 ${MAX_FEATURES} 个，本文件 ${fmt(items.length)} 个，请拆分后导入`);
  const parts = items.map((it) => partsOf(it.geometry));
  const total = parts.reduce((t, p) => t + (p ? countPositions(p) : 0), 0);
  if (total > MAX_FILE_VERTICES) return fail(`顶点过多：每个文件最多 ${fmt(MAX_FILE_VERTICES)} 个，本文件 ${fmt(total)} 个，请拆分或简化后导入`);
  const out: GeoParse = { polygons: [], problems: [], fatal: null, features: items.length };
  items.forEach((it, k) => {
    const feature = k + 1;
    const name = nameOf(it.props, feature);
    const polys = parts[k];
    if (!polys) {
      out.problems.push({ feature, name, message: `第 ${feature} 个要素：不是多边形（${geomType(it.geometry)}）` });
      return;
    }
    if (polys.length === 0) out.problems.push({ feature, name, message: `第 ${feature} 个要素：没有坐标` });
    polys.forEach((rings, p) => {
      const part = p + 1;
      const r = ringsOf(rings, sys);
      const where = polys.length > 1 ? `第 ${feature} 个要素（第 ${part} 块）` : `第 ${feature} 个要素`;
      const partName = part > 1 ? `${name.slice(0, 60)}#${part}` : name;
      if ('message' in r) out.problems.push({ feature, name: partName, message: `${where}：${r.message}` });
      else out.polygons.push({ feature, part, name: partName, serial: serialOf(it.props), ring: r.ring, holes: r.holes });
    });
  });
  return out;
}
