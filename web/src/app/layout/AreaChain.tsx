/** Header area chain: 北京市 / 北京市市辖区 / 海淀区 from the user's area and the national list. */
import { EnvironmentOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../session/store';
import { areaChainNames } from './areaChain';

export default function AreaChain() {
  const areaId = useSession((s) => s.user?.areaId);
  const national = useSession((s) => s.nationalArea);
  const fallback = useSession((s) => s.selfAddress?.areaName || s.user?.areaName || '全国');
  const names = useMemo(() => {
    const byId = new Map(national.map((a) => [a.id, a.areaName]));
    return areaChainNames(areaId, (id) => byId.get(id), fallback);
  }, [areaId, national, fallback]);
  return (
    <span className="console-area" data-testid="area-name" title="所属区域">
      <EnvironmentOutlined />
      <Breadcrumb items={names.map((title) => ({ title }))} />
    </span>
  );
}
