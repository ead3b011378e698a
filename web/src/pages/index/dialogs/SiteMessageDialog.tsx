import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useHomeStore } from '../homeStore';
import { useHomeArea } from '../hooks';
import { FlagTag, MessageTag } from '../parts/bits';
import { parseCurrentBike } from '../parts/currentBike';
import { fetchSiteHistory } from '../service';
import type { HistoryRow, SiteMessage } from '../types';
import BrandCounts from './BrandCounts';
import HomeModal, { DIALOG_SIZE, pager, serial } from './HomeModal';
import { openDialog, useDialogs } from './dialogStore';
import './dialogs.css';

function MessageDetail({ m }: { m: SiteMessage }) {
  const cb = parseCurrentBike(m.currentBike);
  return (
    <div className="hist-entry" data-testid="message-detail">
      <div className="hist-head">
        <b>{m.siteName}</b>
        <span>
          总量 {m.num} / 容量 {m.capacity} <MessageTag type={m.messageType} label={m.status} />
        </span>
        <span className="hist-time">{m.createTime}</span>
      </div>
      <div className="hist-cols">
        <BrandCounts title="自行车" total={m.bikeNum} brands={cb.nowBike} />
        <BrandCounts title="电动车" total={m.ebikeNum} brands={cb.nowEBike} />
      </div>
    </div>
  );
}

/**
 * 站点消息详情: the message (site, counts per brand, status) and the site's history
 * (GET /api/dashboard/siteHistory), with links to its bikes, its usage curve and its place.
 */
export default function SiteMessageDialog({ siteId, siteName, message }: { siteId: string; siteName: string; message?: SiteMessage }) {
  const { area, ready } = useHomeArea();
  const focusSite = useHomeStore((s) => s.focusSite);
  const closeAll = useDialogs((s) => s.closeAll);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DIALOG_SIZE);
  const q = useQuery({
    queryKey: ['home', 'siteHistory', area, siteId, page, size],
    queryFn: () => fetchSiteHistory(area, { siteId, currentPage: page, pageSize: size }),
    enabled: ready,
  });
  const columns = [
    { title: '序号', key: 'no', width: 64, render: (_: unknown, __: HistoryRow, i: number) => serial(page, size, i) },
    { title: '时间', dataIndex: 'time', width: 170 },
    { title: '站点车辆', dataIndex: 'num', render: (v: number) => `${v}辆` },
    { title: '自行车', dataIndex: 'bikeNum' },
    { title: '电动车', dataIndex: 'ebikeNum' },
    { title: '容量', dataIndex: 'capacity' },
    { title: '站点状态', dataIndex: 'flag', render: (v: number, r: HistoryRow) => <FlagTag flag={v} label={r.status} /> },
  ];
  return (
    <HomeModal title={`站点消息 · ${siteName}`} width={920}>
      {message ? <MessageDetail m={message} /> : null}
      <Space style={{ margin: '12px 0' }}>
        <Button
          onClick={() => {
            focusSite(siteId);
            closeAll();
          }}
        >
          地图定位
        </Button>
        <Button onClick={() => openDialog({ kind: 'siteBikes', siteId, siteName })}>站点车辆</Button>
        <Button onClick={() => openDialog({ kind: 'siteUsage', siteId, siteName })}>使用曲线</Button>
      </Space>
      <Table<HistoryRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.lists ?? []}
        columns={columns}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无站点历史' }}
        pagination={pager(page, size, q.data?.total ?? 0, (p, s) => {
          setPage(s !== size ? 1 : p);
          setSize(s);
        })}
      />
    </HomeModal>
  );
}
