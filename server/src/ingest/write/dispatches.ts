/** Dispatches (调度: a bike taken up from or put down at a site), and puts at a site that refuses them. */
import type { Database } from '../../db/client.js';
import type { GeoCache } from '../../shared/geoCache.js';
import type { DispatchEvent } from '../validate.js';
import { foreignReason, ownerBrand, ownersOf } from '../../shared/bikeOwners.js';
import { lateHours, markCte } from '../late.js';
import { iso, type Brand } from './common.js';
import { type Indexed, type Rejection } from '../../shared/itemCheck.js';
import { recordAbnormal } from './abnormal.js';

type DispatchRow = DispatchEvent & { bikeType: number; areaId: string; allowed: boolean; lon: number; lat: number };

/** The dispatches to write (one per id, sorted) and the refusals: unknown site, another brand's bike. */
async function checkDispatches(database: Database, geo: GeoCache, brand: Brand, items: Indexed<DispatchEvent>[]) {
  const owners = await ownersOf(database, [...new Set(items.map((i) => i.value.bikeId))]);
  const rejected: Rejection[] = [];
  const rows: DispatchRow[] = [];
  const seen = new Set<string>();
  for (const { index, value } of items) {
    const site = geo.site(value.siteId);
    if (!site) {
      rejected.push({ index, id: value.dispatchId, reason: `站点 ${value.siteId} 不存在` });
      continue;
    }
    const o = owners.get(value.bikeId);
    const owner = ownerBrand(o);
    if (owner !== null && owner !== brand.id) {
      rejected.push({ index, id: value.dispatchId, reason: foreignReason(value.bikeId), forbidden: true });
      continue;
    }
    if (seen.has(value.dispatchId)) continue;
    seen.add(value.dispatchId);
    rows.push({
      ...value,
      bikeType: o?.bikeType ?? 0,
      areaId: site.areaId,
      allowed: value.action === 'down' || site.brandPutSwitch,
      lon: site.lon,
      lat: site.lat,
    });
  }
  rows.sort((a, b) => (a.dispatchId < b.dispatchId ? -1 : 1));
  return { rows, rejected };
}

export async function writeDispatches(database: Database, geo: GeoCache, brand: Brand, items: Indexed<DispatchEvent>[]) {
  const { rows, rejected } = await checkDispatches(database, geo, brand, items);
  if (!rows.length) return rejected;
  // a dispatch for an hour before the current one is marked for the rollup (a repeat changes nothing)
  const late = lateHours(rows.map((r) => r.at));
  await database.query(
    `with w as (insert into dispatches (brand_id, dispatch_id, bike_id, bike_type, action, site_id, area_id, at, allowed)
     select $1, u.* from unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::varchar[], $6::varchar[], $7::varchar[],
                                $8::timestamptz[], $9::bool[]) as u
     on conflict (brand_id, dispatch_id) do nothing)${late.length ? markCte('m', 10) : ''}
     select 1`,
    [
      brand.id,
      rows.map((r) => r.dispatchId),
      rows.map((r) => r.bikeId),
      rows.map((r) => r.bikeType),
      rows.map((r) => r.action),
      rows.map((r) => r.siteId),
      rows.map((r) => r.areaId),
      rows.map((r) => iso(r.at)),
      rows.map((r) => r.allowed),
      ...(late.length ? [late] : []),
    ],
  );
  await recordAbnormal(
    database,
    rows
      .filter((r) => !r.allowed)
      .map((r) => ({
        type: 8,
        brandId: brand.id,
        bikeId: r.bikeId,
        siteId: r.siteId,
        areaId: r.areaId,
        lon: r.lon,
        lat: r.lat,
        subject: `dispatch:${brand.id}:${r.dispatchId}`,
        detail: `车辆 ${r.bikeId} 上架至不允许投放的站点`,
        at: r.at,
      })),
  );
  return rejected;
}
