/** Abnormal types as tabs with their counts (getMsgCounts, last three days); a tab sets the type filter. */
import { Button, Tabs, Typography } from 'antd';
import type { WarnCounts } from './types';

interface Props {
  counts?: WarnCounts;
  /** the URL's abnormalType ('1', '1,7' or none) */
  value?: string;
  onChange: (type: string | undefined) => void;
  onPending: () => void;
}

export default function TypeTabs({ counts, value, onChange, onPending }: Props) {
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
      <Button type="link" size="small" onClick={onPending}>
        只看待处理
      </Button>
    </span>
  );
  return (
    <Tabs
      className="warn-tabs"
      activeKey={value ?? 'all'}
      onChange={(k) => onChange(k === 'all' ? undefined : k)}
      items={items}
      tabBarExtraContent={{ right: summary }}
      size="small"
    />
  );
}
