import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import LiveClock from '../../components/LiveClock';
import UserMenu from '../../components/user-menu/UserMenu';
import { platformName } from '../config';
import AreaChain from './AreaChain';
import SideMenu from './SideMenu';
import './console-layout.css';

/**
 * The desk console (every route but the big screen): a light side menu of the ten sections, a
 * header with the area chain, 返回大屏, the clock and the user menu, and the screen. Route progress
 * is the shell's (app/Root.tsx).
 */
export default function ConsoleLayout() {
  return (
    <Layout className="console-layout">
      <Layout.Sider width={208} breakpoint="lg" collapsible theme="light" className="console-sider">
        <Link to="/index" className="console-brand" title={`${platformName()}（返回大屏）`}>
          {platformName()}
        </Link>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <AreaChain />
          <span className="console-header-right">
            <Link to="/index" className="console-back">
              <FundProjectionScreenOutlined /> 返回大屏
            </Link>
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
