/**
 * A secret shown once (a reset's new password, a third-party key): a copy button, and gone when
 * the dialog closes.
 */
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { toast } from '../../app/feedback';

export interface ShownPassword {
  who: string;
  password: string;
  /** dialog title; default 密码已重置 */
  title?: string;
  /** the line above the secret; default 用户“who”的新密码： */
  label?: string;
  /** the warning under it; default 请立即转交用户，关闭后无法再次查看 */
  warning?: string;
}

export default function PasswordOnce({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      void toast().success('已复制');
    } catch {
      void toast().warning('复制失败，请手动选中后复制');
    }
  };
  // unmounted on close (no fade holding the text): the password leaves the page at once
  if (!shown) return null;
  return (
    <Modal
      open
      title={shown.title ?? '密码已重置'}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已转交，关闭
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span>{shown.label ?? `用户“${shown.who}”的新密码：`}</span>
        <Space wrap>
          <Typography.Text code strong data-testid="new-password" style={{ fontSize: shown.password.length > 24 ? 14 : 18, wordBreak: 'break-all' }}>
            {shown.password}
          </Typography.Text>
          <Button icon={<CopyOutlined />} onClick={() => void copy(shown.password)}>
            复制
          </Button>
        </Space>
        <Alert type="warning" showIcon title={shown.warning ?? '请立即转交用户，关闭后无法再次查看'} />
      </Space>
    </Modal>
  );
}
