/**
 * 新增禁停区 / 编辑 in the kit's wide dialog: the map on one side (draw or edit the polygon), name, type, number
 * and area on the other. A polygon with fewer than 3 or more than 2,000 vertices is refused before sending.
 */
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { type CrudForm, type Field, optionsOf, serverField, serverRules } from '../../components/desk';
import type { LonLat, MapSite } from '../../components/deskMap/types';
import { createForbid, fetchAreaSites, updateForbid } from './service';
import type { Forbid } from './types';
import { boxOf, centreOfBox, inBox, openRing, ringProblem } from './zoneGeo';
import ZonePicker from './ZonePicker';

const SERIAL_MAX = serverField('/api/forbid/', 'serial').maxLength;

/** Types of spec §7 (server: 0 禁停围栏, 1 禁停区). */
export const FORBID_TYPES = { 0: '禁停围栏', 1: '禁停区' } as const;

/** What the two types are, and that the platform treats them alike (shared/geoCache: every enabled zone). */
export const FORBID_TYPE_HELP =
  '两种类型的作用相同：车辆停在其中即记为“站外停放”异常；类型只用于分类与筛选。习惯上，禁停围栏指沿道路、河岸等划出的带状禁停范围，禁停区指广场、路口等成片禁停的区域。';

export interface ForbidFormValues {
  alias: string;
  type: string;
  serial?: string | null;
  areaId: string;
  /** the polygon drawn on the map beside the fields (open ring) */
  fence: LonLat[] | null;
}

const FIELDS: Field<keyof ForbidFormValues>[] = [
  { name: 'alias', label: '名称', type: 'input', required: true, rules: serverRules('/api/forbid/', 'alias', '名称') },
  { name: 'type', label: '类型', type: 'select', required: true, options: optionsOf(FORBID_TYPES), extra: FORBID_TYPE_HELP },
  { name: 'serial', label: '编号', type: 'input', placeholder: '可空', rules: [{ max: SERIAL_MAX, message: `编号最多 ${SERIAL_MAX} 个字符` }] },
  { name: 'areaId', label: '所属区域', type: 'area', required: true },
  { name: 'fence', label: '区域', type: 'hidden' },
];

/** The body of both calls: trimmed name, numeric type, empty number as null, the open ring. */
function forbidBody(v: ForbidFormValues, ring: LonLat[]) {
  return { alias: v.alias.trim(), type: Number(v.type) as 0 | 1, serial: v.serial?.trim() || null, areaId: v.areaId, fence: ring };
}

/**
 * Sites of the area for the map (an area may have 20,000): within about 3 km of an edited zone; for a
 * new zone, whose map shows the whole area, the 2,000 nearest the middle of the area's sites.
 */
function useNearSites(areaId: string | undefined, centre: LonLat | null) {
  const q = useQuery({ queryKey: ['regional', 'sites', areaId], queryFn: () => fetchAreaSites(areaId), enabled: !!areaId, staleTime: 60_000 });
  return useMemo(() => {
    const all = q.data ?? [];
    const middle = centre ?? (all.length ? centreOfBox(boxOf([all.map((s) => ({ lon: s.siteLon, lat: s.siteLat }))])!) : null);
    const box = centre ? { west: centre.lon - 0.035, east: centre.lon + 0.035, south: centre.lat - 0.027, north: centre.lat + 0.027 } : null;
    const near = box
      ? all.filter((s) => inBox(box, { lon: s.siteLon, lat: s.siteLat }))
      : middle
        ? all
            .map((s) => ({ s, d: Math.hypot(s.siteLon - middle.lon, s.siteLat - middle.lat) }))
            .sort((x, y) => x.d - y.d)
            .map((x) => x.s)
        : [];
    const sites: MapSite[] = near.slice(0, 2000).map((s) => ({ id: s.siteId, name: s.siteName, lon: s.siteLon, lat: s.siteLat, flag: s.flag }));
    return { sites, ready: !q.isPending || !areaId };
  }, [q.data, q.isPending, centre, areaId]);
}

/** The zone dialog of 禁停区域's declaration: the map beside the fields draws the polygon into the hidden field `fence`. */
export const forbidForm: CrudForm<Forbid, ForbidFormValues> = {
  noun: '禁停区',
  title: (zone) => (zone ? `编辑禁停区（${zone.alias}）` : '新增禁停区'),
  created: '禁停区已保存',
  updated: '禁停区已保存',
  dialog: { width: 1120, className: 'zone-form-dialog' },
  useFields: () => FIELDS,
  useAside: function useZoneAside(zone, form, { rows }) {
    const userArea = useSession((s) => s.user?.areaId);
    // the picker's own copy of the ring (its first view fits it); the form's hidden field takes each drawing
    const [ring, setRing] = useState<LonLat[] | null>(() => openRing(zone?.fence));
    const start = useMemo(() => (zone ? centreOfBox(boxOf([zone.fence])!) : null), [zone]);
    const chosen = Form.useWatch('areaId', form) as string | undefined;
    const areaId = zone?.areaId ?? (chosen || userArea);
    const { sites, ready } = useNearSites(areaId, start);
    const shown = useMemo(() => rows.filter((z) => z.id !== zone?.id).map((z) => z.fence), [rows, zone]);
    const onRing = (r: LonLat[] | null) => {
      setRing(r);
      form.setFieldValue('fence', r);
    };
    if (!ready) return <div className="regional-map-loading" />;
    return <ZonePicker ring={ring} onRing={onRing} centre={start} areaId={areaId} zoom={zone ? 16 : 15} sites={sites} others={shown} />;
  },
  // a zone belongs to a real area, not 全国
  initial: (zone, areaId) =>
    zone
      ? { alias: zone.alias, type: String(zone.type), serial: zone.serial, areaId: zone.areaId, fence: openRing(zone.fence) }
      : { type: '1', areaId: areaId === '000000' ? undefined : areaId, fence: null },
  save: async (v, zone) => {
    const problem = ringProblem(v.fence);
    if (problem) throw new Error(problem);
    const body = forbidBody(v, v.fence!);
    if (zone) await updateForbid(zone.id, body);
    else await createForbid(body);
  },
};
