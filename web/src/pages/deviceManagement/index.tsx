/**
 * 站点管理 (#/deviceManagement/{tab}): 站点列表, 设备电量, 设备管理 (piles) and 站点分组 as tabs of one
 * desk page. A link that carries equipmentPower (the home screen's to-do 电量低于10%站点) opens 设备电量 filtered.
 */
import { useLocation } from 'react-router';
import { DeskPage, DeskTabs } from '../../components/desk';
import GroupsTab from './groups';
import PilesTab from './piles';
import PowerTab from './power';
import SitesTab from './sites';
import './device.css';

export default function DeviceManagement() {
  const { search } = useLocation();
  return (
    <DeskPage screen="deviceManagement">
      <DeskTabs
        initial={new URLSearchParams(search).has('equipmentPower') ? 'power' : undefined}
        items={[
          { key: 'sites', label: '站点列表', render: () => <SitesTab /> },
          { key: 'power', label: '设备电量', render: () => <PowerTab /> },
          { key: 'equipment', label: '设备管理', render: () => <PilesTab /> },
          { key: 'groups', label: '站点分组', render: () => <GroupsTab /> },
        ]}
      />
    </DeskPage>
  );
}
