/**
 * 米单车管理 (#/miBicycle/{tab}): 违规举报 (the field app's violation reports, issue 28); 巡检记录,
 * 巡检统计 (issue 29 point 2); 安装记录, 在线设备, 离线设备 (issue 29 point 3). Site applications
 * and the bikes piles hear but operators hide come with the rest of issue 29.
 */
import { useSession } from '../../app/session/store';
import { DeskPage, DeskTabs } from '../../components/desk';
import ReportsTab from './reports';
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
          { key: 'report', label: '违规举报', render: () => <ReportsTab /> },
          { key: 'inspection', label: '巡检记录', render: () => <InspectionsTab /> },
          { key: 'inspectionStats', label: '巡检统计', render: () => <InspectionStatsTab /> },
          { key: 'install', allowed: regulator, label: '安装记录', render: () => <InstallsTab /> },
          { key: 'line', allowed: regulator, label: '在线设备', render: () => <LinePilesTab /> },
          { key: 'noLine', allowed: regulator, label: '离线设备', render: () => <SilentPilesTab /> },
        ]}
      />
    </DeskPage>
  );
}
