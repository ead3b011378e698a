/**
 * One notice in a drawer: title, type, range, publisher and time, the body in paragraphs, the
 * attachments (opened through the session), and for the publisher's side who has read it.
 * Opening it as an enterprise account marks it read (the server does, on GET /get).
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { UploadLink } from '../../components/uploads';
import { fetchNotice } from './service';
import type { NoticeDetail as Detail, Reader } from './types';

/** Paragraphs of a plain-text body: blank lines part them, single breaks stay. */
const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function Readers({ readers }: { readers: Reader[] }) {
  const read = readers.filter((r) => r.read).length;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        阅读情况（已读 {read} / 共 {readers.length}）
      </Typography.Title>
      <Table<Reader>
        rowKey="userId"
        size="small"
        pagination={readers.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条` } : false}
        dataSource={readers}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="范围内暂无企业账号" /> }}
        columns={[
          { title: '企业', dataIndex: 'brandName', width: 120 },
          { title: '账号', key: 'who', render: (_, r) => `${r.name || r.username}（${r.username}）` },
          { title: '区域', dataIndex: 'areaName', width: 90 },
          {
            title: '状态',
            key: 'read',
            width: 180,
            render: (_, r) => (r.read ? <span>已读 {r.readTime}</span> : <Tag color="orange">未读</Tag>),
          },
        ]}
      />
    </>
  );
}

function Body({ d, publisher }: { d: Detail; publisher: boolean }) {
  return (
    <>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'type', label: '类型', children: d.typeName },
          { key: 'state', label: '状态', children: d.stateName },
          { key: 'area', label: '发布范围', children: d.areaName },
          { key: 'brands', label: '指定企业', children: d.brandNames.join('、') || '范围内全部企业' },
          { key: 'who', label: '发布人', children: d.publisherName || '—' },
          { key: 'time', label: '发布时间', children: d.publishTime ?? '未发布' },
        ]}
      />
      <div className="notice-body">
        {paragraphs(d.body).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <Typography.Title level={5}>附件</Typography.Title>
      {d.attachments.length ? (
        <ul className="notice-attachments">
          {d.attachments.map((a) => (
            <li key={a.file}>
              <UploadLink url={a.url} name={a.name} type={a.type} />
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">无附件</Typography.Text>
      )}
      {publisher ? <Readers readers={d.readers} /> : null}
    </>
  );
}

interface Props {
  id: number | null;
  /** the publisher's side: show who has read */
  publisher: boolean;
  onClose: () => void;
  /** after an enterprise account opened it (its list's read marks change) */
  onOpened?: () => unknown;
}

export default function NoticeDetail({ id, publisher, onClose, onOpened }: Props) {
  const q = useQuery({ queryKey: ['inforManagement', 'notice', id], queryFn: () => fetchNotice(id!), enabled: id !== null });
  const opened = q.data?.id;
  useEffect(() => {
    if (opened !== undefined) void onOpened?.();
  }, [opened, onOpened]);
  return (
    <Drawer open={id !== null} size={720} title={q.data?.title ?? '通知详情'} onClose={onClose} destroyOnHidden>
      {q.data ? <Body d={q.data} publisher={publisher} /> : q.isError ? <Empty description="通知加载失败" /> : <Skeleton active />}
    </Drawer>
  );
}
