import { Tabs } from 'antd';
import AreaFullPile from './AreaFullPile';
import HomeModal from './HomeModal';
import SiteRatioList from './SiteRatioList';
import TaskList from './TaskList';
import { useInit } from '../hooks';

/** 满桩值设置: the area's value, the sites' own values and the scheduled magnify tasks. */
export default function FullPileDialog() {
  const init = useInit();
  const name = init.data?.area.fullPileName || '满桩值';
  return (
    <HomeModal title={`${name}设置`} width={860}>
      <Tabs
        items={[
          { key: 'area', label: `区域${name}`, children: <AreaFullPile /> },
          { key: 'sites', label: '站点比例', children: <SiteRatioList /> },
          { key: 'tasks', label: '定时任务', children: <TaskList /> },
        ]}
      />
    </HomeModal>
  );
}
