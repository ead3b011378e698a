/**
 * 新增站点 / 编辑 in the kit's wide dialog: the map picker beside the fields (centre, fence or radius; the
 * fence drawn goes into the hidden field `ring`). 站点编号 comes from getMaxSiteId on create and is
 * read-only on edit; server errors keep the dialog open with what was typed.
 */
import { Form, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import type { CrudForm, Field } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import { centreOf, editValues, findArea, newSiteValues, openRing, siteBody, siteFormFields, type SiteFormValues } from './siteFields';
import SitePicker from './SitePicker';
import { createSite, fetchNextSiteId, fetchRails, updateSite } from './service';
import type { RailSite, SiteRow } from './types';

/** The dialog's values: the fields, and the fence drawn on the map (hidden). */
export type SiteValues = SiteFormValues & { ring: LonLat[] | null };

/** The sites of the area (for the map) and their middle (the view of a new site). */
function useAreaSites(areaId: string | undefined, skip: string | undefined) {
  const rails = useQuery({ queryKey: ['sites', 'rail', areaId], queryFn: () => fetchRails(areaId), enabled: !!areaId, staleTime: 60_000 });
  return useMemo(() => {
    const others: RailSite[] = (rails.data ?? []).filter((s) => s.siteId !== skip);
    const home = others.length ? centreOf(others.map((s) => ({ lon: s.siteLon, lat: s.siteLat }))) : null;
    return { others, home };
  }, [rails.data, skip]);
}

/** On create: 站点编号 follows the chosen district's next number until the user types one. */
function useNextId(form: FormInstance<SiteValues>, areaId: string | undefined, enabled: boolean) {
  const next = useQuery({
    queryKey: ['sites', 'nextId', areaId],
    queryFn: () => fetchNextSiteId(areaId!),
    enabled: enabled && !!areaId,
    staleTime: 0,
    gcTime: 0,
  });
  const nextId = next.data?.nextSiteId;
  // watched too: the form connects after the dialog opens, which may be after the answer came
  const shown = Form.useWatch('siteId', form);
  useEffect(() => {
    if (nextId && shown !== nextId && !form.isFieldTouched('siteId')) form.setFieldValue('siteId', nextId);
  }, [form, nextId, shown]);
}

/** A field's watched value: undefined until the form connects (then null when emptied), the initial one meanwhile. */
function useValue<K extends keyof SiteValues>(form: FormInstance<SiteValues>, k: K, initial: Partial<SiteValues> | undefined): SiteValues[K] | undefined {
  const v = Form.useWatch(k, form) as SiteValues[K] | undefined;
  return v === undefined ? initial?.[k] : v;
}

const RING: Field<'ring'> = { name: 'ring', label: '围栏', type: 'hidden' };

/** The site dialog of 站点列表's declaration. */
export const siteForm: CrudForm<SiteRow, SiteValues> = {
  noun: '站点',
  title: (site) => (site ? `编辑站点（${site.siteName}）` : '新增站点'),
  created: '站点保存成功！',
  updated: '站点保存成功！',
  dialog: { width: 1120, className: 'site-form-dialog' },
  useFields: function useSiteFields(site, form, { initial }) {
    const tree = useSession((s) => s.areaAll);
    const areaId = useValue(form, 'areaId', initial);
    const fenced = !!useValue(form, 'ring', initial);
    useNextId(form, areaId, !site && findArea(tree, areaId)?.level === 3);
    return useMemo(() => [...siteFormFields({ editing: !!site, fenced, tree }), RING], [site, fenced, tree]);
  },
  useAside: function useSiteAside(site, form, { initial }) {
    // the picker's own copy of the ring (its first view fits it); the form's hidden field takes each drawing
    const [ring, setRing] = useState<LonLat[] | null>(() => initial?.ring ?? null);
    const lon = useValue(form, 'siteLon', initial);
    const lat = useValue(form, 'siteLat', initial);
    const length = useValue(form, 'length', initial);
    // before a district is chosen, the user's own area: its sites, fences and zones under the map
    const ownArea = useSession((s) => s.user?.areaId);
    const chosen = useValue(form, 'areaId', initial) || ownArea;
    const { others, home } = useAreaSites(chosen, site?.siteId);
    const pick = (p: LonLat) => {
      form.setFieldsValue({ siteLon: p.lon, siteLat: p.lat });
      void form.validateFields(['siteLon', 'siteLat']).catch(() => undefined);
    };
    const changeRing = (r: LonLat[] | null) => {
      setRing(r);
      form.setFieldValue('ring', r);
      const set = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
      if (r && !(set(form.getFieldValue('siteLon')) && set(form.getFieldValue('siteLat')))) pick(centreOf(r));
    };
    return (
      <SitePicker
        start={site ? { lon: site.siteLon, lat: site.siteLat } : null}
        point={typeof lon === 'number' && typeof lat === 'number' ? { lon, lat } : null}
        onPoint={pick}
        ring={ring}
        onRing={changeRing}
        radius={ring ? undefined : (length ?? undefined)}
        others={others}
        home={home}
        areaId={chosen}
      />
    );
  },
  initial: (site, areaId) =>
    site ? { ...editValues(site), ring: openRing(site.gpsRail) } : { ...newSiteValues(useSession.getState().areaAll, areaId), ring: null },
  save: async (v, site) => {
    const body = siteBody(v, v.ring);
    if (site) await updateSite(site.siteId, { ...body, gpsRail: body.gpsRail ?? null });
    else await createSite({ ...body, siteId: v.siteId?.trim() || undefined });
  },
};
