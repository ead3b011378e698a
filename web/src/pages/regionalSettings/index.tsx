/**
 * 区域设置 (#/regionalSettings/{tab}): 区域管理 (the area tree and its fields), 运营区域 (operating and entry fences), 禁停区域 (forbidden zones
 * on a map) and 外部站点 (other systems' GBFS stations for the big screen) as tabs of one desk page. Menu 10; buttons 115 区域管理,
 * 116 区域围栏 and 117 禁停区管理 allow the edits (外部站点: 115).
 */
import { useSession } from '../../app/session/store';
import FilterPresetBar from '../../components/FilterPresetBar';
import { DeskPage, DeskTabs } from '../../components/desk';
import { can } from '../../lib/permission';
import Applications from '../systemSettings/applications';
import type { ApplicationFilters } from '../systemSettings/types';
import AreasTab from './areas';
import FeedsTab from './feeds';
import ForbidTab from './forbid';
import ParamsTab from './params';
import RailsTab from './rails';
import './regional.css';

/** 平台账号审核 (the to-do link `regionalSettings, audit` of spec §2): 系统设置's application list pinned to platform accounts. */
const PLATFORM: ApplicationFilters = { applyType: '1' };

export default function RegionalSettings() {
  const perms = useSession((s) => s.permissions);
  return (
    <DeskPage screen="regionalSettings">
      <FilterPresetBar />
      <DeskTabs
        items={[
          { key: 'area', label: '区域管理', render: () => <AreasTab canEdit={can(perms, 'area.manage')} /> },
          { key: 'rail', label: '运营区域', render: () => <RailsTab canEdit={can(perms, 'rail.manage')} /> },
          { key: 'params', label: '站点参数', render: () => <ParamsTab canEdit={can(perms, 'area.manage')} /> },
          { key: 'forbid', label: '禁停区域', render: () => <ForbidTab /> },
          { key: 'external', label: '外部站点', render: () => <FeedsTab /> },
          {
            key: 'audit',
            label: '平台账号审核',
            allowed: can(perms, 'user.audit'),
            render: () => <Applications fixed={PLATFORM} />,
          },
        ]}
      />
    </DeskPage>
  );
}
