/**
 * 租还: rents and returns per hour of a day (morning and evening peaks marked) or per day of a
 * month, per brand and bike type; the tidal view: seven days of rents minus returns per hour, and
 * the most unbalanced sites of the period on a map (circles sized and coloured by the imbalance)
 * and as a ranked list.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Radio, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import LazyEChart from '../../components/echarts/LazyEChart';
import { brandShortName } from '../../lib/brand';
import { lastSevenDays, type Period } from '../index/parts/period';
import { seriesOption } from './charts';
import ExportDialogButton from './ExportDialog';
import { boxOf, pickFlows, rentsByBrand, slotLabels, tidalCircles, type FlowPick } from './flowData';
import PeriodBar from './PeriodBar';
import { areaParam, dateOf, peaksOf, periodFromParams, periodOf, periodParams } from './period';
import { exportFlows, fetchFlows, fetchTidalSites, type TidalSite } from './service';
import { fetchTidal } from '../index/service';
import { QueryFailed, QueryPending } from './states';
import dayjs from 'dayjs';

const DeskMap = lazy(() => import('../../components/deskMap/DeskMap'));

function TidalMap({ area, period }: { area: string; period: Period }) {
  const [selected, setSelected] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['operation', 'tidalSites', area, period], queryFn: () => fetchTidalSites(area, { ...period, limit: 100 }) });
  const sites = useMemo(() => q.data?.lists ?? [], [q.data]);
  const circles = useMemo(() => tidalCircles(sites, selected), [sites, selected]);
  const fit = useMemo(() => boxOf(sites), [sites]);
  const chosen = sites.find((s) => s.siteId === selected);
  if (q.isError) return <QueryFailed error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <QueryPending />;
  const center = chosen ?? sites[0] ?? { lon: 116.397428, lat: 39.90923 };
  return (
    <Row gutter={16}>
      <Col span={14}>
        <Suspense fallback={<QueryPending />}>
          <DeskMap center={{ lon: center.lon, lat: center.lat }} zoom={14} height={420} circles={circles} onCircle={setSelected} fit={chosen ? null : fit} />
        </Suspense>
        <Typography.Text type="secondary" className="op-hint">
          圆圈大小为租还差，红色：租车多于还车（车辆流出，易缺车）；蓝色：还车多于租车（车辆流入，易积压）
        </Typography.Text>
      </Col>
      <Col span={10}>
        <Table<TidalSite>
          size="small"
          rowKey="siteId"
          dataSource={sites}
          locale={{ emptyText: '暂无数据' }}
          pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 个站点`, showSizeChanger: false, size: 'small' }}
          rowClassName={(r) => (r.siteId === selected ? 'op-row-selected' : '')}
          onRow={(r) => ({ onClick: () => setSelected(r.siteId) })}
          columns={[
            { title: '排名', dataIndex: 'rank', width: 56 },
            { title: '站点名称', dataIndex: 'siteName', ellipsis: true },
            { title: '租车', dataIndex: 'rentNum', width: 64 },
            { title: '还车', dataIndex: 'returnNum', width: 64 },
            {
              title: '租还差',
              dataIndex: 'net',
              width: 80,
              render: (n: number) => <span style={{ color: n > 0 ? '#cf1322' : '#0958d9' }}>{n > 0 ? `+${n}` : n}</span>,
            },
          ]}
        />
      </Col>
    </Row>
  );
}

function SevenDays({ area, end }: { area: string; end: Period }) {
  const last = end.day !== undefined ? dateOf(end) : dayjs().isBefore(dateOf(end).endOf('month')) ? dayjs() : dateOf(end).endOf('month');
  const days = lastSevenDays(last);
  const q = useQuery({ queryKey: ['operation', 'tidal7', area, days[6]], queryFn: () => fetchTidal(area, { dateGroup: days.join(','), mold: 1 }) });
  if (q.isError) return <QueryFailed error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <QueryPending />;
  const x = Array.from({ length: 24 }, (_, h) => `${h}时`);
  const series = q.data.series.map((s) => ({
    name: s.date.slice(5),
    data: s.hours.map((h) => h.bike_rent_num + h.e_bike_rent_num - h.bike_return_num - h.e_bike_return_num),
  }));
  return (
    <div className="op-chart" data-testid="tidal-chart">
      <LazyEChart ariaLabel="近 7 日潮汐（租车 − 还车）" option={seriesOption(x, series, { unit: '辆' })} />
    </div>
  );
}

export default function FlowsTab({ area, canExport }: { area: string; canExport: boolean }) {
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params, periodOf('day', dayjs()));
  const month = period.month ?? 1;
  const pick: FlowPick = {
    brandId: Number(params.get('brandId') ?? 0) || 0,
    bikeType: (['0', '1'].includes(params.get('bikeType') ?? '') ? params.get('bikeType') : 'all') as FlowPick['bikeType'],
  };
  const set = (p: Period, next: FlowPick = pick) =>
    setParams({
      ...areaParam(area),
      ...periodParams(p),
      ...(next.brandId ? { brandId: String(next.brandId) } : {}),
      ...(next.bikeType !== 'all' ? { bikeType: next.bikeType } : {}),
    });
  const q = useQuery({
    queryKey: ['operation', 'flows', area, period.year, month, period.day],
    queryFn: () => fetchFlows(area, { year: period.year, month, day: period.day }),
  });
  const brands = [...new Map((q.data?.lists ?? []).map((l) => [l.brandId, l.brandName])).entries()];

  const charts = () => {
    if (q.isError) return <QueryFailed error={q.error} retry={() => void q.refetch()} />;
    if (q.isPending) return <QueryPending />;
    const f = q.data;
    if (!f.lists.length) return <Empty description="暂无数据" />;
    const p = pickFlows(f, pick);
    const x = slotLabels(f);
    const peaks = f.granularity === 'day' ? peaksOf(p.rent) : undefined;
    return (
      <>
        <Space size="large" className="op-figures">
          <Statistic title="租车" value={p.rentTotal} suffix="次" />
          <Statistic title="还车" value={p.returnTotal} suffix="次" />
          <Statistic title="租还差" value={p.rentTotal - p.returnTotal} />
          {peaks?.morning && <Statistic title="早高峰" value={`${peaks.morning.hour}时`} suffix={`租 ${peaks.morning.value}`} />}
          {peaks?.evening && <Statistic title="晚高峰" value={`${peaks.evening.hour}时`} suffix={`租 ${peaks.evening.value}`} />}
        </Space>
        <Row gutter={16}>
          <Col span={12}>
            <div className="op-chart" data-testid="flow-chart">
              <LazyEChart
                ariaLabel={f.granularity === 'day' ? '每小时租还车' : '每日租还车'}
                option={seriesOption(
                  x,
                  [
                    { name: '租车', data: p.rent, type: 'bar' },
                    { name: '还车', data: p.ret, type: 'bar' },
                    { name: '租还差', data: p.net, type: 'line' },
                  ],
                  { unit: '次', peaks },
                )}
              />
            </div>
          </Col>
          <Col span={12}>
            <div className="op-chart" data-testid="flow-brands">
              <LazyEChart
                ariaLabel="各品牌租车"
                option={seriesOption(
                  x,
                  rentsByBrand(f, pick.bikeType).map((b) => ({ name: brandShortName(b.name) || b.name, data: b.data })),
                  { unit: '次' },
                )}
              />
            </div>
          </Col>
        </Row>
      </>
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap className="op-toolbar">
        <Select
          aria-label="品牌"
          style={{ width: 150 }}
          value={pick.brandId}
          onChange={(v: number) => set(period, { ...pick, brandId: v })}
          options={[{ value: 0, label: '全部品牌' }, ...brands.map(([id, name]) => ({ value: id, label: name }))]}
        />
        <Radio.Group
          aria-label="车型"
          optionType="button"
          value={pick.bikeType}
          onChange={(e) => set(period, { ...pick, bikeType: e.target.value as FlowPick['bikeType'] })}
          options={[
            { value: 'all', label: '全部' },
            { value: '0', label: '自行车' },
            { value: '1', label: '电动车' },
          ]}
        />
        <PeriodBar period={period} onChange={(p) => set(p)} types={['day', 'month']} />
        <ExportDialogButton
          title="租还统计"
          period={period}
          types={['day', 'month']}
          disabled={!canExport}
          run={(p, group) => exportFlows(area, { year: p.year, month: p.month ?? 1, day: p.day, group })}
        />
      </Space>
      <Card size="small" title="租还车统计">
        {charts()}
      </Card>
      <Card size="small" title="近 7 日潮汐（每小时租车 − 还车）">
        <SevenDays area={area} end={period} />
      </Card>
      <Card size="small" title="潮汐站点（租还最不平衡的站点）">
        <TidalMap area={area} period={period} />
      </Card>
    </Space>
  );
}
