/** 批量修改: the switches, thresholds and response minutes of the chosen sites; only the fields filled in are sent. */
import { FormDialog, type Field } from '../../components/desk';
import { lessThanMore, siteInt } from './siteFields';
import { batchSites } from './service';
import type { BatchFields } from './types';

type Key = 'recycleSwitch' | 'majorSwitch' | 'brandPutSwitch' | 'dispatchThresholdLess' | 'dispatchThresholdMore' | 'dispatchResponseMinute';
type Values = Partial<Record<Key, string | number | null>>;

const KEEP = '不修改';
const ON_OFF = [
  { value: '1', label: '是' },
  { value: '0', label: '否' },
];

const BATCH_FIELDS: Field<Key>[] = [
  { name: 'recycleSwitch', label: '回收站点', type: 'select', options: ON_OFF, placeholder: KEEP },
  { name: 'majorSwitch', label: '重点站点', type: 'select', options: ON_OFF, placeholder: KEEP },
  { name: 'brandPutSwitch', label: '允许投放', type: 'select', options: ON_OFF, placeholder: KEEP },
  {
    name: 'dispatchThresholdLess',
    label: '偏少阈值（%）',
    type: 'number',
    placeholder: KEEP,
    rules: [siteInt('dispatchThresholdLess', '偏少阈值'), lessThanMore('less')],
  },
  {
    name: 'dispatchThresholdMore',
    label: '偏多阈值（%）',
    type: 'number',
    placeholder: KEEP,
    rules: [siteInt('dispatchThresholdMore', '偏多阈值'), lessThanMore('more')],
  },
  { name: 'dispatchResponseMinute', label: '调度响应（分钟）', type: 'number', placeholder: KEEP, rules: [siteInt('dispatchResponseMinute', '调度响应分钟')] },
];

const SWITCHES: readonly Key[] = ['recycleSwitch', 'majorSwitch', 'brandPutSwitch'];

/** The fields filled in, as the batch call takes them (switches as booleans). */
export function batchFields(v: Values): BatchFields {
  const out: Record<string, boolean | number> = {};
  for (const f of BATCH_FIELDS) {
    const x = v[f.name];
    if (x === undefined || x === null || x === '') continue;
    out[f.name] = SWITCHES.includes(f.name) ? x === '1' : Number(x);
  }
  return out as BatchFields;
}

export default function BatchEdit({ siteIds, onClose, onDone }: { siteIds: string[]; onClose: () => void; onDone: () => Promise<unknown> }) {
  const submit = async (v: Values) => {
    const fields = batchFields(v);
    if (!Object.keys(fields).length) throw new Error('请至少填写一项要修改的内容');
    await batchSites({ siteIds, fields });
    await onDone();
  };
  return (
    <FormDialog<Values>
      open
      title={`批量修改（已选 ${siteIds.length} 个站点）`}
      fields={BATCH_FIELDS}
      width={560}
      success="站点保存成功！"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
