import SyncLogList from '../syncLog';

/** 车辆同步 (#/companyManagement/bikeSync): the sync-log list of its kind (../syncLog). */
export default function BikeSync() {
  return <SyncLogList screen="bikeSync" />;
}
