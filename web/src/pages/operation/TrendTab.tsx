/**
 * 趋势: placed, in-site, active, dispatch rate and turnover per brand (and bike type for counts),
 * by year (months), month (days) or day (hours) with the spec's drill-down (a click on a point goes
 * year → month → day, not for 活跃车辆), brands side by side and each brand's share.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Radio, Row, Select, Space, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import LazyEChart from '../../components/echarts/LazyEChart';
import { brandShortName } from '../../lib/brand';
import { ACTIVE_TYPE, TREND_TYPES, isRate } from '../index/parts/trend';
import { pieOption, seriesOption } from './charts';
import ExportDialogButton from './ExportDialog';
import PeriodBar from './PeriodBar';
import { areaParam, periodFromParams, periodParams } from './period';
import { drillDown, periodLevel, type Period } from '../index/parts/period';
import { exportTrend } from './service';
import { fetchBrandTrend } from '../index/service';
import { QueryFailed, QueryPending } from './states';

type Brand = Awaited<ReturnType<typeof fetchBrandTrend>>[string];
type Row = Brand['rows'][number];
export type BikeType = 'all' | '0' | '1';

/** The value of a row for the data type and bike type: counts split by type for 投放 and 站内. */
export function valueOf(r: Row, dataType: number, bikeType: BikeType): number | null {
  if (bikeType === 'all' || (dataType !== 1 && dataType !== 2)) return r.value;
  const [b, e] = dataType === 1 ? [r.online_num, r.online_num_e] : [r.site_num, r.site_num_e];
  return bikeType === '0' ? b : e;
}

/** x labels of rows: months, days or hours. */
export function xLabels(rows: Row[], level: ReturnType<typeof periodLevel>): string[] {
  return rows.map((r) =>
    level === 'day'
      ? `${r.hour ?? Number(r.date.slice(11, 13))}时`
      : level === 'month'
        ? `${Number(r.date.slice(8, 10))}日`
        : `${Number(r.date.slice(5, 7))}月`,
  );
}

/** Per brand: the mean over the period's slots with data (counts rounded, rates to 0.01) and its share of all brands. */
function brandShares(brands: Brand[], dataType: number, bikeType: BikeType) {
  const rows = brands.map((b) => {
    const vals = b.rows.map((r) => valueOf(r, dataType, bikeType)).filter((v): v is number => v !== null);
    const sum = vals.reduce((a, v) => a + v, 0);
    const mean = vals.length ? sum / vals.length : 0;
    const value = isRate(dataType) ? Math.round(mean * 100) / 100 : Math.round(mean);
    return { brandId: b.brandId, name: brandShortName(b.brandName) || b.brandName, value };
  });
  const total = rows.reduce((a, r) => a + r.value, 0);
  return rows.map((r) => ({ ...r, share: total > 0 ? Math.round((r.value / total) * 10000) / 100 : 0 }));
}

export default function TrendTab({ area, canExport }: { area: string; canExport: boolean }) {
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const dataType = Number(params.get('dataType') ?? 1) || 1;
  const bikeType = (['0', '1'].includes(params.get('bikeType') ?? '') ? params.get('bikeType') : 'all') as BikeType;
  const set = (p: Period, more: Record<string, string> = {}) =>
    setParams({ ...areaParam(area), ...periodParams(p), dataType: String(dataType), ...(bikeType !== 'all' ? { bikeType } : {}), ...more });
  const q = useQuery({ queryKey: ['operation', 'trend', area, period, dataType], queryFn: () => fetchBrandTrend(area, { ...period, dataType }) });
  const level = periodLevel(period);
  const brands = Object.values(q.data ?? {}).sort((a, b) => a.brandId - b.brandId);
  const byType = dataType === 1 || dataType === 2;
  const unit = isRate(dataType) ? '%' : '辆';
  const canDrill = dataType !== ACTIVE_TYPE && level !== 'day';
  const shares = brandShares(brands, dataType, byType ? bikeType : 'all');
  const typeLabel = TREND_TYPES.find((t) => t.value === dataType)?.label ?? '';

  const chart = () => {
    if (q.isError) return <QueryFailed error={q.error} retry={() => void q.refetch()} />;
    if (q.isPending) return <QueryPending />;
    if (!brands.length) return <Empty description="暂无数据" />;
    const x = xLabels(brands[0].rows, level);
    const series = brands.map((b) => ({
      name: brandShortName(b.brandName) || b.brandName,
      data: b.rows.map((r) => valueOf(r, dataType, byType ? bikeType : 'all')),
    }));
    return (
      <Row gutter={16}>
        <Col span={16}>
          <div className="op-chart" data-testid="trend-chart">
            <LazyEChart
              ariaLabel={`${typeLabel}趋势`}
              option={seriesOption(x, series, { unit, clickableX: canDrill })}
              onClick={(e) => {
                // a point, or a label of the x axis (e.g. 3月)
                const index = e.componentType === 'xAxis' ? x.indexOf(String(e.value)) : e.dataIndex;
                const next = canDrill && index >= 0 ? drillDown(period, index) : null;
                if (next) set(next);
              }}
            />
          </div>
          <Typography.Text type="secondary" className="op-hint">
            {canDrill
              ? '点击曲线上的点或横轴的月份、日期查看下一级（年 → 月 → 日）'
              : dataType === ACTIVE_TYPE
                ? '活跃车辆不支持下钻'
                : '已是最细的时间粒度（逐时）'}
          </Typography.Text>
        </Col>
        <Col span={8}>
          <div className="op-chart" data-testid="trend-share">
            {shares.every((s) => s.value === 0) ? (
              <Empty description="暂无数据（各品牌占比）" />
            ) : (
              <LazyEChart
                ariaLabel="各品牌占比"
                option={pieOption(
                  shares.map((s) => ({ name: s.name, value: s.value })),
                  `各品牌${typeLabel}占比`,
                )}
              />
            )}
          </div>
        </Col>
      </Row>
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap className="op-toolbar">
        <Select
          aria-label="数据类型"
          style={{ width: 140 }}
          value={dataType}
          onChange={(v: number) => setParams({ ...areaParam(area), ...periodParams(period), dataType: String(v) })}
          options={TREND_TYPES.map((t) => ({ value: t.value, label: t.label }))}
        />
        <Radio.Group
          aria-label="车型"
          optionType="button"
          disabled={!byType}
          value={byType ? bikeType : 'all'}
          onChange={(e) => set(period, e.target.value === 'all' ? {} : { bikeType: e.target.value as string })}
          options={[
            { value: 'all', label: '全部' },
            { value: '0', label: '自行车' },
            { value: '1', label: '电动车' },
          ]}
        />
        <PeriodBar period={period} onChange={(p) => set(p)} types={['year', 'month', 'day']} />
        <ExportDialogButton
          title="总量趋势"
          period={period}
          types={['day', 'month', 'year']}
          disabled={!canExport}
          run={(p, group) => exportTrend(area, { ...p, group })}
        />
      </Space>
      <Card size="small" title={`${typeLabel}趋势（各品牌）`}>
        {chart()}
      </Card>
      <Table
        size="small"
        rowKey="brandId"
        pagination={false}
        dataSource={shares}
        loading={q.isFetching}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '品牌', dataIndex: 'name' },
          { title: `平均${typeLabel}(${unit})`, dataIndex: 'value' },
          { title: '占比(%)', dataIndex: 'share' },
        ]}
      />
    </Space>
  );
}
