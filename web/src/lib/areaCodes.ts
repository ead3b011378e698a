/**
 * The server's rule for a new area's code under its parent (server/src/domain/areas.ts codeMisfit:
 * province PP0000, city PPCC00, district PPCCDD, a 片区 below a district a free code of the same city),
 * imported as it is so that the console and the server refuse the same codes with the same words.
 */
export { codeMisfit } from '../../../server/src/domain/areas';
