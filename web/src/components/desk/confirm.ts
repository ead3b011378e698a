/** Confirmations of the desk screens: title 温馨提示, 确定 / 取消 (spec §5, as the delete-site confirm). */
import { App } from 'antd';
import { useMemo } from 'react';

export interface ConfirmOptions {
  content: string;
  okText?: string;
  danger?: boolean;
  /** the action; the dialog waits for it and stays open when it fails */
  onOk: () => Promise<unknown> | unknown;
}

export function useConfirm() {
  const { modal } = App.useApp();
  return useMemo(() => {
    const confirm = ({ content, okText = '确定', danger, onOk }: ConfirmOptions) =>
      modal.confirm({
        title: '温馨提示',
        content,
        okText,
        cancelText: '取消',
        okButtonProps: danger ? { danger: true } : undefined,
        onOk: async () => {
          await onOk();
        },
      });
    /** 删除 with the warm reminder: 确定要删除{what}吗？ */
    const confirmDelete = (what: string, onOk: ConfirmOptions['onOk']) => confirm({ content: `确定要删除${what}吗？`, danger: true, onOk });
    return { confirm, confirmDelete };
  }, [modal]);
}
