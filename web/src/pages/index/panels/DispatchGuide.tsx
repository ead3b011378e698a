import { TrophyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { REFRESH_MS } from '../../../lib/constants';
import { FLAG_STYLES } from '../../../lib/siteStatus';
import { openDialog } from '../dialogs/dialogStore';
import { useDashboard, useHomePermissions } from '../hooks';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
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
 * 调度指引: site counts by fill status from GET /api/dashboard/get (refreshed every 160 s); a
 * counter opens the chart of its sites; 站点排名 (permission 64/59) opens the ranking dialog.
 */
export default function DispatchGuide() {
  const dash = useDashboard(REFRESH_MS.dispatchGuide);
  const perms = useHomePermissions();
  const s = dash.data?.statistical;
  return (
    <Panel
      title="调度指引"
      className="hp-dispatch"
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
    </Panel>
  );
}
