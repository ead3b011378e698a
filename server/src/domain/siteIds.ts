/** Site ids: the district code followed by a 7-digit sequence (13 characters, e.g. 1101080000001). Pure. */

const SITE_SEQ_DIGITS = 7;
const SITE_ID_LENGTH = 6 + SITE_SEQ_DIGITS;
const MAX_SEQ = 10 ** SITE_SEQ_DIGITS - 1;

/** Does `id` have the generated shape for `areaId`? */
function isGeneratedSiteId(id: string, areaId: string): boolean {
  return id.length === SITE_ID_LENGTH && id.startsWith(areaId) && /^\d+$/.test(id.slice(6));
}

/** SQL regular expression (PostgreSQL `~`) matching the generated ids of `areaId`. */
export function generatedSiteIdRegex(areaId: string): string {
  return `^${areaId}[0-9]{${SITE_SEQ_DIGITS}}$`;
}

/** The id after `maxId` (the largest generated id of the district, or null); null when the sequence is used up. */
export function nextSiteId(areaId: string, maxId: string | null): string | null {
  const seq = maxId && isGeneratedSiteId(maxId, areaId) ? Number(maxId.slice(6)) : 0;
  if (seq >= MAX_SEQ) return null;
  return areaId + String(seq + 1).padStart(SITE_SEQ_DIGITS, '0');
}
