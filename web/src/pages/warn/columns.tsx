/** Columns of the abnormal list: type, brand, bike, site, position, detail, time, state, handling, actions. */
import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RowActions } from '../../components/desk';
import type { WarnMsg } from './types';

const dash = (v: string | null | undefined) => v || '—';
const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(6));

export function warnColumns(p: { canHandle: boolean; onHandle: (m: WarnMsg) => void }): ColumnsType<WarnMsg> {
  return [
    {
      title: '异常类型',
      dataIndex: 'abnormalTypeName',
      width: 130,
      render: (name: string) => <Tag color="orange">{name}</Tag>,
    },
    { title: '品牌', dataIndex: 'brandName', width: 90, render: dash },
    { title: '车辆编号', dataIndex: 'bikeId', width: 140, render: dash },
    {
      title: '站点',
      dataIndex: 'siteName',
      width: 200,
      render: (name: string, m) => (
        <span>
          {dash(name)}
          {m.siteId && m.siteId !== name ? (
            <Typography.Text type="secondary" className="warn-sub">
              {m.siteId}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: '位置（经度, 纬度）',
      key: 'position',
      width: 190,
      render: (_, m) => (m.lon === null ? '—' : `${fixed(m.lon)}, ${fixed(m.lat)}`),
    },
    {
      title: '详情',
      dataIndex: 'detail',
      width: 260,
      ellipsis: { showTitle: false },
      render: (d: string) => (
        <Tooltip title={d} placement="topLeft">
          {dash(d)}
        </Tooltip>
      ),
    },
    { title: '发生时间', dataIndex: 'createTime', width: 170 },
    {
      title: '状态',
      dataIndex: 'closed',
      width: 90,
      render: (closed: boolean, m) =>
        closed ? (
          <Tooltip title={`结束于 ${m.closeTime ?? ''}`}>
            <Tag>已结束</Tag>
          </Tooltip>
        ) : (
          <Tag color="red">进行中</Tag>
        ),
    },
    {
      title: '处理',
      dataIndex: 'handled',
      width: 170,
      render: (handled: boolean, m) =>
        handled ? (
          <span>
            <Tag color="green">已处理</Tag>
            {dash(m.handledBy)}
            <Typography.Text type="secondary" className="warn-sub">
              {m.handleTime}
            </Typography.Text>
          </span>
        ) : (
          <Tag color="gold">未处理</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, m) => <RowActions actions={[{ label: '处理', onClick: () => p.onHandle(m), hidden: m.handled || !p.canHandle }]} />,
    },
  ];
}
