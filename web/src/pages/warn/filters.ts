/** Declarations of the abnormal list: its filters (URL = API parameters) and the 处理 form. */
import { ABNORMAL_TYPES } from '../../lib/abnormal';
import { type Field, optionsOf } from '../../components/desk';
import type { AreaBrand, WarnKey } from './types';

/** The filters; the brand options come from the area, the area filter only for area users (level ≥ 2). */
export function warnFilters(brands: AreaBrand[], withArea: boolean, brandsLoading = false): Field<WarnKey>[] {
  const fields: Field<WarnKey>[] = [
    { name: 'abnormalType', label: '异常类型', type: 'select', multiple: true, options: optionsOf(ABNORMAL_TYPES) },
    {
      name: 'brandId',
      label: '品牌',
      type: 'select',
      options: brands.map((b) => ({ value: String(b.brandId), label: b.brandName })),
      loading: brandsLoading,
    },
    { name: 'startTime', label: '发生时间', type: 'dateRange', names: ['startTime', 'endTime'] },
    { name: 'handled', label: '处理状态', type: 'select', options: optionsOf({ 0: '未处理', 1: '已处理' }) },
    { name: 'closed', label: '异常状态', type: 'select', options: optionsOf({ 0: '进行中', 1: '已结束' }) },
    { name: 'site', label: '站点', type: 'input', placeholder: '站点编号或名称' },
    { name: 'bikeId', label: '车辆编号', type: 'input' },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

/** The 处理 form: what is being marked handled (updateMsg takes the ids only). */
export const HANDLE_FORM: Field[] = [
  { name: 'abnormalTypeName', label: '异常类型', type: 'display' },
  { name: 'brandName', label: '品牌', type: 'display', render: (v) => String(v || '—') },
  { name: 'bikeId', label: '车辆编号', type: 'display', render: (v) => String(v || '—') },
  { name: 'siteName', label: '站点', type: 'display', render: (v) => String(v || '—') },
  { name: 'detail', label: '详情', type: 'display', render: (v) => String(v || '—') },
  { name: 'createTime', label: '发生时间', type: 'display' },
];
