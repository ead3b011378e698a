/** Who owns a bike: shared with the console's spreadsheet filing (shared/bikeOwners.ts). */
export * from '../shared/bikeOwners.js';
