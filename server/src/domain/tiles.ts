/**
 * Map tiles: the presets of the providers Chinese regulators use, and what the console needs to draw
 * them (URL templates in Leaflet's syntax, sub-domains, and the coordinate system the tiles are drawn
 * in). Sites, fences and zones are stored in GCJ-02 (./coords.ts): over tiles in WGS-84 the console
 * converts them when drawing and converts clicks back.
 *
 * Templates are the providers' public ones: 高德 (AutoNavi) `webrd0{1-4}.is.autonavi.com/appmaptile`
 * style 8, 腾讯 `rt{0-3}.map.gtimg.com/tile` (TMS rows: `{-y}`), 天地图 WMTS `vec_w` (the vector map in
 * Web Mercator) with its annotation layer `cva_w`, which needs the key (tk) of a 天地图 account.
 */

/** The systems tiles come in: GCJ-02 (高德, 腾讯 and most Chinese tile servers), WGS-84 (天地图 CGCS2000 ≈ WGS-84, OpenStreetMap). */
type TileCoords = 'gcj02' | 'wgs84';
const TILE_COORDS: readonly TileCoords[] = ['gcj02', 'wgs84'];

export type TilePreset = 'amap' | 'tencent' | 'tianditu';
const TILE_PRESETS: readonly TilePreset[] = ['amap', 'tencent', 'tianditu'];

/** One tile layer: a Leaflet URL template ({s} a sub-domain, {z}/{x}/{y}, {-y} a TMS row) and its sub-domains. */
interface TileLayerSpec {
  url: string;
  subdomains?: string;
}

/** What the console draws under its maps: the layers bottom first, and their coordinate system. */
export interface MapTiles {
  /** the preset's name, or 'url' for MAP_TILE_URL */
  source: TilePreset | 'url';
  coords: TileCoords;
  layers: TileLayerSpec[];
}

const TIANDITU = (layer: 'vec' | 'cva', key: string) =>
  `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles` +
  `&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`;

/** The layers of a preset (天地图 needs the key). */
export function presetTiles(preset: TilePreset, key = ''): MapTiles {
  switch (preset) {
    case 'amap':
      return {
        source: 'amap',
        coords: 'gcj02',
        layers: [{ url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', subdomains: '1234' }],
      };
    case 'tencent':
      return {
        source: 'tencent',
        coords: 'gcj02',
        layers: [{ url: 'https://rt{s}.map.gtimg.com/tile?z={z}&x={x}&y={-y}&type=vector&styleid=3', subdomains: '0123' }],
      };
    case 'tianditu':
      return {
        source: 'tianditu',
        coords: 'wgs84',
        layers: [
          { url: TIANDITU('vec', key), subdomains: '01234567' },
          { url: TIANDITU('cva', key), subdomains: '01234567' },
        ],
      };
  }
}

/** The settings as read from the environment (MAP_TILE_PRESET, MAP_TILE_KEY, MAP_TILE_URL, MAP_TILE_COORDS). */
export interface TileSettings {
  preset?: string;
  key?: string;
  url?: string;
  coords?: string;
}

/**
 * The tiles the settings ask for: a preset (MAP_TILE_PRESET wins over MAP_TILE_URL), else the URL
 * template in the system MAP_TILE_COORDS names (default gcj02), else none (null). A bad setting is a
 * message naming the variable.
 */
export function resolveTiles(s: TileSettings): { tiles: MapTiles | null } | { error: string } {
  const preset = s.preset?.trim().toLowerCase() ?? '';
  const key = s.key?.trim() ?? '';
  const url = s.url?.trim() ?? '';
  const coords = s.coords?.trim().toLowerCase() ?? '';
  if (coords && !TILE_COORDS.includes(coords as TileCoords)) return { error: `MAP_TILE_COORDS must be one of ${TILE_COORDS.join(', ')}, got "${s.coords}"` };
  if (preset) {
    if (!TILE_PRESETS.includes(preset as TilePreset)) return { error: `MAP_TILE_PRESET must be one of ${TILE_PRESETS.join(', ')}, got "${s.preset}"` };
    if (preset === 'tianditu' && !key) return { error: 'MAP_TILE_PRESET=tianditu needs MAP_TILE_KEY (the tk of a 天地图 account)' };
    return { tiles: presetTiles(preset as TilePreset, key) };
  }
  if (!url) return { tiles: null };
  if (!/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(url)) return { error: 'MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}' };
  return { tiles: { source: 'url', coords: (coords || 'gcj02') as TileCoords, layers: [{ url }] } };
}
