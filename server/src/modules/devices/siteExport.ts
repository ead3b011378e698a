/** Columns of 站点列表.xlsx: the console's site list, one row a site. */
import type { XlsxColumn } from '../../http/xlsx.js';
import type { SiteOut } from '../../shared/siteList.js';

const yes = (v: boolean) => (v ? '是' : '否');

export const siteColumns: XlsxColumn<SiteOut>[] = [
  { header: '站点编号', width: 18, value: (r) => r.siteId },
  { header: '站点名称', width: 28, value: (r) => r.siteName },
  { header: '区域', width: 12, value: (r) => r.areaName },
  { header: '车辆数', value: (r) => r.num },
  { header: '自行车', value: (r) => r.bikeNum },
  { header: '电动车', value: (r) => r.ebikeNum },
  { header: '容量', value: (r) => r.capacity },
  { header: '状态', value: (r) => r.status },
  { header: '统计时间', width: 22, value: (r) => r.stateTime ?? '' },
  { header: '设备数', value: (r) => r.pileNum },
  { header: '蓝牙桩', value: (r) => r.bleNum },
  { header: '回收', value: (r) => yes(r.recycleSwitch) },
  { header: '重点', value: (r) => yes(r.majorSwitch) },
  { header: '允许投放', value: (r) => yes(r.brandPutSwitch) },
  { header: '偏少阈值', value: (r) => r.dispatchThresholdLess },
  { header: '偏多阈值', value: (r) => r.dispatchThresholdMore },
  { header: '调度响应分钟', value: (r) => r.dispatchResponseMinute },
  { header: '中心经度', width: 14, value: (r) => r.siteLon },
  { header: '中心纬度', width: 14, value: (r) => r.siteLat },
  { header: '创建时间', width: 22, value: (r) => r.createTime },
];
