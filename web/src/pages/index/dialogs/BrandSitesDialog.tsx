import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Segmented, Table } from 'antd';
import { useState } from 'react';
import { useHomeStore } from '../homeStore';
import { useHomeArea, useHomePermissions } from '../hooks';
import { fetchBrandBike, fetchBrandOnlineBike } from '../service';
import type { BrandSite } from '../types';
import { DIALOG_SIZE, pager, serial } from './HomeModal';
import HomeModal from './HomeModal';
import { openDialog, useDialogs } from './dialogStore';

type BikeType = 'all' | 0 | 1;

/** The brand's figures by bike type (GET /api/dashboard/brandBike). */
function BrandFigures({ brandId }: { brandId: number }) {
  const { area, ready } = useHomeArea();
  const q = useQuery({ queryKey: ['home', 'brandBike', area], queryFn: () => fetchBrandBike(area), enabled: ready });
  const b = q.data?.find((r) => r.brandId === brandId);
  if (!b) return null;
  const pair = (x: number, y: number) => `自行车 ${x} / 电动车 ${y}`;
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 12 }}
      items={[
        { key: 'online', label: '在线', children: pair(b.onlineBikeNum, b.onlineEBikeNum) },
        { key: 'site', label: '站内', children: pair(b.siteBikeNum, b.siteEBikeNum) },
        { key: 'filed', label: '备案', children: pair(b.filedBikeNum, b.filedEBikeNum) },
        { key: 'approved', label: '核准', children: pair(b.approvedBikeNum, b.approvedEBikeNum) },
      ]}
    />
  );
}

/**
 * 品牌站点车辆分布: the sites holding the brand's bikes (GET /api/dashboard/brandOnlineBike).
 * 站点编号 / 站点名称 locate the site, 站点车辆 lists its bikes of the brand, 编辑 sets the site's
 * full-pile value (站点编辑 permission).
 */
export default function BrandSitesDialog({ brandId, brandName }: { brandId: number; brandName: string }) {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const focusSite = useHomeStore((s) => s.focusSite);
  const closeAll = useDialogs((s) => s.closeAll);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DIALOG_SIZE);
  const [bikeType, setBikeType] = useState<BikeType>('all');
  const q = useQuery({
    queryKey: ['home', 'brandOnlineBike', area, brandId, bikeType, page, size],
    queryFn: () => fetchBrandOnlineBike(area, { brandId, bikeType: bikeType === 'all' ? undefined : bikeType, currentPage: page, pageSize: size }),
    enabled: ready,
  });
  const locate = (siteId: string) => {
    focusSite(siteId);
    closeAll();
  };
  const columns = [
    { title: '序号', key: 'no', width: 70, render: (_: unknown, __: BrandSite, i: number) => serial(page, size, i) },
    {
      title: '站点编号',
      dataIndex: 'siteId',
      render: (v: string) => (
        <Button type="link" size="small" onClick={() => locate(v)}>
          {v}
        </Button>
      ),
    },
    {
      title: '站点名称',
      dataIndex: 'siteName',
      render: (v: string, r: BrandSite) => (
        <Button type="link" size="small" onClick={() => locate(r.siteId)}>
          {v}
        </Button>
      ),
    },
    {
      title: '站点车辆',
      dataIndex: 'num',
      width: 100,
      render: (v: number, r: BrandSite) => (
        <Button
          type="link"
          size="small"
          onClick={() =>
            openDialog({ kind: 'siteBikes', siteId: r.siteId, siteName: r.siteName, brandId, brandName, bikeType: bikeType === 'all' ? undefined : bikeType })
          }
        >
          {v}
        </Button>
      ),
    },
    ...(perms.siteEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r: BrandSite) => (
              <Button size="small" onClick={() => openDialog({ kind: 'siteRatio', siteId: r.siteId, siteName: r.siteName })}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <HomeModal title={`品牌站点车辆分布 · ${brandName}`}>
      <BrandFigures brandId={brandId} />
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
      <Table<BrandSite>
        rowKey="siteId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.lists ?? []}
        columns={columns}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无数据' }}
        pagination={pager(page, size, q.data?.total ?? 0, (p, s) => {
          setPage(s !== size ? 1 : p);
          setSize(s);
        })}
      />
    </HomeModal>
  );
}
