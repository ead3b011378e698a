import {
  AlertOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { mayOpenPath } from '../../app/screens';
import { type PermissionEntry } from '../../lib/permission';
import { useSession } from '../../app/session/store';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/** Side navigation of the home dashboard (spec §2 Home dashboard); each label names the screen it opens. */
export const DASHBOARD_NAV: NavItem[] = [
  { to: '/dailyDuty', label: '日常值守', icon: <ScheduleOutlined /> },
  { to: '/operation', label: '运营统计', icon: <BarChartOutlined /> },
  { to: '/miBicycle', label: '米单车管理', icon: <CarOutlined /> },
  { to: '/ratingEvaluation', label: '评级考核', icon: <TrophyOutlined /> },
  { to: '/deviceManagement', label: '站点管理', icon: <EnvironmentOutlined /> },
  { to: '/companyManagement', label: '企业管理', icon: <BankOutlined /> },
  { to: '/inforManagement', label: '信息管理', icon: <FileTextOutlined /> },
  // spec §2 lists "system settings (regionalSettings)": the route is kept and the button is named
  // by the screen it opens (系统设置 is /systemSettings, one click away in the desk menu)
  { to: '/regionalSettings', label: '区域设置', icon: <SettingOutlined /> },
];

const ALERT_LINK = '/warn';

/**
 * The side bar's links a session may follow: logged out, all of them (each leads to the login);
 * logged in, those whose screen the roles open (mayOpenPath, the desk menu's rule).
 */
export function navItemsFor(loggedIn: boolean, permissions: readonly PermissionEntry[]): { items: NavItem[]; alert: boolean } {
  const open = (to: string) => !loggedIn || mayOpenPath(permissions, to);
  return { items: DASHBOARD_NAV.filter((item) => open(item.to)), alert: open(ALERT_LINK) };
}

export default function DashboardNav() {
  const loggedIn = useSession((s) => Boolean(s.authorization));
  const permissions = useSession((s) => s.permissions);
  const { items, alert } = navItemsFor(loggedIn, permissions);
  return (
    <nav className="dash-nav" aria-label="功能导航">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className="dash-nav-item">
          {item.icon}
          <span>{item.label}</span>
        </NavLink>
      ))}
      {alert && (
        <NavLink to={ALERT_LINK} className="dash-nav-item dash-nav-alert">
          <AlertOutlined />
          <span>异常告警</span>
        </NavLink>
      )}
    </nav>
  );
}
