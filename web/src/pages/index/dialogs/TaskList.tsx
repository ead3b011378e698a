import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Popover, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useHomeArea, useHomePermissions } from '../hooks';
import { fetchMagnifyGroups, switchMagnifyGroup } from '../service';
import type { MagnifyGroup } from '../types';
import { DIALOG_SIZE, pager, serial } from './HomeModal';

/**
 * 定时任务 list (序号, 任务名称, 执行时间, 站点数, 任务开关, 操作) from the site magnify groups
 * (GET /api/site/magnify/). 执行时间 is when the site snapshot last applied the group (opened,
 * factor or sites changed): appliedTime, — while it never took effect.
 * The switch calls PUT /api/site/magnify/open/{id} (站点编辑 permission).
 */
export default function TaskList() {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DIALOG_SIZE);
  const [busy, setBusy] = useState<number | null>(null);
  const q = useQuery({ queryKey: ['home', 'magnify', area, page, size], queryFn: () => fetchMagnifyGroups(area, page, size), enabled: ready && perms.sites });
  if (!perms.sites) return <div className="hp-state hp-state-empty">无权限查看定时任务</div>;

  const toggle = async (g: MagnifyGroup, open: boolean) => {
    setBusy(g.id);
    try {
      await switchMagnifyGroup(area, g.id, open);
      void message.success(open ? '任务已开启' : '任务已关闭');
      await client.invalidateQueries({ queryKey: ['home', 'magnify', area] });
    } catch {
      // the request layer has told the user
    } finally {
      setBusy(null);
    }
  };

  return (
    <Table<MagnifyGroup>
      rowKey="id"
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.lists ?? []}
      locale={{ emptyText: q.isError ? '加载失败' : '暂无定时任务' }}
      pagination={pager(page, size, q.data?.total ?? 0, (p, s) => {
        setPage(s !== size ? 1 : p);
        setSize(s);
      })}
      columns={[
        { title: '序号', key: 'no', width: 64, render: (_, __, i) => serial(page, size, i) },
        { title: '任务名称', dataIndex: 'alias' },
        { title: '执行时间', dataIndex: 'appliedTime', width: 170, render: (t: MagnifyGroup['appliedTime']) => t ?? '—' },
        { title: '站点数', dataIndex: 'siteCount', width: 80 },
        {
          title: '任务开关',
          dataIndex: 'openSwitch',
          width: 100,
          render: (v: boolean, g) => (
            <Switch
              size="small"
              checked={v}
              loading={busy === g.id}
              disabled={!perms.siteEdit}
              onChange={(open) => void toggle(g, open)}
              aria-label={`${g.alias} 开关`}
            />
          ),
        },
        {
          title: '操作',
          key: 'op',
          width: 90,
          render: (_, g) => (
            <Popover
              title={`${g.alias}（放大系数 ${g.factor}）`}
              content={<Typography.Paragraph style={{ maxWidth: 360, margin: 0 }}>{g.siteList.join('、') || '暂无站点'}</Typography.Paragraph>}
            >
              <a>查看站点</a>
            </Popover>
          ),
        },
      ]}
    />
  );
}
