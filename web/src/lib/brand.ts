/**
 * Brand short names (spec §9): the first two characters plus 单车, e.g. 哈啰出行 → 哈啰单车.
 * The one exception: Meituan's e-bike brand (a name holding both 美团 and 电) becomes 美团电单,
 * so that it does not collide with 美团单车. Empty names give ''.
 */
export function brandShortName(name: string | null | undefined): string {
  const s = (name ?? '').trim();
  if (!s) return '';
  if (s.includes('美团') && s.includes('电')) return '美团电单';
  return `${[...s].slice(0, 2).join('')}单车`;
}

/**
 * Display colours a new enterprise starts with: the first of this palette that no enterprise shown
 * already has, nor one close to it (美团's #FFC300 made the old default #F5C518 look like 美团).
 * The big brands' colours (美团 yellow and orange, 哈啰 blue, 青桔 green) are never offered.
 */
export const BRAND_PALETTE = ['#722ED1', '#EB2F96', '#A0522D', '#2F54EB', '#F5222D', '#7CB305', '#08979C', '#D4380D', '#531DAB', '#C41D7F'] as const;
const BIG_BRANDS = ['#FFC300', '#FF8C00', '#0091FF', '#00C1DE', '#2EBD59', '#13C2C2'];

const rgbOf = (hex: string): [number, number, number] | null => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** Distance of two colours (RGB, weighted as the eye sees it: 0 the same, ~765 black to white). */
export function colorDistance(a: string, b: string): number {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return Infinity;
  const r = (x[0] + y[0]) / 2;
  const [dr, dg, db] = [x[0] - y[0], x[1] - y[1], x[2] - y[2]];
  return Math.sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db);
}

/** Two colours (bicycles, e-bikes) for a new enterprise: the first palette colours far from every used one. */
export function newBrandColors(used: readonly (string | null | undefined)[]): { bikeColor: string; ebikeColor: string } {
  const taken = [...BIG_BRANDS, ...used.filter((c): c is string => !!c)];
  const free = BRAND_PALETTE.filter((c) => taken.every((u) => colorDistance(c, u) >= 150));
  const [bike = BRAND_PALETTE[0], ebike = BRAND_PALETTE[1]] = free.length >= 2 ? free : [...free, ...BRAND_PALETTE.filter((c) => !free.includes(c))];
  return { bikeColor: bike, ebikeColor: ebike };
}
