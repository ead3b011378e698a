import { useQuery } from '@tanstack/react-query';
import { Select, Table } from 'antd';
import { useState } from 'react';
import { useHomeArea } from '../hooks';
import { fetchBikeNotUpload } from '../service';
import type { NotUploadBike } from '../types';
import HomeModal, { DIALOG_SIZE, localPager } from './HomeModal';

/**
 * 未上传数据车辆: filed bikes that have not reported for STALE_HOURS (or never), per brand
 * (GET /api/dashboard/bikeNotUpload; at most 500 listed per brand, the count is exact).
 */
export default function NotUploadDialog({ brandId }: { brandId?: number }) {
  const { area, ready } = useHomeArea();
  const q = useQuery({ queryKey: ['home', 'bikeNotUpload', area], queryFn: () => fetchBikeNotUpload(area), enabled: ready });
  const brands = Object.values(q.data ?? {}).sort((a, b) => a.brandId - b.brandId);
  const [chosen, setChosen] = useState<number | undefined>(brandId);
  const current = brands.find((b) => b.brandId === chosen) ?? brands[0];
  const columns = [
    { title: '序号', key: 'no', width: 64, render: (_: unknown, __: NotUploadBike, i: number) => i + 1 },
    { title: '车辆编号', dataIndex: 'bikeId' },
    { title: '车型', dataIndex: 'bikeType', render: (v: number) => (v === 1 ? '电动车' : '自行车') },
    { title: '车牌', dataIndex: 'licenseCode', render: (v: string | null) => v || '—' },
    { title: '最近上报', dataIndex: 'lastReportTime', render: (v: string | null) => v || '从未上报' },
    {
      title: '最近位置',
      key: 'pos',
      render: (_: unknown, r: NotUploadBike) => (r.bikeLon !== null && r.bikeLat !== null ? `${r.bikeLon.toFixed(5)}, ${r.bikeLat.toFixed(5)}` : '—'),
    },
  ];
  return (
    <HomeModal title="未上传数据车辆">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
        <Select
          style={{ width: 220 }}
          aria-label="选择品牌"
          value={current?.brandId}
          onChange={setChosen}
          options={brands.map((b) => ({ value: b.brandId, label: `${b.brandName}（${b.count}）` }))}
          placeholder="选择品牌"
        />
        {current ? (
          <span>
            共 {current.count} 辆{current.count > current.list.length ? `，列出 ${current.list.length} 辆` : ''}
          </span>
        ) : null}
      </div>
      <Table<NotUploadBike>
        rowKey="bikeId"
        size="small"
        loading={q.isFetching}
        dataSource={current?.list ?? []}
        columns={columns}
        pagination={localPager(DIALOG_SIZE)}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无数据' }}
      />
    </HomeModal>
  );
}
