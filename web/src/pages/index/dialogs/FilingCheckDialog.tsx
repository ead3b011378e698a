import { useQuery } from '@tanstack/react-query';
import { Table, Tabs, Typography } from 'antd';
import { useHomeArea } from '../hooks';
import { fetchBikeMonitor } from '../service';
import type { HeardBike, MonitorBrand } from '../types';
import HomeModal from './HomeModal';

const heardColumns = (withLive: boolean) => [
  { title: '车辆编号', dataIndex: 'bikeId' },
  { title: '蓝牙 MAC', dataIndex: 'mac' },
  { title: '听到的站点', dataIndex: 'siteName' },
  ...(withLive ? [{ title: '平台判定站点', dataIndex: 'liveSiteName', render: (v: string | null) => v || '—' }] : []),
  { title: '最近听到', dataIndex: 'time', width: 170 },
];

function Heard({ brand }: { brand: MonitorBrand }) {
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'warn',
          label: `未备案（${brand.warn.length}）`,
          children: (
            <Table<HeardBike>
              rowKey={(r) => `${r.mac}-${r.siteId}`}
              size="small"
              dataSource={brand.warn}
              columns={heardColumns(false)}
              pagination={{ pageSize: 5, size: 'small' }}
              locale={{ emptyText: '暂无' }}
            />
          ),
        },
        {
          key: 'abnormal',
          label: `站点不符（${brand.abnormal.length}）`,
          children: (
            <Table<HeardBike>
              rowKey={(r) => `${r.mac}-${r.siteId}`}
              size="small"
              dataSource={brand.abnormal}
              columns={heardColumns(true)}
              pagination={{ pageSize: 5, size: 'small' }}
              locale={{ emptyText: '暂无' }}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * 备案稽查: what the BLE piles heard in the last 24 hours per brand (GET /api/dashboard/bikeMonitor):
 * bikes heard, MACs heard, bikes heard but not filed, and filed bikes heard at another site.
 */
export default function FilingCheckDialog() {
  const { area, ready } = useHomeArea();
  const q = useQuery({ queryKey: ['home', 'bikeMonitor', area], queryFn: () => fetchBikeMonitor(area), enabled: ready });
  const rows = Object.values(q.data ?? {}).sort((a, b) => a.brandId - b.brandId);
  const columns = [
    { title: '品牌', dataIndex: 'brandName' },
    { title: '听到车辆', dataIndex: 'count' },
    { title: '听到 MAC', dataIndex: 'mac_count' },
    { title: '未备案', key: 'warn', render: (_: unknown, r: MonitorBrand) => r.warn.length },
    { title: '站点不符', key: 'abnormal', render: (_: unknown, r: MonitorBrand) => r.abnormal.length },
  ];
  return (
    <HomeModal title="备案稽查" width={960}>
      <Typography.Paragraph type="secondary">蓝牙桩最近 24 小时听到的车辆，按品牌统计；展开可查看未备案与站点不符的车辆。</Typography.Paragraph>
      <Table<MonitorBrand>
        rowKey="brandId"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无品牌数据' }}
        expandable={{ expandedRowRender: (r) => <Heard brand={r} />, rowExpandable: (r) => r.warn.length + r.abnormal.length > 0 }}
      />
    </HomeModal>
  );
}
