/**
 * 操作日志 (#/systemSettings/log, button 119): every console write, newest first — 时间, 用户, 操作,
 * 对象, 摘要 (a row expands to the request and answer the server kept, secrets already removed), 地址
 * — filtered by user, operation, object, period and area (in the URL), and exported as .xlsx.
 */
import { Alert, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CrudTab, defineCrud } from '../../components/desk';
import { type AuditEntry, type AuditKey, exportAuditLog, fetchAuditLog, fetchAuditRoutes } from './auditLogService';
import './auditLog.css';

const METHOD_COLOR: Record<string, string> = { POST: 'green', PUT: 'blue', DELETE: 'red', PATCH: 'gold' };

/** One line of what a write sent: its fields, short. */
export function summaryOf(after: unknown): string {
  if (!after || typeof after !== 'object') return '—';
  const a = after as { body?: unknown; query?: unknown; params?: unknown; preview?: string };
  if (typeof a.preview === 'string') return a.preview;
  const parts = [a.params, a.query, a.body].filter((x) => x && typeof x === 'object') as Record<string, unknown>[];
  const text = parts
    .flatMap((p) => Object.entries(p))
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('，');
  return text || '—';
}

const columns: ColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'time', width: 160 },
  {
    title: '用户',
    key: 'user',
    width: 150,
    render: (_, e) => (
      <span>
        {e.username}
        {e.userName && e.userName !== e.username ? <Typography.Text type="secondary">（{e.userName}）</Typography.Text> : null}
      </span>
    ),
  },
  {
    title: '操作',
    key: 'op',
    width: 190,
    render: (_, e) => (
      <span>
        <Tag color={METHOD_COLOR[e.method] ?? 'default'}>{e.method}</Tag>
        {e.summary || e.route}
      </span>
    ),
  },
  { title: '对象', dataIndex: 'objectId', width: 80, ellipsis: true, render: (v: string | null) => v || '—' },
  { title: '摘要', key: 'summary', width: 260, ellipsis: true, render: (_, e) => summaryOf(e.after) },
  { title: '结果', dataIndex: 'outcome', width: 130, ellipsis: true },
  { title: '地址', dataIndex: 'ip', width: 120 },
];

const pretty = (v: unknown) => (v === null || v === undefined ? '（无）' : JSON.stringify(v, null, 2));

/** The expanded row: the before snapshot (when kept) and the request and answer. */
function Details({ e }: { e: AuditEntry }) {
  return (
    <div className="audit-details" data-testid="audit-details">
      <div>
        <Typography.Text strong>接口</Typography.Text>
        <pre>{`${e.method} ${e.route}`}</pre>
      </div>
      <div>
        <Typography.Text strong>修改前</Typography.Text>
        <pre>{pretty(e.before)}</pre>
      </div>
      <div>
        <Typography.Text strong>请求与结果</Typography.Text>
        <pre>{pretty(e.after)}</pre>
      </div>
    </div>
  );
}

type Route = { method: string; url: string; summary: string };

const auditSpec = (ops: Route[], loading: boolean) =>
  defineCrud<AuditEntry, AuditKey>({
    key: 'auditLog',
    rowKey: 'id',
    list: fetchAuditLog,
    areaFilter: true,
    filters: [
      { name: 'username', label: '用户名', type: 'input' },
      {
        name: 'op',
        label: '操作',
        type: 'select',
        loading,
        options: ops.map((o) => ({ value: `${o.method} ${o.url}`, label: `${o.summary || o.url}（${o.method}）` })),
      },
      { name: 'objectId', label: '对象编号', type: 'input' },
      { name: 'startTime', label: '操作时间', type: 'dateRange', names: ['startTime', 'endTime'] },
    ],
    columns,
    exportCall: exportAuditLog,
    permissions: { export: 'audit.view' },
    header: (kit) =>
      kit.data && 'more' in kit.data && kit.data.more ? (
        <Alert type="info" showIcon className="audit-more" message="符合条件的记录多于 10,000 条，列表只数到 10,000 条；请用筛选缩小范围。" />
      ) : null,
    table: { expandable: { expandedRowRender: (e) => <Details e={e} /> } },
  });

export default function AuditLogTab() {
  const routes = useQuery({ queryKey: ['auditLog', 'routes'], queryFn: fetchAuditRoutes, staleTime: Infinity });
  const spec = useMemo(() => auditSpec(routes.data ?? [], routes.isPending), [routes.data, routes.isPending]);
  return <CrudTab spec={spec} />;
}
