/**
 * 电量曲线: one pile's readings over a chosen day (GET /api/equipment/power/day) or a range of days
 * (GET /api/equipment/power/between, from the first day's 00:00:00 to the last day's 23:59:59).
 */
import { Button, DatePicker, Empty, Modal, Radio, Result, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { RequestError } from '../../app/request';
import LazyEChart from '../../components/echarts/LazyEChart';
import { FORMAT } from '../../lib/constants';
import { powerOption, serverToday } from './detailCharts';
import { fetchPowerBetween, fetchPowerDay } from './detailService';

type Span = { mode: 'day'; day: Dayjs } | { mode: 'range'; range: [Dayjs, Dayjs] };

const d = (x: Dayjs) => x.format(FORMAT.date);

/** The call of a chosen span. */
function powerCall(mac: string, s: Span) {
  return s.mode === 'day' ? fetchPowerDay(mac, d(s.day)) : fetchPowerBetween(mac, `${d(s.range[0])} 00:00:00`, `${d(s.range[1])} 23:59:59`);
}

function Chart({ mac, span }: { mac: string; span: Span }) {
  const key = span.mode === 'day' ? [d(span.day)] : span.range.map(d);
  const q = useQuery({ queryKey: ['pilePower', mac, span.mode, ...key], queryFn: () => powerCall(mac, span) });
  if (q.isError) {
    return (
      <Result
        status="warning"
        title="加载失败"
        subTitle={q.error instanceof RequestError ? q.error.message : '请稍后再试'}
        extra={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  }
  if (q.isPending) return <Spin style={{ display: 'block', margin: '100px auto' }} />;
  if (!q.data.lists.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" style={{ marginTop: 80 }} />;
  return (
    <>
      <Typography.Text type="secondary">{`共 ${q.data.total} 条记录${q.data.siteName ? ` · ${q.data.siteName}` : ''}`}</Typography.Text>
      <div style={{ height: 300 }} data-testid="power-chart">
        <LazyEChart option={powerOption(q.data)} ariaLabel="电量曲线" />
      </div>
    </>
  );
}

export default function PowerCurve({ mac, onClose }: { mac: string | null; onClose: () => void }) {
  const [span, setSpan] = useState<Span>(() => ({ mode: 'day', day: serverToday() }));
  const future = (x: Dayjs) => x.isAfter(serverToday(), 'day');
  return (
    <Modal open={mac !== null} title={`电量曲线 · ${mac ?? ''}`} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 8 }}>
        <Radio.Group
          optionType="button"
          value={span.mode}
          onChange={(e) =>
            setSpan(
              e.target.value === 'day' ? { mode: 'day', day: serverToday() } : { mode: 'range', range: [serverToday().subtract(6, 'day'), serverToday()] },
            )
          }
          options={[
            { value: 'day', label: '按天' },
            { value: 'range', label: '时间段' },
          ]}
        />
        {span.mode === 'day' ? (
          <DatePicker aria-label="日期" allowClear={false} disabledDate={future} value={span.day} onChange={(day) => day && setSpan({ mode: 'day', day })} />
        ) : (
          <DatePicker.RangePicker
            aria-label="时间段"
            allowClear={false}
            disabledDate={future}
            value={span.range}
            onChange={(r) => r?.[0] && r[1] && setSpan({ mode: 'range', range: [r[0], r[1]] })}
          />
        )}
      </Space>
      <div style={{ minHeight: 320 }}>{mac ? <Chart mac={mac} span={span} /> : null}</div>
    </Modal>
  );
}
