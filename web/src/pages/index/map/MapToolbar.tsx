/** Controls over the map: station search, site-count choice and the layer switches. */
import { AimOutlined, CarOutlined, FireOutlined, FormOutlined, GatewayOutlined, GlobalOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { flagStyle } from '../../../lib/siteStatus';
import { SITE_SIZES } from './mapLogic';
import type { FoundSite, SearchType, SiteSize } from './types';
import type { BrandBrief } from '../types';

const SEARCH_TYPES: Array<{ value: SearchType; label: string; placeholder: string }> = [
  { value: 1, label: '站点名称', placeholder: '请输入站点名称' },
  { value: 2, label: '站点编号', placeholder: '请输入站点编号' },
  { value: 3, label: '车辆编号', placeholder: '请输入车辆编号' },
  { value: 6, label: '车牌号', placeholder: '请输入车牌号' },
];

const SIZE_LABEL: Record<SiteSize, string> = { 0: '全部', 200: '200', 50: '50' };

/** Illegal-bike view: off, all enterprises, or one brand. */
export type IllegalChoice = 'off' | 'all' | number;

export interface Toggles {
  bikes: boolean;
  fences: boolean;
  heat: boolean;
  draw: boolean;
  /** 外部站点: the imported GBFS stations (a read-only layer) */
  external: boolean;
}

interface Props {
  disabled: boolean;
  searching: boolean;
  onSearch: (type: SearchType, text: string) => void;
  results: FoundSite[];
  onPickResult: (site: FoundSite) => void;
  onCloseResults: () => void;
  size: SiteSize;
  onSize: (size: SiteSize) => void;
  toggles: Toggles;
  onToggle: (key: keyof Toggles) => void;
  illegal: IllegalChoice;
  onIllegal: (choice: IllegalChoice) => void;
  brands: BrandBrief[];
  /** counts shown beside the switches */
  bikeCount?: number;
  illegalCount?: number;
  /** stations of the imported GBFS feeds: their switch shows when there are some */
  externalCount?: number;
}

export default function MapToolbar(p: Props) {
  const [type, setType] = useState<SearchType>(1);
  const [text, setText] = useState('');
  const placeholder = SEARCH_TYPES.find((t) => t.value === type)?.placeholder;
  const toggle = (key: keyof Toggles, label: string, icon: React.ReactNode, tip: string, count?: number) => (
    <Tooltip title={tip} key={key}>
      <Button
        size="small"
        type={p.toggles[key] ? 'primary' : 'default'}
        icon={icon}
        aria-pressed={p.toggles[key]}
        disabled={p.disabled}
        onClick={() => p.onToggle(key)}
      >
        {label}
        {p.toggles[key] && count !== undefined ? ` ${count}` : ''}
      </Button>
    </Tooltip>
  );
  return (
    <div className="home-map-toolbar">
      <div className="home-map-search">
        <Space.Compact size="small">
          <Select<SearchType>
            aria-label="搜索类型"
            value={type}
            onChange={setType}
            options={SEARCH_TYPES.map(({ value, label }) => ({ value, label }))}
            style={{ width: 96 }}
            popupMatchSelectWidth={false}
          />
          <Input.Search
            aria-label="站点搜索"
            placeholder={placeholder}
            value={text}
            allowClear
            disabled={p.disabled}
            loading={p.searching}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v, _e, info) => {
              if (info?.source === 'clear') return;
              p.onSearch(type, v);
            }}
            enterButton="搜索"
            style={{ width: 260 }}
          />
        </Space.Compact>
        {p.results.length > 0 && (
          <div className="home-map-results" role="listbox" aria-label="搜索结果">
            <div className="home-map-results-head">
              <span>找到 {p.results.length} 个站点</span>
              <Button type="link" size="small" onClick={p.onCloseResults}>
                关闭
              </Button>
            </div>
            {p.results.map((s) => (
              <button type="button" role="option" aria-selected={false} key={s.siteId} className="home-map-result" onClick={() => p.onPickResult(s)}>
                <span className="home-map-dot" style={{ background: flagStyle(s.flag).color }} />
                <span className="home-map-result-name">{s.siteName}</span>
                <span className="home-map-result-id">{s.siteId}</span>
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="home-map-switches">
        <Segmented<SiteSize>
          size="small"
          aria-label="站点数量"
          value={p.size}
          disabled={p.disabled}
          onChange={p.onSize}
          options={SITE_SIZES.map((s) => ({ value: s, label: SIZE_LABEL[s] }))}
        />
        <Space size={6} wrap>
          {toggle('bikes', '车辆', <CarOutlined />, '显示站内及站外停放的合法车辆', p.bikeCount)}
          {toggle('fences', '围栏', <GatewayOutlined />, '显示禁停区；放大到 17 级以上显示站点围栏')}
          {toggle('heat', '热力图', <FireOutlined />, '按站点状态显示热力图')}
          {toggle('draw', '画多边形', <FormOutlined />, '在地图上画多边形，统计其中的站点、车辆和站外还车')}
          {!!p.externalCount && toggle('external', '外部站点', <GlobalOutlined />, '显示区域设置中导入的外部 GBFS 站点（紫色菱形，只读）', p.externalCount)}
          <Select<IllegalChoice>
            size="small"
            aria-label="非法车辆"
            prefix={
              <span className="home-map-illegal-prefix">
                <WarningOutlined /> 非法车辆
              </span>
            }
            value={p.illegal}
            disabled={p.disabled}
            onChange={p.onIllegal}
            style={{ width: 168 }}
            popupMatchSelectWidth={false}
            options={[
              { value: 'off', label: '不显示' },
              { value: 'all', label: '全部企业' },
              ...p.brands.map((b) => ({ value: b.brandId, label: b.brandName })),
            ]}
          />
          {p.illegal !== 'off' && p.illegalCount !== undefined && (
            <span className="home-map-count" aria-label="非法车辆数">
              <AimOutlined /> {p.illegalCount} 辆
            </span>
          )}
        </Space>
      </div>
    </div>
  );
}
