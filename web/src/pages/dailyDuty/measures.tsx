/**
 * 日常值守 · 响应统计 (#/dailyDuty/measures, issue 27 point 5): each enterprise's answers to its work
 * orders over a period (by creation time; default this month): received, answered, answered in time
 * and the share, median and 90th-percentile minutes, returned, overdue. GET /api/workOrder/measures
 * computes them (domain measureOrders, what the rating evaluation reads); an enterprise account sees
 * its own line. A figure opens the 工单 list of that enterprise and period.
 */
import { Button, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CrudTab, defineCrud } from '../../components/desk';
import { fetchMeasures } from './service';
import type { OrderMeasure } from './types';

/** The measures' answer as a page of the kit: every enterprise on one page, with the period computed. */
type MeasurePage = { lists: OrderMeasure[]; total: number; startTime: string; endTime: string };

const dash = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

function spec(open: (q: Record<string, string>) => void) {
  return defineCrud<OrderMeasure, 'startTime' | 'endTime' | 'selfAreaId', object, MeasurePage>({
    key: 'workOrderMeasures',
    rowKey: 'brandId',
    list: async (q) => {
      const d = await fetchMeasures({ selfAreaId: q.selfAreaId, startTime: q.startTime, endTime: q.endTime });
      return { lists: d.lists, total: d.lists.length, startTime: d.startTime, endTime: d.endTime };
    },
    areaFilter: true,
    pageSize: 50,
    filters: [{ name: 'startTime', label: '统计期', type: 'dateRange', names: ['startTime', 'endTime'] }],
    header: (kit) =>
      kit.data ? (
        <Typography.Paragraph type="secondary" className="duty-measure-note">
          统计期 {kit.data.startTime} 至 {kit.data.endTime}（按工单创建时间；未选择时为本月 1
          日至今）。按期响应：期限内反馈，或调度工单在期限内因站点恢复正常而自动办结；用时从工单创建算起。
        </Typography.Paragraph>
      ) : null,
    columns: (kit) => {
      const link = (row: OrderMeasure, n: number, state?: string) => (
        <Button
          type="link"
          size="small"
          disabled={n === 0}
          onClick={() =>
            open({
              brandId: String(row.brandId),
              ...(state ? { state } : {}),
              // the period the figures were counted over (the default one included), so the list counts the same orders
              ...(kit.data ? { startTime: kit.data.startTime, endTime: kit.data.endTime } : {}),
              ...(kit.filters.selfAreaId ? { selfAreaId: String(kit.filters.selfAreaId) } : {}),
            })
          }
        >
          {n}
        </Button>
      );
      return [
        { title: '企业', dataIndex: 'brandName', width: 140 },
        { title: '收到工单', dataIndex: 'received', width: 110, align: 'right', render: (n: number, r) => link(r, n) },
        { title: '已响应', dataIndex: 'answered', width: 100, align: 'right' },
        { title: '按期响应', dataIndex: 'answeredInTime', width: 100, align: 'right' },
        {
          title: '按期响应率',
          dataIndex: 'inTimeRate',
          width: 120,
          align: 'right',
          render: (v: number | null) => <span className={v !== null && v < 60 ? 'duty-overdue' : ''}>{dash(v, '%')}</span>,
        },
        { title: '响应用时中位数', dataIndex: 'medianMinutes', width: 140, align: 'right', render: (v: number | null) => dash(v, ' 分钟') },
        { title: '响应用时 90 分位', dataIndex: 'p90Minutes', width: 150, align: 'right', render: (v: number | null) => dash(v, ' 分钟') },
        { title: '被退回', dataIndex: 'returned', width: 90, align: 'right' },
        { title: '超时未响应', dataIndex: 'overdue', width: 110, align: 'right', render: (n: number, r) => link(r, n, 'overdue') },
      ];
    },
  });
}

export default function MeasuresTab() {
  const navigate = useNavigate();
  const declared = useMemo(() => spec((q) => void navigate(`/dailyDuty/workOrder?${new URLSearchParams(q)}`)), [navigate]);
  return <CrudTab spec={declared} />;
}
