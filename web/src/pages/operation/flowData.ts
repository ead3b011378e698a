/** Shaping of the 租还 view: the lines of a brand / bike type selection, x labels, the tidal circles and curves. */
import type { MapCircle } from '../../components/deskMap/types';
import type { Flows, TidalSite } from './service';

export interface FlowPick {
  /** 0: every brand */
  brandId: number;
  bikeType: 'all' | '0' | '1';
}

/** Rents and returns per slot of the lines matching the pick. */
export function pickFlows(f: Flows, pick: FlowPick) {
  const lines = f.lists.filter((l) => (pick.brandId === 0 || l.brandId === pick.brandId) && (pick.bikeType === 'all' || String(l.bikeType) === pick.bikeType));
  const add = (k: 'rent' | 'ret') => f.slots.map((_, i) => lines.reduce((t, l) => t + l[k][i], 0));
  const rent = add('rent');
  const ret = add('ret');
  return { rent, ret, net: rent.map((r, i) => r - ret[i]), rentTotal: rent.reduce((a, b) => a + b, 0), returnTotal: ret.reduce((a, b) => a + b, 0) };
}

/** Rents per slot of each brand (bike types summed, or the picked one). */
export function rentsByBrand(f: Flows, bikeType: FlowPick['bikeType']) {
  const by = new Map<number, { name: string; data: number[] }>();
  for (const l of f.lists) {
    if (bikeType !== 'all' && String(l.bikeType) !== bikeType) continue;
    const b = by.get(l.brandId) ?? { name: l.brandName, data: f.slots.map(() => 0) };
    l.rent.forEach((n, i) => (b.data[i] += n));
    by.set(l.brandId, b);
  }
  return [...by.values()];
}

export const slotLabels = (f: Flows) => f.slots.map((s) => (f.granularity === 'day' ? `${s}时` : `${s}日`));

/** A site as a circle: area by |net| (the largest 22 px), red when bikes flow out (rents > returns), blue when they pile up. */
export function tidalCircles(sites: readonly TidalSite[], selected?: string | null): MapCircle[] {
  const max = Math.max(1, ...sites.map((s) => Math.abs(s.net)));
  return sites
    .filter((s) => s.lon && s.lat)
    .map((s) => ({
      id: s.siteId,
      lon: s.lon,
      lat: s.lat,
      radius: Math.round(5 + 17 * Math.sqrt(Math.abs(s.net) / max)),
      color: s.net > 0 ? '#f5222d' : '#1677ff',
      label: `${s.siteName}：租 ${s.rentNum} / 还 ${s.returnNum}（${s.net > 0 ? '流出' : '流入'} ${Math.abs(s.net)}）`,
      selected: s.siteId === selected,
    }));
}

/** The box around the circles, as a ring the map fits its view to. */
export function boxOf(sites: readonly { lon: number; lat: number }[]) {
  const pts = sites.filter((s) => s.lon && s.lat);
  if (!pts.length) return null;
  const lons = pts.map((p) => p.lon);
  const lats = pts.map((p) => p.lat);
  const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  return [
    { lon: w, lat: s },
    { lon: e, lat: s },
    { lon: e, lat: n },
    { lon: w, lat: n },
  ];
}
