/**
 * 米单车管理 (#/miBicycle/{tab}): 站点申请 (the field app's site proposals), 违规举报 (its violation
 * reports, issue 28), 巡检记录 and 巡检统计 (issue 29 point 2), 安装记录, 在线设备 and 离线设备
 * (point 3, regulators only), 匹配规则 and 桩测未上传车辆 (the bikes piles hear but operators do not
 * report, point 4).
 */
import { useSession } from '../../app/session/store';
import { DeskPage, DeskTabs } from '../../components/desk';
import ReportsTab from './reports';
import SiteApplyTab from './siteApply/SiteApplyTab';
import NotUploadRulesTab from './notUpload/rules';
import NotUploadTab from './notUpload/bikes';
import InspectionsTab from './inspections/records';
import InspectionStatsTab from './inspections/stats';
import InstallsTab from './piles/installs';
import { LinePilesTab, SilentPilesTab } from './piles/lines';

export default function MiBicycle() {
  // piles are the regulator's: an enterprise account does not see their tabs (the server refuses it, 5002)
  const regulator = useSession((s) => !s.user?.brandId);
  return (
    <DeskPage screen="miBicycle">
      <DeskTabs
        items={[
          { key: 'site', label: '站点申请', render: () => <SiteApplyTab /> },
          { key: 'report', label: '违规举报', render: () => <ReportsTab /> },
          { key: 'inspection', label: '巡检记录', render: () => <InspectionsTab /> },
          { key: 'inspectionStats', label: '巡检统计', render: () => <InspectionStatsTab /> },
          { key: 'install', allowed: regulator, label: '安装记录', render: () => <InstallsTab /> },
          { key: 'line', allowed: regulator, label: '在线设备', render: () => <LinePilesTab /> },
          { key: 'noLine', allowed: regulator, label: '离线设备', render: () => <SilentPilesTab /> },
          { key: 'notUploadRule', label: '匹配规则', render: () => <NotUploadRulesTab /> },
          { key: 'notUpload', label: '桩测未上传车辆', render: () => <NotUploadTab /> },
        ]}
      />
    </DeskPage>
  );
}
