import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { RequestError } from '../../app/request';
import { useSession } from '../../app/session/store';
import { changePassword, type PasswordChange } from './service';
import { useLogout } from './useLogout';

const NEW_PASSWORD_RULES: Rule[] = [
  { required: true, message: '请输入新密码' },
  { min: 6, max: 32, message: '新密码长度为 6-32 位' },
  { pattern: /^(?=.*[A-Za-z])(?=.*\d)\S+$/, message: '新密码须同时包含字母和数字，且不能含空格' },
  ({ getFieldValue }) => ({
    validator: (_, value: string) => (value && value === getFieldValue('oldPwd') ? Promise.reject(new Error('新密码不能与旧密码相同')) : Promise.resolve()),
  }),
];

/** 修改密码: old and new password; on success the server ends the session, so we log out. */
export default function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordChange>();
  const { message } = App.useApp();
  const areaId = useSession((s) => s.user?.areaId ?? s.selfAreaId);
  const logout = useLogout();
  const mutation = useMutation({
    mutationFn: (values: PasswordChange) => changePassword(areaId, values),
    onSuccess: async () => {
      message.success('密码修改成功！');
      onClose();
      await logout(false);
    },
    onError: (err) => {
      if (!(err instanceof RequestError && err.handled)) message.error(err.message || '密码修改失败，请稍后再试');
    },
  });
  const submit = async () => {
    const values = await form.validateFields();
    mutation.mutate(values);
  };
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="确定"
      cancelText="取消"
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false} autoComplete="off">
        <Form.Item name="oldPwd" label="旧密码" rules={[{ required: true, message: '请输入旧密码' }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPwd" label="新密码" validateFirst dependencies={['oldPwd']} rules={NEW_PASSWORD_RULES} extra="6-32 位，须同时包含字母和数字">
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
