/** URL of an uploaded file: absolute URLs and paths stay, bare file names live under /uploads/. */
export function uploadUrl(file: string | null | undefined): string {
  const s = (file ?? '').trim();
  if (!s) return '';
  if (/^(https?:|data:|blob:)/i.test(s) || s.startsWith('/')) return s;
  return `/uploads/${s.replace(/^\.?\/*(uploads\/)?/, '')}`;
}
