/**
 * 日常值守 (#/dailyDuty/{tab}): the 工单 tab (work orders, issue 27) and 响应统计 (each enterprise's
 * answers) need 查看工单 (121); 处理工单 (122) allows 新建工单, 办结 and 退回. The section's other duties (site patrols, message handling) are not built yet.
 */
import { useSession } from '../../app/session/store';
import { DeskPage, DeskTabs } from '../../components/desk';
import { can } from '../../lib/permission';
import MeasuresTab from './measures';
import WorkOrdersTab from './workOrders';

export default function DailyDuty() {
  const perms = useSession((s) => s.permissions);
  return (
    <DeskPage screen="dailyDuty">
      <DeskTabs
        items={[
          { key: 'workOrder', label: '工单', allowed: can(perms, 'workOrder.view'), render: () => <WorkOrdersTab /> },
          { key: 'measures', label: '响应统计', allowed: can(perms, 'workOrder.view'), render: () => <MeasuresTab /> },
        ]}
      />
    </DeskPage>
  );
}
