/**
 * 申请账号 (#/register, public, phone-sized friendly): people apply for an account of an area, a
 * platform (regulator) account or a role (运维人员, 监督员, 站点申请人 …); the account waits for a
 * regulator of that area to approve it (系统设置 · 账号审核). The server's refusal is shown on the form.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Cascader, Form, Input, Radio, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { platformName } from '../../app/config';
import { DEFAULT_ERROR } from '../../app/request';
import { serverRules, serverField } from '../../components/desk/serverRules';
import { passwordHint, passwordRule, phoneRule, usernameRule } from '../systemSettings/rules';
import { fetchAreas, fetchRoles, register, type RegisterBody } from './service';
import '../login/login.css';
import './register.css';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

interface Values {
  kind: string;
  username: string;
  password: string;
  confirm: string;
  name: string;
  phone: string;
  area: string[];
  company?: string;
  reason?: string;
}

const PLATFORM = 'platform';
/** The route the form posts to: its fields' bounds are that route's (api/rules.gen.ts). */
const REGISTER = '/api/register';

/** The body the server takes from the form's values. */
export function bodyOf(v: Values): RegisterBody {
  const platform = v.kind === PLATFORM;
  return {
    username: v.username.trim(),
    password: v.password,
    name: v.name.trim(),
    phone: v.phone.trim(),
    areaId: v.area[v.area.length - 1],
    applyType: platform ? 1 : 2,
    ...(platform ? {} : { roleId: Number(v.kind) }),
    ...(v.company?.trim() ? { company: v.company.trim() } : {}),
    ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
  };
}

const toOptions = (rows: { id: string; areaName: string; leaf: boolean }[]): AreaOption[] =>
  rows.map((a) => ({ value: a.id, label: a.areaName, isLeaf: a.leaf }));

/** Areas level by level: provinces first, the children of a picked one when it opens. */
function useAreaOptions() {
  const [options, setOptions] = useState<AreaOption[] | null>(null);
  const top = useQuery({ queryKey: ['register', 'areas'], queryFn: () => fetchAreas(), staleTime: Infinity });
  const shown = options ?? (top.data ? toOptions(top.data) : []);
  const load = async (path: AreaOption[]) => {
    const target = path[path.length - 1];
    const kids = toOptions(await fetchAreas(target.value));
    target.children = kids;
    if (!kids.length) target.isLeaf = true;
    setOptions([...shown]);
  };
  return { options: shown, load, loading: top.isPending };
}

export default function Register() {
  const [form] = Form.useForm<Values>();
  const roles = useQuery({ queryKey: ['register', 'roles'], queryFn: fetchRoles, staleTime: Infinity });
  const areas = useAreaOptions();
  const mutation = useMutation({
    mutationFn: async (v: Values) => {
      const env = await register(bodyOf(v));
      if (env.code !== 200) throw new Error(env.message || DEFAULT_ERROR);
      return env.data;
    },
  });
  const name = platformName();
  if (mutation.isSuccess) {
    return (
      <main className="login-page">
        <section className="login-card register-card" aria-label="申请已提交">
          <Result
            status="success"
            title="申请已提交"
            subTitle="请等待所在区域的管理员审核；审核通过后即可用申请的账号登录，未通过时用所填密码登录会提示原因。若登录提示用户名或密码错误，说明该用户名已被他人使用，请换一个用户名重新申请。"
            extra={
              <Link to="/login">
                <Button type="primary">返回登录</Button>
              </Link>
            }
          />
        </section>
      </main>
    );
  }
  return (
    <main className="login-page">
      <section className="login-card register-card" aria-label="申请账号">
        <h1 className="login-title">申请账号</h1>
        <p className="login-subtitle">{name}</p>
        {mutation.isError && <Alert type="error" showIcon title={mutation.error.message} className="login-error" role="alert" />}
        <Form<Values> form={form} layout="vertical" onFinish={(v) => mutation.mutate(v)} requiredMark={false} initialValues={{ kind: '31' }}>
          <Form.Item name="kind" label="申请类型" rules={[{ required: true, message: '请选择申请类型' }]}>
            <Radio.Group className="register-kind" optionType="button" buttonStyle="solid">
              {(roles.data ?? []).map((r) => (
                <Radio.Button key={r.id} value={String(r.id)}>
                  {r.roleName}
                </Radio.Button>
              ))}
              <Radio.Button value={PLATFORM}>平台账号（监管人员）</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="area" label="所属区域" rules={[{ required: true, message: '请选择所属区域' }]}>
            <Cascader
              options={areas.options}
              loadData={(path) => void areas.load(path as AreaOption[])}
              changeOnSelect
              placeholder="请选择省 / 市 / 区县"
              showSearch={false}
            />
          </Form.Item>
          <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, ...serverRules(REGISTER, 'name', '姓名')]}>
            <Input placeholder="请输入真实姓名" autoComplete="name" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" validateTrigger="onBlur" rules={[{ required: true, message: '请输入手机号' }, phoneRule(REGISTER)]}>
            <Input placeholder={serverField(REGISTER, 'phone').description} inputMode="numeric" autoComplete="tel" maxLength={11} />
          </Form.Item>
          <Form.Item name="username" label="登录账号" validateTrigger="onBlur" rules={[{ required: true, message: '请输入登录账号' }, usernameRule(REGISTER)]}>
            <Input placeholder={serverField(REGISTER, 'username').description} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="密码" validateTrigger="onBlur" rules={[{ required: true, message: '请输入密码' }, passwordRule(REGISTER)]}>
            <Input.Password placeholder={passwordHint(REGISTER)} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认密码"
            dependencies={['password']}
            validateTrigger="onBlur"
            rules={[
              { required: true, message: '请再次输入密码' },
              ({ getFieldValue }) => ({
                validator: async (_, v) => {
                  if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
                },
              }),
            ]}
          >
            <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="company" label="单位（选填）" rules={serverRules(REGISTER, 'company', '单位')}>
            <Input placeholder="所在单位或公司" autoComplete="organization" />
          </Form.Item>
          <Form.Item name="reason" label="申请说明（选填）" rules={serverRules(REGISTER, 'reason', '')}>
            <Input.TextArea placeholder="如：负责某区站点运维" rows={2} maxLength={serverField(REGISTER, 'reason').maxLength} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
            提交申请
          </Button>
        </Form>
        <Link to="/login" className="register-back">
          已有账号？返回登录
        </Link>
      </section>
    </main>
  );
}
