/** The time controls of a view: 时间类型 (日 / 月 / 年, as the view allows), the date, and 返回上一级 after a drill-down. */
import { ArrowUpOutlined } from '@ant-design/icons';
import { Button, DatePicker, Radio, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { dateOf, drillUp, periodOf, type TimeType } from './period';
import { periodLabel, periodLevel, type Period } from '../index/parts/period';

const LABEL: Record<TimeType, string> = { day: '日', month: '月', year: '年' };

interface Props {
  period: Period;
  onChange: (p: Period) => void;
  types: TimeType[];
}

export default function PeriodBar({ period, onChange, types }: Props) {
  const type = periodLevel(period);
  const up = drillUp(period);
  const future = (d: Dayjs) => d.isAfter(dayjs(), type === 'day' ? 'day' : type);
  return (
    <Space wrap className="op-period">
      <span>时间类型</span>
      <Radio.Group
        aria-label="时间类型"
        optionType="button"
        value={type}
        onChange={(e) => onChange(periodOf(e.target.value as TimeType, dateOf(period)))}
        options={types.map((t) => ({ value: t, label: LABEL[t] }))}
      />
      <DatePicker
        allowClear={false}
        aria-label="统计时间"
        picker={type === 'day' ? 'date' : type}
        value={dateOf(period)}
        disabledDate={future}
        onChange={(d) => d && onChange(periodOf(type, d))}
      />
      <Typography.Text strong data-testid="period-label">
        {periodLabel(period)}
      </Typography.Text>
      {up && types.includes(periodLevel(up)) && (
        <Button size="small" icon={<ArrowUpOutlined />} onClick={() => onChange(up)} className="op-no-print">
          返回{periodLabel(up)}
        </Button>
      )}
    </Space>
  );
}
