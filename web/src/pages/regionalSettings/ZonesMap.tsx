/** The forbidden zones of the list on a map, coloured by type and labelled; the area's sites near them beneath for orientation. */
import { Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { LonLat, MapShape, MapSite } from '../../components/deskMap/types';
import { boxOf, centreOfBox, inBox } from './zoneGeo';
import type { Forbid, RailSite } from './types';

const DeskMap = lazy(() => import('../../components/deskMap/DeskMap'));

/** 0 禁停围栏 orange, 1 禁停区 red. */
export const TYPE_COLOR: Record<number, string> = { 0: '#fa8c16', 1: '#f5222d' };
/** Sites drawn at most (an area may have 20,000), those within about 1 km of the zones. */
const MAX_SITES = 3000;
const MARGIN = 0.01;

/** Sites within the zones' box (widened), at most MAX_SITES, as map sites. */
export function sitesNear(sites: readonly RailSite[] | undefined, rings: readonly (readonly LonLat[])[]): MapSite[] {
  const box = boxOf(rings, MARGIN);
  if (!box || !sites) return [];
  const out: MapSite[] = [];
  for (const s of sites) {
    if (out.length >= MAX_SITES) break;
    if (inBox(box, { lon: s.siteLon, lat: s.siteLat })) out.push({ id: s.siteId, name: s.siteName, lon: s.siteLon, lat: s.siteLat, flag: s.flag });
  }
  return out;
}

interface Props {
  zones: readonly Forbid[];
  sites?: readonly RailSite[];
  selected?: number | null;
  /** the ring the view fits (a new array each time a row is clicked) */
  fit?: readonly LonLat[] | null;
  onZone: (id: number) => void;
}

export default function ZonesMap({ zones, sites, selected, fit, onZone }: Props) {
  const shapes = useMemo<MapShape[]>(
    () => zones.map((z) => ({ id: String(z.id), ring: z.fence, holes: z.holes, color: TYPE_COLOR[z.type], label: z.alias, selected: z.id === selected })),
    [zones, selected],
  );
  const rings = useMemo(() => zones.map((z) => z.fence), [zones]);
  const near = useMemo(() => sitesNear(sites, rings), [sites, rings]);
  const box = useMemo(() => boxOf(rings), [rings]);
  // the centre stays what it was first (a moving centre would fight the fit); the fit moves the view
  const [centre] = useState(() => (box ? centreOfBox(box) : null));
  // the first view shows every listed zone; a row click fits its zone
  const all = useMemo(
    () =>
      box
        ? [
            { lon: box.west, lat: box.south },
            { lon: box.east, lat: box.north },
          ]
        : null,
    [box],
  );
  const view = fit ?? all;
  return (
    <Suspense fallback={<Spin className="regional-map-loading" />}>
      <DeskMap
        center={centre}
        backdrop={{ zones: false }}
        zoom={14}
        height={360}
        sites={near}
        shapes={shapes}
        onShape={(id) => onZone(Number(id))}
        fit={view}
      />
    </Suspense>
  );
}
