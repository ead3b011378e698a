import { useEffect, useState } from 'react';
import { ROOT_FONT } from '../../lib/constants';
import { rootFontSize } from '../../lib/rootFont';

export const STAGE = { width: ROOT_FONT.designWidth, height: 1080 } as const;

/**
 * Scale of the 1920×1080 stage: the spec's root font scale (lib/rootFont: 16 × min(width / 1920, 2))
 * over its 16 px base, so the big screen scales to the window's width as the root font does.
 */
export function stageScale(width: number): number {
  if (!Number.isFinite(width) || width <= 0) return 1;
  return rootFontSize(width) / ROOT_FONT.base;
}

/** The stage scale, following window resizes. */
export function useStageScale(): number {
  const measure = () => stageScale(document.documentElement.clientWidth || window.innerWidth);
  const [scale, setScale] = useState(measure);
  useEffect(() => {
    const onResize = () => setScale(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}
