import SyncLogList from '../syncLog';

/** 租还信息 (#/companyManagement/requestSync): the sync-log list of its kind (../syncLog). */
export default function RequestSync() {
  return <SyncLogList screen="requestSync" />;
}
