/**
 * The list table: antd Table with the spec's pagination bound to the URL, a skeleton on the first
 * load, 暂无数据 when empty, and a failure state with 重试.
 */
import { Button, Empty, Result, Skeleton, Table, type TableProps } from 'antd';
import { RequestError } from '../../app/request';
import { tablePagination } from './pagination';
import type { Paged } from './useList';
import type { UrlQuery } from './useUrlQuery';

export interface ListState<T> {
  data?: Paged<T>;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'> {
  list: ListState<T>;
  query: Pick<UrlQuery, 'currentPage' | 'pageSize' | 'setPage'>;
  sizes?: readonly number[];
  /** what the empty table says (default 暂无数据) */
  empty?: string;
}

/** The sum of declared column widths (so ellipsis columns keep theirs), else the content's width. */
export function scrollWidth(columns: readonly { width?: number | string }[] | undefined, selectable: boolean): number | 'max-content' {
  const widths = (columns ?? []).map((c) => c.width);
  if (!widths.length || widths.some((w) => typeof w !== 'number')) return 'max-content';
  return (widths as number[]).reduce((a, b) => a + b, selectable ? 48 : 0);
}

export default function DataTable<T extends object>({ list, query, sizes, empty = '暂无数据', ...table }: Props<T>) {
  if (list.isError && !list.isFetching) {
    const why = list.error instanceof RequestError ? list.error.message : '请稍后再试';
    return (
      <div data-testid="table-error">
        <Result
          status="error"
          title="数据加载失败"
          subTitle={why}
          extra={
            <Button type="primary" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      </div>
    );
  }
  if (list.isPending) {
    return (
      <div data-testid="table-skeleton" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} title={false} />
      </div>
    );
  }
  return (
    <Table<T>
      size="middle"
      scroll={{ x: scrollWidth(table.columns, !!table.rowSelection) }}
      {...table}
      dataSource={list.data?.lists ?? []}
      loading={list.isFetching}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      pagination={tablePagination({
        currentPage: query.currentPage,
        pageSize: query.pageSize,
        total: list.data?.total ?? 0,
        sizes,
        onChange: query.setPage,
      })}
    />
  );
}
