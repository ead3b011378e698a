/**
 * The publisher's list: notices aimed at the user's area and below, filtered by title, type, state
 * and publishing date (in the URL); 新增 / 编辑 / 删除 with 信息发布 (111), 查看 shows who has read.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { RequestError } from '../../app/request';
import { useSession } from '../../app/session/store';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, optionsOf, useList, useUrlQuery } from '../../components/desk';
import NoticeDetail from './NoticeDetail';
import NoticeForm, { NOTICE_STATES, NOTICE_TYPES } from './NoticeForm';
import { deleteNotice, fetchNotices } from './service';
import type { NoticeKey, NoticeRow } from './types';

export function noticeFilters(withArea: boolean): Field<NoticeKey>[] {
  const fields: Field<NoticeKey>[] = [
    { name: 'title', label: '标题', type: 'input' },
    { name: 'type', label: '类型', type: 'select', options: optionsOf(NOTICE_TYPES) },
    { name: 'state', label: '状态', type: 'select', options: optionsOf(NOTICE_STATES) },
    { name: 'startTime', label: '发布日期', type: 'dateRange', names: ['startTime', 'endTime'] },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

interface ColumnProps {
  canEdit: boolean;
  onView: (n: NoticeRow) => void;
  onEdit: (n: NoticeRow) => void;
  onDelete: (n: NoticeRow) => Promise<unknown>;
}

export function noticeColumns(p: ColumnProps): ColumnsType<NoticeRow> {
  return [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      width: 260,
      render: (t: string, n) => (
        <Button type="link" size="small" onClick={() => p.onView(n)}>
          {t}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'typeName', width: 90 },
    { title: '发布范围', dataIndex: 'areaName', width: 100 },
    { title: '指定企业', key: 'brands', width: 140, ellipsis: true, render: (_, n) => n.brandNames.join('、') || '全部' },
    { title: '状态', dataIndex: 'state', width: 80, render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{NOTICE_STATES[s]}</Tag> },
    { title: '附件', dataIndex: 'attachmentCount', width: 60 },
    { title: '已读', dataIndex: 'readCount', width: 60 },
    { title: '发布人', dataIndex: 'publisherName', width: 100 },
    { title: '发布时间', key: 'time', width: 160, render: (_, n) => n.publishTime ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, n) => (
        <RowActions
          actions={[
            { label: '查看', onClick: () => p.onView(n) },
            { label: '编辑', hidden: !p.canEdit, onClick: () => p.onEdit(n) },
            { label: '删除', danger: true, hidden: !p.canEdit, confirm: `确定要删除通知“${n.title}”吗？`, onClick: () => p.onDelete(n) },
          ]}
        />
      ),
    },
  ];
}

export default function NoticesTab({ areaUser, canEdit }: { areaUser: boolean; canEdit: boolean }) {
  const fields = useMemo(() => noticeFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('notices', query, fetchNotices);
  const client = useQueryClient();
  const me = useSession((s) => s.user);
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['desk', 'notices'] });
  const columns = useMemo(
    () =>
      noticeColumns({
        canEdit,
        onView: (n) => setViewing(n.id),
        onEdit: setEditing,
        onDelete: async (n) => {
          try {
            await deleteNotice(n.id);
            void toast().success('通知已删除');
            await client.invalidateQueries({ queryKey: ['desk', 'notices'] });
          } catch (err) {
            if (!(err instanceof RequestError && err.handled)) void toast().error(err instanceof Error ? err.message : '删除失败', 5);
          }
        },
      }),
    [canEdit, client],
  );
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        onRefresh={() => void list.refetch()}
        left={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增通知
            </Button>
          ) : null
        }
      />
      <DataTable<NoticeRow> rowKey="id" columns={columns} list={list} query={query} />
      <NoticeForm
        editing={editing}
        areaId={query.filters.selfAreaId ?? me?.areaId}
        onClose={() => setEditing(null)}
        onSaved={() => Promise.all([refresh(), client.invalidateQueries({ queryKey: ['inforManagement', 'notice'] })])}
      />
      <NoticeDetail id={viewing} publisher onClose={() => setViewing(null)} />
    </>
  );
}
