/**
 * 禁停区域: the forbidden zones as a desk list with a map above it (a row click fits its zone), 新增 / 编辑 / 删除,
 * 状态 switches a zone on or off (a switched-off zone no longer places reports nor is drawn on the big screen).
 */
import { ImportOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type CrudKit, CrudTab, RowSwitch, defineCrud, optionsOf } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import { FORBID_TYPE_HELP, FORBID_TYPES, type ForbidFormValues, forbidForm } from './forbidForm';
import GeoExportButton from './GeoExportButton';
import { zoneShape } from './geoExport';
import ZoneImport from './ZoneImport';
import { fetchAllForbid } from './geoService';
import { deleteForbid, fetchAreaSites, fetchForbid, switchForbid } from './service';
import type { Forbid, ForbidKey } from './types';
import { vertexCount } from './zoneGeo';
import ZonesMap from './ZonesMap';

type Focus = { id: number; fit: LonLat[] } | null;

/** The listed zones on a map with the area's sites; a zone clicked is picked as its row is. */
function ForbidMap({ kit, focus, pick }: { kit: CrudKit<Forbid>; focus: Focus; pick: (z: Forbid) => void }) {
  const areaId = kit.filters.selfAreaId;
  const sites = useQuery({ queryKey: ['regional', 'sites', areaId], queryFn: () => fetchAreaSites(areaId), staleTime: 60_000 });
  const zones = kit.data?.lists ?? [];
  return (
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
  );
}

/** 导入 GeoJSON and its dialog (into the list's area, the listed zones drawn beneath). */
function ImportButton({ kit }: { kit: CrudKit<Forbid> }) {
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
        导入 GeoJSON
      </Button>
      {importing && <ZoneImport areaId={kit.filters.selfAreaId} others={kit.data?.lists ?? []} onSaved={kit.refresh} onClose={() => setImporting(false)} />}
    </>
  );
}

const FILTERS = [
  { name: 'alias', label: '名称', type: 'input' },
  { name: 'type', label: '类型', type: 'select', options: optionsOf(FORBID_TYPES) },
  { name: 'enabled', label: '状态', type: 'select', options: optionsOf({ 1: '启用', 0: '停用' }) },
] as const;

const forbidSpec = (focus: Focus, pick: (z: Forbid) => void) =>
  defineCrud<Forbid, ForbidKey, ForbidFormValues>({
    key: 'forbid',
    rowKey: 'id',
    list: fetchForbid,
    areaFilter: true,
    filters: FILTERS,
    columns: (kit) => [
      { title: '名称', dataIndex: 'alias', width: 200 },
      { title: '编号', dataIndex: 'serial', width: 120, render: (s: string | null) => s || '—' },
      {
        title: '类型',
        dataIndex: 'type',
        width: 110,
        render: (t: number) => (
          <Tag color={t === 1 ? 'red' : 'orange'} title={FORBID_TYPE_HELP}>
            {FORBID_TYPES[t as 0 | 1] ?? t}
          </Tag>
        ),
      },
      { title: '区域', dataIndex: 'areaName', width: 120 },
      { title: '顶点数', key: 'points', width: 90, render: (_, z) => vertexCount(z.fence) },
      {
        title: '状态',
        key: 'enabled',
        width: 100,
        render: (_, z) => (
          <RowSwitch
            label={`启用 ${z.alias}`}
            checked={z.enabled}
            disabled={!kit.canEdit}
            checkedChildren="启用"
            unCheckedChildren="停用"
            onChange={(on) => kit.run(() => switchForbid(z.id, on), on ? '禁停区已启用，下一次上报起生效' : '禁停区已停用')}
          />
        ),
      },
      { title: '创建时间', dataIndex: 'createTime', width: 170 },
    ],
    actionsWidth: 120,
    form: forbidForm,
    remove: { call: (z) => deleteForbid(z.id), what: (z) => `禁停区“${z.alias}”`, success: '禁停区已删除' },
    permissions: { edit: 'forbid.manage' },
    beforeTable: (kit) => <ForbidMap kit={kit} focus={focus} pick={pick} />,
    toolbar: (kit) => kit.canEdit && <ImportButton kit={kit} />,
    toolbarRight: (kit) => <GeoExportButton fileName="禁停区域.geojson" load={async () => (await fetchAllForbid(kit.filters)).map(zoneShape)} />,
    table: {
      rowClassName: (z) => (z.id === focus?.id ? 'regional-row-focus' : ''),
      onRow: (z) => ({ onClick: () => pick(z) }),
    },
  });

export default function ForbidTab() {
  const [focus, setFocus] = useState<Focus>(null);
  const spec = useMemo(() => forbidSpec(focus, (z) => setFocus({ id: z.id, fit: [...z.fence] })), [focus]);
  return <CrudTab spec={spec} />;
}
