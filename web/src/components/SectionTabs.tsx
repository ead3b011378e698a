import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { SCREENS, type ScreenKey } from '../app/screens';

/** Tabs linking to the child screens of a section; the active tab follows the URL. */
export default function SectionTabs({ items }: { items: ScreenKey[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = items.find((k) => pathname === SCREENS[k].path || pathname.startsWith(`${SCREENS[k].path}/`));
  return (
    <Tabs
      activeKey={active ?? ''}
      onChange={(key) => void navigate(SCREENS[key as ScreenKey].path)}
      items={items.map((key) => ({ key, label: SCREENS[key].title }))}
      style={{ marginBottom: 0 }}
    />
  );
}
