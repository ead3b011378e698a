export * from './areas.js';
export * from './accounts.js';
export * from './brands.js';
export * from './sites.js';
export * from './bikes.js';
export * from './orders.js';
export * from './messages.js';
export * from './statistics.js';
