/**
 * 禁停区域: the forbidden zones as a desk list with a map above it (a row click fits its zone), 新增 / 编辑 / 删除,
 * 状态 switches a zone on or off (a switched-off zone no longer places reports nor is drawn on the big screen).
 */
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { DataTable, type Field, ListToolbar, QueryForm, RowActions, optionsOf, useList, useUrlQuery } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import ForbidForm, { FORBID_TYPES } from './forbidForm';
import GeoExportButton from './GeoExportButton';
import { zoneShape } from './geoExport';
import ZoneImport from './ZoneImport';
import { fetchAllForbid } from './geoService';
import { deleteForbid, fetchAreaSites, fetchForbid, switchForbid } from './service';
import type { Forbid, ForbidKey } from './types';
import { vertexCount } from './zoneGeo';
import ZonesMap from './ZonesMap';

function forbidFilters(withArea: boolean): Field<ForbidKey>[] {
  const fields: Field<ForbidKey>[] = [
    { name: 'alias', label: '名称', type: 'input' },
    { name: 'type', label: '类型', type: 'select', options: optionsOf(FORBID_TYPES) },
    { name: 'enabled', label: '状态', type: 'select', options: optionsOf({ 1: '启用', 0: '停用' }) },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

/** The on/off switch of a row: calls PUT /api/forbid/{id} {enabled} and refreshes the list. */
function EnabledSwitch({ z, canEdit, onSwitched }: { z: Forbid; canEdit: boolean; onSwitched: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const flip = async (on: boolean) => {
    setBusy(true);
    try {
      await switchForbid(z.id, on);
      toast().success(on ? '禁停区已启用，下一次上报起生效' : '禁停区已停用');
      await onSwitched();
    } catch {
      // the request layer has shown why; the switch keeps the list's state
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      aria-label={`启用 ${z.alias}`}
      checked={z.enabled}
      loading={busy}
      disabled={!canEdit}
      checkedChildren="启用"
      unCheckedChildren="停用"
      onChange={(on) => void flip(on)}
    />
  );
}

interface ColumnProps {
  canEdit: boolean;
  onSwitched: () => unknown;
  onEdit: (z: Forbid) => void;
  onDelete: (z: Forbid) => Promise<unknown>;
}

function forbidColumns(p: ColumnProps): ColumnsType<Forbid> {
  return [
    { title: '名称', dataIndex: 'alias', width: 200 },
    { title: '编号', dataIndex: 'serial', width: 120, render: (s: string | null) => s || '—' },
    {
      title: '类型',
      dataIndex: 'type',
      width: 110,
      render: (t: number) => <Tag color={t === 1 ? 'red' : 'orange'}>{FORBID_TYPES[t as 0 | 1] ?? t}</Tag>,
    },
    { title: '区域', dataIndex: 'areaName', width: 120 },
    { title: '顶点数', key: 'points', width: 90, render: (_, z) => vertexCount(z.fence) },
    { title: '状态', key: 'enabled', width: 100, render: (_, z) => <EnabledSwitch z={z} canEdit={p.canEdit} onSwitched={p.onSwitched} /> },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, z) => (
        <RowActions
          actions={[
            { label: '编辑', hidden: !p.canEdit, onClick: () => p.onEdit(z) },
            { label: '删除', danger: true, hidden: !p.canEdit, confirm: `确定要删除禁停区“${z.alias}”吗？`, onClick: () => p.onDelete(z) },
          ]}
        />
      ),
    },
  ];
}

type Editing = { zone?: Forbid } | null;

export default function ForbidTab({ canEdit, areaUser }: { canEdit: boolean; areaUser: boolean }) {
  const fields = useMemo(() => forbidFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('forbid', query, fetchForbid);
  const areaId = query.filters.selfAreaId;
  const sites = useQuery({ queryKey: ['regional', 'sites', areaId], queryFn: () => fetchAreaSites(areaId), staleTime: 60_000 });
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [focus, setFocus] = useState<{ id: number; fit: LonLat[] } | null>(null);
  const zones = useMemo(() => list.data?.lists ?? [], [list.data]);
  const pick = (z: Forbid) => setFocus({ id: z.id, fit: [...z.fence] });
  const columns = useMemo(
    () =>
      forbidColumns({
        canEdit,
        onSwitched: () => client.invalidateQueries({ queryKey: ['desk', 'forbid'] }),
        onEdit: (zone) => setEditing({ zone }),
        onDelete: async (z) => {
          await deleteForbid(z.id);
          toast().success('禁停区已删除');
          await client.invalidateQueries({ queryKey: ['desk', 'forbid'] });
        },
      }),
    [canEdit, client],
  );
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ZonesMap
        zones={zones}
        sites={sites.data}
        selected={focus?.id}
        fit={focus?.fit}
        onZone={(id) => {
          const z = zones.find((x) => x.id === id);
          if (z) pick(z);
        }}
      />
      <ListToolbar
        onRefresh={() => void list.refetch()}
        left={
          canEdit && (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增禁停区
              </Button>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入 GeoJSON
              </Button>
            </>
          )
        }
        right={<GeoExportButton fileName="禁停区域.geojson" load={async () => (await fetchAllForbid(query.filters)).map(zoneShape)} />}
      />
      <DataTable<Forbid>
        rowKey="id"
        columns={columns}
        list={list}
        query={query}
        rowClassName={(z) => (z.id === focus?.id ? 'regional-row-focus' : '')}
        onRow={(z) => ({ onClick: () => pick(z) })}
      />
      {editing && <ForbidForm zone={editing.zone} others={zones} onClose={() => setEditing(null)} />}
      {importing && <ZoneImport areaId={areaId} others={zones} onClose={() => setImporting(false)} />}
    </>
  );
}
