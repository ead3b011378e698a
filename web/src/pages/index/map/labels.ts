/**
 * Where site names fit on the map canvas: a greedy placement on a coarse occupancy grid, so no two
 * names overlap. Pure and cheap (no measureText: widths are estimated from the characters), so it
 * runs on every redraw even with 20,000 sites in view.
 */

/** Font of the names; the width estimate below assumes its 12 px size. */
export const LABEL_FONT = '12px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
const LABEL_HEIGHT = 16;
/** Gap between a marker's edge and its name. */
const GAP = 4;
/** Grid cell in pixels: names are kept at least about one cell apart. */
const CELL = 6;
/** At most this many names per drawing; a full view of names is unreadable anyway. */
export const MAX_LABELS = 400;
/** At most this many points tried per drawing (a dense view of 20,000 sites stays cheap). */
const MAX_TRIES = 8000;

/** Estimated width of a 12 px label: CJK and full-width characters 12 px, others 7 px. */
export function labelWidth(text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) w += text.charCodeAt(i) > 0x2e7f ? 12 : 7;
  return w;
}

export interface PlacedLabel {
  /** index of the point */
  i: number;
  /** left end of the text and its vertical middle, in the points' frame */
  x: number;
  y: number;
}

/** The rectangle names may use, in the points' frame (e.g. the map's view in absolute pixels). */
export interface LabelArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Places names beside points, right of the marker or else left of it, skipping a name that would
 * overlap one placed before or a `blocked` rectangle (same frame), or leave the area. `order`
 * lists point indexes by priority; `x`/`y` are the points' pixel positions; `r` the marker radius.
 */
export function placeLabels(
  labels: readonly string[],
  order: Iterable<number>,
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  r: number,
  area: LabelArea,
  blocked: readonly LabelArea[] = [],
  max = MAX_LABELS,
): PlacedLabel[] {
  const cols = Math.ceil(area.width / CELL) + 1;
  const rows = Math.ceil(area.height / CELL) + 1;
  const used = new Uint8Array(cols * rows);
  const out: PlacedLabel[] = [];
  // panels over the map: no name under them
  for (const b of blocked) {
    const c0 = Math.max(0, Math.floor((b.left - area.left) / CELL));
    const c1 = Math.min(cols - 1, Math.floor((b.left + b.width - area.left) / CELL));
    for (let row = Math.max(0, Math.floor((b.top - area.top) / CELL)); row <= Math.min(rows - 1, Math.floor((b.top + b.height - area.top) / CELL)); row++) {
      if (c1 >= c0) used.fill(1, row * cols + c0, row * cols + c1 + 1);
    }
  }
  // takes the cells of a name box (relative to the area) when it stays inside and they are free
  const tryTake = (left: number, top: number, w: number): boolean => {
    if (left < 0 || top < 0 || left + w > area.width || top + LABEL_HEIGHT > area.height) return false;
    const c0 = Math.floor(left / CELL);
    const c1 = Math.floor((left + w) / CELL);
    const r0 = Math.floor(top / CELL);
    const r1 = Math.floor((top + LABEL_HEIGHT) / CELL);
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) if (used[row * cols + col]) return false;
    }
    for (let row = r0; row <= r1; row++) used.fill(1, row * cols + c0, row * cols + c1 + 1);
    return true;
  };
  let tries = 0;
  for (const i of order) {
    if (out.length >= max || tries >= MAX_TRIES) break;
    const text = labels[i];
    if (!text) continue;
    const px = x[i] - area.left;
    const py = y[i] - area.top;
    if (px < 0 || py < 0 || px > area.width || py > area.height) continue;
    tries++;
    const w = labelWidth(text);
    const top = py - LABEL_HEIGHT / 2;
    const right = px + r + GAP;
    const left = px - r - GAP - w;
    if (tryTake(right, top, w)) out.push({ i, x: right + area.left, y: y[i] });
    else if (tryTake(left, top, w)) out.push({ i, x: left + area.left, y: y[i] });
  }
  return out;
}
