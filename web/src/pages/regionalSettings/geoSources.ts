/**
 * What a zone file holds (issue 32 point 5): the polygons' geometries and names, from bare GeoJSON
 * (FeatureCollection, Feature, Polygon, MultiPolygon), an MDS Geography document (`geographies`,
 * each a `geography_json` FeatureCollection and a `name`; also one `geography`, or either inside
 * `data`) and a GBFS `geofencing_zones` file (`data.geofencing_zones`, a FeatureCollection whose
 * `name` is a string in 2.x and `[{ text, language }]` in 3.0). Pure; never throws on garbage.
 */

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A geometry (or a feature's) and the properties that name it. */
export interface Item {
  geometry: unknown;
  props: unknown;
}

/** Where the names usually are, first found wins (OSM's name:zh before name; GIS exports' NAME, 名称 …). */
const NAME_KEYS = [
  'name:zh',
  'name:zh-Hans',
  'name_zh',
  'name',
  'NAME',
  'Name',
  '名称',
  'NAME_CHN',
  'title',
  'Title',
  'zone_name',
  'zoneName',
  'alias',
  'label',
];

/** A text, a number, or a GBFS 3.0 localized string (`[{ text, language }]`: Chinese first). */
function textOf(v: unknown): string | null {
  if ((typeof v === 'string' && v.trim()) || (typeof v === 'number' && Number.isFinite(v))) return String(v).trim();
  if (Array.isArray(v)) {
    const texts = v.filter((t): t is { text: string; language?: unknown } => isObj(t) && typeof t.text === 'string' && !!t.text.trim());
    const zh = texts.find((t) => typeof t.language === 'string' && /^zh/i.test(t.language));
    return (zh ?? texts[0])?.text.trim() ?? null;
  }
  return null;
}

/** A feature's name from its properties, trimmed, at most 64 characters, or null. */
function nameIn(props: unknown): string | null {
  if (isObj(props)) {
    for (const k of NAME_KEYS) {
      const t = textOf(props[k]);
      if (t) return t.slice(0, 64);
    }
  }
  return null;
}

/** A feature's name from its properties, else 要素 N (its place in the file). */
export const nameOf = (props: unknown, n: number): string => nameIn(props) ?? `要素 ${n}`;

export function serialOf(props: unknown): string | null {
  if (!isObj(props)) return null;
  const v = props.serial ?? props['编号'];
  return (typeof v === 'string' && v.trim()) || typeof v === 'number' ? String(v).trim().slice(0, 32) : null;
}

/** The items of a bare GeoJSON value, or why it is not one. */
function geoJsonItems(root: Record<string, unknown>, fallbackName?: string): Item[] | string {
  const named = (props: unknown) => (fallbackName && !nameIn(props) ? { ...(isObj(props) ? props : {}), name: fallbackName } : props);
  switch (root.type) {
    case 'FeatureCollection':
      if (!Array.isArray(root.features)) return 'FeatureCollection 缺少 features 数组';
      return root.features.map((f) =>
        isObj(f)
          ? { geometry: f.type === 'Feature' ? f.geometry : f, props: named(f.type === 'Feature' ? f.properties : null) }
          : { geometry: f, props: named(null) },
      );
    case 'Feature':
      return [{ geometry: root.geometry, props: named(root.properties) }];
    case 'Polygon':
    case 'MultiPolygon':
      return [{ geometry: root, props: named(null) }];
    default:
      return `不支持的 GeoJSON 类型 ${typeof root.type === 'string' ? root.type.slice(0, 40) : '（缺少 type）'}：应为 FeatureCollection、Feature、Polygon 或 MultiPolygon，或 MDS Geography、GBFS geofencing_zones 文件`;
  }
}

/** The items of an MDS Geography document's geographies (each named by its `name` when its features are not). */
function mdsItems(geographies: unknown[]): Item[] | string {
  const out: Item[] = [];
  for (const [k, g] of geographies.entries()) {
    if (!isObj(g) || !isObj(g.geography_json)) return `MDS Geography 第 ${k + 1} 个 geography 缺少 geography_json`;
    const items = geoJsonItems(g.geography_json, textOf(g.name) ?? undefined);
    if (typeof items === 'string') return `MDS Geography 第 ${k + 1} 个 geography：${items}`;
    out.push(...items);
  }
  return out;
}

/** The items of a zone file (GeoJSON, MDS Geography, GBFS geofencing_zones), or why it is none of them. */
export function itemsOf(root: unknown): Item[] | string {
  if (!isObj(root)) return '不是 GeoJSON：应为一个 JSON 对象';
  const data = isObj(root.data) ? root.data : null;
  const zones = data?.geofencing_zones;
  if (zones !== undefined) return isObj(zones) ? geoJsonItems(zones) : 'GBFS geofencing_zones 应为 FeatureCollection';
  const geographies = root.geographies ?? data?.geographies;
  if (geographies !== undefined) return Array.isArray(geographies) ? mdsItems(geographies) : 'MDS Geography 的 geographies 应为数组';
  const one = root.geography ?? data?.geography;
  if (isObj(one)) return mdsItems([one]);
  return geoJsonItems(root);
}
