/**
 * Abnormal types as tabs with their counts (getMsgCounts of the filtered area, last three days): a
 * tab sets the type filter, 只看待处理 the open and unhandled ones; the summary says what the two
 * totals count and how they relate (countWords). Above the list's query form.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, Tooltip, Typography } from 'antd';
import type { CrudKit } from '../../components/desk';
import { fetchCounts } from './service';
import type { WarnCounts, WarnMsg } from './types';

/**
 * What the two totals count and how they meet: 最近三天 (any state, opened before the window's end
 * and still seen in it) of which 待处理 openRecentTotal; 待处理 (open, unhandled, any day) of which
 * openTotal − openRecentTotal were not seen in the three days (one-off events such as 站外还车 of
 * earlier days stay 待处理 until handled).
 */
export function countWords(c: Pick<WarnCounts, 'recentTotal' | 'openTotal' | 'openRecentTotal' | 'startTime' | 'endTime'>) {
  const days = `${c.startTime.slice(5, 10)} 至 ${c.endTime.slice(5, 10)}`;
  const older = c.openTotal - c.openRecentTotal;
  const text =
    `最近三天（${days}）存在过 ${c.recentTotal} 条，其中待处理 ${c.openRecentTotal} 条；` +
    `待处理共 ${c.openTotal} 条（不限日期${older > 0 ? `，含三天内未再发现的 ${older} 条` : ''}）`;
  const title =
    `最近三天：前天 00:00 至今天结束之间存在过的异常，此前发生、三天内仍被发现的也算，不论是否处理或结束（类型页签的数字同此）。` +
    `待处理：进行中且未处理的异常，不论哪天发生（即大屏异常告警各类型之和，另加大屏不显示的类型）。` +
    `${c.recentTotal} = 待处理 ${c.openRecentTotal} + 已处理或已结束 ${c.recentTotal - c.openRecentTotal}；` +
    `${c.openTotal} = 三天内仍被发现 ${c.openRecentTotal} + 三天内未再发现 ${older}。`;
  return { text, title };
}

export default function TypeTabs({ kit }: { kit: CrudKit<WarnMsg> }) {
  const { filters, setFilters } = kit;
  const value = filters.abnormalType; // '1', '1,7' or none
  const { data: counts } = useQuery({ queryKey: ['warn', 'counts', filters.selfAreaId], queryFn: () => fetchCounts(filters.selfAreaId) });
  // the types that occur (or are chosen): fourteen tabs would mostly read 0
  const shown = (counts?.lists ?? []).filter((c) => c.recentNum > 0 || c.openNum > 0 || String(c.abnormalType) === value);
  const items = [
    { key: 'all', label: `全部 ${counts?.recentTotal ?? ''}`.trim() },
    ...shown.map((c) => ({ key: String(c.abnormalType), label: `${c.abnormalTypeName} ${c.recentNum}` })),
  ];
  const words = counts && countWords(counts);
  // the totals in words on a line of their own: beside the tabs they pushed the types into ⋯
  const summary = counts && (
    <div className="warn-summary">
      <Tooltip title={words!.title}>
        <Typography.Text type="secondary" data-testid="warn-summary">
          {words!.text}
        </Typography.Text>
      </Tooltip>
      <Button type="link" size="small" onClick={() => setFilters({ ...filters, closed: '0', handled: '0', startTime: undefined, endTime: undefined })}>
        只看待处理
      </Button>
    </div>
  );
  return (
    <>
      <Tabs
        className="warn-tabs"
        activeKey={value ?? 'all'}
        onChange={(k) => setFilters({ ...filters, abnormalType: k === 'all' ? undefined : k })}
        items={items}
        size="small"
      />
      {summary}
    </>
  );
}
