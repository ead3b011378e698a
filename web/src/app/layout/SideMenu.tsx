import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { MENU, SCREENS, type ScreenKey, mayOpen } from '../screens';

const ICONS: Partial<Record<ScreenKey, ReactNode>> = {
  warn: <AlertOutlined />,
  dailyDuty: <ScheduleOutlined />,
  deviceManagement: <EnvironmentOutlined />,
  operation: <BarChartOutlined />,
  miBicycle: <CarOutlined />,
  ratingEvaluation: <TrophyOutlined />,
  companyManagement: <BankOutlined />,
  inforManagement: <FileTextOutlined />,
  systemSettings: <SettingOutlined />,
  regionalSettings: <GlobalOutlined />,
};

/**
 * Desk side menu: the ten sections of spec §2 as links, those the user's roles allow (menu
 * permission ids); the selected one follows the first path segment.
 */
export default function SideMenu() {
  const { pathname } = useLocation();
  const permissions = useSession((s) => s.permissions);
  const selected = pathname.split('/')[1] ?? '';
  return (
    <Menu
      theme="light"
      mode="inline"
      selectedKeys={[selected]}
      items={MENU.filter((key) => mayOpen(permissions, key)).map((key) => ({
        key,
        icon: ICONS[key] ?? <AppstoreOutlined />,
        label: <Link to={SCREENS[key].path}>{SCREENS[key].title}</Link>,
      }))}
    />
  );
}
