/** The configured tile layers (bottom first) inside a react-leaflet MapContainer; nothing when none are configured. */
import { TileLayer } from 'react-leaflet';
import type { MapTiles as Tiles } from '../../app/config';

/** A transparent pixel: a tile that fails to load shows nothing instead of a broken image. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export default function MapTiles({ tiles }: { tiles: Tiles | null }) {
  if (!tiles) return null;
  return (
    <>
      {tiles.layers.map((l, i) => (
        <TileLayer key={l.url} url={l.url} subdomains={l.subdomains ?? 'abc'} errorTileUrl={BLANK_TILE} maxZoom={19} maxNativeZoom={18} zIndex={i + 1} />
      ))}
    </>
  );
}
