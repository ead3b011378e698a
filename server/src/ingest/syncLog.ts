/** The sync log: shared with the console's spreadsheet filing (shared/syncLog.ts). */
export { writeSyncLog, type SyncKind } from '../shared/syncLog.js';
