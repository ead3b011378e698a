import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { PAGE } from '../../../lib/constants';
import { useDialogs } from './dialogStore';

/** A dialog of the stack: closing it (×, Esc, mask) pops it. */
export default function HomeModal({
  title,
  width = 900,
  children,
  footer = null,
}: {
  title: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const close = useDialogs((s) => s.close);
  return (
    <Modal
      open
      title={title}
      width={width}
      footer={footer}
      onCancel={close}
      destroyOnHidden
      centered
      styles={{ body: { maxHeight: '72vh', overflow: 'auto' } }}
    >
      {children}
    </Modal>
  );
}

/** antd pagination with the spec's layout: total, sizes, prev, pager, next, jumper. */
export function pager(page: number, size: number, total: number, onChange: (page: number, size: number) => void, sizes: readonly number[] = [10, 20, 50]) {
  return {
    current: page,
    pageSize: size,
    total,
    showTotal: (t: number) => `共 ${t} 条`,
    showSizeChanger: true,
    pageSizeOptions: sizes.map(String),
    showQuickJumper: true,
    onChange,
    size: 'small' as const,
  };
}

/** The same layout for a table that pages its rows itself (all rows at hand): total, sizes, prev, pager, next, jumper. */
export const localPager = (size: number = PAGE.dialogSize) => ({
  defaultPageSize: size,
  showTotal: (t: number) => `共 ${t} 条`,
  showSizeChanger: true,
  showQuickJumper: true,
  size: 'small' as const,
});

/** 序号 that continues across pages. */
export const serial = (page: number, size: number, index: number) => (page - 1) * size + index + 1;

export const DIALOG_SIZE = PAGE.dialogSize;
