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
