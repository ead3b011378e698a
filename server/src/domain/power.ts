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
