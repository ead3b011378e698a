/**
 * The filing spreadsheet: its columns (English keys of the open API or their Chinese names), a data
 * row turned into the open API's item, and the open API's reasons said with the column's name.
 * Pure.
 */
import type { CellValue } from '../../shared/xlsxReader.js';
import { storableText } from '../../domain/text.js';

export type FilingField = 'bikeId' | 'bikeType' | 'frameCode' | 'imeiCode' | 'licenseCode' | 'bikeMac';

/** The columns in template order: the open API's field, the Chinese header, and the names a header may use. */
export const COLUMNS: { field: FilingField; label: string; names: string[]; required: boolean; example: (string | number)[] }[] = [
  { field: 'bikeId', label: '车辆编号', names: ['bikeid', '车辆编号', '车辆id', '车辆号', '编号'], required: true, example: ['MT0000001', 'MT0000002'] },
  { field: 'bikeType', label: '车辆类型', names: ['biketype', 'type', '车辆类型', '类型'], required: true, example: ['自行车', '电动车'] },
  { field: 'frameCode', label: '车架号', names: ['framecode', 'frame', '车架号', '车架编号'], required: false, example: ['F20250001', 'F20250002'] },
  { field: 'imeiCode', label: 'IMEI', names: ['imeicode', 'imei', 'imei号', '设备imei'], required: false, example: ['860000000000001', '860000000000002'] },
  {
    field: 'licenseCode',
    label: '车牌号',
    names: ['licensecode', 'license', 'plate', '车牌号', '车牌', '号牌'],
    required: false,
    example: ['', '京A00001'],
  },
  {
    field: 'bikeMac',
    label: '蓝牙MAC',
    names: ['bikemac', 'mac', '蓝牙mac', 'mac地址', '蓝牙mac地址', '车锁mac'],
    required: false,
    example: ['AA:BB:CC:00:00:01', 'AA:BB:CC:00:00:02'],
  },
];

const LABEL = new Map(COLUMNS.map((c) => [c.field, c.label]));

/** A header as compared: no spaces, no *, no bracketed note (车辆编号（必填） → 车辆编号), lower case. */
const norm = (v: CellValue) =>
  String(v ?? '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[\s*＊:：]/g, '')
    .toLowerCase();

/** Where each field's column is (cell index), from the header row; or the refusal naming the missing columns. */
export function mapHeader(cells: CellValue[]): { ok: true; at: Partial<Record<FilingField, number>> } | { ok: false; reason: string } {
  const at: Partial<Record<FilingField, number>> = {};
  cells.forEach((c, i) => {
    const n = norm(c);
    const col = COLUMNS.find((x) => x.names.includes(n));
    if (col && at[col.field] === undefined) at[col.field] = i;
  });
  const missing = COLUMNS.filter((c) => c.required && at[c.field] === undefined);
  if (missing.length) {
    return {
      ok: false,
      reason: `表头缺少 ${missing.map((c) => `${c.label}（${c.field}）`).join('、')} 列：第一行应为表头（车辆编号、车辆类型、车架号、IMEI、车牌号、蓝牙MAC），请下载模板填写`,
    };
  }
  return { ok: true, at };
}

const TYPES: Record<string, 0 | 1> = { '0': 0, '1': 1, 自行车: 0, 单车: 0, 电动车: 1, 电单车: 1, 电动自行车: 1 };

/** A data row as the open API's item (`bikeType` 自行车/电动车 or 0/1); other text is left for the check to refuse. */
export function toItem(cells: CellValue[], at: Partial<Record<FilingField, number>>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const i = at[c.field];
    let v: unknown = i === undefined ? undefined : cells[i];
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') v = v.trim();
    if (c.field === 'bikeType') {
      const t = TYPES[String(v)];
      item.bikeType = t ?? v;
    } else if (c.field === 'bikeId') item.bikeId = v;
    else item[c.field] = typeof v === 'number' ? String(v) : v;
  }
  return item;
}

/** The row's cells as kept (text, storable, at most 200 characters each), for the two lists. */
export function rowText(cells: CellValue[], at: Partial<Record<FilingField, number>>): Record<FilingField, string | null> {
  const out = {} as Record<FilingField, string | null>;
  for (const c of COLUMNS) {
    const i = at[c.field];
    const v = i === undefined ? null : cells[i];
    out[c.field] = v === null || v === undefined || v === '' ? null : storableText(String(v)).slice(0, 200);
  }
  return out;
}

const FIELD_RE = /\b(bikeId|bikeType|frameCode|imeiCode|licenseCode|bikeMac)\b ?/g;

/** The open API's reason with each field said as its column (bikeType 只能是 0、1 → 车辆类型（bikeType）只能是 0、1). */
export const columnReason = (reason: string) => reason.replace(FIELD_RE, (_m, f: string) => `${LABEL.get(f as FilingField)}（${f}）`);
