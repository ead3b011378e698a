/**
 * 米单车管理 · 巡检统计 (#/miBicycle/inspectionStats, issue 29 point 2): per inspector and day how
 * many patrols and with which result (正常, 违停, 故障, 非法车辆). The filters are 巡检记录's, in the
 * URL; 导出 (巡检统计.xlsx) takes them.
 */
import { useMemo } from 'react';
import { CrudTab, defineCrud } from '../../../components/desk';
import { useInspectionFilters } from './records';
import { exportInspectionDays, fetchInspectionDays } from './service';
import type { InspectionDay, InspectionKey } from './types';

export default function InspectionStatsTab() {
  const filters = useInspectionFilters();
  const spec = useMemo(
    () =>
      defineCrud<InspectionDay, InspectionKey>({
        key: 'miInspectionDays',
        rowKey: (d) => `${d.day}-${d.userId}`,
        list: fetchInspectionDays,
        areaFilter: true,
        filters,
        columns: [
          { title: '日期', dataIndex: 'day', width: 120 },
          { title: '巡检员', dataIndex: 'miUserName', width: 140 },
          { title: '巡检次数', dataIndex: 'total', width: 100, align: 'right' },
          { title: '正常', dataIndex: 'normal', width: 90, align: 'right' },
          { title: '违停', dataIndex: 'parking', width: 90, align: 'right' },
          { title: '故障', dataIndex: 'fault', width: 90, align: 'right' },
          { title: '非法车辆', dataIndex: 'illegal', width: 100, align: 'right' },
        ],
        exportCall: exportInspectionDays,
      }),
    [filters],
  );
  return <CrudTab spec={spec} />;
}
