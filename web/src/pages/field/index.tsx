/**
 * 外勤 (#/field/{action}): the phone-sized field app of maintainers, supervisors, inspectors and
 * reporters (issue 28). The same login and session as the console, but its own light one-column
 * layout with no desk menu: a header (back, title, 退出), the screen, big buttons within the thumb's
 * reach. It checks its session itself (outside the desk's guarded layout, like the big screen); each
 * action needs its 外勤 button. Records are kept on the phone first and sent by the outbox's sender,
 * which runs while the app is open.
 */
import { LeftOutlined, LogoutOutlined } from '@ant-design/icons';
import { App, Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useSession } from '../../app/session/store';
import { useSessionBootstrap } from '../../app/session/useSessionBootstrap';
import PageLoading from '../../components/PageLoading';
import { useLogout } from '../../components/user-menu/useLogout';
import { can } from '../../lib/permission';
import Clock from './Clock';
import Home, { ACTIONS } from './Home';
import Install from './Install';
import { useMyRecords, useOutboxSender } from './outbox';
import Patrol from './Patrol';
import Report from './Report';
import SiteApply from './SiteApply';
import './field.css';
import './fieldForms.css';

const SCREENS = { clock: Clock, patrol: Patrol, install: Install, siteApply: SiteApply, report: Report };

function Frame({ title, back, children }: { title: string; back: boolean; children: ReactNode }) {
  const { modal } = App.useApp();
  const logout = useLogout();
  const user = useSession((s) => s.user);
  const waiting = useMyRecords(user?.id).filter((r) => r.state === 'waiting').length;
  const askLogout = () =>
    modal.confirm({
      title: '退出登录？',
      content: waiting ? `还有 ${waiting} 条记录未发送，它们会留在手机上，你下次登录后自动发送。` : '退出后需要重新登录。',
      okText: '退出',
      cancelText: '取消',
      onOk: () => logout(true),
    });
  return (
    <div className="field-app">
      <header className="field-bar">
        {back ? (
          <Link to="/field" className="field-bar-back" aria-label="返回首页">
            <LeftOutlined />
          </Link>
        ) : (
          <span className="field-bar-back" />
        )}
        <h1 className="field-bar-title">{title}</h1>
        {back ? (
          <span className="field-bar-back" />
        ) : (
          <Button type="text" className="field-bar-action" icon={<LogoutOutlined />} onClick={askLogout} aria-label="退出登录" />
        )}
      </header>
      <main className="field-main">{children}</main>
    </div>
  );
}

export default function FieldApp() {
  const { id } = useParams();
  const token = useSession((s) => s.authorization);
  const user = useSession((s) => s.user);
  const permissions = useSession((s) => s.permissions);
  const session = useSessionBootstrap();
  useOutboxSender(token ? user?.id : undefined);
  if (!token) return <Navigate to="/login" replace />;
  // just logged in or opened from a bookmark: the permissions come with the session
  if (!permissions.length && !session.isSuccess && !session.isError) return <PageLoading />;
  if (!can(permissions, 'field')) {
    return (
      <Frame title="外勤" back={false}>
        <Result
          status="403"
          title="没有外勤权限"
          subTitle="你的账号没有外勤功能，请联系管理员分配运维、监督、巡检或举报角色。"
          extra={<Link to="/index">返回首页</Link>}
        />
      </Frame>
    );
  }
  const action = ACTIONS.find((a) => a.kind === id);
  if (!id) {
    return (
      <Frame title="外勤" back={false}>
        <Home />
      </Frame>
    );
  }
  if (!action) return <Navigate to="/field" replace />;
  const Screen = SCREENS[action.kind];
  return (
    <Frame title={action.title} back>
      {can(permissions, action.permission) ? (
        <Screen />
      ) : (
        <Result status="403" title={`没有${action.title}权限`} subTitle="请联系管理员分配对应的外勤权限。" extra={<Link to="/field">返回首页</Link>} />
      )}
    </Frame>
  );
}
