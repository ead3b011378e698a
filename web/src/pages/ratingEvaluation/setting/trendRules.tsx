/**
 * 考核设置 · 趋势考核规则: the figures the platform measures per enterprise and month (数据接入率,
 * 站外还车率, 超额投放率, 工单按时响应率 …), each in a category with bands that turn the value into
 * a deduction, and a switch. One rule per figure and area.
 */
import { Form, Typography } from 'antd';
import { useMemo } from 'react';
import { CrudTab, type CrudForm, type Field, RowSwitch, defineCrud } from '../../../components/desk';
import BandsInput, { bandsRule, bandsText } from './BandsInput';
import { enableTrendRule, fetchTrendRules, saveTrendRule } from './service';
import { SCHEME_KEYS, onePage, useCategories, useScheme } from './shared';
import type { Band, TrendRule, TrendRuleBody } from './types';

interface Values {
  categoryId: string;
  measure: TrendRuleBody['measure'];
  name: string;
  bands: Band[];
  enabled: boolean;
}

const form: CrudForm<TrendRule, Values> = {
  noun: '趋势考核规则',
  rulesOf: '/api/examine/trendsRule/upsert',
  dialog: { width: 760, horizontal: true },
  useFields: function useTrendFields(_row, f, ctx) {
    const area = ctx.filters.selfAreaId;
    const categories = useCategories(area);
    const scheme = useScheme(area);
    const measure = Form.useWatch('measure', f) ?? ctx.initial?.measure;
    const categoryId = Form.useWatch('categoryId', f);
    const measures = scheme.data?.measures;
    const chosen = measures?.find((m) => m.key === measure);
    return useMemo((): Field<keyof Values>[] => {
      const fullScore = () => categories.byId.get(Number(categoryId))?.fullScore;
      return [
        { name: 'categoryId', label: '所属类别', type: 'select', required: true, options: categories.options, loading: categories.loading },
        {
          name: 'measure',
          label: '考核指标',
          type: 'select',
          required: true,
          options: (measures ?? []).map((m) => ({ value: m.key, label: `${m.name}（${m.unit}）` })),
          loading: scheme.isLoading,
          extra: chosen ? `${chosen.hint}；${chosen.better === 'higher' ? '越高越好' : '越低越好'}` : undefined,
        },
        { name: 'name', label: '规则名称', type: 'input', required: true },
        {
          name: 'bands',
          label: '扣分档',
          type: 'custom',
          required: true,
          render: (p) => <BandsInput {...(p as { value?: Band[]; onChange?: (v: Band[]) => void; id?: string })} unit={chosen?.unit ?? ''} />,
          rules: [bandsRule(fullScore)],
          dependencies: ['categoryId'],
          extra: '数值落在某一档 [下限, 上限) 时扣该档的分；不在任何一档不扣分；本月无数据的企业不扣分',
        },
        { name: 'enabled', label: '启用', type: 'switch' },
      ];
    }, [categories, measures, scheme.isLoading, chosen, categoryId]);
  },
  initial: (r) =>
    r
      ? { categoryId: String(r.categoryId), measure: r.measure, name: r.name, bands: r.bands, enabled: r.enabled }
      : { bands: [{ min: null, max: null, points: 1 }], enabled: true },
  save: (v, r, areaId) =>
    saveTrendRule({
      ...(r ? { id: r.id } : { areaId }),
      selfAreaId: areaId,
      categoryId: Number(v.categoryId),
      measure: v.measure,
      name: v.name.trim(),
      bands: v.bands,
      enabled: !!v.enabled,
    }),
};

const spec = defineCrud<TrendRule, 'selfAreaId', Values>({
  key: 'rateTrendRules',
  rowKey: 'id',
  areaFilter: true,
  filters: [],
  pageSize: 50,
  list: async (q) => onePage(await fetchTrendRules({ selfAreaId: q.selfAreaId })),
  columns: (kit) => [
    { title: '所属类别', dataIndex: 'categoryName', width: 130 },
    { title: '规则名称', dataIndex: 'name', width: 180 },
    { title: '考核指标', key: 'measure', width: 180, render: (_, r) => `${r.measureName}（${r.unit}）` },
    { title: '扣分档', key: 'bands', render: (_, r) => <Typography.Text>{bandsText(r.bands, r.unit)}</Typography.Text> },
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
          onChange={(on) => kit.run(() => enableTrendRule(r.id, on), on ? '规则已启用' : '规则已停用')}
        />
      ),
    },
  ],
  actionsWidth: 80,
  form,
  permissions: { edit: 'rating.edit' },
  refreshes: SCHEME_KEYS,
});

export default function TrendRulesTab() {
  return <CrudTab spec={spec} />;
}
