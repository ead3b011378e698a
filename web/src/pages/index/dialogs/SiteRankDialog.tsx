import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Segmented, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { LIMITS } from '../../../lib/constants';
import { useHomeArea, useHomePermissions, useInit } from '../hooks';
import { rankPeriod, type RankGrain } from '../parts/period';
import { GRAINS, useLocateRankRow } from '../panels/SiteRankCard';
import { exportSiteRank, fetchSiteRank, type RankQuery } from '../service';
import type { RankRow } from '../types';
import HomeModal, { DIALOG_SIZE, localPager } from './HomeModal';
import { useDialogs } from './dialogStore';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${h}时` }));

/**
 * 站点排名: rents, returns, ups and downs per site for an hour, a day or a month
 * (GET /api/statistics/siteRankAll, up to 500 rows); a row locates its site. Aggregate users
 * with the export permission download it (GET /api/statistics/siteRankAllOut).
 */
export default function SiteRankDialog() {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const init = useInit();
  const { message } = App.useApp();
  const locate = useLocateRankRow();
  const closeAll = useDialogs((s) => s.closeAll);
  const [grain, setGrain] = useState<RankGrain>('day');
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [hour, setHour] = useState(() => dayjs().hour());
  const [orderBy, setOrderBy] = useState<'rent' | 'return'>('rent');
  const [exporting, setExporting] = useState(false);
  const query: RankQuery = useMemo(() => ({ ...rankPeriod(grain, date.hour(hour)), orderBy }), [grain, date, hour, orderBy]);
  const q = useQuery({ queryKey: ['home', 'rankDialog', area, query], queryFn: () => fetchSiteRank(area, query), enabled: ready && perms.siteRank });
  const canExport = Boolean(init.data?.isAggregation) && perms.export;

  const doExport = async () => {
    setExporting(true);
    try {
      await exportSiteRank(area, query);
      void message.success('数据导出成功！');
    } catch {
      // the request layer has told the user
    } finally {
      setExporting(false);
    }
  };

  const columns = [
    { title: '排名', dataIndex: 'rank', width: 70 },
    { title: '站点编号', dataIndex: 'siteId', width: 150 },
    { title: '站点名称', dataIndex: 'siteName' },
    { title: '租车数', dataIndex: 'rentNum', width: 90 },
    { title: '还车数', dataIndex: 'returnNum', width: 90 },
    { title: '上架数', dataIndex: 'upNum', width: 90 },
    { title: '下架数', dataIndex: 'downNum', width: 90 },
  ];
  return (
    <HomeModal title="站点排名" width={1000}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented value={grain} onChange={(v) => setGrain(v as RankGrain)} options={GRAINS.map((g) => ({ ...g, label: `按${g.label}` }))} />
        <DatePicker
          allowClear={false}
          picker={grain === 'month' ? 'month' : 'date'}
          value={date}
          onChange={(d) => d && setDate(d)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          aria-label="统计日期"
        />
        {grain === 'hour' ? <Select style={{ width: 90 }} value={hour} onChange={setHour} options={HOURS} aria-label="小时" /> : null}
        <Segmented
          value={orderBy}
          onChange={(v) => setOrderBy(v as 'rent' | 'return')}
          options={[
            { value: 'rent', label: '按租车' },
            { value: 'return', label: '按还车' },
          ]}
        />
        {canExport ? (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
            导出
          </Button>
        ) : null}
        {q.data ? (
          <span>
            统计时段 {q.data.timeLabel}，共 {q.data.total} 个站点
          </span>
        ) : null}
      </Space>
      <Table<RankRow>
        rowKey={(r) => `${r.rank}-${r.siteId}`}
        size="small"
        loading={q.isFetching}
        dataSource={(q.data?.lists ?? []).slice(0, LIMITS.siteRankRows)}
        columns={columns}
        onRow={(r) => ({ onClick: () => locate(r) && closeAll(), style: { cursor: 'pointer' } })}
        pagination={localPager(DIALOG_SIZE)}
        locale={{ emptyText: !perms.siteRank ? '无权限查看站点排名' : q.isError ? '加载失败' : '暂无站点' }}
      />
    </HomeModal>
  );
}
