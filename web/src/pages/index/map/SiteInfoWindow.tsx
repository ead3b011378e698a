/**
 * Map info window of one site (spec §2): status, id, creation time, piles, capacity, bikes now,
 * bikes and e-bikes by brand, the flow-map links, the ratio editor and the delete button.
 * Click types: 1 bike list, 2 usage curve, 3 site messages, 4 ratio edit, 5 delete site, 'order'
 * 派单 (处理工单 122: its status and the enterprises with bikes in it choose the dialog's defaults).
 */
import { DeleteOutlined, LineChartOutlined, MessageOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Checkbox, Space, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { flagStyle } from '../../../lib/siteStatus';
import { useSiteDetail } from './useMapData';
import type { BrandSiteNum } from './types';

export type SiteClick =
  | { type: 1; bikeType?: 0 | 1; brandId?: number; brandName?: string }
  | { type: 2 }
  | { type: 3 }
  | { type: 4; checked: boolean }
  | { type: 5 }
  | { type: 'flow'; flowMapType: 1 | 2 }
  | { type: 'order'; flag: number; brandIds: number[] };

interface Props {
  areaId: string;
  siteId: string;
  canDelete: boolean;
  /** 派单 (处理工单) */
  canOrder?: boolean;
  /** the site is on the site ratio list (session ratioSites) */
  inRatioList: boolean;
  onClick: (click: SiteClick, site: { siteId: string; siteName: string; areaId: string }) => void;
  /** content changed size: the popup should re-layout */
  onResize: () => void;
}

function BrandRow({ label, total, list, onPick }: { label: string; total: number; list: BrandSiteNum[]; onPick: (b?: BrandSiteNum) => void }) {
  return (
    <div className="site-info-brands">
      <button type="button" className="site-info-link" onClick={() => onPick()}>
        {label} <b>{total}</b> 辆
      </button>
      {list.length ? (
        list.map((b) => (
          <button type="button" key={b.brandId} className="site-info-chip" onClick={() => onPick(b)}>
            {b.brandName} {b.siteNum}
          </button>
        ))
      ) : (
        <span className="site-info-muted">暂无车辆</span>
      )}
    </div>
  );
}

/** The enterprises with bikes or e-bikes in the site now. */
export const brandsInSite = (s: { brandBike: BrandSiteNum[]; brandEBike: BrandSiteNum[] }) => [
  ...new Set([...s.brandBike, ...s.brandEBike].filter((b) => b.siteNum > 0).map((b) => b.brandId)),
];

export default function SiteInfoWindow({ areaId, siteId, canDelete, canOrder = false, inRatioList, onClick, onResize }: Props) {
  const { data: s, isLoading, isError } = useSiteDetail(areaId, siteId);
  useEffect(onResize, [s, isLoading, onResize]);
  if (isLoading) {
    return (
      <div className="site-info site-info-loading">
        <Spin size="small" /> 正在加载站点信息…
      </div>
    );
  }
  if (isError || !s) return <div className="site-info site-info-loading">站点信息加载失败，请关闭后重试</div>;
  const style = flagStyle(s.flag);
  const site = { siteId: s.siteId, siteName: s.siteName, areaId: s.areaId };
  const click = (c: SiteClick) => onClick(c, site);
  return (
    <div className="site-info" data-testid="site-info">
      <div className="site-info-title">
        <span className="site-info-name">{s.siteName}</span>
        <Tag color={style.tag} variant="solid">
          {s.status || style.label}
        </Tag>
      </div>
      <dl className="site-info-grid">
        <dt>站点编号</dt>
        <dd className="site-info-wide">{s.siteId}</dd>
        <dt>创建时间</dt>
        <dd className="site-info-wide">{s.createTime}</dd>
        <dt>桩数</dt>
        <dd>{s.bleNum}</dd>
        <dt>停放容量</dt>
        <dd>{s.siteBikeCeiling}</dd>
        <dt>当前车辆</dt>
        <dd>
          <b>{s.num}</b> 辆
        </dd>
      </dl>
      <BrandRow
        label="自行车"
        total={s.bikeNum}
        list={s.brandBike}
        onPick={(b) => click({ type: 1, bikeType: 0, brandId: b?.brandId, brandName: b?.brandName })}
      />
      <BrandRow
        label="电动车"
        total={s.ebikeNum}
        list={s.brandEBike}
        onPick={(b) => click({ type: 1, bikeType: 1, brandId: b?.brandId, brandName: b?.brandName })}
      />
      <div className="site-info-flow">
        今日流向：
        <button type="button" className="site-info-link" onClick={() => click({ type: 'flow', flowMapType: 1 })}>
          租车流向 {s.rentBike.length}
        </button>
        <button type="button" className="site-info-link" onClick={() => click({ type: 'flow', flowMapType: 2 })}>
          还车流向 {s.returnBike.length}
        </button>
      </div>
      <Space size={4} wrap className="site-info-actions">
        <Button size="small" icon={<UnorderedListOutlined />} onClick={() => click({ type: 1 })}>
          车辆列表
        </Button>
        <Button size="small" icon={<LineChartOutlined />} onClick={() => click({ type: 2 })}>
          使用曲线
        </Button>
        <Button size="small" icon={<MessageOutlined />} onClick={() => click({ type: 3 })}>
          站点消息
        </Button>
        {canOrder && (
          <Button size="small" type="primary" icon={<SendOutlined />} onClick={() => click({ type: 'order', flag: s.flag, brandIds: brandsInSite(s) })}>
            派单
          </Button>
        )}
        {canDelete && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => click({ type: 5 })}>
            删除站点
          </Button>
        )}
      </Space>
      <div className="site-info-ratio-box">
        <Checkbox checked={inRatioList} onChange={(e) => click({ type: 4, checked: e.target.checked })}>
          比例编辑
        </Checkbox>
      </div>
    </div>
  );
}
