/**
 * Bikes of the areas for the 车辆统计 export. The matching bike ids are read first, sorted, in one
 * query (a single pass, whatever plan the statistics lead to; about 50 bytes of memory per bike);
 * then the rows are fetched a page of ids at a time, each id looked up by primary key (LATERAL ...
 * LIMIT 1 keeps that a keyed nested loop) and site name and plate read by key too. Paging by keyset
 * with joins (`bike_id > $last ... order by bike_id limit n`) joined and sorted every remaining bike
 * of the area for every page when the planner chose the area index (as it does on a freshly loaded,
 * unanalysed table, and PGlite has no autovacuum): ~45 s of database time for 200,000 bikes.
 * Filters are applied again on every page, so a bike that left the area since the ids were read is
 * not exported. The queries are repo.ts's bikePages; this file holds the sheet's columns.
 */
import type { XlsxColumn } from '../../http/xlsx.js';
import { minuteCachedFormat } from '../../domain/time.js';

import type { BikeRow } from './repo.js';

export const bikeColumns = (tz: string): XlsxColumn<BikeRow>[] => [
  { header: '车辆编号', width: 20, value: (r) => r.bikeId },
  { header: '品牌', value: (r) => r.brandName ?? '' },
  { header: '车辆类型', value: (r) => (r.bikeType === 1 ? '电动车' : '自行车') },
  { header: '车辆状态', value: (r) => (r.status === 2 ? '骑行中' : r.siteId ? '站内停放' : '站外停放') },
  { header: '是否合法', value: (r) => (r.legality === 1 ? '非法（未备案）' : '合法') },
  { header: '站点编号', width: 18, value: (r) => r.siteId ?? '' },
  { header: '站点名称', width: 24, value: (r) => r.siteName ?? '' },
  { header: '经度', width: 14, value: (r) => r.lon },
  { header: '纬度', width: 14, value: (r) => r.lat },
  { header: '车牌号', width: 14, value: (r) => r.licenseCode ?? '' },
  {
    header: '最后上报时间',
    width: 22,
    value: (
      (format) => (r: BikeRow) =>
        format(r.reportedAt)
    )(minuteCachedFormat(tz)),
  },
];
