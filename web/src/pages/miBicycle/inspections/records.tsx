/**
 * 米单车管理 · 巡检记录 (#/miBicycle/inspection, issue 29 point 2): the patrol records the field app's
 * inspectors send — inspector, bike (id or the BLE MAC scanned), enterprise, site, result, note,
 * position and photos (large on a click). Filters in the URL: area, inspector, bike, result,
 * enterprise, dates. 导出 (巡检记录.xlsx) and 导出巡检清单 (巡检清单.xlsx) take the same filters.
 */
import { Tag } from 'antd';
import { useMemo } from 'react';
import { CrudTab, ExportButton, type Field, defineCrud, optionsOf, brandFilter, useAreaBrands } from '../../../components/desk';
import { exportCheckList, exportInspections, fetchInspections } from './service';
import { Photos } from '../../../components/uploads';
import { dash, position } from './cells';
import type { Inspection, InspectionKey } from './types';

const RESULTS: Record<number, string> = { 1: '正常', 2: '违停', 3: '故障', 4: '非法车辆' };
const RESULT_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red', 4: 'purple' };

/** The filters both inspection tabs share (the calls take the same). */
export function useInspectionFilters(): Field<InspectionKey>[] {
  const brands = useAreaBrands();
  return useMemo(
    () => [
      { name: 'miUserName', label: '巡检员', type: 'input', placeholder: '姓名或账号' },
      { name: 'bikeId', label: '车辆', type: 'input', placeholder: '车辆编号或蓝牙 MAC' },
      { name: 'result', label: '巡检结果', type: 'select', options: optionsOf(RESULTS) },
      brandFilter(brands),
      { name: 'startTime', names: ['startTime', 'endTime'], label: '巡检日期', type: 'dateRange' },
    ],
    [brands],
  );
}

export default function InspectionsTab() {
  const filters = useInspectionFilters();
  const spec = useMemo(
    () =>
      defineCrud<Inspection, InspectionKey>({
        key: 'miInspections',
        rowKey: 'id',
        list: fetchInspections,
        areaFilter: true,
        filters,
        columns: [
          { title: '巡检时间', dataIndex: 'inspectionTime', width: 170 },
          { title: '巡检员', dataIndex: 'miUserName', width: 110 },
          { title: '区域', dataIndex: 'areaName', width: 100, render: dash },
          { title: '车辆', key: 'bike', width: 170, render: (_: unknown, r: Inspection) => r.bikeId ?? r.bikeMac ?? '—' },
          { title: '企业', dataIndex: 'brandName', width: 100, render: (v: string | null) => v ?? '未备案' },
          { title: '站点', key: 'site', width: 160, render: (_: unknown, r: Inspection) => r.siteName ?? r.siteId ?? '—' },
          {
            title: '巡检结果',
            dataIndex: 'result',
            width: 100,
            render: (v: number, r: Inspection) => <Tag color={RESULT_COLORS[v]}>{r.resultName}</Tag>,
          },
          { title: '备注', dataIndex: 'note', ellipsis: true, render: dash },
          { title: '位置', key: 'pos', width: 190, render: (_: unknown, r: Inspection) => position(r.lon, r.lat) },
          { title: '照片', dataIndex: 'photos', width: 170, render: (p: string[]) => <Photos urls={p} alt="巡检照片" /> },
        ],
        exportCall: exportInspections,
        toolbarRight: (kit) => <ExportButton label="导出巡检清单" run={() => exportCheckList(kit.filters)} />,
      }),
    [filters],
  );
  return <CrudTab spec={spec} />;
}
