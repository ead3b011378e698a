/** Parts of the site detail: a section with its loading, empty and failed states, and the small tables. */
import { Button, Card, Empty, Result, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RequestError } from '../../app/request';
import type { PileRow, SiteInfo, SiteMsg } from './detailTypes';
import { PowerBar } from './power';

interface SectionQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A card whose body waits for its call: skeleton, failure with 重试, 暂无数据 when `empty`, else the children. */
export function Section({
  title,
  q,
  empty,
  extra,
  children,
}: {
  title: string;
  q: SectionQuery;
  empty?: boolean;
  extra?: ReactNode;
  children: () => ReactNode;
}) {
  let body: ReactNode;
  if (q.isError) {
    body = (
      <Result
        status="warning"
        title="加载失败"
        subTitle={q.error instanceof RequestError ? q.error.message : '请稍后再试'}
        extra={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (q.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  else body = children();
  return (
    <Card size="small" title={title} extra={extra} className="site-detail-section" role="region" aria-label={title}>
      {body}
    </Card>
  );
}

interface BrandLine {
  brandId: number;
  brandName: string;
  bike: number;
  ebike: number;
}

/** Bicycles and e-bikes in the site per brand, with a total line. */
function brandLines(site: SiteInfo): BrandLine[] {
  const lines = new Map<number, BrandLine>();
  const line = (brandId: number, brandName: string) => lines.get(brandId) ?? lines.set(brandId, { brandId, brandName, bike: 0, ebike: 0 }).get(brandId)!;
  for (const b of site.brandBike) line(b.brandId, b.brandName).bike += b.siteNum;
  for (const b of site.brandEBike) line(b.brandId, b.brandName).ebike += b.siteNum;
  return [...lines.values()].sort((a, b) => b.bike + b.ebike - (a.bike + a.ebike));
}

const brandColumns: ColumnsType<BrandLine> = [
  { title: '品牌', dataIndex: 'brandName' },
  { title: '自行车', dataIndex: 'bike', align: 'right' },
  { title: '电动车', dataIndex: 'ebike', align: 'right' },
  { title: '合计', key: 'sum', align: 'right', render: (_, b) => b.bike + b.ebike },
];

export function BrandTable({ site }: { site: SiteInfo }) {
  return (
    <Table<BrandLine>
      rowKey="brandId"
      size="small"
      pagination={false}
      columns={brandColumns}
      dataSource={brandLines(site)}
      locale={{ emptyText: '站内暂无车辆' }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {site.bikeNum}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {site.ebikeNum}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {site.num}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The site's latest abnormal messages; the whole list is on 异常列表. */
export function MsgList({ msgs }: { msgs: SiteMsg[] }) {
  return (
    <ul className="site-detail-msgs">
      {msgs.map((m) => (
        <li key={m.id}>
          <Tag color={m.closed ? 'default' : 'red'}>{m.abnormalTypeName}</Tag>
          <span className="site-detail-msg-text">
            {m.bikeId ? `${m.brandName} ${m.bikeId}` : m.detail || '—'}
            {m.handled ? <Typography.Text type="secondary">（已处理）</Typography.Text> : null}
          </span>
          <Typography.Text type="secondary">{m.createTime}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

const warnLink = (siteId: string) => `/warn?site=${encodeURIComponent(siteId)}`;

export function AllMsgsLink({ siteId, total }: { siteId: string; total: number }) {
  return <Link to={warnLink(siteId)}>{`全部异常（${total}）`}</Link>;
}

const pileColumns: ColumnsType<PileRow> = [
  { title: '设备MAC', dataIndex: 'equipmentMac' },
  { title: '电量', dataIndex: 'power', width: 170, render: (p: number | null) => <PowerBar power={p} /> },
  { title: '最后上报时间', dataIndex: 'lastSeenTime', width: 170, render: (t: string | null) => t ?? '—' },
];

export function PileList({ piles }: { piles: PileRow[] }) {
  return <Table<PileRow> rowKey="equipmentMac" size="small" pagination={false} columns={pileColumns} dataSource={piles} />;
}
