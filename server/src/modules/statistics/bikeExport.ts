/** Bikes of the areas for the 车辆统计 export, paged by keyset on bike_id (memory stays flat at a million rows). */
import type { Database } from '../../db/client.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { formatTime } from '../../domain/time.js';

export interface BikeFilter {
  areaIds: string[];
  /** Asked brands (null: all). */
  brandIds: number[] | null;
  /** The enterprise user's own brand (null: any). */
  ownBrand: number | null;
  legality?: number;
}

export interface BikeRow {
  bikeId: string;
  brandName: string | null;
  bikeType: number;
  status: number;
  legality: number;
  siteId: string | null;
  siteName: string | null;
  lon: number;
  lat: number;
  licenseCode: string | null;
  reportedAt: Date;
}

export async function* bikePages(database: Database, f: BikeFilter, pageSize = 5000): AsyncIterable<BikeRow[]> {
  const base: unknown[] = [f.areaIds];
  let where = 'l.area_id = any($1::varchar[])';
  if (f.brandIds) where += ` and l.brand_id = any($${base.push(f.brandIds)}::int[])`;
  if (f.ownBrand !== null) where += ` and l.brand_id = $${base.push(f.ownBrand)}`;
  if (f.legality !== undefined) where += ` and l.legality = $${base.push(f.legality)}`;
  let last: string | null = null;
  for (;;) {
    const params = [...base];
    const keyset: string = last === null ? '' : ` and l.bike_id > $${params.push(last)}`;
    const rows: BikeRow[] = await database.query<BikeRow>(
      `select l.bike_id as "bikeId", b.brand_name as "brandName", l.bike_type as "bikeType", l.status, l.legality,
              l.site_id as "siteId", s.site_name as "siteName", l.lon, l.lat, k.license_code as "licenseCode", l.reported_at as "reportedAt"
         from bike_live l
         left join brands b on b.id = l.brand_id
         left join sites s on s.id = l.site_id
         left join bikes k on k.bike_id = l.bike_id
        where ${where}${keyset}
        order by l.bike_id limit ${pageSize}`,
      params,
    );
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1].bikeId;
  }
}

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
  { header: '最后上报时间', width: 22, value: (r) => formatTime(r.reportedAt, tz) },
];
