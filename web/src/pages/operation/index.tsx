/**
 * 运营统计 (#/operation/{tab}): 趋势, 租还, 站点 and 品牌 as tabs of one desk page, for the area chosen
 * at the top (default the user's own), held in the URL (selfAreaId) and kept when switching tabs. Each view exports (.xlsx) and 打印 prints the current view on
 * A4 landscape with its charts and without the menu (operation.css).
 */
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/store';
import { AreaSelect, DeskPage, DeskTabs } from '../../components/desk';
import { can } from '../../lib/permission';
import BrandsTab from './BrandsTab';
import FlowsTab from './FlowsTab';
import SitesTab from './SitesTab';
import TrendTab from './TrendTab';
import './operation.css';

export default function Operation() {
  const perms = useSession((s) => s.permissions);
  const [params, setParams] = useSearchParams();
  const area = params.get('selfAreaId') ?? '';
  // a new area keeps the view's own filters (period, brand…) and goes into the history
  const setArea = (v: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (v) next.set('selfAreaId', v);
      else next.delete('selfAreaId');
      return next;
    });
  const canExport = can(perms, 'operation.export');
  const canRankExport = can(perms, 'home.export');
  return (
    <DeskPage
      screen="operation"
      extra={
        <Space className="op-no-print">
          <div style={{ width: 200 }}>
            <AreaSelect value={area || undefined} onChange={(v) => setArea(v ?? '')} placeholder="本人区域" />
          </div>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      }
    >
      <div className="op-page" key={area}>
        <DeskTabs
          keep={['selfAreaId']}
          items={[
            { key: 'trend', label: '趋势', render: () => <TrendTab area={area} canExport={canExport} /> },
            { key: 'flows', label: '租还', render: () => <FlowsTab area={area} canExport={canExport} /> },
            { key: 'sites', label: '站点', render: () => <SitesTab area={area} canExport={canRankExport} /> },
            { key: 'brands', label: '品牌', render: () => <BrandsTab area={area} canExport={canExport} /> },
          ]}
        />
      </div>
    </DeskPage>
  );
}
