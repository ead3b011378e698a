import { useEffect } from 'react';
import { useSession } from '../../app/session/store';
import AreaBar from './AreaBar';
import MapSlot from './MapSlot';
import HomeDialogs from './dialogs/HomeDialogs';
import { useDialogs } from './dialogs/dialogStore';
import { useHomeArea, useInit } from './hooks';
import AlertBoard from './panels/AlertBoard';
import DispatchGuide from './panels/DispatchGuide';
import MessagePanel from './panels/MessagePanel';
import OperationStats from './panels/OperationStats';
import SiteRankCard from './panels/SiteRankCard';
import TodoList from './panels/TodoList';
import TotalMonitor from './panels/total/TotalMonitor';

/**
 * The panels of one area (remounted when the area changes, which resets every panel's state).
 * Exactly one brand → the single-brand layout (brand ring + site-ranking card); otherwise the
 * multi-brand one.
 */
export default function HomeStage({ sessionLoading }: { sessionLoading: boolean }) {
  const { area } = useHomeArea();
  const init = useInit();
  const dialogsOpen = useDialogs((s) => s.stack.length > 0);
  const single = init.data?.brands.length === 1;
  useEffect(() => () => useDialogs.getState().closeAll(), []);
  // the session keeps the shown area's brands and full-pile value (spec §3)
  useEffect(() => {
    const a = init.data?.area;
    if (a) useSession.getState().patch({ brands: init.data!.brands.map((b) => ({ ...b })), fullPileNum: a.fullPileNum, fullPileName: a.fullPileName });
  }, [init.data]);
  return (
    <div className={`dash-stage ${single ? 'is-single' : 'is-multi'}`} data-testid="home-stage" data-layout={single ? 'single' : 'multi'}>
      <div className="dash-col">
        <TotalMonitor single={single} />
        <OperationStats />
        <AlertBoard />
      </div>
      <div className="dash-center">
        <AreaBar loading={sessionLoading} />
        <MapSlot areaId={area} paused={dialogsOpen} />
      </div>
      <div className="dash-col">
        <DispatchGuide />
        <MessagePanel />
        {single ? <SiteRankCard /> : null}
        <TodoList />
      </div>
      <HomeDialogs />
    </div>
  );
}
