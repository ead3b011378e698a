import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
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
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import { fetchAbnormal, fetchAbnormalCounts, fetchSites } from '../service';
import type { AbnormalCounts, AbnormalMsg, SiteListRow } from '../types';
import './alerts.css';

/**
 * Filter tabs of the warning board: the spec's 1, 7, 13, 14 and the board's other types 4 and 6,
 * so that 全部 (types 1, 4, 6, 7, 13, 14) is the sum of the tabs shown; then the recycle sites.
 */
export const ALERT_TABS = [
  { key: '1', types: [1] },
  { key: '7', types: [7] },
  { key: '13', types: [13] },
  { key: '14', types: [14] },
  { key: '4', types: [4] },
  { key: '6', types: [6] },
].map((t) => ({ ...t, label: abnormalTypeLabel(t.types[0]) }));
const TABS = [{ key: 'all', types: WARNING_BOARD.types as readonly number[], label: '全部' }, ...ALERT_TABS];
type TabKey = string;

const TYPE_COLOR: Record<number, string> = { 1: 'orange', 4: 'purple', 6: 'gold', 7: 'red', 13: 'volcano', 14: 'magenta' };

/** Open (not closed) and unhandled messages of the types, whatever day they opened. */
export const openCount = (counts: AbnormalCounts | undefined, types: readonly number[]) =>
  (counts?.lists ?? []).filter((c) => types.includes(c.abnormalType)).reduce((t, c) => t + c.openNum, 0);

/**
 * What 全部 counts, in words that reconcile it with #/warn: the board's types open and unhandled
 * whatever day (全部), and how many more of the other types the list's 待处理 (all types) holds.
 */
export function boardCaption(counts: AbnormalCounts | undefined, shown: number) {
  const all = openCount(counts, WARNING_BOARD.types);
  const head = `全部 = 以上 ${WARNING_BOARD.types.length} 类进行中、未处理的异常（不限发生日期）`;
  const rest = counts ? counts.openTotal - all : null;
  const tail = rest === null ? '' : rest > 0 ? `；异常列表「待处理」${counts!.openTotal} 条另含其他类型 ${rest} 条` : `，即异常列表的「待处理」`;
  return { text: `${head}${tail}`, title: `${head}${tail}。下列按发生时间最新的 ${shown} 条。` };
}

/** A row's two middle columns: what (brand and bike, or — for a site's own alert) and where (site or 站外). */
export function alertColumns(m: Pick<AbnormalMsg, 'brandName' | 'bikeId' | 'siteId' | 'siteName'>) {
  const what = [m.brandName, m.bikeId].filter(Boolean).join(' ');
  return { what: what || '—', where: m.siteName || (m.siteId ? m.siteId : '站外') };
}

function RecycleSites({ rows, query }: { rows: SiteListRow[]; query: UseQueryResult<unknown> }) {
  const focusSite = useHomeStore((s) => s.focusSite);
  return (
    <QueryState query={query} empty={rows.length === 0} emptyText="暂无回收站点">
      <AutoScroll className="ab-list" resetKey={query.dataUpdatedAt} testId="recycle-list">
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

function AlertRow({ m, onFocus }: { m: AbnormalMsg; onFocus: (siteId: string) => void }) {
  const { what, where } = alertColumns(m);
  return (
    <button type="button" className="ab-item" data-testid={`alert-${m.id}`} title={m.detail} onClick={() => (m.siteId ? onFocus(m.siteId) : undefined)}>
      <Tag color={TYPE_COLOR[m.abnormalType] ?? 'blue'} className="hp-tag">
        {m.abnormalTypeName || abnormalTypeLabel(m.abnormalType)}
      </Tag>
      <span className={`ab-main ${what === '—' ? 'ab-none' : ''}`}>{what}</span>
      <span className="ab-sub">{where}</span>
      <span className="ab-time">{m.createTime.slice(5, 16)}</span>
    </button>
  );
}

/**
 * 异常告警: per type the open, unhandled alerts of the area whatever day they opened (tab counts
 * from getMsgCounts' openNum; 全部 is the sum of the tabs, its caption says how it relates to
 * #/warn's 待处理, boardCaption), the newest 10 of them scrolling; the
 * recycle sites with their count; 备案稽查 opens the filing check. Refreshed every 120 s.
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
    // open and unhandled: no time window (closed=0 without startTime), newest first
    queryFn: () => fetchAbnormal(area, { abnormalType: types.join(','), closed: 0, handled: 0, pageSize: WARNING_BOARD.size }),
    enabled: ready && perms.warn && tab !== 'recycle',
    ...polling,
  });
  const counts = useQuery({ queryKey: ['home', 'abnormalCounts', area], queryFn: () => fetchAbnormalCounts(area), enabled: ready && perms.warn, ...polling });
  const recycle = useQuery({
    queryKey: ['home', 'recycleSites', area],
    queryFn: () => fetchSites(area, { recycleSwitch: 1, currentPage: 1, pageSize: LIMITS.siteRankRows }),
    enabled: ready && perms.sites,
    ...polling,
  });
  const rows = msgs.data?.lists ?? [];
  const caption = boardCaption(counts.data, Math.min(rows.length, WARNING_BOARD.size));
  const tabButton = (key: string, label: string, count: number | undefined) => (
    <button key={key} type="button" role="tab" aria-selected={tab === key} className={`ab-tab ${tab === key ? 'is-active' : ''}`} onClick={() => setTab(key)}>
      {label}
      {count !== undefined ? <em data-testid={`alert-count-${key}`}>{count}</em> : null}
    </button>
  );

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
        {TABS.map((t) => tabButton(t.key, t.label, perms.warn && counts.data ? openCount(counts.data, t.types) : undefined))}
        {perms.sites ? tabButton('recycle', '回收站点', recycle.data ? recycle.data.total : undefined) : null}
      </div>
      {tab === 'recycle' ? (
        <RecycleSites rows={recycle.data?.lists ?? []} query={recycle} />
      ) : !perms.warn ? (
        <div className="hp-state hp-state-empty">无权限查看异常告警</div>
      ) : (
        <>
          <div className="ab-caption" data-testid="alert-caption" title={caption.title}>
            {caption.text}
          </div>
          <QueryState query={msgs} empty={rows.length === 0} emptyText="暂无进行中的异常">
            <AutoScroll className="ab-list" resetKey={msgs.dataUpdatedAt} testId="alert-list">
              {rows.map((m) => (
                <AlertRow key={m.id} m={m} onFocus={focusSite} />
              ))}
            </AutoScroll>
          </QueryState>
        </>
      )}
    </Panel>
  );
}
