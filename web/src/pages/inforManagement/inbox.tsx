/**
 * An enterprise account's inbox: the published notices aimed at it, unread ones marked (未读 first
 * to the eye, a filter for them); opening one shows it and marks it read.
 */
import { Badge, Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, ListToolbar, QueryForm, type Field, optionsOf, useList, useUrlQuery } from '../../components/desk';
import NoticeDetail from './NoticeDetail';
import { NOTICE_TYPES } from './NoticeForm';
import { fetchNotices } from './service';
import type { NoticeKey, NoticeRow } from './types';

export const INBOX_FILTERS: Field<NoticeKey>[] = [
  { name: 'title', label: '标题', type: 'input' },
  { name: 'type', label: '类型', type: 'select', options: optionsOf(NOTICE_TYPES) },
  { name: 'read', label: '阅读状态', type: 'select', options: optionsOf({ 0: '未读', 1: '已读' }) },
  { name: 'startTime', label: '发布日期', type: 'dateRange', names: ['startTime', 'endTime'] },
];

export function inboxColumns(onOpen: (n: NoticeRow) => void): ColumnsType<NoticeRow> {
  return [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (t: string, n) => (
        <Button type="link" size="small" className={n.read ? undefined : 'notice-unread'} onClick={() => onOpen(n)}>
          {n.read ? null : <Badge status="error" />} {t}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'typeName', width: 100 },
    { title: '发布单位', key: 'from', width: 140, render: (_, n) => `${n.areaName} ${n.publisherName}` },
    { title: '发布时间', dataIndex: 'publishTime', width: 170 },
    { title: '附件', dataIndex: 'attachmentCount', width: 60 },
    {
      title: '状态',
      key: 'read',
      width: 180,
      render: (_, n) => (n.read ? <span>已读 {n.readTime}</span> : <Tag color="red">未读</Tag>),
    },
  ];
}

export default function InboxTab() {
  const query = useUrlQuery(INBOX_FILTERS);
  const list = useList('inbox', query, fetchNotices);
  const client = useQueryClient();
  const [viewing, setViewing] = useState<number | null>(null);
  const columns = useMemo(() => inboxColumns((n) => setViewing(n.id)), []);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['desk', 'inbox'] }), [client]);
  return (
    <>
      <QueryForm fields={INBOX_FILTERS} query={query} />
      <ListToolbar onRefresh={() => void list.refetch()} />
      <DataTable<NoticeRow> rowKey="id" columns={columns} list={list} query={query} />
      <NoticeDetail id={viewing} publisher={false} onClose={() => setViewing(null)} onOpened={refresh} />
    </>
  );
}
