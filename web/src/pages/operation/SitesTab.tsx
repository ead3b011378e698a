/**
 * 站点: the site ranking (GET /api/statistics/siteRankAll, up to 500 rows, paged here) with every
 * filter of the spec (year, month, day, hour, site type, order), each site's usage curve one click
 * away (siteStatistics over the same period), and the spec's export (siteRankAllOut).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Modal, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DataTable, ExportButton, QueryForm, type Field, useList, useUrlQuery } from '../../components/desk';
import LazyEChart from '../../components/echarts/LazyEChart';
import { LIMITS } from '../../lib/constants';
import { periodLabel, yearOptions, type Period } from '../index/parts/period';
import { seriesOption } from './charts';
import { exportSiteRank, fetchSiteRank, fetchSiteUsage, type RankQuery } from '../index/service';
import { QueryFailed, QueryPending } from './states';

type Key = 'year' | 'month' | 'day' | 'hour' | 'siteType' | 'orderBy';
type Rank = Awaited<ReturnType<typeof fetchSiteRank>>;
type RankRow = Rank['lists'][number];

const nums = (from: number, to: number, unit: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: `${from + i}${unit}` }));

const RANK_FIELDS: Field<Key>[] = [
  { name: 'year', label: '年份', type: 'select', options: yearOptions(LIMITS.priorYears).map((y) => ({ value: String(y), label: `${y}年` })) },
  { name: 'month', label: '月份', type: 'select', options: nums(1, 12, '月') },
  { name: 'day', label: '日', type: 'select', options: nums(1, 31, '日') },
  { name: 'hour', label: '小时', type: 'select', options: nums(0, 23, '时') },
  {
    name: 'siteType',
    label: '站点类型',
    type: 'select',
    options: [
      { value: '0', label: '全部站点' },
      { value: '1', label: '回收站点' },
      { value: '2', label: '重点站点' },
    ],
  },
  {
    name: 'orderBy',
    label: '排序',
    type: 'select',
    options: [
      { value: 'rent', label: '按租车数' },
      { value: 'return', label: '按还车数' },
    ],
  },
];

/** The ranking call of the URL's filters: this month when no year is chosen; finer levels need the coarser ones. */
function rankQueryOf(f: Partial<Record<Key, string>>): RankQuery & { siteType?: number } {
  const n = (v?: string) => (v === undefined || v === '' ? undefined : Number(v));
  const year = n(f.year);
  const now = dayjs();
  const month = year === undefined ? now.month() + 1 : n(f.month);
  const day = month === undefined ? undefined : n(f.day);
  const hour = day === undefined ? undefined : n(f.hour);
  return {
    year: year ?? now.year(),
    month,
    day,
    hour,
    siteType: n(f.siteType),
    orderBy: f.orderBy === 'return' ? 'return' : 'rent',
  };
}

function UsageCurve({ area, site, period, onClose }: { area: string; site: RankRow; period: Period; onClose: () => void }) {
  const q = useQuery({ queryKey: ['operation', 'usage', area, site.siteId, period], queryFn: () => fetchSiteUsage(area, { siteId: site.siteId, ...period }) });
  const body = () => {
    if (q.isError) return <QueryFailed error={q.error} retry={() => void q.refetch()} />;
    if (q.isPending) return <QueryPending />;
    const x = q.data.map((r) => r.time);
    return (
      <div className="op-chart" data-testid="usage-chart">
        <LazyEChart
          ariaLabel="站点使用曲线"
          option={seriesOption(
            x,
            [
              { name: '租车', data: q.data.map((r) => r.rent_num) },
              { name: '还车', data: q.data.map((r) => r.return_num) },
              { name: '上架', data: q.data.map((r) => r.up_num), type: 'bar' },
              { name: '下架', data: q.data.map((r) => r.down_num), type: 'bar' },
            ],
            { unit: '次' },
          )}
        />
      </div>
    );
  };
  return (
    <Modal open title={`站点使用曲线 · ${site.siteName}（${periodLabel(period)}）`} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      {body()}
    </Modal>
  );
}

export default function SitesTab({ area, canExport }: { area: string; canExport: boolean }) {
  const query = useUrlQuery(RANK_FIELDS);
  const rq = rankQueryOf(query.filters);
  const list = useList<RankRow, Key>(`operation-rank-${area}`, query, async ({ currentPage, pageSize }) => {
    const r = await fetchSiteRank(area, rq);
    return { lists: r.lists.slice((currentPage - 1) * pageSize, currentPage * pageSize), total: r.lists.length };
  });
  const [site, setSite] = useState<RankRow | null>(null);
  // a site's curve: the ranking's period one level finer (an hour's ranking shows its day)
  const period: Period = { year: rq.year, month: rq.month, day: rq.day };
  const columns: ColumnsType<RankRow> = [
    { title: '排名', dataIndex: 'rank', width: 70 },
    { title: '站点编号', dataIndex: 'siteId', width: 160 },
    { title: '站点名称', dataIndex: 'siteName', width: 220 },
    { title: '租车数', dataIndex: 'rentNum', width: 90 },
    { title: '还车数', dataIndex: 'returnNum', width: 90 },
    { title: '上架数', dataIndex: 'upNum', width: 90 },
    { title: '下架数', dataIndex: 'downNum', width: 90 },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, r) => <Typography.Link onClick={() => setSite(r)}>使用曲线</Typography.Link>,
    },
  ];
  const when = rq.hour !== undefined ? `${periodLabel(period)}${rq.hour}时` : periodLabel(period);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <div className="op-no-print">
        <QueryForm fields={RANK_FIELDS} query={query} visible={3} />
      </div>
      <Card
        size="small"
        title={`站点排名 · ${when} · ${rq.orderBy === 'return' ? '按还车数' : '按租车数'}`}
        extra={<ExportButton disabled={!canExport} run={() => exportSiteRank(area, rq)} />}
      >
        <DataTable<RankRow> rowKey="siteId" list={list} query={query} columns={columns} />
        <Typography.Text type="secondary" className="op-hint">
          最多列出 500 个站点；点击“使用曲线”查看站点在该时段的租还与调度
        </Typography.Text>
      </Card>
      {site && <UsageCurve area={area} site={site} period={period} onClose={() => setSite(null)} />}
    </Space>
  );
}
