/**
 * 运营区域 (#/regionalSettings/rail): per area (chosen from the user's area down, kept in the URL) its
 * operating fence (one, on the area: reports outside it raise 区域外停放) and its entry fences (several,
 * named), drawn on the desk map over the area's sites and enabled forbidden zones. Draw, drag vertices,
 * save (checked first with the server's own polygon rule), delete with 温馨提示. Edits need button 116.
 * Not a CrudTab: a fence is drawn on the map, and an entry fence's name is typed above it and saved
 * with the drawing in one 保存围栏 (a form in a dialog would split the one save in two); its writes
 * are the kit's useWrites.
 */
import { DeleteOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { ListToolbar, QueryForm, useConfirm, useUrlQuery, useWrites, type Field } from '../../components/desk';
import DrawMap from '../../components/deskMap/DrawMap';
import type { LonLat, MapShape } from '../../components/deskMap/types';
import { normalizePolygon } from '../../lib/polygon';
import {
  createEntryRail,
  deleteEntryRail,
  deleteRail,
  fetchArea,
  fetchAreaSites,
  fetchEntryRails,
  fetchForbid,
  fetchRails,
  saveRail,
  updateEntryRail,
} from './service';
import FenceImport from './FenceImport';
import GeoExportButton from './GeoExportButton';
import type { ExportShape } from './geoExport';
import type { EntryRail } from './types';
import { boxOf, centreOfBox, openRing, vertexCount } from './zoneGeo';
import { sitesNear, TYPE_COLOR } from './ZonesMap';

type RailKey = 'selectAreaId';
const FIELDS: Field<RailKey>[] = [{ name: 'selectAreaId', label: '区域', type: 'area' }];

/** What the map edits: the area's operating fence, an entry fence, or a new entry fence. */
type Target = { kind: 'rail' } | { kind: 'entry'; id: number | null };

const RAIL_COLOR = '#1677ff';
const ENTRY_COLOR = '#722ed1';
const LABELS = {
  draw: '绘制围栏',
  redraw: '重新绘制',
  clear: '清除',
  drawingHint: '在地图上依次点击围栏的顶点，点击第一个顶点完成；边线不能相交',
  hint: '顶点可拖动修改；圆点为区域内站点，红色 / 橙色为启用中的禁停区，紫色为其他入口围栏',
};

/** 导出 GeoJSON of the tab: the area's operating fence and its entry fences, named as the import reads them back. */
function fenceShapes(area: { id: string; areaName: string; gpsRail?: readonly LonLat[] | null }, entries: readonly EntryRail[]): ExportShape[] {
  const shapes: ExportShape[] = [];
  if (area.gpsRail?.length) shapes.push({ ring: area.gpsRail, properties: { name: `${area.areaName}运营围栏`, kind: 'rail', areaId: area.id } });
  for (const e of entries) if (e.gpsRail?.length) shapes.push({ ring: e.gpsRail, properties: { name: e.name, kind: 'entry', id: e.id, areaId: e.areaId } });
  return shapes;
}

/** The ring to save, or the server's rule's message (the same function the server runs). */
export function checkFence(ring: readonly LonLat[] | null): { ring: LonLat[] } | { message: string } {
  if (!ring) return { message: '请先在地图上画出围栏' };
  const r = normalizePolygon(ring, '围栏');
  return r.ok ? { ring: r.ring } : { message: r.message };
}

export default function RailsTab({ canEdit }: { canEdit: boolean }) {
  const query = useUrlQuery(FIELDS);
  const own = useSession((s) => s.user?.areaId ?? '');
  const areaId = query.filters.selectAreaId || own;
  const { confirmDelete } = useConfirm();
  const area = useQuery({ queryKey: ['regional', 'area', areaId], queryFn: () => fetchArea(areaId), enabled: !!areaId });
  const rails = useQuery({ queryKey: ['regional', 'rails', areaId], queryFn: () => fetchRails(areaId), enabled: !!areaId });
  const entries = useQuery({ queryKey: ['regional', 'entryRails', areaId], queryFn: () => fetchEntryRails(areaId), enabled: !!areaId });
  const sites = useQuery({ queryKey: ['regional', 'sites', areaId], queryFn: () => fetchAreaSites(areaId), staleTime: 60_000, enabled: !!areaId });
  const zones = useQuery({
    queryKey: ['regional', 'enabledZones', areaId],
    queryFn: () => fetchForbid({ selfAreaId: areaId, enabled: '1', currentPage: 1, pageSize: 1000 }),
    staleTime: 60_000,
    enabled: !!areaId,
  });

  const [target, setTarget] = useState<Target>({ kind: 'rail' });
  const [draft, setDraft] = useState<{ ring: LonLat[] | null; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const ownEntries = useMemo(() => (entries.data ?? []).filter((e) => e.areaId === areaId), [entries.data, areaId]);
  const stored = (t: Target): { ring: LonLat[] | null; name: string } => {
    if (t.kind === 'rail') return { ring: openRing(area.data?.gpsRail), name: '' };
    const e = ownEntries.find((x) => x.id === t.id);
    return { ring: openRing(e?.gpsRail), name: e?.name ?? '' };
  };
  const current = draft ?? stored(target);
  const dirty = draft !== null;

  const choose = (t: Target) => {
    setTarget(t);
    setDraft(t.kind === 'entry' && t.id === null ? { ring: null, name: '' } : null);
    setProblem(null);
  };
  const writes = useWrites(['regional', 'area', areaId], ['regional', 'rails', areaId], ['regional', 'entryRails', areaId]);

  const save = async () => {
    const checked = checkFence(current.ring);
    if ('message' in checked) return setProblem(checked.message);
    if (target.kind === 'entry' && !current.name.trim()) return setProblem('请输入入口围栏名称');
    setProblem(null);
    const saved = await writes.run(async () => {
      if (target.kind === 'rail') await saveRail(areaId, checked.ring);
      else if (target.id === null) {
        const made = await createEntryRail(areaId, current.name.trim(), checked.ring);
        setTarget({ kind: 'entry', id: (made as { id: number }).id });
      } else await updateEntryRail(target.id, current.name.trim(), checked.ring);
    }, '围栏已保存');
    // on failure the drawing stays
    if (saved) setDraft(null);
  };
  const remove = (t: Target, what: string) =>
    confirmDelete(what, async () => {
      const call = () => (t.kind === 'rail' ? deleteRail(areaId) : t.id !== null ? deleteEntryRail(t.id) : Promise.resolve());
      if (await writes.run(call, '围栏已删除')) choose({ kind: 'rail' });
    });

  // beneath: enabled zones (by type colour), the other entry fences and the sub-areas' operating fences
  const shapes = useMemo<MapShape[]>(() => {
    const out: MapShape[] = (zones.data?.lists ?? []).map((z) => ({ id: `z${z.id}`, ring: z.fence, color: TYPE_COLOR[z.type], label: z.alias }));
    for (const e of entries.data ?? []) {
      if (!(target.kind === 'entry' && target.id === e.id)) out.push({ id: `e${e.id}`, ring: e.gpsRail, color: ENTRY_COLOR, label: e.name || '入口围栏' });
    }
    for (const r of rails.data ?? []) {
      if (r.areaId !== areaId || target.kind !== 'rail') out.push({ id: `r${r.areaId}`, ring: r.gpsRail, color: RAIL_COLOR, label: `${r.areaName}运营围栏` });
    }
    return out;
  }, [zones.data, entries.data, rails.data, target, areaId]);
  const rings = useMemo(() => [...(rails.data ?? []).map((r) => r.gpsRail), ...(entries.data ?? []).map((e) => e.gpsRail)], [rails.data, entries.data]);
  const near = useMemo(() => {
    const pts = (sites.data ?? []).map((s) => [{ lon: s.siteLon, lat: s.siteLat }]);
    return sitesNear(sites.data, rings.length ? rings : pts);
  }, [sites.data, rings]);
  const box = useMemo(() => boxOf(rings.length ? rings : near.map((s) => [s])), [rings, near]);
  const centre = box ? centreOfBox(box) : null;
  const storedRing = target.kind === 'rail' ? area.data?.gpsRail : ownEntries.find((e) => e.id === target.id)?.gpsRail;
  // the view fits the edited fence, else every fence (or the sites) of the area; a new array only when they change
  const fit = useMemo(
    () =>
      openRing(storedRing) ??
      (box
        ? [
            { lon: box.west, lat: box.south },
            { lon: box.east, lat: box.north },
          ]
        : null),
    [storedRing, box],
  );

  const loading = area.isPending || rails.isPending || entries.isPending;
  const title =
    target.kind === 'rail' ? `${area.data?.areaName ?? ''}运营围栏` : target.id === null ? '新增入口围栏' : `入口围栏：${stored(target).name || '未命名'}`;

  return (
    <>
      <QueryForm fields={FIELDS} query={query} />
      <ListToolbar
        left={
          canEdit && (
            <Button icon={<ImportOutlined />} disabled={loading} onClick={() => setImporting(true)}>
              导入 GeoJSON
            </Button>
          )
        }
        right={
          <GeoExportButton
            fileName={`${area.data?.areaName ?? ''}围栏.geojson`}
            disabled={loading}
            load={async () => (area.data ? fenceShapes({ ...area.data, id: areaId }, ownEntries) : [])}
          />
        }
      />
      {importing && area.data && (
        <FenceImport
          areaId={areaId}
          areaName={area.data.areaName}
          others={[openRing(area.data.gpsRail), ...ownEntries.map((e) => openRing(e.gpsRail))].filter((r): r is LonLat[] => !!r)}
          onClose={() => setImporting(false)}
        />
      )}
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="regional-rails">
          <div className="regional-rails-side">
            <Card
              size="small"
              title="运营围栏"
              className={target.kind === 'rail' ? 'regional-rails-on' : ''}
              onClick={() => target.kind !== 'rail' && choose({ kind: 'rail' })}
            >
              <Typography.Paragraph type="secondary" className="regional-rails-note">
                区域内车辆停放的范围，范围外的上报记为区域外停放（告警 14）
              </Typography.Paragraph>
              <Space wrap>
                {area.data?.gpsRail ? <Tag color="blue">{vertexCount(area.data.gpsRail)} 个顶点</Tag> : <Tag>未设置</Tag>}
                {canEdit && area.data?.gpsRail && (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除运营围栏"
                    onClick={() => remove({ kind: 'rail' }, `${area.data!.areaName}的运营围栏`)}
                  >
                    删除
                  </Button>
                )}
              </Space>
            </Card>
            <Card
              size="small"
              title="入口围栏"
              extra={
                canEdit && (
                  <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => choose({ kind: 'entry', id: null })}>
                    新增
                  </Button>
                )
              }
            >
              {ownEntries.length ? (
                <List<EntryRail>
                  size="small"
                  dataSource={ownEntries}
                  renderItem={(e) => (
                    <List.Item
                      className={target.kind === 'entry' && target.id === e.id ? 'regional-rails-on' : ''}
                      actions={[
                        <Button
                          key="edit"
                          size="small"
                          type="link"
                          icon={<EditOutlined />}
                          aria-label={`查看 ${e.name}`}
                          onClick={() => choose({ kind: 'entry', id: e.id })}
                        />,
                        ...(canEdit
                          ? [
                              <Button
                                key="del"
                                size="small"
                                type="link"
                                danger
                                icon={<DeleteOutlined />}
                                aria-label={`删除 ${e.name}`}
                                onClick={() => remove({ kind: 'entry', id: e.id }, `入口围栏“${e.name || '未命名'}”`)}
                              />,
                            ]
                          : []),
                      ]}
                    >
                      <List.Item.Meta title={e.name || '未命名'} description={`${vertexCount(e.gpsRail)} 个顶点 · ${e.createTime}`} />
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
              )}
            </Card>
          </div>
          <div className="regional-rails-map">
            <Typography.Title level={5}>{title}</Typography.Title>
            {target.kind === 'entry' && canEdit && (
              <Input
                className="regional-rails-name"
                addonBefore="名称"
                maxLength={64}
                value={current.name}
                placeholder="如：西门入口"
                onChange={(ev) => setDraft({ ...current, name: ev.target.value })}
              />
            )}
            {problem && <Alert type="error" showIcon className="regional-rails-problem" title={problem} data-testid="fence-problem" />}
            <DrawMap
              key={`${areaId}-${target.kind}-${target.kind === 'entry' ? target.id : ''}`}
              center={centre}
              areaId={areaId}
              // the enabled zones are among the shapes already
              backdrop={{ zones: false }}
              zoom={14}
              height={500}
              sites={near}
              shapes={shapes}
              fit={fit}
              ring={current.ring}
              onRing={(ring) => {
                setDraft({ ...current, ring });
                setProblem(null);
              }}
              readOnly={!canEdit}
              labels={LABELS}
              sizeTestId="fence-size"
              size={current.ring ? `${current.ring.length} 个顶点${dirty ? '（未保存）' : ''}` : '尚未绘制'}
              extra={
                <>
                  <Button type="primary" loading={writes.busy} disabled={!dirty} onClick={() => void save()}>
                    保存围栏
                  </Button>
                  <Button disabled={!dirty} onClick={() => choose(target)}>
                    放弃修改
                  </Button>
                </>
              }
            />
          </div>
        </div>
      )}
    </>
  );
}
