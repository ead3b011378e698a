/**
 * Work orders (工单, issue 27) as the console names and links them: the server's own tables
 * (server/src/domain/workOrders.ts), the type a site's fill suggests, and the links to
 * 日常值守 · 工单 with its filters (the list's query parameters).
 */
import { ALERT_ORDER_TYPE, ORDER_TYPES } from '../../../server/src/domain/workOrders';

export { ORDER_TYPES };

/** The list's type filter value for the dispatch orders (站点过满 and 站点过空 together). */
export const DISPATCH_FILTER = 'dispatch';
export const DISPATCH_FILTER_LABEL = '调度工单（过满或过空）';

/** What an empty 期限 means (the server's deadlineOf: the type's default, a dispatch order the site's response time). */
export const DEADLINE_EXTRA = '不填按类型：调度工单为站点的响应时间，站外还车 120 分钟，区域外停放 240 分钟，其他 24 小时';

/** The order type a site's flag suggests: 满桩 / 偏多 → 站点过满, 空桩 / 偏少 → 站点过空, else 其他. */
export function orderTypeOfFlag(flag: number | null | undefined): 1 | 2 | 8 {
  if (flag === 2 || flag === 3) return 1;
  if (flag === 0 || flag === 4) return 2;
  return 8;
}

/** The order type an alert of this type goes into, or null when alerts of its type make no order. */
export const alertOrderType = (abnormalType: number): number | null => ALERT_ORDER_TYPE[abnormalType] ?? null;

/** #/dailyDuty/workOrder with the list's filters (empty values left out). */
export function workOrderListPath(filters: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `/dailyDuty/workOrder${s ? `?${s}` : ''}`;
}
