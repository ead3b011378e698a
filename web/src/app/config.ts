/** Settings the server writes into index.html as <meta> tags. */

export const DEFAULT_PLATFORM_NAME = '站点单车监管平台';

function meta(name: string, doc: Document): string | null {
  return doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

/** Platform name from <meta name="platform-name">; default 站点单车监管平台. */
export function platformName(doc: Document = document): string {
  return meta('platform-name', doc)?.trim() || DEFAULT_PLATFORM_NAME;
}

/** Map tile URL template from <meta name="tile-url">; '' when none is configured. */
export function tileUrl(doc: Document = document): string {
  return meta('tile-url', doc)?.trim() ?? '';
}

/** The coordinate system tiles are drawn in (sites, fences and zones are stored in GCJ-02). */
export type TileCoords = 'gcj02' | 'wgs84';

/** The tiles under every map (server/src/domain/tiles.ts): the layers bottom first ({s} a sub-domain), their system. */
export interface MapTiles {
  source: string;
  coords: TileCoords;
  layers: { url: string; subdomains?: string }[];
}

function parseTiles(json: string): MapTiles | null {
  try {
    const t = JSON.parse(json) as Partial<MapTiles> | null;
    if (!t || (t.coords !== 'gcj02' && t.coords !== 'wgs84') || !Array.isArray(t.layers)) return null;
    const layers = t.layers
      .filter((l) => typeof l?.url === 'string' && l.url !== '')
      .map((l) => ({ url: l.url, subdomains: typeof l.subdomains === 'string' ? l.subdomains : undefined }));
    return layers.length ? { source: typeof t.source === 'string' ? t.source : 'url', coords: t.coords, layers } : null;
  } catch {
    return null;
  }
}

/**
 * The tiles every map draws (desk maps and the home map read them here, nowhere else): the preset or
 * MAP_TILE_URL the server wrote into <meta name="map-tiles">, else the bare <meta name="tile-url">
 * (GCJ-02), else null (a plain background).
 */
export function mapTiles(doc: Document = document): MapTiles | null {
  const fromJson = parseTiles(meta('map-tiles', doc)?.trim() ?? '');
  if (fromJson) return fromJson;
  const url = tileUrl(doc);
  return url ? { source: 'url', coords: 'gcj02', layers: [{ url }] } : null;
}

/** The server's default TZ (server/src/config.ts). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's time zone (TZ) from <meta name="time-zone">: the platform's days, hours and message
 * times are in it, whatever zone the browser is in. Missing or invalid: Asia/Shanghai.
 */
export function serverTimeZone(doc: Document = document): string {
  const tz = meta('time-zone', doc)?.trim() ?? '';
  return tz && validZone(tz) ? tz : DEFAULT_TIME_ZONE;
}
