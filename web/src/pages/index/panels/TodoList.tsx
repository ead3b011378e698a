import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { mayOpenPath } from '../../../app/screens';
import { useSession } from '../../../app/session/store';
import type { PermissionEntry } from '../../../lib/permission';
import { REFRESH_MS } from '../../../lib/constants';
import { useHomeArea, usePolling } from '../hooks';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import { fetchPend } from '../service';
import type { PendData } from '../types';
import './todo.css';

/**
 * The to-do items of spec §2 and the screens they open (with the filter each one names): the
 * applications land on 系统设置 · 账号审核 filtered to the pending ones of the role (or platform accounts).
 */
export const TODO_ITEMS: Array<{ key: keyof PendData; label: string; to: string }> = [
  { key: 'siteApplyPend', label: '站点申请', to: '/miBicycle/site?state=0' },
  { key: 'siteRolePend', label: '站点角色申请', to: '/systemSettings/audit?roleId=27&auditStatus=0' },
  { key: 'siteLowPowerPend', label: '电量低于10%站点', to: '/deviceManagement?equipmentPower=0-10' },
  { key: 'accusePend', label: '违规举报', to: '/miBicycle/report?state=0' },
  // spec §2: platform account applications → regionalSettings, audit (its 平台账号审核 tab pins applyType 1)
  { key: 'userPend', label: '平台账号申请', to: '/regionalSettings/audit?applyType=1&auditStatus=0' },
  { key: 'maintainPend', label: '运维人员申请', to: '/systemSettings/audit?roleId=31&auditStatus=0' },
  { key: 'supervisePend', label: '监督员申请', to: '/systemSettings/audit?roleId=32&auditStatus=0' },
  // work orders overdue or answered, waiting for the regulator (issue 27): 日常值守 · 工单, filtered to them
  { key: 'dispatchPend', label: '待处理工单', to: '/dailyDuty/workOrder?state=pending' },
  // maintainers' unhandled clock warnings (issue 28): 日常值守 · 维护预警, filtered to them
  { key: 'dispatchWarnPend', label: '运维预警', to: '/dailyDuty/clockWarn?clockWarn=1&clockRole=1' },
];

/** The to-do items a user's roles may open (mayOpenPath, the desk menu's rule): no count of a screen they cannot see. */
export const todoItemsFor = (permissions: readonly PermissionEntry[]) => TODO_ITEMS.filter((item) => mayOpenPath(permissions, item.to));

/** 待办事项: counts from GET /api/statistics/pend; each item opens its screen. */
export default function TodoList() {
  const { area, ready } = useHomeArea();
  const polling = usePolling(REFRESH_MS.mapAndRing);
  const navigate = useNavigate();
  const permissions = useSession((s) => s.permissions);
  const items = todoItemsFor(permissions);
  const q = useQuery({ queryKey: ['home', 'pend', area], queryFn: () => fetchPend(area), enabled: ready, ...polling });
  return (
    <Panel title="待办事项" className="hp-todo" testId="panel-todo">
      <QueryState query={q}>
        <div className="td-grid">
          {items.length === 0 && <p className="td-none">没有可处理的待办事项。</p>}
          {items.map((item) => {
            const n = q.data?.[item.key] ?? 0;
            return (
              <button key={item.key} type="button" className={`td-item ${n > 0 ? 'has-todo' : ''}`} onClick={() => void navigate(item.to)}>
                <b data-testid={`todo-${item.key}`}>{n}</b>
                <span title={item.label}>{item.label}</span>
              </button>
            );
          })}
        </div>
      </QueryState>
    </Panel>
  );
}
