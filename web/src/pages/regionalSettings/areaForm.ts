/** 编辑区域: the fields of spec §3 an area administrator edits, their values and the edit call's body. */
import type { Field } from '../../components/desk';
import { optionsOf, serverField, serverRules } from '../../components/desk';
import type { Area, AreaEdit } from './types';

/** The area routes (POST and PUT /api/area/) and their bounds. */
const AREA = '/api/area/';
const CODE_MAX = serverField(AREA, 'platformCode').maxLength;

export interface AreaFormValues {
  areaName: string;
  areaCode: string;
  aggregation: string;
  aggregationId?: string | null;
  platformCode?: string | null;
  monitorOpen: boolean;
  isOpen: boolean;
  gbfsPublic: boolean;
  siteCount?: number | null;
}

export const AGGREGATION = { 0: '否（独立统计）', 1: '是（并入聚合区域）' } as const;

/** What 聚合区域 chooses, said where it is chosen and shown. */
export const AGGREGATION_HELP = '否：本区域的站点与车辆单独统计；是：本区域并入“聚合区域编码”所指的区域一起统计（须填编码）。';

/**
 * What 聚合视图 (isAggregation, spec §6) says: derived from the two fields above, 是 when they agree
 * (否 without a code, or 是 with one). An area counted on its own is therefore a 聚合视图 too.
 */
export const AGGREGATION_VIEW_HELP =
  '由“聚合区域”与“聚合区域编码”得出：选“否”且未填编码，或选“是”并填了编码时为“是”，表示本区域的统计口径完整（独立统计的区域自身即一个口径），大屏站点排名可导出；两项不一致时为“否”。';

/** What 公开发布 does, said where it is switched and shown. */
export const GBFS_PUBLIC_HELP =
  '开启后，本区域的站点、可用车辆与禁停区以 GBFS 3.0 格式公开（/api/feed/v1/gbfs/区域编码/gbfs.json），任何人无需密钥即可读取；关闭时仅持本区域第三方授权密钥者可读取。';

export const AREA_FORM: Field<keyof AreaFormValues>[] = [
  { name: 'areaCode', label: '区域编码', type: 'display' },
  { name: 'areaName', label: '区域名称', type: 'input', required: true, rules: serverRules(AREA, 'areaName', '区域名称') },
  { name: 'aggregation', label: '聚合区域', type: 'select', required: true, options: optionsOf(AGGREGATION), extra: AGGREGATION_HELP },
  {
    name: 'aggregationId',
    label: '聚合区域编码',
    type: 'input',
    placeholder: '6 位区域编码，可空',
    // the server takes up to 6 characters; the form asks for an area code (the area routes' id pattern)
    rules: [{ pattern: new RegExp(serverField(AREA, 'id').pattern), message: '聚合区域编码为 6 位数字' }],
  },
  { name: 'platformCode', label: '平台编码', type: 'input', placeholder: '可空', rules: [{ max: CODE_MAX, message: `平台编码最多 ${CODE_MAX} 个字符` }] },
  { name: 'monitorOpen', label: '开启监控', type: 'switch' },
  { name: 'isOpen', label: '对外开放', type: 'switch' },
  { name: 'gbfsPublic', label: '公开发布', type: 'switch', extra: GBFS_PUBLIC_HELP },
  { name: 'siteCount', label: '站点数', type: 'display', render: (v) => (typeof v === 'number' ? `${v} 个` : '—') },
];

export function areaValues(a: Area, siteCount: number | undefined): AreaFormValues {
  return {
    areaName: a.areaName,
    areaCode: a.areaCode,
    aggregation: String(a.aggregation),
    aggregationId: a.aggregationId,
    platformCode: a.platformCode,
    monitorOpen: a.monitorOpen,
    isOpen: a.isOpen,
    gbfsPublic: a.gbfsPublic,
    siteCount: siteCount ?? null,
  };
}

/** The edit body: the shown values left out, empty codes as null. */
export function areaBody(id: string, v: AreaFormValues): AreaEdit {
  const text = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return {
    id,
    areaName: v.areaName.trim(),
    aggregation: Number(v.aggregation),
    aggregationId: text(v.aggregationId),
    platformCode: text(v.platformCode),
    monitorOpen: !!v.monitorOpen,
    isOpen: !!v.isOpen,
    gbfsPublic: !!v.gbfsPublic,
  };
}
