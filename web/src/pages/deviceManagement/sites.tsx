/** 站点列表: sites with their count, capacity and status, declared on the desk kit. */
import { EditOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { type CrudKit, CrudTab, defineCrud, optionsOf } from '../../components/desk';
import { STATUS_FILTER_OPTIONS, flagStyle } from '../../lib/siteStatus';
import BatchEdit from './batchEdit';
import { type SiteValues, siteForm } from './siteForm';
import { SiteDetailLink } from './SiteDetail';
import { deleteSite, exportSites, fetchSites } from './service';
import type { SiteKey, SiteRow } from './types';

const YES_NO = optionsOf({ 1: '是', 0: '否' });

/** 批量修改 of the chosen sites and its dialog; the selection clears after it. */
function BatchButton({ kit }: { kit: CrudKit<SiteRow> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<EditOutlined />} disabled={!kit.selected.length} onClick={() => setOpen(true)}>
        批量修改
      </Button>
      {open && <BatchEdit siteIds={kit.selected as string[]} onClose={() => setOpen(false)} onDone={kit.refresh} />}
    </>
  );
}

const sitesSpec = defineCrud<SiteRow, SiteKey, SiteValues>({
  key: 'sites',
  rowKey: 'siteId',
  list: fetchSites,
  areaFilter: true,
  filters: [
    { name: 'siteName', label: '站点名称', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'status', label: '站点状态', type: 'select', options: STATUS_FILTER_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })) },
    { name: 'recycleSwitch', label: '回收站点', type: 'select', options: YES_NO },
    { name: 'majorSwitch', label: '重点站点', type: 'select', options: YES_NO },
    { name: 'brandPutSwitch', label: '允许投放', type: 'select', options: YES_NO },
  ],
  columns: [
    { title: '站点编号', dataIndex: 'siteId', width: 150 },
    { title: '站点名称', dataIndex: 'siteName', width: 200, render: (name: string, s) => <SiteDetailLink siteId={s.siteId} siteName={name} /> },
    { title: '区域', dataIndex: 'areaName', width: 100 },
    {
      title: '车辆数 / 容量',
      key: 'fill',
      width: 170,
      render: (_, s) => (
        <span>
          <b>{s.num}</b> / {s.capacity}
          <Typography.Text type="secondary" className="device-sub">
            自行车 {s.bikeNum} · 电动车 {s.ebikeNum}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (label: string, s) => (
        <Tooltip title={s.stateTime ? `统计于 ${s.stateTime}` : '尚未统计'}>
          <Tag color={flagStyle(s.flag).tag}>{label}</Tag>
        </Tooltip>
      ),
    },
    { title: '设备 / 蓝牙桩', key: 'piles', width: 110, render: (_, s) => `${s.pileNum} / ${s.bleNum}` },
    {
      title: '属性',
      key: 'switches',
      width: 170,
      render: (_, s) => (
        <>
          {s.recycleSwitch && <Tag>回收</Tag>}
          {s.majorSwitch && <Tag color="purple">重点</Tag>}
          {s.brandPutSwitch ? <Tag color="cyan">允许投放</Tag> : <Tag>禁止投放</Tag>}
        </>
      ),
    },
    {
      title: '调度阈值 / 响应',
      key: 'thresholds',
      width: 200,
      render: (_, s) => `<${s.dispatchThresholdLess}% 偏少 · >${s.dispatchThresholdMore}% 偏多 · ${s.dispatchResponseMinute}分钟`,
    },
  ],
  actionsWidth: 120,
  form: siteForm,
  remove: {
    call: (s) => deleteSite(s.siteId),
    confirm: (s) => `是否确定删除站点“${s.siteName}”？删除后站点移出所有分组，车辆不再计入该站点。`,
    success: '站点删除成功！',
  },
  exportCall: exportSites,
  // 站点编辑 (menu 3, button 103): 新增站点, 编辑, 批量修改; 删除 its own
  permissions: { edit: 'site.edit', remove: 'site.delete' },
  selectable: () => true,
  toolbar: (kit) => kit.canEdit && <BatchButton kit={kit} />,
  refreshes: [['sites', 'rail']],
});

export default function SitesTab() {
  return <CrudTab spec={sitesSpec} />;
}
