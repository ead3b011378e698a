/** Calls of the four sync-log screens (spec §7 Company: getSyncSiteLogList … and their export variants). */
import type { Data, Item } from '../../../api/types';
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import type { Filters } from '../../../components/desk';
import { clean } from '../service';

export type SyncKey = 'brandId' | 'result' | 'startTime' | 'endTime' | 'selfAreaId';
export type SyncFilters = Filters<SyncKey>;
export type SyncLogRow = Item<Data<'/api/company/getRequestSyncList'>['lists']>;
type Page = { currentPage: number; pageSize: number };

/** The four kinds: list and export call names (server: modules/company/recordRoutes.ts) and the file name. */
const SYNC_KINDS = {
  siteSync: { name: 'SyncSiteLogList', title: '站点同步记录' },
  dispatchSync: { name: 'DispatchSyncList', title: '调度同步记录' },
  requestSync: { name: 'RequestSyncList', title: '借还车同步记录' },
  bikeSync: { name: 'BikeSyncList', title: '车辆同步记录' },
} as const;
export type SyncScreen = keyof typeof SYNC_KINDS;

// 同步记录列表 GET /api/company/get{name}
export const fetchSyncLogs = (screen: SyncScreen) => (q: SyncFilters & Page) => api.get(`/company/get${SYNC_KINDS[screen].name}`, clean(q));

// 导出（筛选同列表，全部页）POST /api/company/export{name}
export const exportSyncLogs = (screen: SyncScreen, f: SyncFilters) =>
  download('POST', `/company/export${SYNC_KINDS[screen].name}`, { body: clean(f) }, `${SYNC_KINDS[screen].title}.xlsx`);

/** What a log's detail holds (server/src/shared/syncLog.ts): the call's error, or up to 50 rejected items. */
export interface SyncDetail {
  error?: string;
  rejected?: { index: number; id?: string | null; reason: string }[];
}

/**
 * A batch of a spreadsheet filing on 车辆备案 (server: modules/bikeFiling/repo.ts logs it as
 * `表格导入 #<import id>`), whose rejected items are numbered by the sheet's row.
 */
export const isSheetImport = (log: Pick<SyncLogRow, 'endpoint'>) => log.endpoint.startsWith('表格导入');
