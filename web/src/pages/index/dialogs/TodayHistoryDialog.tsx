import { useQuery } from '@tanstack/react-query';
import { Pagination, Spin, Table, Tabs } from 'antd';
import { useState } from 'react';
import { PAGE } from '../../../lib/constants';
import { messageTypeFlag } from '../../../lib/siteStatus';
import { useHomeArea } from '../hooks';
import { FlagTag, MessageTag } from '../parts/bits';
import { parseCurrentBike } from '../parts/currentBike';
import { fetchTodayHistory } from '../service';
import type { SiteMessage } from '../types';
import BrandCounts from './BrandCounts';
import HomeModal, { pager, serial } from './HomeModal';
import './dialogs.css';

/** One entry of 历史消息: site, 总量 with status, time, then the bicycle and e-bike columns. */
function HistoryEntry({ m }: { m: SiteMessage }) {
  const cb = parseCurrentBike(m.currentBike);
  return (
    <div className="hist-entry" data-testid={`history-${m.id}`}>
      <div className="hist-head">
        <b>{m.siteName}</b>
        <span>
          总量 {m.num} <MessageTag type={m.messageType} label={m.status} />
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
 * 今日历史消息 (GET /api/dashboard/todayHistory): the 历史消息 list and the 今日站点历史 table,
 * pages of 100, 200 or 500.
 */
export default function TodayHistoryDialog() {
  const { area, ready } = useHomeArea();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE.historySize);
  const q = useQuery({ queryKey: ['home', 'todayHistory', area, page, size], queryFn: () => fetchTodayHistory(area, page, size), enabled: ready });
  const rows = q.data?.lists ?? [];
  const p = pager(
    page,
    size,
    q.data?.total ?? 0,
    (np, ns) => {
      setPage(ns !== size ? 1 : np);
      setSize(ns);
    },
    PAGE.historySizeOptions,
  );
  const columns = [
    { title: '序号', key: 'no', width: 70, render: (_: unknown, __: SiteMessage, i: number) => serial(page, size, i) },
    { title: '时间', dataIndex: 'createTime', width: 180 },
    { title: '站点名称', dataIndex: 'siteName' },
    { title: '站点车辆', dataIndex: 'num', width: 100, render: (v: number) => `${v}辆` },
    { title: '站点状态', dataIndex: 'messageType', width: 100, render: (v: string, r: SiteMessage) => <FlagTag flag={messageTypeFlag(v)} label={r.status} /> },
  ];
  return (
    <HomeModal title="今日历史消息" width={980}>
      <Tabs
        items={[
          {
            key: 'list',
            label: '历史消息',
            children: (
              <Spin spinning={q.isFetching}>
                {rows.length === 0 ? (
                  <div className="hp-state hp-state-empty">{q.isError ? '加载失败' : q.isPending ? '加载中…' : '暂无数据'}</div>
                ) : (
                  <div className="hist-list">
                    {rows.map((m) => (
                      <HistoryEntry key={m.id} m={m} />
                    ))}
                  </div>
                )}
                <Pagination {...p} style={{ marginTop: 12, justifyContent: 'flex-end' }} />
              </Spin>
            ),
          },
          {
            key: 'table',
            label: '今日站点历史',
            children: (
              <Table<SiteMessage>
                rowKey="id"
                size="small"
                loading={q.isFetching}
                dataSource={rows}
                columns={columns}
                locale={{ emptyText: q.isError ? '加载失败' : '暂无数据' }}
                pagination={p}
              />
            ),
          },
        ]}
      />
    </HomeModal>
  );
}
