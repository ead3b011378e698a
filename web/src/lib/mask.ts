/**
 * Mobile mask (spec §5): keep the first 3 digits and the digits from position 7 on,
 * hide the middle four: 13812345678 → 138****5678. Shorter numbers hide what exists of
 * positions 4-7; empty or missing values give ''.
 */
export function maskMobile(phone: string | number | null | undefined): string {
  if (phone === null || phone === undefined) return '';
  const s = String(phone).trim();
  if (s.length <= 3) return s;
  const hidden = Math.min(4, s.length - 3);
  return `${s.slice(0, 3)}${'*'.repeat(hidden)}${s.slice(7)}`;
}
