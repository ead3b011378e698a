/**
 * 考核设置 · 固定考核项: the items an inspector scores by hand (运维人员配备不足 −2 each), each in a
 * category, with points per finding, the most it may take, what evidence to keep, and a switch.
 */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { CrudTab, type CrudForm, type Field, RowSwitch, defineCrud } from '../../../components/desk';
import { fetchFixedRules, saveFixedRule } from './service';
import { SCHEME_KEYS, onePage, useCategories } from './shared';
import type { FixedRule, FixedRuleBody } from './types';

interface Values {
  categoryId: string;
  name: string;
  points: number;
  maxPoints?: number | null;
  description?: string;
  enabled: boolean;
}

/** The body that saves an item as it is (the switch saves it with `enabled` changed). */
const bodyOf = (r: FixedRule): FixedRuleBody => ({
  id: r.id,
  categoryId: r.categoryId,
  name: r.name,
  points: r.points,
  maxPoints: r.maxPoints,
  description: r.description,
  enabled: r.enabled,
});

const form: CrudForm<FixedRule, Values> = {
  noun: '固定考核项',
  rulesOf: '/api/examine/fixedRule/upsert',
  dialog: { width: 620, horizontal: true },
  useFields: function useFixedFields(_row, _form, ctx) {
    const categories = useCategories(ctx.filters.selfAreaId);
    return useMemo(
      (): Field<keyof Values>[] => [
        { name: 'categoryId', label: '所属类别', type: 'select', required: true, options: categories.options, loading: categories.loading },
        { name: 'name', label: '考核项', type: 'input', required: true, placeholder: '如：运维人员配备不足' },
        { name: 'points', label: '每处扣分', type: 'number', required: true },
        { name: 'maxPoints', label: '最多扣分', type: 'number', placeholder: '不填：不设上限', extra: '本项合计最多扣的分（仍不超过类别满分）' },
        { name: 'description', label: '评分说明', type: 'textarea', placeholder: '如：每发现一处扣 2 分，须附现场照片' },
        { name: 'enabled', label: '启用', type: 'switch' },
      ],
      [categories.options, categories.loading],
    );
  },
  initial: (r) =>
    r
      ? {
          categoryId: String(r.categoryId),
          name: r.name,
          points: r.points,
          maxPoints: r.maxPoints,
          description: r.description ?? undefined,
          enabled: r.enabled,
        }
      : { points: 1, enabled: true },
  save: (v, r, areaId) =>
    saveFixedRule({
      ...(r ? { id: r.id } : { areaId }),
      selfAreaId: areaId,
      categoryId: Number(v.categoryId),
      name: v.name.trim(),
      points: v.points,
      maxPoints: v.maxPoints ?? null,
      description: v.description?.trim() || null,
      enabled: !!v.enabled,
    }),
};

const spec = defineCrud<FixedRule, 'selfAreaId', Values>({
  key: 'rateFixedRules',
  rowKey: 'id',
  areaFilter: true,
  filters: [],
  pageSize: 50,
  list: async (q) => onePage(await fetchFixedRules({ selfAreaId: q.selfAreaId })),
  columns: (kit) => [
    { title: '所属类别', dataIndex: 'categoryName', width: 140 },
    { title: '考核项', dataIndex: 'name', width: 220 },
    { title: '每处扣分', dataIndex: 'points', width: 100, align: 'right' },
    {
      title: '最多扣分',
      dataIndex: 'maxPoints',
      width: 100,
      align: 'right',
      render: (m: number | null) => (m === null ? <Typography.Text type="secondary">不设上限</Typography.Text> : m),
    },
    { title: '评分说明', dataIndex: 'description', ellipsis: true, render: (d: string | null) => d ?? '—' },
    {
      title: '状态',
      key: 'enabled',
      width: 100,
      render: (_, r) => (
        <RowSwitch
          label={`启用 ${r.name}`}
          checked={r.enabled}
          disabled={!kit.canEdit}
          checkedChildren="启用"
          unCheckedChildren="停用"
          onChange={(on) => kit.run(() => saveFixedRule({ ...bodyOf(r), enabled: on }), on ? '考核项已启用' : '考核项已停用')}
        />
      ),
    },
  ],
  actionsWidth: 80,
  form,
  permissions: { edit: 'rating.edit' },
  refreshes: SCHEME_KEYS,
});

export default function FixedRulesTab() {
  return <CrudTab spec={spec} />;
}
