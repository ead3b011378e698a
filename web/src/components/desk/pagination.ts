/** The spec's table pagination (§9): total, sizes, prev, pager, next, jumper. */
import type { TablePaginationConfig } from 'antd';
import { PAGE } from '../../lib/constants';

/** Page sizes: 10/20/50 for lists, 100/200/500 for history lists (spec §9). */
export const SIZES = { list: PAGE.genericSizeOptions, history: PAGE.historySizeOptions } as const;

export function tablePagination(p: {
  currentPage: number;
  pageSize: number;
  total: number;
  sizes?: readonly number[];
  onChange: (currentPage: number, pageSize: number) => void;
}): TablePaginationConfig {
  return {
    current: p.currentPage,
    pageSize: p.pageSize,
    total: p.total,
    showTotal: (total) => `共 ${total} 条`,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: (p.sizes ?? SIZES.list).map(String),
    onChange: p.onChange,
  };
}
