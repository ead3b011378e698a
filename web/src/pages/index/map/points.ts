/** Map data → typed point arrays for the canvases. */
import { FLAG_STYLES, type SiteFlag } from '../../../lib/siteStatus';
import type { PointData } from './PointsCanvas';
import { isLocated } from './mapLogic';
import type { LayerBike } from './types';
import type { BrandBrief, MapSite } from '../types';

const FLAGS: SiteFlag[] = [0, 1, 2, 3, 4];
const SITE_PALETTE = FLAGS.map((f) => FLAG_STYLES[f].color);
/** empty and normal first, full on top */
const SITE_ORDER = [0, 1, 4, 3, 2];

/** Sites with a position, in the order of `points` (hit index → site). */
export function sitePoints(sites: readonly MapSite[] | undefined): { points: PointData | null; sites: MapSite[] } {
  if (!sites) return { points: null, sites: [] };
  const kept = sites.filter((s) => isLocated(s.siteLon, s.siteLat));
  const n = kept.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const colour = new Uint8Array(n);
  const labels: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const s = kept[i];
    lat[i] = s.siteLat;
    lon[i] = s.siteLon;
    colour[i] = s.flag >= 0 && s.flag <= 4 ? s.flag : 1;
    labels[i] = s.siteName;
  }
  return { points: { lat, lon, colour, palette: SITE_PALETTE, order: SITE_ORDER, labels }, sites: kept };
}

const ILLEGAL = '#ff4d4f';
const FALLBACK = ['#69b1ff', '#b37feb'];

/** Bikes with a position (unlocated ones dropped); legal ones in their brand's colour, illegal ones red. */
export function bikePoints(
  bikes: readonly LayerBike[] | undefined,
  brands: readonly BrandBrief[],
  illegal: boolean,
): { points: PointData | null; bikes: LayerBike[] } {
  if (!bikes) return { points: null, bikes: [] };
  const kept = bikes.filter((b) => isLocated(b.bikeLon, b.bikeLat));
  const palette: string[] = [];
  const index = new Map<string, number>();
  const colourOf = (b: LayerBike): number => {
    let c = ILLEGAL;
    if (!illegal) {
      const brand = brands.find((x) => x.brandId === b.brandId);
      c = (b.bikeType === 1 ? brand?.ebikeColor : brand?.bikeColor) || FALLBACK[b.bikeType === 1 ? 1 : 0];
    }
    let i = index.get(c);
    if (i === undefined) {
      i = palette.length;
      palette.push(c);
      index.set(c, i);
    }
    return i;
  };
  const n = kept.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const colour = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    lat[i] = kept[i].bikeLat;
    lon[i] = kept[i].bikeLon;
    colour[i] = Math.min(colourOf(kept[i]), 255);
  }
  return { points: { lat, lon, colour, palette, order: palette.map((_, i) => i) }, bikes: kept };
}
