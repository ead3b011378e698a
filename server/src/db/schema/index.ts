export * from './areas.js';
export * from './accounts.js';
export * from './operations.js';
