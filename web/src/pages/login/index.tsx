import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { platformName } from '../../app/config';
import { DEFAULT_ERROR } from '../../app/request';
import { useSession } from '../../app/session/store';
import { type Credentials, landing, login } from './service';
import './login.css';

/**
 * 登录: username and password; the server's message is shown when it refuses. Then the big screen,
 * or for a user without it the first screen their roles open (a field user's phone: #/field).
 */
export default function Login() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (values: Credentials) => {
      const env = await login({ ...values, username: values.username.trim() });
      if (env.code !== 200 || !env.data?.token) throw new Error(env.message || DEFAULT_ERROR);
      return env.data;
    },
    onSuccess: async ({ token, user }) => {
      queryClient.clear();
      useSession.getState().login(token, user);
      await navigate(await landing(), { replace: true });
    },
  });
  const name = platformName();
  return (
    <main className="login-page">
      <section className="login-card" aria-label="登录">
        <h1 className="login-title">{name}</h1>
        <p className="login-subtitle">共享单车站点停放监管</p>
        {mutation.isError && <Alert type="error" showIcon title={mutation.error.message} className="login-error" role="alert" />}
        <Form<Credentials> layout="vertical" size="large" onFinish={(v) => mutation.mutate(v)} requiredMark={false}>
          <Form.Item name="username" label="账号" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
            <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            登录
          </Button>
        </Form>
        <Link to="/register" className="login-register">
          没有账号？申请账号
        </Link>
      </section>
      <footer className="login-footer">{name}</footer>
    </main>
  );
}
