/** Props of the desk map (loaded lazily: import these types, not the map, where the map is optional). */
import type { Map as LeafletMap } from 'leaflet';

export interface LonLat {
  lon: number;
  lat: number;
}

/** A site shown for orientation: a small circle coloured by its flag (lib/siteStatus). */
export interface MapSite extends LonLat {
  id: string;
  name?: string;
  flag?: number;
}

/** A labelled, coloured read-only polygon (e.g. a zone of a list); a click on it gives its id. */
export interface MapShape {
  id: string;
  ring: readonly LonLat[];
  /** its holes (inner rings): not filled */
  holes?: readonly (readonly LonLat[])[];
  color?: string;
  label?: string;
  /** drawn thicker */
  selected?: boolean;
}

/** A vector circle of a pixel radius (e.g. sized and coloured by a site's imbalance); a click on it gives its id. */
export interface MapCircle extends LonLat {
  id: string;
  /** pixels */
  radius: number;
  color: string;
  /** its tooltip, as text (line breaks kept) */
  label?: string;
  selected?: boolean;
  /** a ground range around it too, in metres (a clock site's radius): a thin ring in its colour, growing with the zoom */
  metres?: number;
  /** a name always shown beside it (the tooltip `label` shows on hover) */
  name?: string;
}

/** A point of a path (a ride's track): a small dot, or a labelled marker (e.g. 借 / 还) when `label` is set. */
export interface PathPoint extends LonLat {
  /** a short label drawn on the marker, e.g. 借 or 还 */
  label?: string;
  /** its tooltip (a time) */
  title?: string;
  color?: string;
}

export interface DeskMapProps {
  /**
   * the view's centre (GCJ-02); the map moves when it changes. None: the map starts on the area's
   * operating fences (`areaId`, else the user's own area), else on the given sites
   */
  center?: LonLat | null;
  /** the area whose operating fences and enabled zones are drawn beneath (default: the user's own area) */
  areaId?: string | null;
  /** the backdrop layers (fences, zones; both by default); false: none (the caller draws them itself) */
  backdrop?: false | { fences?: boolean; zones?: boolean };
  zoom?: number;
  height?: number;
  sites?: readonly MapSite[];
  /** read-only polygons for orientation (other sites' fences, an area's outline) */
  polygons?: readonly (readonly LonLat[])[];
  /** labelled coloured polygons (a list's zones); clicks on them go to onShape */
  shapes?: readonly MapShape[];
  onShape?: (id: string) => void;
  /** vector circles (statistics on the map); clicks on them go to onCircle */
  circles?: readonly MapCircle[];
  onCircle?: (id: string) => void;
  /** a line through these points, in order, each drawn as a dot or a labelled marker (a ride's track) */
  path?: readonly PathPoint[];
  /** the view fits this ring whenever a new one is given (a row clicked in a list) */
  fit?: readonly LonLat[] | null;
  /** picker mode: the chosen point (a draggable marker); a click on the map moves it */
  point?: LonLat | null;
  onPoint?: (p: LonLat) => void;
  /** a circle of this radius (metres) around the point, when there is no fence */
  radius?: number | null;
  /** the fence being edited: its vertices can be dragged */
  ring?: readonly LonLat[] | null;
  onRing?: (ring: LonLat[] | null) => void;
  /** draw mode: the next polygon drawn becomes the ring (then drawing stops via onRing) */
  drawing?: boolean;
  /** the Leaflet map once created (tests, end-to-end helpers) */
  onReady?: (map: LeafletMap) => void;
}
