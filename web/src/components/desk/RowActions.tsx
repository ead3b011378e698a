/** Row actions of a list (编辑, 删除, 处理 …) as small link buttons; one with `confirm` asks 温馨提示 first. */
import { Button, Space } from 'antd';
import { useConfirm } from './confirm';

export interface RowAction {
  label: string;
  onClick: () => Promise<unknown> | unknown;
  /** ask before acting (温馨提示) */
  confirm?: string;
  danger?: boolean;
  hidden?: boolean;
  disabled?: boolean;
}

export default function RowActions({ actions }: { actions: RowAction[] }) {
  const { confirm } = useConfirm();
  return (
    <Space size={0} className="desk-row-actions">
      {actions
        .filter((a) => !a.hidden)
        .map((a) => (
          <Button
            key={a.label}
            type="link"
            size="small"
            danger={a.danger}
            disabled={a.disabled}
            onClick={() => (a.confirm ? confirm({ content: a.confirm, danger: a.danger, onOk: a.onClick }) : void a.onClick())}
          >
            {a.label}
          </Button>
        ))}
    </Space>
  );
}
