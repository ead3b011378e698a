import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { abnormalTypeLabel } from '../../../lib/abnormal';
import { LIMITS, REFRESH_MS, WARNING_BOARD } from '../../../lib/constants';
import { openDialog } from '../dialogs/dialogStore';
import { useHomeStore } from '../homeStore';
import { useHomeArea, useHomePermissions, usePolling } from '../hooks';
import AutoScroll from '../parts/AutoScroll';
import { FlagTag } from '../parts/bits';
import { lastThreeDays } from '../parts/period';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import { fetchAbnormal, fetchAbnormalCounts, fetchSites } from '../service';

/** Filter tabs of the warning board (spec §2): all, 1, 7, 13, 14 and the recycle sites. */
const TABS = [
  { key: 'all', types: WARNING_BOARD.types as readonly number[], label: '全部' },
  { key: '1', types: [1], label: abnormalTypeLabel(1) },
  { key: '7', types: [7], label: abnormalTypeLabel(7) },
  { key: '13', types: [13], label: abnormalTypeLabel(13) },
  { key: '14', types: [14], label: abnormalTypeLabel(14) },
] as const;
type TabKey = (typeof TABS)[number]['key'] | 'recycle';

const TYPE_COLOR: Record<number, string> = { 1: 'orange', 4: 'purple', 6: 'gold', 7: 'red', 13: 'volcano', 14: 'magenta' };

function RecycleSites() {
  const { area, ready } = useHomeArea();
  const focusSite = useHomeStore((s) => s.focusSite);
  const polling = usePolling(REFRESH_MS.warningBoard);
  const q = useQuery({
    queryKey: ['home', 'recycleSites', area],
    queryFn: () => fetchSites(area, { recycleSwitch: 1, currentPage: 1, pageSize: LIMITS.siteRankRows }),
    enabled: ready,
    ...polling,
  });
  const rows = q.data?.lists ?? [];
  return (
    <QueryState query={q} empty={rows.length === 0} emptyText="暂无回收站点">
      <AutoScroll className="ab-list" resetKey={q.dataUpdatedAt} testId="recycle-list">
        {rows.map((s) => (
          <button type="button" key={s.siteId} className="ab-item" onClick={() => focusSite(s.siteId)} title="在地图上定位">
            <FlagTag flag={s.flag} label={s.status} />
            <span className="ab-main">{s.siteName}</span>
            <span className="ab-sub">
              {s.num}/{s.capacity} 辆
            </span>
          </button>
        ))}
      </AutoScroll>
    </QueryState>
  );
}

/**
 * 异常告警: the latest alerts of the last three days (10 of types 1, 4, 6, 7, 13, 14, or of one
 * type), scrolling; recycle sites; 备案稽查 opens the filing check. Refreshed every 120 s.
 */
export default function AlertBoard() {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const focusSite = useHomeStore((s) => s.focusSite);
  const polling = usePolling(REFRESH_MS.warningBoard);
  const [tab, setTab] = useState<TabKey>('all');
  const types = TABS.find((t) => t.key === tab)?.types ?? WARNING_BOARD.types;
  const msgs = useQuery({
    queryKey: ['home', 'abnormal', area, tab],
    // the three days are taken at each refresh, so the board moves on at midnight
    queryFn: () => fetchAbnormal(area, { abnormalType: types.join(','), ...lastThreeDays(), pageSize: WARNING_BOARD.size }),
    enabled: ready && perms.warn && tab !== 'recycle',
    ...polling,
  });
  const counts = useQuery({ queryKey: ['home', 'abnormalCounts', area], queryFn: () => fetchAbnormalCounts(area), enabled: ready && perms.warn, ...polling });
  const countOf = (ts: readonly number[]) => (counts.data?.lists ?? []).filter((c) => ts.includes(c.abnormalType)).reduce((t, c) => t + c.recentNum, 0);
  const rows = msgs.data?.lists ?? [];

  return (
    <Panel
      title="异常告警"
      className="hp-alerts"
      testId="panel-alerts"
      extra={
        <>
          <Button size="small" type="link" icon={<SafetyCertificateOutlined />} onClick={() => openDialog({ kind: 'filingCheck' })}>
            备案稽查
          </Button>
          <Link to="/warn" className="hp-more">
            更多
          </Link>
        </>
      }
    >
      <div className="ab-tabs" role="tablist" aria-label="异常类型">
        {TABS.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} className={`ab-tab ${tab === t.key ? 'is-active' : ''}`} onClick={() => setTab(t.key)}>
            {t.label}
            {perms.warn && counts.data ? <em data-testid={`alert-count-${t.key}`}>{countOf(t.types)}</em> : null}
          </button>
        ))}
        {perms.sites ? (
          <button type="button" role="tab" aria-selected={tab === 'recycle'} className={`ab-tab ${tab === 'recycle' ? 'is-active' : ''}`} onClick={() => setTab('recycle')}>
            回收站点
          </button>
        ) : null}
      </div>
      {tab === 'recycle' ? (
        <RecycleSites />
      ) : !perms.warn ? (
        <div className="hp-state hp-state-empty">无权限查看异常告警</div>
      ) : (
        <QueryState query={msgs} empty={rows.length === 0} emptyText="近三天暂无异常">
          <AutoScroll className="ab-list" resetKey={msgs.dataUpdatedAt} testId="alert-list">
            {rows.map((m) => (
              <button
                type="button"
                key={m.id}
                className="ab-item"
                data-testid={`alert-${m.id}`}
                title={m.detail}
                onClick={() => (m.siteId ? focusSite(m.siteId) : undefined)}
              >
                <Tag color={TYPE_COLOR[m.abnormalType] ?? 'blue'} className="hp-tag">
                  {m.abnormalTypeName || abnormalTypeLabel(m.abnormalType)}
                </Tag>
                <span className="ab-main">
                  {m.brandName} {m.bikeId ?? ''}
                </span>
                <span className="ab-sub">{m.siteName || '站外'}</span>
                <span className="ab-time">{m.createTime.slice(5, 16)}</span>
              </button>
            ))}
          </AutoScroll>
        </QueryState>
      )}
    </Panel>
  );
}
