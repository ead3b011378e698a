import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Segmented, Select, Space, Table, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import LazyEChart from '../../../components/echarts/LazyEChart';
import { LIMITS } from '../../../lib/constants';
import { useHomeArea, useHomePermissions } from '../hooks';
import { lineOption } from '../parts/chart';
import { defaultTrendPeriod, drillDown, periodLabel, periodLevel, yearOptions, type Period } from '../parts/period';
import { ACTIVE_TYPE, TREND_TYPES, trendChart } from '../parts/trend';
import { exportOnlineCollect, fetchBrandTrend, fetchOnlineCollect } from '../service';
import type { CollectRow } from '../types';
import HomeModal from './HomeModal';

function TrendChart() {
  const { area, ready } = useHomeArea();
  const [period, setPeriod] = useState<Period>(() => defaultTrendPeriod());
  const [dataType, setDataType] = useState<number>(1);
  const q = useQuery({ queryKey: ['home', 'trend', area, period, dataType], queryFn: () => fetchBrandTrend(area, { ...period, dataType }), enabled: ready });
  const chart = useMemo(() => trendChart(q.data, period, dataType), [q.data, period, dataType]);
  const option = useMemo(() => lineOption(chart.x, chart.series, { yMax: chart.yMax, unit: chart.unit, partial: chart.partial }), [chart]);
  const canDrill = dataType !== ACTIVE_TYPE && periodLevel(period) !== 'day';
  const items = [{ title: <a onClick={() => setPeriod({ year: period.year })}>{period.year}年</a> }];
  if (period.month !== undefined) items.push({ title: <a onClick={() => setPeriod({ year: period.year, month: period.month })}>{period.month}月</a> });
  if (period.day !== undefined) items.push({ title: <span>{period.day}日</span> });
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented value={dataType} onChange={(v) => setDataType(Number(v))} options={TREND_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        <Select
          aria-label="年份"
          style={{ width: 110 }}
          value={period.year}
          onChange={(year) => setPeriod({ year })}
          options={yearOptions(LIMITS.priorYears).map((y) => ({ value: y, label: `${y}年` }))}
        />
        <Breadcrumb items={items} />
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 4px' }}>
        {periodLabel(period)} · {TREND_TYPES.find((t) => t.value === dataType)?.label}
        {canDrill ? '，点击曲线上的点查看下一级' : dataType === ACTIVE_TYPE ? '（活跃车辆不可下钻）' : ''}
        {chart.partial ? '；虚线空心点为进行中的时段（截至当前），尚未到来的时段不画' : ''}
      </Typography.Paragraph>
      <div style={{ height: 360 }} data-testid="trend-chart">
        {q.isError ? (
          <div className="hp-state">加载失败</div>
        ) : chart.empty && !q.isPending ? (
          <div className="hp-state hp-state-empty">暂无品牌数据</div>
        ) : (
          <LazyEChart
            option={option}
            ariaLabel="总量趋势"
            onClick={(e) => {
              if (!canDrill) return;
              const next = drillDown(period, e.dataIndex);
              if (next) setPeriod(next);
            }}
          />
        )}
      </div>
    </>
  );
}

function CollectTable() {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['home', 'onlineCollect', area], queryFn: () => fetchOnlineCollect(area), enabled: ready });
  const columns = [
    { title: '日期', dataIndex: 'date' },
    { title: '品牌', dataIndex: 'brandName' },
    { title: '投放', dataIndex: 'onlineNum' },
    { title: '站内', dataIndex: 'siteNum' },
    { title: '备案', dataIndex: 'filedNum' },
    { title: '核准', dataIndex: 'approvedNum' },
  ];
  const doExport = async () => {
    setBusy(true);
    try {
      await exportOnlineCollect(area);
      void message.success('数据导出成功！');
    } catch {
      // the request layer has told the user
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {perms.export ? (
        <Button icon={<DownloadOutlined />} loading={busy} style={{ marginBottom: 12 }} onClick={() => void doExport()}>
          导出
        </Button>
      ) : null}
      <Table<CollectRow>
        rowKey="brandId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无品牌数据' }}
      />
    </>
  );
}

/**
 * 总量趋势: bikes placed, in sites, active, dispatch and turnover rates per brand
 * (GET /api/dashboard/brandBikeOnline), year → month → day; and today's summary per brand
 * (GET /api/dashboard/brandBikeOnlineCollect) with its spreadsheet.
 */
export default function TrendDialog() {
  return (
    <HomeModal title="总量趋势" width={1040}>
      <Tabs
        items={[
          { key: 'trend', label: '趋势图', children: <TrendChart /> },
          { key: 'collect', label: '今日汇总', children: <CollectTable /> },
        ]}
      />
    </HomeModal>
  );
}
