import SyncLogList from '../syncLog';

/** 站点同步 (#/companyManagement/siteSync): the sync-log list of its kind (../syncLog). */
export default function SiteSync() {
  return <SyncLogList screen="siteSync" />;
}
