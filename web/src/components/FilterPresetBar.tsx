import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { describeFilterPreset, parseFilterPreset, type FilterPreset } from '../lib/filterPreset';

/** The filter preset a link passed in the query (lib/filterPreset), parsed once per query. */
function useFilterPreset(): FilterPreset {
  const [q] = useSearchParams();
  return useMemo(() => parseFilterPreset(q), [q]);
}

/** Shows the preset filter a screen was opened with; nothing when there is none. */
export default function FilterPresetBar() {
  const words = describeFilterPreset(useFilterPreset());
  if (!words.length) return null;
  return (
    <Space size={4} wrap data-testid="filter-preset">
      <Typography.Text type="secondary">筛选条件：</Typography.Text>
      {words.map((w) => (
        <Tag key={w} color="blue">
          {w}
        </Tag>
      ))}
    </Space>
  );
}
