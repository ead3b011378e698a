/**
 * 品牌: approved vs filed vs online vs in-site per brand (areaVerify, brandPercentNew), each brand's
 * shares (brandPercent), the rates (online, in-site, quota use) and the data-access rate over time:
 * bikes reporting (the trend's 投放 of each day, month or hour) ÷ the brand's filed bikes of that day
 * (the trend's filed_num / access_percent: each day's record, a month's daily average).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Table } from 'antd';
import { useSearchParams } from 'react-router';
import LazyEChart from '../../components/echarts/LazyEChart';
import { brandShortName } from '../../lib/brand';
import { FLEET_NOTES, Term } from '../../lib/fleetTerms';
import { pieOption, seriesOption } from './charts';
import ExportDialogButton from './ExportDialog';
import PeriodBar from './PeriodBar';
import { areaParam, periodFromParams, periodParams } from './period';
import { periodLevel } from '../index/parts/period';
import { exportTrend, fetchAreaVerify, fetchBrandPercentNew } from './service';
import { fetchBrandPercent, fetchBrandTrend } from '../index/service';
import { QueryFailed, QueryPending } from './states';
import { xLabels } from './TrendTab';

type Trend = Awaited<ReturnType<typeof fetchBrandTrend>>;
type Percent = Awaited<ReturnType<typeof fetchBrandPercent>>;
type PercentNew = Awaited<ReturnType<typeof fetchBrandPercentNew>>['lists'][number];

const short = (name: string) => brandShortName(name) || name;

/** Per brand, the data-access rate (%) of each slot: reporting bikes ÷ that slot's filed bikes; null without a value or a filed record. */
function accessRates(trend: Trend) {
  return Object.values(trend)
    .sort((a, b) => a.brandId - b.brandId)
    .map((b) => ({
      brandId: b.brandId,
      name: short(b.brandName),
      data: b.rows.map((r) => r.access_percent),
    }));
}

function Figures({ area }: { area: string }) {
  const verify = useQuery({ queryKey: ['operation', 'areaVerify', area], queryFn: () => fetchAreaVerify(area) });
  const rates = useQuery({ queryKey: ['operation', 'brandPercentNew', area], queryFn: () => fetchBrandPercentNew(area) });
  const shares = useQuery({ queryKey: ['operation', 'brandPercent', area], queryFn: () => fetchBrandPercent(area) });
  const failed = [verify, rates, shares].find((q) => q.isError);
  if (failed) return <QueryFailed error={failed.error} retry={() => void failed.refetch()} />;
  if (!verify.data || !rates.data || !shares.data) return <QueryPending />;
  const sharesData = shares.data;
  const names = verify.data.lists.map((b) => short(b.brandName));
  const inSite = new Map(rates.data.lists.map((b) => [b.brandId, b.SiteBikeNum + b.SiteEBikeNum]));
  const bars = seriesOption(names, [
    { name: '核准', type: 'bar', data: verify.data.lists.map((b) => b.quantity_approved) },
    { name: '备案', type: 'bar', data: verify.data.lists.map((b) => b.recorded_number) },
    { name: '在线', type: 'bar', data: verify.data.lists.map((b) => b.onlineNum) },
    { name: '站内', type: 'bar', data: verify.data.lists.map((b) => inSite.get(b.brandId) ?? 0) },
    { name: '非法车辆（未备案）', type: 'bar', data: verify.data.lists.map((b) => b.abnormal) },
  ]);
  const pie = (title: string, pick: (b: Percent['lists'][number]) => number) =>
    pieOption(
      sharesData.lists.map((b) => ({ name: short(b.brandName), value: pick(b) })),
      title,
    );
  return (
    <>
      <Card size="small" title="核准 · 备案 · 在线 · 站内 · 非法车辆（各品牌）">
        {names.length ? (
          <div className="op-chart" data-testid="brand-bars">
            <LazyEChart ariaLabel="核准备案在线站内" option={bars} />
          </div>
        ) : (
          <Empty description="暂无数据" />
        )}
      </Card>
      <Row gutter={16}>
        {(
          [
            ['备案车辆占比', (b) => b.PutBikeNum + b.PutEBikeNum],
            ['在线车辆占比', (b) => b.BrandBikeNum + b.BrandEBikeNum],
            ['站内车辆占比', (b) => b.SiteBikeNum + b.SiteEBikeNum],
          ] as [string, (b: Percent['lists'][number]) => number][]
        ).map(([title, pick]) => (
          <Col span={8} key={title}>
            <Card size="small">
              <div className="op-chart op-chart-small" data-testid="brand-share">
                <LazyEChart ariaLabel={title} option={pie(title, pick)} />
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      <Table<PercentNew>
        size="small"
        rowKey="brandId"
        pagination={false}
        dataSource={rates.data.lists}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '品牌', dataIndex: 'brandName' },
          { title: '核准（自行车 / 电动车）', key: 'q', render: (_, b) => `${b.bikeQuota} / ${b.ebikeQuota}` },
          { title: '备案', key: 'f', render: (_, b) => `${b.PutBikeNum} / ${b.PutEBikeNum}` },
          { title: <Term label="在线" note="online" />, key: 'o', render: (_, b) => `${b.BrandBikeNum} / ${b.BrandEBikeNum}` },
          { title: <Term label="站内" note="site" />, key: 's', render: (_, b) => `${b.SiteBikeNum} / ${b.SiteEBikeNum}` },
          { title: <Term label="在线率(%)" note="onlineRate" />, key: 'or', render: (_, b) => `${b.bikeOnlineRate} / ${b.ebikeOnlineRate}` },
          { title: <Term label="入站率(%)" note="inSiteRate" />, key: 'ir', render: (_, b) => `${b.bikeInSiteRate} / ${b.ebikeInSiteRate}` },
          { title: '核准使用率(%)', key: 'qr', render: (_, b) => `${b.bikeQuotaRate} / ${b.ebikeQuotaRate}` },
        ]}
      />
      <div className="op-note" data-testid="fleet-notes">
        {FLEET_NOTES.online} {FLEET_NOTES.site} {FLEET_NOTES.illegal} {FLEET_NOTES.onlineRate}
      </div>
    </>
  );
}

export default function BrandsTab({ area, canExport }: { area: string; canExport: boolean }) {
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const trend = useQuery({ queryKey: ['operation', 'trend', area, period, 1], queryFn: () => fetchBrandTrend(area, { ...period, dataType: 1 }) });
  const rate = () => {
    if (trend.isError) return <QueryFailed error={trend.error} retry={() => void trend.refetch()} />;
    if (!trend.data) return <QueryPending />;
    const lines = accessRates(trend.data);
    if (!lines.length) return <Empty description="暂无数据" />;
    const first = Object.values(trend.data).sort((a, b) => a.brandId - b.brandId)[0];
    return (
      <div className="op-chart" data-testid="access-chart">
        <LazyEChart ariaLabel="数据接入率" option={seriesOption(xLabels(first.rows, periodLevel(period)), lines, { unit: '%' })} />
      </div>
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap className="op-toolbar">
        <PeriodBar period={period} onChange={(p) => setParams({ ...areaParam(area), ...periodParams(p) })} types={['year', 'month', 'day']} />
        <ExportDialogButton
          title="品牌与数据接入率"
          period={period}
          types={['day', 'month', 'year']}
          disabled={!canExport}
          run={(p, group) => exportTrend(area, { ...p, group })}
        />
      </Space>
      <Figures area={area} />
      <Card size="small" title="数据接入率（投放：在线的备案车辆 ÷ 当期备案车辆）">
        {rate()}
      </Card>
    </Space>
  );
}
