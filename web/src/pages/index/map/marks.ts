/**
 * Performance marks of the map's first drawing (visible in the browser's performance panel and
 * read by the browser tests): module loaded, map created, sites requested, answered, drawn.
 */
export type MarkName = 'module' | 'map' | 'sites-request' | 'sites-answer' | 'sites-drawn';

const done = new Set<MarkName>();

/** Marks `home-map:<name>` the first time only. */
export function markOnce(name: MarkName): void {
  if (done.has(name) || typeof performance === 'undefined' || !performance.mark) return;
  done.add(name);
  performance.mark(`home-map:${name}`);
}
