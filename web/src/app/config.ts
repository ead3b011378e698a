/** Settings the server writes into index.html as <meta> tags. */

export const DEFAULT_PLATFORM_NAME = '站点单车监管平台';

function meta(name: string, doc: Document): string | null {
  return doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

/** Platform name from <meta name="platform-name">; default 站点单车监管平台. */
export function platformName(doc: Document = document): string {
  return meta('platform-name', doc)?.trim() || DEFAULT_PLATFORM_NAME;
}

/** Map tile URL template from <meta name="tile-url">; '' when none is configured. */
export function tileUrl(doc: Document = document): string {
  return meta('tile-url', doc)?.trim() ?? '';
}

/** The server's default TZ (server/src/config.ts). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's time zone (TZ) from <meta name="time-zone">: the platform's days, hours and message
 * times are in it, whatever zone the browser is in. Missing or invalid: Asia/Shanghai.
 */
export function serverTimeZone(doc: Document = document): string {
  const tz = meta('time-zone', doc)?.trim() ?? '';
  return tz && validZone(tz) ? tz : DEFAULT_TIME_ZONE;
}
