import { Spin } from 'antd';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** Screens with a dark background, where the loading state is dark too. */
const DARK_SCREENS = /^\/(index|login)(\/|$)/;

/**
 * Top of the route tree. While the next screen loads (its script, or the guard's session data) a
 * bar runs along the top and a centred 页面加载中 state covers the old screen at once, so the old
 * screen never stays up silently (a change of the query string alone shows the bar only).
 */
export default function Root() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === 'loading';
  const elsewhere = loading && navigation.location?.pathname !== pathname;
  return (
    <>
      {loading && (
        <div className="route-progress" role="progressbar" aria-label="页面加载中">
          <div className="route-progress-bar" />
        </div>
      )}
      {elsewhere && (
        <div className={`route-loading ${DARK_SCREENS.test(pathname) ? 'is-dark' : ''}`} data-testid="route-loading" aria-live="polite">
          <Spin size="large" />
          <span>页面加载中…</span>
        </div>
      )}
      <Outlet />
    </>
  );
}
