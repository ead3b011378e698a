import { describe, expect, it } from 'vitest';
import { MAX_LABELS, labelWidth, placeLabels } from './labels';

const area = { left: 0, top: 0, width: 400, height: 300 };

describe('site names on the map', () => {
  it('estimates widths: CJK 12 px, Latin and digits 7 px', () => {
    expect(labelWidth('北京大学')).toBe(48);
    expect(labelWidth('A口')).toBe(19);
    expect(labelWidth('')).toBe(0);
  });

  it('puts a name right of its marker, or left when the right is taken, never two on each other', () => {
    // three points in a row 10 px apart: the first takes its right; the second's right and left
    // collide with the first; the third is far enough down
    const x = [100, 110, 100];
    const y = [100, 104, 140];
    const placed = placeLabels(['甲站点', '乙站点', '丙站点'], [0, 1, 2], x, y, 3, area);
    expect(placed.map((p) => p.i)).toEqual([0, 2]);
    expect(placed[0]).toEqual({ i: 0, x: 107, y: 100 });
    // a point near the right edge names itself on its left
    const edge = placeLabels(['右边站点'], [0], [390], [50], 3, area);
    expect(edge).toEqual([{ i: 0, x: 390 - 3 - 4 - 48, y: 50 }]);
  });

  it('follows the priority order and skips names outside the area, empty names and blocked boxes', () => {
    // two sites at one spot: the first in the order gets the right side, the second the left
    const x = [102, 102, -5, 200, 300];
    const y = [100, 100, 100, 200, 50];
    const labels = ['普通', '满桩', '外面', '', '面板下'];
    const blocked = [{ left: 250, top: 0, width: 150, height: 80 }];
    expect(placeLabels(labels, [1, 0, 2, 3, 4], x, y, 3, area, blocked)).toEqual([
      { i: 1, x: 109, y: 100 },
      { i: 0, x: 102 - 7 - 24, y: 100 },
    ]);
    expect(placeLabels(labels, [0, 1], x, y, 3, area).map((p) => [p.i, p.x])).toEqual([
      [0, 109],
      [1, 71],
    ]);
    // without the panel, the name under it shows
    expect(placeLabels(labels, [4], x, y, 3, area).map((p) => p.i)).toEqual([4]);
  });

  it('works in absolute pixels (an area not at the origin)', () => {
    const shifted = { left: 1000, top: 2000, width: 400, height: 300 };
    expect(placeLabels(['站'], [0], [1100], [2100], 3, shifted)).toEqual([{ i: 0, x: 1107, y: 2100 }]);
    expect(placeLabels(['站'], [0], [100], [100], 3, shifted)).toEqual([]);
  });

  it(`stops at ${MAX_LABELS} names and stays cheap for 20,000 points`, () => {
    const n = 20_000;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const labels: string[] = [];
    for (let i = 0; i < n; i++) {
      x[i] = (i % 200) * 10;
      y[i] = Math.floor(i / 200) * 11;
      labels.push(`站点${i}`);
    }
    const big = { left: 0, top: 0, width: 1920, height: 1080 };
    const order = Array.from({ length: n }, (_, i) => i);
    const t0 = performance.now();
    const placed = placeLabels(labels, order, x, y, 3, big);
    const ms = performance.now() - t0;
    expect(placed.length).toBeGreaterThan(50);
    expect(placed.length).toBeLessThanOrEqual(MAX_LABELS);
    // no two placed boxes overlap
    const boxes = placed.map((p) => ({ l: p.x, r: p.x + labelWidth(labels[p.i]), t: p.y - 8, b: p.y + 8 }));
    let overlaps = 0;
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        if (boxes[a].l < boxes[b].r && boxes[b].l < boxes[a].r && boxes[a].t < boxes[b].b && boxes[b].t < boxes[a].b) overlaps++;
      }
    }
    expect(overlaps).toBe(0);
    console.log(`[labels] ${placed.length} names of ${n} points placed in ${ms.toFixed(1)} ms`);
    // a few ms; generous for a loaded shared machine
    expect(ms).toBeLessThan(200);
  });
});
