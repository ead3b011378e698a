import type { Database } from '../db/client.js';
import type { RetentionConfig } from '../config.js';
import type { FetchLimits } from '../shared/externalFeeds.js';

/** What every job needs; `now` is passed to each run so the demo back-fill can replay the past. */
export interface JobContext {
  database: Database;
  tz: string;
  /** A rent with no return after this many hours is overdue (abnormal type 3). */
  overdueHours: number;
  /** A parked bike outside every site for this long is an off-site placement (type 13). */
  offsiteMinutes: number;
  /** Filed bikes silent this long are "not uploading". */
  staleHours: number;
  /** A site out of its dispatch thresholds this long opens a dispatch work order; unset: 5 (domain/workOrders.ts). */
  dispatchSustainMinutes?: number;
  /** How long each kind of raw data is kept and how the retention job deletes (jobs/retention); unset: nothing is deleted. */
  retention?: RetentionConfig;
  /** Where uploads are stored (DATA_DIR): the hourly job deletes those left unattached; unset: none. */
  dataDir?: string;
  /** How external GBFS feeds are fetched (GBFS_IMPORT_*); unset: they are not refreshed. */
  gbfsImport?: FetchLimits;
}
