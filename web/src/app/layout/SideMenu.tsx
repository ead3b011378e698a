import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MENU, SCREENS, type ScreenKey } from '../screens';

const ICONS: Partial<Record<ScreenKey, ReactNode>> = {
  index: <DashboardOutlined />,
  dailyDuty: <ScheduleOutlined />,
  warn: <AlertOutlined />,
  operation: <BarChartOutlined />,
  miBicycle: <CarOutlined />,
  ratingEvaluation: <TrophyOutlined />,
  deviceManagement: <EnvironmentOutlined />,
  companyManagement: <BankOutlined />,
  inforManagement: <FileTextOutlined />,
  systemSettings: <SettingOutlined />,
  regionalSettings: <GlobalOutlined />,
};

/** Management side menu; the selected item follows the first path segment. */
export default function SideMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = pathname.split('/')[1] ?? '';
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[selected]}
      onClick={({ key }) => void navigate(SCREENS[key as ScreenKey].path)}
      items={MENU.map((key) => ({ key, icon: ICONS[key] ?? <AppstoreOutlined />, label: SCREENS[key].title }))}
    />
  );
}
