import { EnvironmentOutlined } from '@ant-design/icons';
import { platformName } from '../../app/config';
import { useSession } from '../../app/session/store';
import LiveClock from '../../components/LiveClock';
import UserMenu from '../../components/user-menu/UserMenu';
import { useInit } from './hooks';

/** Big-screen header: area name (of the area shown), platform title, live clock and the user menu. */
export default function DashboardHeader() {
  const token = useSession((s) => s.authorization);
  const stored = useSession((s) => s.selfAddress?.areaName || s.user?.areaName || '全国');
  const init = useInit();
  const areaName = init.data?.area.areaName ?? stored;
  return (
    <header className="dash-header">
      <div className="dash-header-side">
        <EnvironmentOutlined />
        <span data-testid="area-name">{token ? areaName : '未登录'}</span>
        <span className="dash-crumb" data-testid="screen-title">
          首页
        </span>
      </div>
      <h1 className="dash-title">{platformName()}</h1>
      <div className="dash-header-side dash-header-right">
        <LiveClock className="dash-clock" />
        <UserMenu dark />
      </div>
    </header>
  );
}
