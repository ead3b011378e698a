import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import LazyEChart from '../../../components/echarts/LazyEChart';
import { axisMax } from '../../../lib/axis';
import { LIMITS } from '../../../lib/constants';
import { useHomeArea, useHomePermissions } from '../hooks';
import { lineOption, maxOf, partialSlot } from '../parts/chart';
import { defaultTrendPeriod, drillDown, periodLabel, periodLevel, yearOptions, type Period } from '../parts/period';
import { partialNote } from '../parts/trend';
import { fetchSiteUsage } from '../service';
import type { UsageRow } from '../types';
import HomeModal from './HomeModal';
import { openDialog } from './dialogStore';

const KINDS = [
  { key: 'rent_num', name: '租车', color: '#40a9ff' },
  { key: 'return_num', name: '还车', color: '#73d13d' },
  { key: 'up_num', name: '上架', color: '#ffc53d' },
  { key: 'down_num', name: '下架', color: '#ff7a45' },
] as const;

/** Breadcrumb of a period: the year, its month, its day; each goes back up to that level. */
function crumbs(p: Period, go: (p: Period) => void) {
  const items = [{ title: <a onClick={() => go({ year: p.year })}>{p.year}年</a> }];
  if (p.month !== undefined) items.push({ title: <a onClick={() => go({ year: p.year, month: p.month })}>{p.month}月</a> });
  if (p.day !== undefined) items.push({ title: <span>{p.day}日</span> });
  return items;
}

/**
 * 站点使用曲线: a site's rents, returns, ups and downs by month of a year, day of a month or hour
 * of a day (GET /api/dashboard/siteStatistics); clicking a point drills year → month → day.
 * 导出 opens the export settings (permission 大屏数据导出).
 */
export default function SiteUsageDialog({ siteId, siteName }: { siteId: string; siteName: string }) {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const [period, setPeriod] = useState<Period>(() => defaultTrendPeriod());
  const q = useQuery({ queryKey: ['home', 'siteUsage', area, siteId, period], queryFn: () => fetchSiteUsage(area, { siteId, ...period }), enabled: ready });
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const level = periodLevel(period);
  const partial = partialSlot(rows, partialNote(level));
  const option = useMemo(() => {
    // slots still to come are null: the curves stop at the slot under way (dashed, hollow point)
    const series = KINDS.map((k) => ({ name: k.name, data: rows.map((r) => r[k.key]), color: k.color }));
    return lineOption(
      rows.map((r) => r.time),
      series,
      { yMax: axisMax(maxOf(series)), unit: '次', partial: partialSlot(rows, partialNote(level)) },
    );
  }, [rows, level]);
  const columns = [
    { title: '时间', dataIndex: 'time', render: (v: string, r: UsageRow) => (r.partial ? `${v}（截至当前）` : v) },
    ...KINDS.map((k) => ({ title: k.name, dataIndex: k.key, render: (v: number | null) => v ?? '—' })),
    { title: '租车占容量', dataIndex: 'rent_num_per', render: (v: number | null) => (v === null ? '—' : `${v}%`) },
    { title: '还车占容量', dataIndex: 'return_num_per', render: (v: number | null) => (v === null ? '—' : `${v}%`) },
  ];
  return (
    <HomeModal title={`站点使用曲线 · ${siteName}`} width={1000}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label="年份"
          style={{ width: 110 }}
          value={period.year}
          onChange={(year) => setPeriod({ year })}
          options={yearOptions(LIMITS.priorYears).map((y) => ({ value: y, label: `${y}年` }))}
        />
        <Breadcrumb items={crumbs(period, setPeriod)} />
        {perms.export ? (
          <Button icon={<DownloadOutlined />} onClick={() => openDialog({ kind: 'usageExport', siteId, siteName, ...period })}>
            导出
          </Button>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 4px' }}>
        {periodLabel(period)}
        {level !== 'day' ? '，点击曲线上的点查看下一级' : ''}
        {partial ? '；虚线空心点为进行中的时段（截至当前），尚未到来的时段不画' : ''}
      </Typography.Paragraph>
      <div style={{ height: 300 }} data-testid="usage-chart">
        <LazyEChart
          option={option}
          ariaLabel="站点使用曲线"
          onClick={(e) => {
            const next = drillDown(period, e.dataIndex);
            if (next) setPeriod(next);
          }}
        />
      </div>
      <Table<UsageRow>
        rowKey="slot"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 12, size: 'small' }}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无数据' }}
      />
    </HomeModal>
  );
}
