/**
 * What the 打卡 tabs share: the names of roles, results and warning kinds (the server's, domain/clock.ts),
 * their tags and the filters every record list has (the enterprise filter is the kit's brandFilter).
 */
import { Tag } from 'antd';
import { CLOCK_RESULTS, WARN_KINDS } from '../../../../../server/src/domain/clock';
import { type Field, type Option, optionsOf } from '../../../components/desk';
import '../dailyDuty.css';
import './clock.css';

/** clockRole of the filters (and the to-do link): 1 运维人员, 2 监督员. */
const CLOCK_ROLE_OPTIONS = optionsOf({ 1: '运维人员', 2: '监督员' });
/** roleId of a config: the seeded roles 31 运维人员, 32 监督员. */
export const CONFIG_ROLE_OPTIONS = optionsOf({ 31: '运维人员', 32: '监督员' });
export const RESULT_OPTIONS = optionsOf(CLOCK_RESULTS);
export const KIND_OPTIONS = optionsOf(WARN_KINDS);
/** A config's days: 1 周一 .. 7 周日. */
const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];
export const DAY_OPTIONS: Option[] = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));

/** The same colour for the same thing on both lists: 迟到 orange, 范围外 magenta; 缺卡 (warnings only) red. */
const RESULT_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'magenta', 4: 'default' };
const KIND_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'magenta' };

export const ResultTag = ({ result, name }: { result: number; name: string }) => <Tag color={RESULT_COLORS[result] ?? 'default'}>{name}</Tag>;
export const KindTag = ({ kind, name }: { kind: number; name: string }) => <Tag color={KIND_COLORS[kind] ?? 'default'}>{name}</Tag>;

export const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/** The days of a config in words: 每天, 工作日, 周末 or the days listed. */
export function daysText(days: readonly number[]): string {
  const set = [...new Set(days)].sort((a, b) => a - b);
  const key = set.join(',');
  if (key === '1,2,3,4,5,6,7') return '每天';
  if (key === '1,2,3,4,5') return '工作日';
  if (key === '6,7') return '周末';
  return set.map((d) => WEEKDAYS[d - 1] ?? d).join('、') || '—';
}

export const ROLE_FILTER: Field<'clockRole'> = { name: 'clockRole', label: '角色', type: 'select', options: CLOCK_ROLE_OPTIONS };
export const USER_FILTER: Field<'userName'> = { name: 'userName', label: '人员', type: 'input', placeholder: '姓名或账号' };
export const rangeFilter = (label: string): Field<'startTime' | 'endTime'> => ({
  name: 'startTime',
  label,
  type: 'dateRange',
  names: ['startTime', 'endTime'],
});
