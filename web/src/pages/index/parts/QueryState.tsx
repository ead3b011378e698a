import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
  /** false while the query waits for something (logged out, delayed start) */
  fetchStatus?: string;
}

interface Props {
  query: QueryLike;
  /** true when the answer holds nothing to show */
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
}

/** Loading, error and empty states of a panel body, in Chinese; otherwise the children. */
export default function QueryState({ query, empty = false, emptyText = '暂无数据', children }: Props) {
  if (query.isPending) {
    return (
      <div className="hp-state" role="status">
        <Spin size="small" />
        <span>加载中…</span>
      </div>
    );
  }
  if (query.isError) {
    const text = query.error instanceof Error && query.error.message ? query.error.message : '加载失败';
    return (
      <div className="hp-state hp-state-error" role="alert">
        <span>加载失败：{text}</span>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          重试
        </Button>
      </div>
    );
  }
  if (empty) return <div className="hp-state hp-state-empty">{emptyText}</div>;
  return <>{children}</>;
}
