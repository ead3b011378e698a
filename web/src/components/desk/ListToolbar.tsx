/** The bar above a table: actions on the left (新增, batch actions), tools on the right (导出, 刷新). */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  left?: ReactNode;
  right?: ReactNode;
  /** rows chosen for a batch action: shows 已选 n 项 */
  selected?: number;
  onRefresh?: () => unknown;
}

export default function ListToolbar({ left, right, selected, onRefresh }: Props) {
  return (
    <div className="desk-toolbar" role="toolbar" aria-label="列表操作">
      <Space wrap>
        {left}
        {selected ? <span className="desk-selected">已选 {selected} 项</span> : null}
      </Space>
      <Space wrap>
        {right}
        {onRefresh && (
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void onRefresh()} />
          </Tooltip>
        )}
      </Space>
    </div>
  );
}
