/** The phone's position (navigator.geolocation, WGS-84), and what to tell the user when there is none. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Position } from './service';

export type PositionState =
  { status: 'locating'; position?: Position } | { status: 'ok'; position: Position } | { status: 'error'; message: string; position?: Position };

/** The Chinese message for a failed look-up (GeolocationPositionError codes 1-3), or for no geolocation at all. */
function positionError(code: number | 'none' | 'insecure'): string {
  if (code === 'none') return '此浏览器不能定位：请用手机自带的浏览器打开本页。';
  if (code === 'insecure') return '无法定位：浏览器只在 https 地址下提供位置，请用 https 地址打开本页。';
  if (code === 1) return '定位权限被拒绝：请在手机的设置或浏览器中允许本网站使用位置信息，然后点「重新定位」。';
  if (code === 3) return '定位超时：请到开阔处，打开手机的定位服务（GPS）后点「重新定位」。';
  return '暂时无法获取位置：请打开手机的定位服务（GPS），到开阔处后点「重新定位」。';
}

/** On opening a screen a fix up to 15 s old will do; asked again (重新定位, 再次打卡) the phone may have moved: a new one. */
const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 15_000 };
const FRESH: PositionOptions = { ...OPTIONS, maximumAge: 0 };

/** The position, asked for once on mount and again, fresh, with `locate()`. */
export function usePosition(): PositionState & { locate: () => void } {
  const [state, setState] = useState<PositionState>({ status: 'locating' });
  const alive = useRef(true);
  const ask = useCallback((options: PositionOptions) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setState({ status: 'error', message: positionError('none') });
      return;
    }
    setState((s) => ({ status: 'locating', position: s.position }));
    geo.getCurrentPosition(
      (p) => {
        if (!alive.current) return;
        const position = { lon: Math.round(p.coords.longitude * 1e6) / 1e6, lat: Math.round(p.coords.latitude * 1e6) / 1e6, accuracy: p.coords.accuracy };
        setState({ status: 'ok', position });
      },
      (err) => {
        if (!alive.current) return;
        // an http:// page is refused as if the user had said no
        const code = err.code === 1 && window.isSecureContext === false ? 'insecure' : err.code;
        setState((s) => ({ status: 'error', message: positionError(code), position: s.position }));
      },
      options,
    );
  }, []);
  const locate = useCallback(() => ask(FRESH), [ask]);
  useEffect(() => {
    alive.current = true;
    ask(OPTIONS);
    return () => {
      alive.current = false;
    };
  }, [ask]);
  return { ...state, locate };
}
