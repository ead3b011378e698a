/** 站点列表: sites with their count, capacity and status, declared on the desk kit. */
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { useSession } from '../../app/session/store';
import { DataTable, ExportButton, ListToolbar, QueryForm, RowActions, type Field, optionsOf, useList, useUrlQuery } from '../../components/desk';
import { can } from '../../lib/permission';
import { STATUS_FILTER_OPTIONS, flagStyle } from '../../lib/siteStatus';
import BatchEdit from './batchEdit';
import SiteForm from './siteForm';
import { SiteDetailLink } from './SiteDetail';
import { deleteSite, exportSites, fetchSites } from './service';
import type { SiteKey, SiteRow } from './types';

const YES_NO = optionsOf({ 1: '是', 0: '否' });

function siteFilters(withArea: boolean): Field<SiteKey>[] {
  const fields: Field<SiteKey>[] = [
    { name: 'siteName', label: '站点名称', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'status', label: '站点状态', type: 'select', options: STATUS_FILTER_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })) },
    { name: 'recycleSwitch', label: '回收站点', type: 'select', options: YES_NO },
    { name: 'majorSwitch', label: '重点站点', type: 'select', options: YES_NO },
    { name: 'brandPutSwitch', label: '允许投放', type: 'select', options: YES_NO },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

function siteColumns(p: {
  canDelete: boolean;
  canEdit?: boolean;
  onDelete: (s: SiteRow) => Promise<unknown>;
  onEdit?: (s: SiteRow) => void;
}): ColumnsType<SiteRow> {
  return [
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
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, s) => (
        <RowActions
          actions={[
            { label: '编辑', hidden: !p.canEdit, onClick: () => p.onEdit?.(s) },
            {
              label: '删除',
              danger: true,
              hidden: !p.canDelete,
              confirm: `是否确定删除站点“${s.siteName}”？删除后站点移出所有分组，车辆不再计入该站点。`,
              onClick: () => p.onDelete(s),
            },
          ]}
        />
      ),
    },
  ];
}

/** 站点编辑 (menu 3, button 103) as the server's site.edit: 新增站点, 编辑, 批量修改. */
function useCanEditSites() {
  const perms = useSession((s) => s.permissions);
  return can(perms, 'site.edit');
}

type Editing = { site?: SiteRow } | null;

export default function SitesTab({ canDelete, areaUser }: { canDelete: boolean; areaUser: boolean }) {
  const fields = useMemo(() => siteFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('sites', query, fetchSites);
  const client = useQueryClient();
  const canEdit = useCanEditSites();
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [batch, setBatch] = useState(false);
  const columns = useMemo(
    () =>
      siteColumns({
        canDelete,
        canEdit,
        onEdit: (site) => setEditing({ site }),
        onDelete: async (s) => {
          await deleteSite(s.siteId);
          toast().success('站点删除成功！');
          setSelected((ids) => ids.filter((id) => id !== s.siteId));
          await client.invalidateQueries({ queryKey: ['desk', 'sites'] });
        },
      }),
    [canDelete, canEdit, client],
  );
  const afterBatch = async () => {
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['desk', 'sites'] });
  };
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        selected={selected.length}
        onRefresh={() => void list.refetch()}
        left={
          canEdit && (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增站点
              </Button>
              <Button icon={<EditOutlined />} disabled={!selected.length} onClick={() => setBatch(true)}>
                批量修改
              </Button>
            </>
          )
        }
        right={<ExportButton run={() => exportSites(query.filters)} />}
      />
      <DataTable<SiteRow>
        rowKey="siteId"
        columns={columns}
        list={list}
        query={query}
        rowSelection={canEdit ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as string[]) } : undefined}
      />
      {editing && <SiteForm site={editing.site} onClose={() => setEditing(null)} />}
      {batch && <BatchEdit siteIds={selected} onClose={() => setBatch(false)} onDone={afterBatch} />}
    </>
  );
}
