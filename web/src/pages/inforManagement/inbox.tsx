/**
 * An enterprise account's inbox: the published notices aimed at it, unread ones marked (未读 first
 * to the eye, a filter for them); opening one shows it and marks it read.
 */
import { Badge, Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { CrudTab, defineCrud, optionsOf } from '../../components/desk';
import NoticeDetail from './NoticeDetail';
import { NOTICE_TYPES } from './notices';
import { fetchNotices } from './service';
import type { NoticeKey, NoticeRow } from './types';

const inboxSpec = (viewing: number | null, view: (id: number | null) => void) =>
  defineCrud<NoticeRow, NoticeKey>({
    key: 'inbox',
    rowKey: 'id',
    list: fetchNotices,
    filters: [
      { name: 'title', label: '标题', type: 'input' },
      { name: 'type', label: '类型', type: 'select', options: optionsOf(NOTICE_TYPES) },
      { name: 'read', label: '阅读状态', type: 'select', options: optionsOf({ 0: '未读', 1: '已读' }) },
      { name: 'startTime', label: '发布日期', type: 'dateRange', names: ['startTime', 'endTime'] },
    ],
    columns: [
      {
        title: '标题',
        dataIndex: 'title',
        ellipsis: true,
        render: (t: string, n) => (
          <Button type="link" size="small" className={n.read ? undefined : 'notice-unread'} onClick={() => view(n.id)}>
            {n.read ? null : <Badge status="error" />} {t}
          </Button>
        ),
      },
      { title: '类型', dataIndex: 'typeName', width: 100 },
      { title: '发布单位', key: 'from', width: 140, render: (_, n) => `${n.areaName} ${n.publisherName}` },
      { title: '发布时间', dataIndex: 'publishTime', width: 170 },
      { title: '附件', dataIndex: 'attachmentCount', width: 60 },
      { title: '状态', key: 'read', width: 180, render: (_, n) => (n.read ? <span>已读 {n.readTime}</span> : <Tag color="red">未读</Tag>) },
    ],
    // opening a notice marks it read: the list's marks change
    extra: (kit) => <NoticeDetail id={viewing} publisher={false} onClose={() => view(null)} onOpened={kit.refresh} />,
  });

export default function InboxTab() {
  const [viewing, setViewing] = useState<number | null>(null);
  const spec = useMemo(() => inboxSpec(viewing, setViewing), [viewing]);
  return <CrudTab spec={spec} />;
}
