/**
 * Pile power (设备电量, percent) and its bands: one definition for the to-do count 电量低于10%站点,
 * the site list its link opens (equipmentPower=0-10) and the 低电量 flags of the lists.
 */

/** Power below this is low: the to-do count, the lists' lowPower flags and the band 0-10. */
export const LOW_POWER = 10;

/** A power band 'min-max' (the to-do link's equipmentPower). */
export interface PowerBand {
  min: number;
  max: number;
}

/**
 * A band holds min ≤ power < max, bands meeting at their ends without overlap (0-10, 10-20, …); the
 * top one (max 100) holds 100 as well. So 0-10 is exactly the low band, power < LOW_POWER. Answers
 * the half-open bounds [min, below) a query uses.
 */
export function bandBounds(band: PowerBand): { min: number; below: number } {
  return { min: band.min, below: band.max >= 100 ? 101 : band.max };
}

export const inBand = (power: number, band: PowerBand): boolean => {
  const { min, below } = bandBounds(band);
  return power >= min && power < below;
};

/** Whether a reading is low (no reading is not). */
export const isLowPower = (power: number | null): boolean => power !== null && power < LOW_POWER;

/** A pile silent this long (no report for an hour or more) is 离线: the lists 在线设备 / 离线设备 and their exports. */
export const PILE_SILENT_MINUTES = 60;

/** Minutes since a pile was last heard (null: never heard), whole minutes rounded down. */
export const silentMinutes = (lastSeenAt: Date | null, now: Date): number | null =>
  lastSeenAt === null ? null : Math.max(0, Math.floor((now.getTime() - lastSeenAt.getTime()) / 60_000));

/** How long a pile has been silent, in words: 2天3小时, 5小时12分钟, 45分钟; never heard: 从未上报. */
export function silentText(minutes: number | null): string {
  if (minutes === null) return '从未上报';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d}天${h}小时`;
  if (h > 0) return `${h}小时${m}分钟`;
  return `${m}分钟`;
}
