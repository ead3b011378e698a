import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/store';
import PasswordDialog from './PasswordDialog';
import ProfileDialog from './ProfileDialog';
import { useLogout } from './useLogout';

const ITEMS: MenuProps['items'] = [
  { key: '1', icon: <UserOutlined />, label: '个人信息' },
  { key: '2', icon: <KeyOutlined />, label: '修改密码' },
  { type: 'divider' },
  { key: '3', icon: <LogoutOutlined />, label: '退出登录' },
];

/** Header user menu: 1 个人信息, 2 修改密码, 3 退出登录 (with confirmation). */
export default function UserMenu({ dark = false }: { dark?: boolean }) {
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.authorization);
  const { modal } = App.useApp();
  const logout = useLogout();
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  const color = dark ? '#e6f4ff' : undefined;

  if (!token) {
    return (
      <Link to="/login">
        {/* solid primary on both themes: a ghost button on the dark header is navy on navy */}
        <Button type="primary" size="small">
          登录
        </Button>
      </Link>
    );
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === '1') setDialog('profile');
    if (key === '2') setDialog('password');
    if (key === '3') {
      modal.confirm({
        title: '提示',
        content: '你是否确定退出登录？',
        okText: '确定',
        cancelText: '取消',
        onOk: () => logout(true),
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items: ITEMS, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" style={{ color, height: 'auto', paddingInline: 8 }} aria-label="用户菜单">
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1677ff' }} />
          <span>{user?.name || user?.username || '用户'}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />
      <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </>
  );
}
