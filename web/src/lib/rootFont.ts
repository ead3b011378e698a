import { ROOT_FONT } from './constants';

/** Root font size in px: 16 × min(width / 1920, 2). Non-finite or negative widths give 16. */
export function rootFontSize(width: number): number {
  if (!Number.isFinite(width) || width < 0) return ROOT_FONT.base;
  return ROOT_FONT.base * Math.min(width / ROOT_FONT.designWidth, ROOT_FONT.maxFactor);
}

/** Apply the scaled root font to <html>; returns a function that restores the previous value. */
export function applyRootFont(doc: Document = document, width: number = window.innerWidth): () => void {
  const el = doc.documentElement;
  const previous = el.style.fontSize;
  el.style.fontSize = `${rootFontSize(width)}px`;
  return () => {
    el.style.fontSize = previous;
  };
}
