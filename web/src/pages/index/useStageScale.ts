import { useEffect, useState } from 'react';
import { ROOT_FONT } from '../../lib/constants';

export const STAGE = { width: ROOT_FONT.designWidth, height: 1080 } as const;

/** Scale of the 1920×1080 stage: the window's width over 1920 (at most ROOT_FONT.maxFactor). */
export function stageScale(width: number): number {
  if (!Number.isFinite(width) || width <= 0) return 1;
  return Math.min(width / STAGE.width, ROOT_FONT.maxFactor);
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
