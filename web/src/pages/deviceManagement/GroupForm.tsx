/**
 * 新增 / 编辑 站点分组 (the declaration's form): name, factor (0-10, two decimals), the sites picked from the area's sites, and
 * 冲突检查 of the draft list against the other open groups (a warning: saving stays allowed).
 */
import { Alert, Button, Form, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Rule } from 'antd/es/form';
import { type CrudForm, type Field, type Option, serverField } from '../../components/desk';
import type { ClashRow, GroupRow } from './detailTypes';
import { checkClash, createGroup, fetchAreaSites, updateGroup } from './groupService';

export interface GroupValues {
  /** 新增 only: the group's area (its sites are picked from it); empty: the list's area or the user's own */
  areaId?: string;
  alias: string;
  factor: number;
  siteList: string[];
}

const GROUP = '/api/site/magnify/';
const ALIAS_MAX = serverField(GROUP, 'alias').maxLength;
const FACTOR_MAX = serverField(GROUP, 'factor').maximum;

const factorRule: Rule = {
  validator: async (_, v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    const n = Number(v);
    if (!(n > 0 && n <= FACTOR_MAX)) throw new Error(`放大系数须大于 0 且不超过 ${FACTOR_MAX}`);
    if (!/^\d+(\.\d{1,2})?$/.test(String(v))) throw new Error('放大系数最多两位小数');
  },
};

/** The clash check under the site picker: reads the draft list of the form it is in. */
function ClashCheck({ groupId }: { groupId?: number }) {
  const form = Form.useFormInstance<GroupValues>();
  const sites = Form.useWatch('siteList', form);
  // the answer holds for the draft it was asked about; another pick hides it
  const [checked, setChecked] = useState<{ draft: string; rows: ClashRow[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const result = checked && checked.draft === (sites ?? []).join(',') ? checked.rows : null;
  const run = async () => {
    const draft: string[] = form.getFieldValue('siteList') ?? [];
    setBusy(true);
    try {
      // the answer counts the draft itself among the groups (id 0 when new): list only the others
      const self = groupId ?? 0;
      const rows = (await checkClash(draft, groupId)).map((c) => ({ ...c, groups: c.groups.filter((g) => g.id !== self) })).filter((c) => c.groups.length);
      setChecked({ draft: draft.join(','), rows });
    } catch {
      setChecked(null); // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 4 }}>
      <Button size="small" loading={busy} disabled={!sites?.length} onClick={() => void run()}>
        冲突检查
      </Button>
      {result && !result.length && <Alert type="success" showIcon title="所选站点不在其他开启的分组中" />}
      {result && result.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${result.length} 个站点已在其他开启的分组中（仍可保存；一个站点在多个开启的分组中时，取其中最大的放大系数）`}
          description={
            <ul className="group-clash" data-testid="clash-list">
              {result.map((c) => (
                <li key={c.siteId}>{`${c.siteName}（${c.siteId}）：${c.groups.map((g) => g.alias).join('、')}`}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}

function groupFields(options: Option[], loading: boolean, groupId?: number): Field[] {
  const area: Field[] = groupId === undefined ? [{ name: 'areaId', label: '所属区域', type: 'area', extra: '不选则为列表所选区域或本人所属区域' }] : [];
  return [
    ...area,
    { name: 'alias', label: '分组名称', type: 'input', required: true, rules: [{ max: ALIAS_MAX, message: `分组名称最多 ${ALIAS_MAX} 个字符` }] },
    {
      name: 'factor',
      label: '放大系数',
      type: 'number',
      required: true,
      rules: [factorRule],
      extra: '开启后，组内站点的容量 = 停放容量 × 满桩系数 × 放大系数',
    },
    { name: 'siteList', label: '站点', type: 'select', multiple: true, options, loading, required: true, extra: <ClashCheck groupId={groupId} /> },
  ];
}

/** The group dialog of 站点分组's declaration: 新增分组 / 编辑分组, the sites offered being the chosen area's (新增), the group's own (编辑), else the list's. */
export const groupForm: CrudForm<GroupRow, GroupValues> = {
  noun: '分组',
  addLabel: '新增',
  created: '分组已新增',
  updated: '分组已修改',
  dialog: { width: 640 },
  useFields: function useGroupFields(row, form, { filters }) {
    const chosen = Form.useWatch('areaId', form);
    const siteArea = row ? row.areaId : (chosen ?? filters.selfAreaId);
    const sites = useQuery({ queryKey: ['groupSites', 'area', siteArea ?? ''], queryFn: () => fetchAreaSites(siteArea), staleTime: 60_000 });
    const options = useMemo(() => (sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.siteName}（${s.siteId}）` })), [sites.data]);
    return useMemo(() => groupFields(options, sites.isLoading, row?.id), [options, sites.isLoading, row?.id]);
  },
  initial: (row) => (row ? { alias: row.alias, factor: row.factor, siteList: row.siteList } : { factor: 1, siteList: [] }),
  save: async (v, row, _areaId, filters) => {
    const body = { alias: v.alias.trim(), factor: Number(v.factor), siteList: v.siteList };
    if (row) await updateGroup(row.id, body);
    else await createGroup({ ...body, areaId: v.areaId, selfAreaId: filters.selfAreaId });
  },
};
