/**
 * 外部站点 (#/regionalSettings/external, issue 32 point 4): other systems' GBFS stations an area shows
 * on its big screen beside its own sites, read-only. 导入外部站点 takes a discovery file's address (read
 * again by its ttl) or a station_information + station_status pair of files; the list says where each
 * came from, its stations and their available bikes and docks, when it was last fetched and, when the
 * last fetch failed, why and when (the last good data stays). 立即刷新 (address feeds) and 删除 need
 * 区域管理 (115), as the area's other writes.
 */
import { ImportOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { type CrudKit, CrudTab, defineCrud } from '../../components/desk';
import FeedImport from './FeedImport';
import { deleteFeed, fetchFeeds, refreshFeed } from './feedService';
import type { ExternalFeed, ExternalFeedKey } from './types';

function ImportButton({ kit }: { kit: CrudKit<ExternalFeed> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        导入外部站点
      </Button>
      {open && <FeedImport areaId={kit.filters.selfAreaId} onSaved={kit.refresh} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Where a feed comes from: its address (refreshed by ttl) or the files uploaded. */
function Source({ f }: { f: ExternalFeed }) {
  return (
    <div className="feed-source">
      <span>
        <Tag color={f.source === 'url' ? 'blue' : 'default'}>{f.source === 'url' ? '地址' : '文件'}</Tag>
        <Tag color="purple">GBFS {f.version}</Tag>
      </span>
      {f.url ? (
        <Tooltip title={f.url}>
          <span className="feed-url">{f.url}</span>
        </Tooltip>
      ) : (
        <span className="feed-muted">上传的 station_information + station_status</span>
      )}
    </div>
  );
}

/** The last fetch: fine, or failed with its reason and time (the last good data kept). */
function FetchState({ f }: { f: ExternalFeed }) {
  if (f.lastError)
    return (
      <div className="feed-state" data-testid="feed-error">
        <Tag color="red">获取失败</Tag>
        <span className="feed-error">{f.lastError}</span>
        <span className="feed-muted">
          {f.lastErrorTime} 失败，显示 {f.fetchTime} 获取的数据
        </span>
      </div>
    );
  return (
    <div className="feed-state">
      <Tag color="green">正常</Tag>
      {f.source === 'url' && f.nextFetchTime && (
        <span className="feed-muted">
          下次刷新 {f.nextFetchTime}（ttl {f.ttl} 秒）
        </span>
      )}
    </div>
  );
}

const spec = defineCrud<ExternalFeed, ExternalFeedKey>({
  key: 'externalFeeds',
  rowKey: 'id',
  list: fetchFeeds,
  areaFilter: true,
  filters: [{ name: 'name', label: '名称', type: 'input' }],
  empty: '暂无外部站点：可导入邻近城市或有桩系统的 GBFS 数据',
  columns: [
    { title: '名称', dataIndex: 'name', width: 180 },
    { title: '区域', dataIndex: 'areaName', width: 100 },
    { title: '来源', key: 'source', width: 300, render: (_, f) => <Source f={f} /> },
    { title: '站点', dataIndex: 'stationCount', width: 80, align: 'right' },
    { title: '可借车辆', dataIndex: 'bikes', width: 90, align: 'right' },
    { title: '可还车位', dataIndex: 'docks', width: 90, align: 'right' },
    {
      title: '获取时间',
      key: 'fetchTime',
      width: 170,
      render: (_, f) => (
        <div className="feed-time">
          <span>{f.fetchTime}</span>
          {f.dataUpdateTime && <span className="feed-muted">数据 {f.dataUpdateTime}</span>}
        </div>
      ),
    },
    { title: '状态', key: 'state', render: (_, f) => <FetchState f={f} /> },
  ],
  actionsWidth: 150,
  actions: (f, kit) => [
    {
      label: '立即刷新',
      hidden: !kit.canEdit || f.source !== 'url',
      onClick: () => kit.run(() => refreshFeed(f.id), '已安排刷新，1 分钟内完成，届时列表显示结果'),
    },
    kit.removeAction(f),
  ],
  remove: { call: (f) => deleteFeed(f.id), what: (f) => `外部站点“${f.name}”（${f.stationCount} 个站点）`, success: '外部数据源已删除' },
  permissions: { edit: 'area.manage' },
  toolbar: (kit) => kit.canEdit && <ImportButton kit={kit} />,
});

export default function FeedsTab() {
  return <CrudTab spec={spec} />;
}
