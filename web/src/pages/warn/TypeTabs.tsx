/**
 * Abnormal types as tabs with their counts (getMsgCounts of the filtered area, last three days): a
 * tab sets the type filter, 只看待处理 the open and unhandled ones. Above the list's query form.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, Typography } from 'antd';
import type { CrudKit } from '../../components/desk';
import { fetchCounts } from './service';
import type { WarnMsg } from './types';

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
  const summary = counts && (
    <span className="warn-summary">
      <Typography.Text type="secondary">
        最近三天（{counts.startTime.slice(5, 10)} 至 {counts.endTime.slice(5, 10)}）{counts.recentTotal} 条，待处理 {counts.openTotal} 条
      </Typography.Text>
      <Button type="link" size="small" onClick={() => setFilters({ ...filters, closed: '0', handled: '0', startTime: undefined, endTime: undefined })}>
        只看待处理
      </Button>
    </span>
  );
  return (
    <Tabs
      className="warn-tabs"
      activeKey={value ?? 'all'}
      onChange={(k) => setFilters({ ...filters, abnormalType: k === 'all' ? undefined : k })}
      items={items}
      tabBarExtraContent={{ right: summary }}
      size="small"
    />
  );
}
