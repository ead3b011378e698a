import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/store';
import { REFRESH_MS } from '../../../lib/constants';
import { can } from '../../../lib/permission';
import { FLAG_STYLES } from '../../../lib/siteStatus';
import { DISPATCH_FILTER, workOrderListPath } from '../../../lib/workOrders';
import { openDialog } from '../dialogs/dialogStore';
import { useDashboard, useHomeArea, useHomePermissions, usePolling } from '../hooks';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import { fetchOrderSummary } from '../service';
import type { SiteCounters } from '../types';
import './dispatch.css';

/** Counters of spec §2 with their status filter (满桩=1, 偏多=2, 偏少=3, 空桩=4) or site flag. */
const COUNTERS: Array<{ key: keyof SiteCounters; label: string; color: string; f?: 1 | 2 | 3 | 4; flag?: number }> = [
  { key: 'total', label: '站点总数', color: '#e6f4ff' },
  { key: 'full', label: '满桩', color: FLAG_STYLES[2].color, f: 1 },
  { key: 'more', label: '偏多', color: FLAG_STYLES[3].color, f: 2 },
  { key: 'normal', label: '正常', color: FLAG_STYLES[1].color, flag: 1 },
  { key: 'less', label: '偏少', color: FLAG_STYLES[4].color, f: 3 },
  { key: 'empty', label: '空桩', color: FLAG_STYLES[0].color, f: 4 },
];

/**
 * 调度工单 (查看工单 121): the open and the overdue dispatch orders of the area shown, from GET
 * /api/workOrder/summary at the panel's interval; each opens 日常值守 · 工单 filtered to the same
 * orders (state open / overdue, type dispatch, the area shown), so the list's total is the figure.
 */
function DispatchOrders() {
  const { area, ready } = useHomeArea();
  const navigate = useNavigate();
  const polling = usePolling(REFRESH_MS.dispatchGuide);
  const q = useQuery({ queryKey: ['home', 'workOrderSummary', area], queryFn: () => fetchOrderSummary(area), enabled: ready, ...polling });
  const open = (state: 'open' | 'overdue') => void navigate(workOrderListPath({ state, type: DISPATCH_FILTER, selfAreaId: area || undefined }));
  const figure = (n: number | undefined) => (q.isError ? '—' : (n ?? '…'));
  const overdue = q.data?.overdueDispatch ?? 0;
  return (
    <div className="dg-orders" data-testid="dispatch-orders" role="group" aria-label="调度工单">
      <span className="dg-orders-label">调度工单</span>
      <button type="button" className="dg-order" onClick={() => open('open')} title="未办结的调度工单（站点过满、站点过空），点击查看">
        <b data-testid="orders-open">{figure(q.data?.openDispatch)}</b> 未办结
      </button>
      <button
        type="button"
        className={`dg-order ${overdue > 0 ? 'is-late' : ''}`}
        onClick={() => open('overdue')}
        title="已过期限、企业尚未反馈的调度工单，点击查看"
      >
        <b data-testid="orders-overdue">{figure(q.data?.overdueDispatch)}</b> 已超时
      </button>
      {q.isError && (
        <button type="button" className="dg-orders-retry" onClick={() => void q.refetch()} title="工单数加载失败，点击重试">
          加载失败，重试
        </button>
      )}
    </div>
  );
}

/**
 * 调度指引: site counts by fill status from GET /api/dashboard/get (refreshed every 160 s); a
 * counter opens the chart of its sites; 站点排名 (permission 64/59) opens the ranking dialog; with
 * 查看工单, the row of open and overdue dispatch orders under the counters.
 */
export default function DispatchGuide() {
  const dash = useDashboard(REFRESH_MS.dispatchGuide);
  const perms = useHomePermissions();
  const viewsOrders = useSession((st) => can(st.permissions, 'workOrder.view'));
  const s = dash.data?.statistical;
  return (
    <Panel
      title="调度指引"
      className={`hp-dispatch ${viewsOrders ? 'has-orders' : ''}`}
      testId="panel-dispatch"
      extra={
        perms.siteRank ? (
          <Button size="small" icon={<TrophyOutlined />} onClick={() => openDialog({ kind: 'siteRank' })}>
            站点排名
          </Button>
        ) : null
      }
    >
      <QueryState query={dash}>
        <div className="dg-counters" data-testid="dispatch-counters">
          {COUNTERS.map((c) => (
            <button
              key={c.key}
              type="button"
              className="dg-counter"
              style={{ borderColor: c.color }}
              onClick={() =>
                openDialog({ kind: 'siteChart', title: `${c.label === '站点总数' ? '全部' : c.label}站点`, f: c.f, flag: c.flag, count: s?.[c.key] ?? 0 })
              }
            >
              <b style={{ color: c.color }} data-testid={`counter-${c.key}`}>
                {s?.[c.key] ?? 0}
              </b>
              <span>{c.label}</span>
            </button>
          ))}
        </div>
      </QueryState>
      {viewsOrders && <DispatchOrders />}
    </Panel>
  );
}
