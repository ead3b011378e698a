import SyncLogList from '../syncLog';

/** 调度同步 (#/companyManagement/dispatchSync): the sync-log list of its kind (../syncLog). */
export default function DispatchSync() {
  return <SyncLogList screen="dispatchSync" />;
}
