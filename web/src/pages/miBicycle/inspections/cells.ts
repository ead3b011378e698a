/** Cells of 米单车管理's field lists. */

/** A cell's value or —. */
export const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** A position as lon, lat (6 decimals), or —. */
export const position = (lon: number | null, lat: number | null) => (lon === null || lat === null ? '—' : `${lon.toFixed(6)}, ${lat.toFixed(6)}`);
