/**
 * 日常值守 (#/dailyDuty/{tab}): the 工单 tab (work orders, issue 27) and 响应统计 (each enterprise's
 * answers) need 查看工单 (workOrder.view); 处理工单 (workOrder.handle) allows 新建工单, 办结 and 退回.
 * The clock-in supervision of the field app (issue 28) needs 查看打卡 (clock.view): 打卡点 (on a map
 * and in a list), 打卡配置 (who clocks when), 打卡记录, 打卡统计 (each person's day) and 维护预警; 打卡设置
 * (clock.manage) edits clock sites and configs, 处理运维预警 (clock.warn) handles the warnings. The home
 * to-do 运维预警 opens #/dailyDuty/clockWarn?clockWarn=1&clockRole=1.
 */
import { useSession } from '../../app/session/store';
import { DeskPage, DeskTabs } from '../../components/desk';
import { can } from '../../lib/permission';
import ClockConfigsTab from './clock/clockConfigs';
import ClockRecordsTab from './clock/clockRecords';
import ClockSitesTab from './clock/clockSites';
import ClockStatsTab from './clock/clockStats';
import ClockWarnTab from './clock/clockWarn';
import MeasuresTab from './measures';
import WorkOrdersTab from './workOrders';

export default function DailyDuty() {
  const perms = useSession((s) => s.permissions);
  const orders = can(perms, 'workOrder.view');
  const clock = can(perms, 'clock.view');
  return (
    <DeskPage screen="dailyDuty">
      <DeskTabs
        items={[
          { key: 'workOrder', label: '工单', allowed: orders, render: () => <WorkOrdersTab /> },
          { key: 'measures', label: '响应统计', allowed: orders, render: () => <MeasuresTab /> },
          { key: 'clockSite', label: '打卡点', allowed: clock, render: () => <ClockSitesTab /> },
          { key: 'clockConfig', label: '打卡配置', allowed: clock, render: () => <ClockConfigsTab /> },
          { key: 'clockRecord', label: '打卡记录', allowed: clock, render: () => <ClockRecordsTab /> },
          { key: 'clockStats', label: '打卡统计', allowed: clock, render: () => <ClockStatsTab /> },
          { key: 'clockWarn', label: '维护预警', allowed: clock, render: () => <ClockWarnTab /> },
        ]}
      />
    </DeskPage>
  );
}
