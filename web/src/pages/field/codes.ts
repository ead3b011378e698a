/** What a typed or scanned bike code names: a bike id, or a MAC (a pile's or a lock's). */

const MAC = /^([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})[:-]?([0-9a-f]{2})$/i;
/** Query parameters a bike's QR code link carries its number in. */
const ID_PARAMS = ['bikeId', 'bikeid', 'bike_id', 'bikeNo', 'bikeno', 'b', 'bike', 'id', 'no', 'sn', 'code'];

/** A MAC written as AA:BB:CC:DD:EE:FF, or null when the text is none. */
export function macOf(text: string): string | null {
  const m = MAC.exec(text.trim());
  return m ? m.slice(1).join(':').toUpperCase() : null;
}

/**
 * The bike a code names: a MAC (with or without separators) is a MAC; a link (a bike's QR code
 * usually is one) gives the number in its query (b=, bikeId=, no=, …) or its last path segment; any
 * other text is the bike id itself.
 */
export function bikeFromCode(text: string): { bikeId?: string; bikeMac?: string } {
  const s = text.trim();
  if (!s) return {};
  const mac = macOf(s);
  if (mac) return { bikeMac: mac };
  if (/^https?:\/\//i.test(s)) {
    try {
      const url = new URL(s);
      for (const key of ID_PARAMS) {
        const v = url.searchParams.get(key)?.trim();
        if (v) return macOf(v) ? { bikeMac: macOf(v)! } : { bikeId: v };
      }
      const last = url.pathname.split('/').filter(Boolean).at(-1);
      if (last) return { bikeId: decodeURIComponent(last) };
    } catch {
      // not a link after all
    }
  }
  return { bikeId: s };
}

/** Metres for a person in the street: "35 米", "1.2 公里". */
export function metres(m: number | null | undefined): string {
  if (m === null || m === undefined || !Number.isFinite(m)) return '';
  return m < 1000 ? `${Math.round(m)} 米` : `${(m / 1000).toFixed(1)} 公里`;
}
