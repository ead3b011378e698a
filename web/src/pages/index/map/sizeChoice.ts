/** The site-count choice is remembered in this browser (first visit: 50, spec §9). */
import { DEFAULT_SITE_SIZE, SITE_SIZES } from './mapLogic';
import type { SiteSize } from './types';

const KEY = 'sbs-home-map-size';

export function loadSize(): SiteSize {
  try {
    const v = Number(localStorage.getItem(KEY));
    const raw = localStorage.getItem(KEY);
    return raw !== null && (SITE_SIZES as readonly number[]).includes(v) ? (v as SiteSize) : DEFAULT_SITE_SIZE;
  } catch {
    return DEFAULT_SITE_SIZE;
  }
}

export function saveSize(size: SiteSize): void {
  try {
    localStorage.setItem(KEY, String(size));
  } catch {
    // private mode: not remembered
  }
}
