/**
 * A row as description items from the list's columns (label: the column's title, children: its cell
 * as the list renders it), so a detail drawer shows a row without a second copy of its fields.
 */
import type { DescriptionsProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

export function columnItems<Row extends object>(columns: ColumnsType<Row>, row: Row): NonNullable<DescriptionsProps['items']> {
  return columns.flatMap((c, i) => {
    if ('children' in c) return []; // a group of columns stays in the table
    const value = typeof c.dataIndex === 'string' ? (row as Record<string, unknown>)[c.dataIndex] : undefined;
    const children = c.render ? (c.render(value, row, i) as ReactNode) : (value as ReactNode);
    return [{ key: String(c.key ?? c.dataIndex ?? i), label: typeof c.title === 'function' ? undefined : c.title, children }];
  });
}
