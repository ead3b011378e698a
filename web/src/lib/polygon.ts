/**
 * The server's polygon rules (server/src/domain/polygon.ts: closable ring of 3+ distinct points, lon/lat
 * in range, at most 2,000 points, no holes, no crossing edges), imported as they are: one rule on both
 * sides, checked here before saving and again by the server.
 */
export { normalizePolygon } from '../../../server/src/domain/polygon';
