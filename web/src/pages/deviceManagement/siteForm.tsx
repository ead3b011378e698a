/**
 * 新增站点 / 编辑 in a wide FormDialog: the map picker on one side (centre, fence or radius), the fields
 * on the other. 站点编号 comes from getMaxSiteId on create and is read-only on edit; server errors
 * keep the dialog open with what was typed.
 */
import { Form } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { FormDialog } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import { centreOf, editValues, findArea, newSiteValues, openRing, siteBody, siteFormFields, type SiteFormValues } from './siteFields';
import SitePicker from './SitePicker';
import { createSite, fetchNextSiteId, fetchRails, updateSite } from './service';
import type { RailSite, SiteRow } from './types';

interface Props {
  /** the site edited; none: 新增站点 */
  site?: SiteRow;
  onClose: () => void;
}

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
function useNextId(form: ReturnType<typeof Form.useForm<SiteFormValues>>[0], areaId: string | undefined, enabled: boolean) {
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

export default function SiteForm({ site, onClose }: Props) {
  const editing = !!site;
  const [form] = Form.useForm<SiteFormValues>();
  const tree = useSession((s) => s.areaAll);
  const userAreaId = useSession((s) => s.user?.areaId);
  const initial = useMemo(() => (site ? editValues(site) : newSiteValues(tree, userAreaId)), [site, tree, userAreaId]);
  const [ring, setRing] = useState<LonLat[] | null>(() => openRing(site?.gpsRail));
  // undefined until the form connects (then null when a field is emptied): the initial values meanwhile
  const watch = <K extends keyof SiteFormValues>(v: SiteFormValues[K] | undefined, k: K) => (v === undefined ? initial[k] : v);
  const lon = watch(Form.useWatch('siteLon', form), 'siteLon');
  const lat = watch(Form.useWatch('siteLat', form), 'siteLat');
  const length = watch(Form.useWatch('length', form), 'length');
  const areaId = watch(Form.useWatch('areaId', form), 'areaId');
  const district = findArea(tree, areaId)?.level === 3;
  useNextId(form, areaId, !editing && district);
  const { others, home } = useAreaSites(areaId, site?.siteId);
  const client = useQueryClient();
  const fields = useMemo(() => siteFormFields({ editing, fenced: !!ring, tree }), [editing, ring, tree]);
  const point = typeof lon === 'number' && typeof lat === 'number' ? { lon, lat } : null;

  const pick = (p: LonLat) => {
    form.setFieldsValue({ siteLon: p.lon, siteLat: p.lat });
    void form.validateFields(['siteLon', 'siteLat']).catch(() => undefined);
  };
  const changeRing = (r: LonLat[] | null) => {
    setRing(r);
    const set = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
    if (r && !(set(form.getFieldValue('siteLon')) && set(form.getFieldValue('siteLat')))) pick(centreOf(r));
  };
  const submit = async (v: SiteFormValues) => {
    const body = siteBody(v, ring);
    if (site) await updateSite(site.siteId, { ...body, gpsRail: body.gpsRail ?? null });
    else await createSite({ ...body, siteId: v.siteId?.trim() || undefined });
    await Promise.all([client.invalidateQueries({ queryKey: ['desk', 'sites'] }), client.invalidateQueries({ queryKey: ['sites', 'rail'] })]);
  };

  return (
    <FormDialog<SiteFormValues>
      open
      form={form}
      title={editing ? `编辑站点（${site.siteName}）` : '新增站点'}
      width={1120}
      className="site-form-dialog"
      fields={fields}
      initialValues={initial}
      success="站点保存成功！"
      onSubmit={submit}
      onClose={onClose}
      aside={
        <SitePicker
          start={site ? { lon: site.siteLon, lat: site.siteLat } : null}
          point={point}
          onPoint={pick}
          ring={ring}
          onRing={changeRing}
          radius={ring ? undefined : length}
          others={others}
          home={home}
        />
      }
    />
  );
}
