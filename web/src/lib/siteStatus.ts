/** Site flag labels and colours, messageType labels and the status filter (spec §4). */

export type SiteFlag = 0 | 1 | 2 | 3 | 4;

export interface FlagStyle {
  label: string;
  /** antd Tag colour name */
  tag: string;
  /** hex colour for charts and markers */
  color: string;
}

/** 0 empty (blue), 1 normal (green), 2 full (red), 3 too many (orange), 4 too few (warning gold). */
export const FLAG_STYLES: Record<SiteFlag, FlagStyle> = {
  0: { label: '空桩', tag: 'blue', color: '#1677ff' },
  1: { label: '正常', tag: 'green', color: '#52c41a' },
  2: { label: '满桩', tag: 'red', color: '#ff4d4f' },
  3: { label: '偏多', tag: 'orange', color: '#fa8c16' },
  4: { label: '偏少', tag: 'gold', color: '#faad14' },
};

/** Style of a flag; unknown flags are shown as normal. */
export function flagStyle(flag: number | string | null | undefined): FlagStyle {
  if (flag === null || flag === undefined || flag === '') return FLAG_STYLES[1];
  const n = Number(flag);
  return n in FLAG_STYLES ? FLAG_STYLES[n as SiteFlag] : FLAG_STYLES[1];
}

const MESSAGE_TYPES: Record<string, { label: string; flag: SiteFlag }> = {
  empty: { label: '空桩', flag: 0 },
  less: { label: '偏少', flag: 4 },
  more: { label: '偏多', flag: 3 },
  full: { label: '满桩', flag: 2 },
};

/** messageType → label: empty 空桩, less 偏少, more 偏多, full 满桩, anything else 正常. */
export function messageTypeLabel(type: string | null | undefined): string {
  return MESSAGE_TYPES[type ?? '']?.label ?? '正常';
}

/** messageType → site flag (anything else 1 normal). */
export function messageTypeFlag(type: string | null | undefined): SiteFlag {
  return MESSAGE_TYPES[type ?? '']?.flag ?? 1;
}

/** Status filter values: 满桩=1, 偏多=2, 偏少=3, 空桩=4. */
export const STATUS_FILTER_OPTIONS = [
  { label: '满桩', value: 1 },
  { label: '偏多', value: 2 },
  { label: '偏少', value: 3 },
  { label: '空桩', value: 4 },
] as const;
