/**
 * 米单车管理 · 安装记录 (#/miBicycle/install, issue 29 point 3): the piles installed through the field
 * app — who, when, where (site and the phone's position), the MAC and the photos (large on a click).
 * Filters in the URL: area, MAC, site, installer, dates; 导出 (设备安装记录.xlsx) takes them.
 */
import { CrudTab, defineCrud } from '../../../components/desk';
import { Photos } from '../../../components/uploads';
import { dash, position } from '../inspections/cells';
import { exportInstalls, fetchInstalls } from './service';
import type { Install, InstallKey } from './types';

const spec = defineCrud<Install, InstallKey>({
  key: 'miInstalls',
  rowKey: 'id',
  list: fetchInstalls,
  areaFilter: true,
  filters: [
    { name: 'equipmentMac', label: '设备MAC', type: 'input' },
    { name: 'siteId', label: '站点编号', type: 'input' },
    { name: 'miUserName', label: '安装人', type: 'input', placeholder: '姓名或账号' },
    { name: 'startTime', names: ['startTime', 'endTime'], label: '安装日期', type: 'dateRange' },
  ],
  columns: [
    { title: '安装时间', dataIndex: 'installTime', width: 170 },
    { title: '安装人', dataIndex: 'installerName', width: 110 },
    { title: '区域', dataIndex: 'areaName', width: 100, render: dash },
    { title: '设备MAC', dataIndex: 'equipmentMac', width: 170 },
    { title: '站点编号', dataIndex: 'siteId', width: 150 },
    { title: '站点名称', dataIndex: 'siteName', render: dash },
    { title: '位置', key: 'pos', width: 190, render: (_: unknown, r: Install) => position(r.lon, r.lat) },
    { title: '照片', dataIndex: 'photos', width: 170, render: (p: string[]) => <Photos urls={p} alt="安装照片" /> },
  ],
  exportCall: exportInstalls,
});

export default function InstallsTab() {
  return <CrudTab spec={spec} />;
}
