/**
 * 站点管理 (#/deviceManagement/{tab}): 站点列表, 设备电量, 设备管理 (piles) and 站点分组 as tabs of one
 * desk page. A link that carries equipmentPower (the home screen's to-do 电量低于10%站点) opens 设备电量 filtered.
 */
import { useLocation } from 'react-router';
import { useSession } from '../../app/session/store';
import { DeskPage, DeskTabs } from '../../components/desk';
import { can } from '../../lib/permission';
import GroupsTab from './groups';
import PilesTab from './piles';
import PowerTab from './power';
import SitesTab from './sites';
import './device.css';

export default function DeviceManagement() {
  const perms = useSession((s) => s.permissions);
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  const { search } = useLocation();
  const canDelete = can(perms, 'site.delete');
  return (
    <DeskPage screen="deviceManagement">
      <DeskTabs
        initial={new URLSearchParams(search).has('equipmentPower') ? 'power' : undefined}
        items={[
          { key: 'sites', label: '站点列表', render: () => <SitesTab canDelete={canDelete} areaUser={areaUser} /> },
          { key: 'power', label: '设备电量', render: () => <PowerTab /> },
          { key: 'equipment', label: '设备管理', render: () => <PilesTab /> },
          { key: 'groups', label: '站点分组', render: () => <GroupsTab /> },
        ]}
      />
    </DeskPage>
  );
}
