import { useQuery } from '@tanstack/react-query';
import { Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useHomeArea } from '../hooks';
import { fetchBrandSiteBike, fetchSiteBike } from '../service';
import type { SiteBike } from '../types';
import HomeModal, { DIALOG_SIZE, pager, serial } from './HomeModal';

type BikeType = 'all' | 0 | 1;

interface Props {
  siteId: string;
  siteName?: string;
  brandId?: number;
  brandName?: string;
  bikeType?: 0 | 1;
}

/**
 * 站点车辆: the bikes parked in a site (GET /api/dashboard/siteBike), or only one brand's
 * (GET /api/dashboard/brandSiteBike), by bike type.
 */
export default function SiteBikesDialog({ siteId, siteName, brandId, brandName, bikeType: initialType }: Props) {
  const { area, ready } = useHomeArea();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DIALOG_SIZE);
  const [bikeType, setBikeType] = useState<BikeType>(initialType ?? 'all');
  const type = bikeType === 'all' ? undefined : bikeType;
  const q = useQuery({
    queryKey: ['home', 'siteBikes', area, siteId, brandId, bikeType, page, size],
    queryFn: () =>
      brandId
        ? fetchBrandSiteBike(area, { brandId, siteId, bikeType: type, currentPage: page, pageSize: size })
        : fetchSiteBike(area, { siteId, bikeType: type, currentPage: page, pageSize: size }),
    enabled: ready,
  });
  const columns = [
    { title: '序号', key: 'no', width: 64, render: (_: unknown, __: SiteBike, i: number) => serial(page, size, i) },
    { title: '车辆编号', dataIndex: 'bikeId' },
    { title: '品牌', dataIndex: 'brandName' },
    { title: '车型', dataIndex: 'bikeType', render: (v: number) => (v === 1 ? '电动车' : '自行车') },
    { title: '车牌', dataIndex: 'licenseCode', render: (v: string | null) => v || '—' },
    { title: '合法性', dataIndex: 'legality', render: (v: number) => (v === 1 ? <Tag color="red">非法</Tag> : <Tag color="green">合法</Tag>) },
    { title: '最近上报', dataIndex: 'reportTime', width: 170 },
  ];
  return (
    <HomeModal title={`站点车辆 · ${siteName ?? siteId}${brandName ? ` · ${brandName}` : ''}`}>
      <Segmented<BikeType>
        style={{ marginBottom: 12 }}
        value={bikeType}
        onChange={(v) => {
          setBikeType(v);
          setPage(1);
        }}
        options={[
          { value: 'all', label: '全部' },
          { value: 0, label: '自行车' },
          { value: 1, label: '电动车' },
        ]}
      />
      <Table<SiteBike>
        rowKey="bikeId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.lists ?? []}
        columns={columns}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无车辆' }}
        pagination={pager(page, size, q.data?.total ?? 0, (p, s) => {
          setPage(s !== size ? 1 : p);
          setSize(s);
        })}
      />
    </HomeModal>
  );
}
