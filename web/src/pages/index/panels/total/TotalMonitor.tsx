import { Segmented } from 'antd';
import { useState } from 'react';
import Panel from '../../parts/Panel';
import { useHomePermissions } from '../../hooks';
import NotUploadTab from './NotUploadTab';
import RegistrationTab from './RegistrationTab';
import TrendTab from './TrendTab';
import './total.css';

type TabKey = 'register' | 'notUpload' | 'trend';

/** 总量监控: 登记监控, 未上传数据车辆 and (permission 64/134) 总量曲线. */
export default function TotalMonitor({ single }: { single: boolean }) {
  const perms = useHomePermissions();
  const [tab, setTab] = useState<TabKey>('register');
  const options = [
    { value: 'register', label: '登记监控' },
    { value: 'notUpload', label: '未上传数据车辆' },
    ...(perms.trend ? [{ value: 'trend', label: '总量曲线' }] : []),
  ];
  return (
    <Panel
      title="总量监控"
      className="hp-total"
      testId="panel-total"
      extra={<Segmented size="small" options={options} value={tab} onChange={(v) => setTab(v as TabKey)} />}
    >
      {tab === 'register' ? <RegistrationTab single={single} /> : tab === 'notUpload' ? <NotUploadTab /> : <TrendTab />}
    </Panel>
  );
}
