/**
 * Many points on one canvas: the site markers (20,000 and more) and the bike dots. Built on
 * Leaflet's canvas renderer (it sizes and moves the canvas with the map and scales it during zoom
 * animations); instead of one Leaflet layer per point it draws typed arrays, one path per colour,
 * and hit-tests clicks itself. Relies on the renderer internals of Leaflet 1.9 (`_draw`, `_ctx`,
 * `_bounds`, `_redraw`), which the pinned version keeps.
 */
import { LABEL_FONT, placeLabels } from './labels';
import L from './leafletGlobal';

export interface PointData {
  lat: Float64Array;
  lon: Float64Array;
  /** palette index of each point */
  colour: Uint8Array;
  palette: readonly string[];
  /** palette indexes in drawing order (last on top) */
  order: readonly number[];
  /** optional names drawn beside the points from `labelMinZoom` on, where they fit */
  labels?: readonly string[];
}

export interface PointsOptions {
  pane: string;
  radius: (zoom: number) => number;
  /** outline colour; '' for none */
  outline?: string;
  labelMinZoom?: number;
  /** rectangles over the map (container pixels: toolbar, legend) where no name goes */
  labelAvoid?: () => Array<{ left: number; top: number; width: number; height: number }>;
  /** after each drawing: points drawn in the canvas area, points held, names drawn */
  onDrawn?: (drawn: number, total: number, labels: number) => void;
}

/** Internals of L.Canvas used here. */
interface CanvasInternals {
  _map: L.Map | null;
  _ctx: CanvasRenderingContext2D | undefined;
  _bounds: L.Bounds | undefined;
  _redraw(): void;
}

type Groups = Int32Array[];

export class PointsCanvas extends L.Canvas {
  private data: PointData | null = null;
  private groups: Groups = [];
  private px = new Float64Array(0);
  private py = new Float64Array(0);
  private projZoom = Number.NaN;
  private labelsDrawn = 0;
  private readonly cfg: PointsOptions;

  constructor(cfg: PointsOptions) {
    super({ pane: cfg.pane, padding: 0.1 });
    this.cfg = cfg;
  }

  private get internals(): CanvasInternals {
    return this as unknown as CanvasInternals;
  }

  /** Replace the points (null: none) and redraw. */
  setData(data: PointData | null): void {
    this.data = data;
    this.projZoom = Number.NaN;
    this.groups = [];
    if (data) {
      const counts = new Int32Array(data.palette.length);
      for (let i = 0; i < data.colour.length; i++) counts[data.colour[i]]++;
      this.groups = Array.from(counts, (n) => new Int32Array(n));
      const fill = new Int32Array(data.palette.length);
      for (let i = 0; i < data.colour.length; i++) {
        const c = data.colour[i];
        this.groups[c][fill[c]++] = i;
      }
    }
    this.requestRedraw();
  }

  private requestRedraw(): void {
    const me = this.internals;
    if (me._map && me._ctx && !(me._map as unknown as { _animatingZoom?: boolean })._animatingZoom) me._redraw();
  }

  /** Absolute pixel coordinates of every point at the map's zoom. */
  private project(map: L.Map): void {
    const zoom = map.getZoom();
    if (zoom === this.projZoom || !this.data) return;
    const { lat, lon } = this.data;
    const n = lat.length;
    if (this.px.length !== n) {
      this.px = new Float64Array(n);
      this.py = new Float64Array(n);
    }
    const crs = map.options.crs ?? L.CRS.EPSG3857;
    const scale = crs.scale(zoom);
    const ll = new L.LatLng(0, 0);
    // EPSG:3857 in one loop (crs.latLngToPoint per point would allocate twice per point)
    if (crs === L.CRS.EPSG3857) {
      const R = 6378137;
      const max = 85.0511287798;
      const k = 0.5 / (Math.PI * R);
      for (let i = 0; i < n; i++) {
        const la = Math.max(Math.min(max, lat[i]), -max);
        const sin = Math.sin((la * Math.PI) / 180);
        const x = (R * lon[i] * Math.PI) / 180;
        const y = (R * Math.log((1 + sin) / (1 - sin))) / 2;
        this.px[i] = scale * (k * x + 0.5);
        this.py[i] = scale * (-k * y + 0.5);
      }
    } else {
      for (let i = 0; i < n; i++) {
        ll.lat = lat[i];
        ll.lng = lon[i];
        const p = crs.latLngToPoint(ll, zoom);
        this.px[i] = p.x;
        this.py[i] = p.y;
      }
    }
    this.projZoom = zoom;
  }

  /** Called by the renderer with the context translated to layer points. */
  _draw(): void {
    const me = this.internals;
    const map = me._map;
    const ctx = me._ctx;
    const data = this.data;
    if (!map || !ctx || !me._bounds) return;
    if (!data) {
      this.cfg.onDrawn?.(0, 0, 0);
      return;
    }
    this.project(map);
    const zoom = map.getZoom();
    const r = this.cfg.radius(zoom);
    const origin = map.getPixelOrigin();
    const min = me._bounds.min!;
    const max = me._bounds.max!;
    const x0 = min.x - r + origin.x;
    const y0 = min.y - r + origin.y;
    const x1 = max.x + r + origin.x;
    const y1 = max.y + r + origin.y;
    const ox = origin.x;
    const oy = origin.y;
    const { px, py } = this;
    const tau = Math.PI * 2;
    let drawn = 0;
    ctx.save();
    ctx.lineWidth = r >= 4 ? 1.2 : 0.8;
    ctx.strokeStyle = this.cfg.outline ?? '';
    for (const c of data.order) {
      const group = this.groups[c];
      if (!group?.length) continue;
      ctx.beginPath();
      let any = false;
      for (let g = 0; g < group.length; g++) {
        const i = group[g];
        const x = px[i];
        const y = py[i];
        if (x < x0 || x > x1 || y < y0 || y > y1) continue;
        const lx = x - ox;
        const ly = y - oy;
        ctx.moveTo(lx + r, ly);
        ctx.arc(lx, ly, r, 0, tau);
        drawn++;
        any = true;
      }
      if (!any) continue;
      ctx.fillStyle = data.palette[c];
      ctx.fill();
      if (this.cfg.outline) ctx.stroke();
    }
    this.labelsDrawn = 0;
    if (data.labels && zoom >= (this.cfg.labelMinZoom ?? Infinity)) this.drawLabels(ctx, map, data.labels, data.order, r);
    ctx.restore();
    this.cfg.onDrawn?.(drawn, data.lat.length, this.labelsDrawn);
  }

  /**
   * Names beside the points in the visible view where they fit (./labels.ts): by drawing order
   * reversed, so the sites drawn on top (full, then more, few, empty) are named first.
   */
  private drawLabels(ctx: CanvasRenderingContext2D, map: L.Map, labels: readonly string[], order: readonly number[], r: number): void {
    const origin = map.getPixelOrigin();
    const view = map.containerPointToLayerPoint([0, 0]);
    const size = map.getSize();
    const area = { left: view.x + origin.x, top: view.y + origin.y, width: size.x, height: size.y };
    const { groups } = this;
    function* byPriority() {
      for (let k = order.length - 1; k >= 0; k--) {
        const group = groups[order[k]];
        if (group) yield* group;
      }
    }
    const blocked = (this.cfg.labelAvoid?.() ?? []).map((b) => ({ ...b, left: b.left + area.left, top: b.top + area.top }));
    const placed = placeLabels(labels, byPriority(), this.px, this.py, r, area, blocked);
    this.labelsDrawn = placed.length;
    if (!placed.length) return;
    ctx.font = LABEL_FONT;
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.lineJoin = 'round';
    ctx.strokeStyle = 'rgba(2, 12, 30, 0.85)';
    ctx.fillStyle = '#e6f4ff';
    for (const p of placed) ctx.strokeText(labels[p.i], p.x - origin.x, p.y - origin.y);
    for (const p of placed) ctx.fillText(labels[p.i], p.x - origin.x, p.y - origin.y);
  }

  /** Index of the point under a layer point (nearest within the marker radius plus a margin), or -1. */
  hit(layerPoint: L.Point, margin = 4): number {
    const map = this.internals._map;
    if (!map || !this.data) return -1;
    this.project(map);
    const origin = map.getPixelOrigin();
    const x = layerPoint.x + origin.x;
    const y = layerPoint.y + origin.y;
    const reach = this.cfg.radius(map.getZoom()) + margin;
    const reach2 = reach * reach;
    let best = -1;
    let bestD = reach2;
    const { px, py } = this;
    for (let i = 0; i < px.length; i++) {
      const dx = px[i] - x;
      if (dx > reach || dx < -reach) continue;
      const dy = py[i] - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }
}
