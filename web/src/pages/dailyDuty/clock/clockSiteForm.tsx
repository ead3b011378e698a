/**
 * 新增打卡点 / 编辑 in the kit's wide dialog: the map picker beside the fields (ClockSitePicker). A site
 * chosen gives its position (and its name to an empty 名称); the area's sites are offered to users who
 * may read them (站点管理 or 区域设置), others type a site number.
 */
import { useAreaBrands } from '../../../components/desk';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useSession } from '../../../app/session/store';
import type { CrudForm, Field } from '../../../components/desk';
import { can } from '../../../lib/permission';
import ClockSitePicker from './ClockSitePicker';
import { fetchAreaSites, saveClockSite } from './service';

import type { AreaSite, ClockSite } from './types';

/** A new clock site's radius (metres). */
const DEFAULT_RADIUS = 100;

export interface ClockSiteValues {
  name: string;
  areaId: string;
  brandId?: string;
  siteId?: string;
  lon?: number;
  lat?: number;
  radius: number;
}

/** A field's watched value: the initial one until the form connects. */
function useValue<K extends keyof ClockSiteValues>(form: FormInstance<ClockSiteValues>, k: K, initial: Partial<ClockSiteValues> | undefined) {
  const v = Form.useWatch(k, form) as ClockSiteValues[K] | undefined;
  return v === undefined ? initial?.[k] : v;
}

/** The sites of the chosen area (else the user's own), for users who may read them; none for others. */
function useAreaSites(
  form: FormInstance<ClockSiteValues>,
  initial: Partial<ClockSiteValues> | undefined,
): { allowed: boolean; areaId?: string; sites: AreaSite[] } {
  const allowed = useSession((s) => can(s.permissions, 'deviceManagement') || can(s.permissions, 'regionalSettings'));
  const own = useSession((s) => s.user?.areaId);
  const areaId = useValue(form, 'areaId', initial) || own;
  const q = useQuery({ queryKey: ['dailyDuty', 'areaSites', areaId], queryFn: () => fetchAreaSites(areaId), enabled: allowed && !!areaId, staleTime: 60_000 });
  return { allowed, areaId, sites: q.data ?? [] };
}

/** A site chosen (not the one the dialog opened with) moves the position there and the area to the site's, and names an unnamed clock site. */
function useSiteFollows(form: FormInstance<ClockSiteValues>, sites: readonly AreaSite[], initial: Partial<ClockSiteValues> | undefined) {
  const siteId = Form.useWatch('siteId', form);
  const last = useRef(initial?.siteId);
  useEffect(() => {
    if (siteId === undefined || siteId === last.current) return;
    last.current = siteId;
    const s = sites.find((x) => x.siteId === siteId);
    if (!s) return;
    form.setFieldsValue({ lon: s.siteLon, lat: s.siteLat, areaId: s.areaId });
    if (!form.getFieldValue('name')) form.setFieldValue('name', s.siteName);
    void form.validateFields(['lon', 'lat']).catch(() => undefined);
  }, [form, siteId, sites]);
}

export const clockSiteForm: CrudForm<ClockSite, ClockSiteValues> = {
  noun: '打卡点',
  title: (s) => (s ? `编辑打卡点（${s.name}）` : '新增打卡点'),
  rulesOf: '/api/clock/saveClockSiteInfo',
  dialog: { width: 1100 },
  useFields: function useClockSiteFields(_row, form, { initial }) {
    const brands = useAreaBrands();
    const { allowed, sites } = useAreaSites(form, initial);
    useSiteFollows(form, sites, initial);
    const siteOptions = useMemo(() => sites.map((s) => ({ value: s.siteId, label: `${s.siteName}（${s.siteId}）` })), [sites]);
    return useMemo(
      (): Field<keyof ClockSiteValues>[] => [
        { name: 'name', label: '名称', type: 'input', required: true },
        { name: 'areaId', label: '区域', type: 'area', required: true },
        {
          name: 'brandId',
          label: '企业',
          type: 'select',
          options: brands.options,
          loading: brands.loading,
          placeholder: '不选：区域内所有企业',
          extra: '选择企业时，只有该企业的人员可在此打卡',
        },
        allowed
          ? { name: 'siteId', label: '站点', type: 'select', options: siteOptions, placeholder: '可选：打卡点所在的站点', extra: '选择站点时取站点的位置' }
          : { name: 'siteId', label: '站点编号', type: 'input', placeholder: '可选：打卡点所在的站点编号' },
        { name: 'lon', label: '经度', type: 'number', required: true, extra: '点击左侧地图选择位置，或直接填写' },
        { name: 'lat', label: '纬度', type: 'number', required: true },
        { name: 'radius', label: '打卡半径（米）', type: 'number', required: true, extra: `人员距打卡点超过此距离时记为范围外；默认 ${DEFAULT_RADIUS} 米` },
      ],
      [brands.options, brands.loading, allowed, siteOptions],
    );
  },
  useAside: function useClockSiteAside(row, form, { initial, rows }) {
    const { areaId, sites } = useAreaSites(form, initial);
    const lon = useValue(form, 'lon', initial);
    const lat = useValue(form, 'lat', initial);
    const radius = useValue(form, 'radius', initial);
    const others = useMemo(() => rows.filter((r) => r.id !== row?.id), [rows, row]);
    return (
      <ClockSitePicker
        point={typeof lon === 'number' && typeof lat === 'number' ? { lon, lat } : null}
        onPoint={(p) => {
          form.setFieldsValue({ lon: p.lon, lat: p.lat });
          void form.validateFields(['lon', 'lat']).catch(() => undefined);
        }}
        radius={typeof radius === 'number' && radius > 0 ? radius : null}
        areaId={areaId}
        sites={sites}
        others={others}
      />
    );
  },
  initial: (s, areaId) =>
    s
      ? {
          name: s.name,
          areaId: s.areaId,
          brandId: s.brandId === null ? undefined : String(s.brandId),
          siteId: s.siteId ?? undefined,
          lon: s.lon,
          lat: s.lat,
          radius: s.radius,
        }
      : { areaId, radius: DEFAULT_RADIUS },
  save: (v, s) =>
    saveClockSite({
      ...(s ? { id: s.id } : {}),
      name: v.name.trim(),
      areaId: v.areaId,
      // emptied on an edit: null clears it
      brandId: v.brandId ? Number(v.brandId) : null,
      siteId: v.siteId?.trim() || null,
      lon: v.lon!,
      lat: v.lat!,
      radius: v.radius,
    }),
};
