import { Outlet, useNavigation } from 'react-router';

/** Top of the route tree: the navigation progress bar above the current screen. */
export default function Root() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="页面加载中" />}
      <Outlet />
    </>
  );
}
