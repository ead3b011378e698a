/**
 * Create / edit / handle form in a Modal (or a Drawer) from declared fields: rules checked on blur
 * with Chinese messages, a success toast, the server's message on failure (the dialog stays open).
 */
import { Button, Drawer, Form, type FormInstance, Modal, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from '../../app/feedback';
import { RequestError } from '../../app/request';
import { type Field, requiredMessage } from './fields';
import FieldControl from './FieldControl';

interface Props<V> {
  open: boolean;
  title: string;
  fields: readonly Field[];
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  okText?: string;
  /** success toast; the default 操作成功 */
  success?: string;
  drawer?: boolean;
  width?: number;
  /** labels beside the controls (short forms, shown values) instead of above them */
  horizontal?: boolean;
  /** the caller's form (to set or watch values from outside the fields) */
  form?: FormInstance<V>;
  /** shown beside the fields (e.g. a map picker); the dialog lays them out side by side */
  aside?: ReactNode;
  className?: string;
}

export default function FormDialog<V extends object>(p: Props<V>) {
  const [own] = Form.useForm<V>();
  const form = p.form ?? own;
  const [busy, setBusy] = useState(false);
  const ownForm = !p.form;
  // the form store outlives the closed dialog: each opening starts from this opening's initialValues
  // (else an 编辑 right after a 新增 showed the previous dialog's values)
  useEffect(() => {
    if (p.open && ownForm && !own.isFieldsTouched()) own.resetFields();
  }, [p.open, ownForm, own]);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setBusy(true);
    try {
      await p.onSubmit(values);
      void toast().success(p.success ?? '操作成功');
      p.onClose();
    } catch (err) {
      if (!(err instanceof RequestError && err.handled)) void toast().error(err instanceof Error ? err.message : '操作失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  const fields = (
    <Form
      form={form}
      layout={p.horizontal ? 'horizontal' : 'vertical'}
      labelCol={p.horizontal ? { flex: '88px' } : undefined}
      preserve={false}
      initialValues={p.initialValues}
      onFinish={() => void submit()}
    >
      {p.fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.label}
          extra={f.extra}
          dependencies={f.dependencies}
          hidden={f.type === 'hidden'}
          validateTrigger={f.type === 'switch' || f.type === 'custom' || f.type === 'checks' ? 'onChange' : 'onBlur'}
          valuePropName={f.type === 'switch' ? 'checked' : undefined}
          rules={f.type === 'display' ? undefined : [...(f.required ? [{ required: true, message: requiredMessage(f) }] : []), ...(f.rules ?? [])]}
        >
          <FieldControl field={f} />
        </Form.Item>
      ))}
    </Form>
  );
  const body = p.aside ? (
    <div className="desk-form-split">
      <div className="desk-form-aside">{p.aside}</div>
      <div className="desk-form-fields">{fields}</div>
    </div>
  ) : (
    fields
  );
  const okText = p.okText ?? '确定';
  if (p.drawer) {
    return (
      <Drawer
        open={p.open}
        title={p.title}
        size={p.width ?? 480}
        className={p.className}
        onClose={p.onClose}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={p.onClose}>取消</Button>
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              {okText}
            </Button>
          </Space>
        }
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      open={p.open}
      title={p.title}
      width={p.width ?? 520}
      className={p.className}
      okText={okText}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={p.onClose}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
