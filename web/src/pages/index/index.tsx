import { useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isPhone, landingOf } from '../../app/screens';
import { useSession } from '../../app/session/store';
import PageLoading from '../../components/PageLoading';
import { can } from '../../lib/permission';
import DashboardHeader from './DashboardHeader';
import DashboardNav from './DashboardNav';
import HistoryBanner from './HistoryBanner';
import HomeStage from './HomeStage';
import { useDialogs } from './dialogs/dialogStore';
import { useHomeArea } from './hooks';
import { useHomeStore } from './homeStore';
import { preloadHomeMap } from './map/preload';
import { STAGE, useStageScale } from './useStageScale';
import { useSessionBootstrap } from '../../app/session/useSessionBootstrap';
import './dashboard.css';

const DARK = {
  algorithm: theme.darkAlgorithm,
  token: { colorPrimary: '#1677ff', colorBgContainer: '#0a1f45', colorBgElevated: '#0c2450', colorBorder: '#1c3f73', fontSize: 13 },
};

/** The big screen's menu permission (首页大屏, server/src/domain/permissions.ts). */

/**
 * 首页: the dark 1920×1080 big screen, scaled to the window's width. Logged out it shows the frame
 * and a note only (the home route needs no user); logged in, the panels of the area shown. A user
 * whose roles lack the big screen goes to the first desk section they hold, or to the field app
 * (landingOf: the screen's calls would answer 5002, which ends the session).
 */
export default function Home() {
  const session = useSessionBootstrap();
  // just logged in: the permissions come with the session's bootstrap; the panels wait for them
  // (not only while it is fetching: right after login the query may not have started yet, and the
  // panels' calls would answer 5002 for a user without the big screen, which ends the session)
  const waiting = useSession((s) => Boolean(s.authorization) && s.permissions.length === 0) && !session.isSuccess && !session.isError;
  const landing = useSession((s) => {
    if (!s.authorization) return null;
    // a phone of a field user: the field app (the big screen is 1920 px wide)
    if (isPhone() && can(s.permissions, 'field')) return landingOf(s.permissions, true);
    return can(s.permissions, 'home') ? null : landingOf(s.permissions);
  });
  if (landing) return <Navigate to={landing} replace />;
  // nothing of the screen (its header asks dashboard/init) until the roles are known
  if (waiting) return <PageLoading />;
  return <BigScreen sessionLoading={session.isFetching} />;
}

function BigScreen({ sessionLoading }: { sessionLoading: boolean }) {
  const scale = useStageScale();
  const { ready, area } = useHomeArea();
  // the map's sites and script first: before the panels render and ask for theirs
  const qc = useQueryClient();
  if (ready) preloadHomeMap(qc, area, { early: true });
  // a fresh visit starts from the user's own area with nothing open
  useEffect(
    () => () => {
      useHomeStore.getState().reset();
      useDialogs.getState().closeAll();
    },
    [],
  );
  // #/index?siteId=…[&flow=1|2] (a desk screen's 在大屏查看, 租车流向, 还车流向): the map locates that site
  // once the screen is up, and shows its flow map of the day when asked
  const [params] = useSearchParams();
  const linkedSite = params.get('siteId');
  const flow = params.get('flow');
  useEffect(() => {
    if (linkedSite) useHomeStore.getState().focusSite(linkedSite, flow === '1' ? 1 : flow === '2' ? 2 : null);
  }, [linkedSite, flow]);
  return (
    <div className="dash-viewport" style={{ height: Math.max(STAGE.height * scale, 0) }}>
      <ConfigProvider theme={DARK}>
        <div className="dash" style={{ width: STAGE.width, height: STAGE.height, transform: `scale(${scale})`, position: 'relative' }}>
          <DashboardHeader />
          {ready && <HistoryBanner />}
          <div className="dash-body">
            <DashboardNav />
            {ready ? (
              <HomeStage key={area} sessionLoading={sessionLoading} />
            ) : (
              <main className="dash-stage dash-stage-empty">
                <p className="dash-stage-text">登录后查看大屏数据。</p>
              </main>
            )}
          </div>
        </div>
      </ConfigProvider>
    </div>
  );
}
