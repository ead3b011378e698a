/**
 * Tab-route helper (spec §2): keep the first two hash segments — three when the second is
 * companyManagement (case-insensitive) — and append `segment`.
 * Segments are those of `hash.split('/')`, so '#' counts as the first one.
 * Returns a router path without the leading '#', e.g. '#/operation/2' + '5' → '/operation/5'.
 */
export function tabRoute(hash: string, segment: string | number): string {
  const { parts, keep } = split(hash);
  const kept = parts.slice(0, keep).filter((p, i) => i === 0 || p !== '');
  const tail = String(segment).replace(/^\/+/, '');
  const base = kept.join('/').slice(1) || '/';
  if (!tail) return base;
  return `${base.endsWith('/') ? base : `${base}/`}${tail}`;
}

/** The tab segment tabRoute appends: the one after the kept segments ('' when there is none). */
export function tabOf(hash: string): string {
  const { parts, keep } = split(hash);
  return parts[keep] ?? '';
}

function split(hash: string) {
  const normalized = hash.startsWith('#') ? hash : `#${hash.startsWith('/') ? '' : '/'}${hash}`;
  const parts = normalized.split(/[?]/)[0].split('/');
  const keep = parts[1]?.toLowerCase() === 'companymanagement' ? 3 : 2;
  return { parts, keep };
}
