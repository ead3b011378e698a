import { Layout } from 'antd';
import { Outlet } from 'react-router';
import LiveClock from '../../components/LiveClock';
import UserMenu from '../../components/user-menu/UserMenu';
import { platformName } from '../config';
import { useSession } from '../session/store';
import SideMenu from './SideMenu';
import './console-layout.css';

/** Layout of the management screens: side menu, header (platform, area, clock, user menu), content. */
export default function ConsoleLayout() {
  const areaName = useSession((s) => s.selfAddress?.areaName || s.user?.areaName || '全国');
  return (
    <Layout className="console-layout">
      <Layout.Sider width={208} breakpoint="lg" collapsible className="console-sider">
        <div className="console-brand" title={platformName()}>
          {platformName()}
        </div>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <span className="console-area" data-testid="area-name">
            {areaName}
          </span>
          <span className="console-header-right">
            <LiveClock className="console-clock" />
            <UserMenu />
          </span>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
