/**
 * 米单车管理 · 匹配规则 (#/miBicycle/notUploadRule): each enterprise's rules that turn what a pile
 * hears into a bike id, a MAC (the default) or a BLE name: prefix and length of what is heard, the
 * part extracted (start from 0, length) and the bike id's prefix and length. 预览 in the dialog shows
 * what the rule would match among what the piles heard in the last 24 hours, before it is saved. The
 * server refuses an extract range past the length and two rules of one enterprise matching the same.
 */
import { Alert, Button, Space, Table, Tag, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { type CrudForm, CrudTab, type Field, type Option, defineCrud, tellFailure, brandFilter, useAreaBrands } from '../../../components/desk';
import { createRule, deleteRule, fetchRules, previewRule, updateRule } from './service';
import type { KindText, Preview, Rule, RuleInput, RuleKey } from './types';

export const KIND_OPTIONS = [
  { value: '2', label: 'MAC 规则' },
  { value: '1', label: '蓝牙名称规则' },
];
const kindOf = (v: unknown): KindText => (v === '1' || v === 1 ? '1' : '2');
const noun = (k: KindText) => (k === '1' ? '名称' : 'MAC');

type Values = {
  brandId?: string;
  namePrefix: string;
  nameLength?: number | null;
  bikeIdPrefix: string;
  bikeIdLength?: number | null;
  bikeIdExtractStart: number;
  bikeIdExtractLength?: number | null;
};

const bodyOf = (v: Values, selfAreaId?: string): RuleInput => ({
  selfAreaId,
  brandId: Number(v.brandId),
  namePrefix: (v.namePrefix ?? '').trim(),
  nameLength: v.nameLength ?? null,
  bikeIdPrefix: (v.bikeIdPrefix ?? '').trim(),
  bikeIdLength: v.bikeIdLength ?? null,
  bikeIdExtractStart: v.bikeIdExtractStart ?? 0,
  bikeIdExtractLength: v.bikeIdExtractLength ?? null,
});

const fieldsOf = (k: KindText, brands: Option[]): Field[] => [
  { name: 'brandId', label: '企业', type: 'select', options: brands, required: true },
  {
    name: 'namePrefix',
    label: `${noun(k)}前缀`,
    type: 'input',
    placeholder: k === '2' ? '如 E0B6F50（十六进制，可带冒号）' : '如 QJBLE_',
    extra: k === '2' ? 'MAC 按去掉冒号、大写的 12 位读取' : undefined,
  },
  { name: 'nameLength', label: `${noun(k)}长度`, type: 'number', placeholder: k === '2' ? '12 或不填' : '不填：不限' },
  { name: 'bikeIdExtractStart', label: '提取起始位置', type: 'number', required: true, extra: '从 0 算起' },
  { name: 'bikeIdExtractLength', label: '提取长度', type: 'number', placeholder: '不填：到末尾' },
  { name: 'bikeIdPrefix', label: '车辆编号前缀', type: 'input', placeholder: '加在提取部分之前，如 QJ000' },
  { name: 'bikeIdLength', label: '车辆编号长度', type: 'number', placeholder: '不填：不限' },
];

/** 预览: what the dialog's rule would match now (nothing is saved). */
function RulePreview({ kind, form, selfAreaId }: { kind: KindText; form: FormInstance<Values>; selfAreaId?: string }) {
  const [result, setResult] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setResult(await previewRule(kind, bodyOf(form.getFieldsValue(true), selfAreaId)));
    } catch (e) {
      setResult(null);
      tellFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="nu-preview" data-testid="rule-preview" style={{ width: 500 }}>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={run} loading={busy}>
          预览
        </Button>
        <span style={{ color: '#888' }}>在近 24 小时桩听到的设备中试用本规则（不保存）</span>
      </Space>
      {result && (
        <>
          <Alert
            type={result.matched ? 'success' : 'info'}
            showIcon
            style={{ marginBottom: 8 }}
            message={`听到 ${result.heard} 台设备，规则匹配 ${result.matched} 辆，其中企业未上报 ${result.notUploaded} 辆`}
          />
          <Table
            size="small"
            rowKey={(r) => `${r.siteId}|${r.mac}`}
            pagination={false}
            scroll={{ y: 300 }}
            dataSource={result.lists}
            columns={[
              { title: kind === '2' ? 'MAC' : '蓝牙名称', key: 'heard', width: 160, render: (_: unknown, r) => (kind === '2' ? r.mac : r.name) },
              { title: '车辆编号', dataIndex: 'bikeId', width: 120 },
              { title: '站点', dataIndex: 'siteName', ellipsis: true },
              { title: '上报', dataIndex: 'reported', width: 70, render: (v: boolean) => (v ? <Tag>已上报</Tag> : <Tag color="red">未上报</Tag>) },
            ]}
          />
        </>
      )}
    </div>
  );
}

const ruleForm = (brands: Option[]): CrudForm<Rule, Values> => ({
  noun: '匹配规则',
  rulesOf: '/api/miApp/brandBikeNotUploadMacRule',
  useFields: (row, _form, { filters }) => fieldsOf(kindOf(row?.kind ?? filters.kind), brands),
  useAside: function useRuleAside(row, form, { filters }) {
    return <RulePreview kind={kindOf(row?.kind ?? filters.kind)} form={form} selfAreaId={filters.selfAreaId} />;
  },
  initial: (row) =>
    row
      ? { ...row, brandId: String(row.brandId) }
      : { brandId: brands.length === 1 ? brands[0].value : undefined, namePrefix: '', bikeIdPrefix: '', bikeIdExtractStart: 0 },
  save: (v, row, areaId, filters) => {
    const kind = kindOf(row?.kind ?? filters.kind);
    const body = bodyOf(v, filters.selfAreaId);
    return row ? updateRule(kind, row.id, body) : createRule(kind, body);
  },
  dialog: { width: 1000, horizontal: true },
});

export default function RulesTab() {
  const brands = useAreaBrands();
  const spec = useMemo(() => {
    return defineCrud<Rule, RuleKey, Values>({
      key: 'miNotUploadRules',
      rowKey: 'id',
      list: fetchRules,
      areaFilter: true,
      permissions: { edit: 'miBicycle.edit' },
      filters: [{ name: 'kind', label: '规则类型', type: 'select', options: KIND_OPTIONS, placeholder: 'MAC 规则' }, brandFilter(brands)],
      columns: [
        { title: '编号', dataIndex: 'id', width: 70 },
        { title: '企业', dataIndex: 'brandName', width: 110 },
        { title: '类型', dataIndex: 'kind', width: 110, render: (k: number) => (k === 2 ? 'MAC 规则' : '蓝牙名称规则') },
        { title: '前缀', dataIndex: 'namePrefix', render: (v: string) => v || '—' },
        { title: '长度', dataIndex: 'nameLength', width: 70, render: (v: number | null) => v ?? '不限' },
        { title: '提取起始', dataIndex: 'bikeIdExtractStart', width: 90 },
        { title: '提取长度', dataIndex: 'bikeIdExtractLength', width: 90, render: (v: number | null) => v ?? '到末尾' },
        { title: '车辆编号前缀', dataIndex: 'bikeIdPrefix', render: (v: string) => v || '—' },
        { title: '车辆编号长度', dataIndex: 'bikeIdLength', width: 110, render: (v: number | null) => v ?? '不限' },
        { title: '更新时间', dataIndex: 'updateTime', width: 170 },
      ],
      form: ruleForm(brands.options),
      remove: { what: (r) => `${r.brandName}的这条匹配规则`, call: (r) => deleteRule(kindOf(r.kind), r.id), success: '匹配规则已删除' },
      refreshes: [['desk', 'miNotUploaded']],
    });
  }, [brands]);
  return <CrudTab spec={spec} />;
}
