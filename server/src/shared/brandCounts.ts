/**
 * Per-brand numbers of an area (approved, filed, online, in sites), shared by the statistics and
 * the limits-and-totals calls. Definitions (DOMAIN.md leaves them to us):
 * - brands of an area: registered or operating there, or holding a quota there, or with bikes there;
 * - approved (核准): the sum of brand_quotas over the areas in scope;
 * - filed (备案, Put…): filed bikes whose last report lies in the area, plus filed bikes that never
 *   reported, counted in the enterprise's registering area;
 * - online (在线, Brand…): bikes of the brand (filed or not) whose last report in the area is less
 *   than STALE_HOURS old; illegal ones (never filed) are also counted apart;
 * - in sites (入站, Site…): parked bikes standing in a site (as the site snapshot counts them).
 */
import type { Database } from '../db/client.js';
import { brandInAreas } from './brands.js';

export interface BrandCount {
  brandId: number;
  brandName: string;
  bikeColor: string;
  ebikeColor: string;
  bikeQuota: number;
  ebikeQuota: number;
  filedBikeNum: number;
  filedEBikeNum: number;
  onlineBikeNum: number;
  onlineEBikeNum: number;
  siteBikeNum: number;
  siteEBikeNum: number;
  illegalBikeNum: number;
  illegalEBikeNum: number;
}

export interface BrandScope {
  areaIds: string[];
  /** Enterprise users: their own brand only. */
  brandId: number | null;
}

export async function brandCounts(database: Database, s: BrandScope, staleHours: number, now = new Date()): Promise<BrandCount[]> {
  const params: unknown[] = [s.areaIds, new Date(now.getTime() - staleHours * 3600_000).toISOString()];
  let own = '';
  if (s.brandId !== null) {
    params.push(s.brandId);
    own = ` and b.id = $${params.length}`;
  }
  return database.query<BrandCount>(
    `with q as (
       select brand_id, sum(bike_quota)::int as bq, sum(ebike_quota)::int as eq
         from brand_quotas where area_id = any($1::text[]) group by brand_id
     ), l as (
       select brand_id,
              count(*) filter (where bike_type = 0 and legality = 0)::int as fb,
              count(*) filter (where bike_type = 1 and legality = 0)::int as fe,
              count(*) filter (where bike_type = 0 and reported_at >= $2)::int as ob,
              count(*) filter (where bike_type = 1 and reported_at >= $2)::int as oe,
              count(*) filter (where bike_type = 0 and status = 1 and site_id is not null)::int as sb,
              count(*) filter (where bike_type = 1 and status = 1 and site_id is not null)::int as se,
              count(*) filter (where bike_type = 0 and legality = 1 and reported_at >= $2)::int as ib,
              count(*) filter (where bike_type = 1 and legality = 1 and reported_at >= $2)::int as ie
         from bike_live where area_id = any($1::text[]) group by brand_id
     ), n as (
       select k.brand_id, count(*) filter (where k.bike_type = 0)::int as nb, count(*) filter (where k.bike_type = 1)::int as ne
         from bikes k join brands b on b.id = k.brand_id
        where b.area_id = any($1::text[]) and k.withdrawn_at is null
          and not exists (select 1 from bike_live x where x.bike_id = k.bike_id)
        group by k.brand_id
     )
     select b.id as "brandId", b.brand_name as "brandName", b.bike_color as "bikeColor", b.ebike_color as "ebikeColor",
            coalesce(q.bq, 0) as "bikeQuota", coalesce(q.eq, 0) as "ebikeQuota",
            coalesce(l.fb, 0) + coalesce(n.nb, 0) as "filedBikeNum", coalesce(l.fe, 0) + coalesce(n.ne, 0) as "filedEBikeNum",
            coalesce(l.ob, 0) as "onlineBikeNum", coalesce(l.oe, 0) as "onlineEBikeNum",
            coalesce(l.sb, 0) as "siteBikeNum", coalesce(l.se, 0) as "siteEBikeNum",
            coalesce(l.ib, 0) as "illegalBikeNum", coalesce(l.ie, 0) as "illegalEBikeNum"
       from brands b
       left join q on q.brand_id = b.id
       left join l on l.brand_id = b.id
       left join n on n.brand_id = b.id
      where b.deleted_at is null and (${brandInAreas('b', 1)} or q.brand_id is not null or l.brand_id is not null)${own}
      order by b.id`,
    params,
  );
}

export type Totals = Omit<BrandCount, 'brandId' | 'brandName' | 'bikeColor' | 'ebikeColor'>;

export function totalsOf(rows: BrandCount[]): Totals {
  const t: Totals = {
    bikeQuota: 0,
    ebikeQuota: 0,
    filedBikeNum: 0,
    filedEBikeNum: 0,
    onlineBikeNum: 0,
    onlineEBikeNum: 0,
    siteBikeNum: 0,
    siteEBikeNum: 0,
    illegalBikeNum: 0,
    illegalEBikeNum: 0,
  };
  for (const r of rows) for (const k of Object.keys(t) as (keyof Totals)[]) t[k] += r[k];
  return t;
}

/** Brands of the areas for legends: id, name and colours. */
export async function areaBrands(database: Database, s: BrandScope) {
  const params: unknown[] = [s.areaIds];
  let own = '';
  if (s.brandId !== null) {
    params.push(s.brandId);
    own = ` and b.id = $${params.length}`;
  }
  return database.query<{ brandId: number; brandName: string; bikeColor: string; ebikeColor: string }>(
    `select b.id as "brandId", b.brand_name as "brandName", b.bike_color as "bikeColor", b.ebike_color as "ebikeColor"
       from brands b
      where b.deleted_at is null${own}
        and (${brandInAreas('b', 1)}
             or exists (select 1 from brand_quotas q where q.brand_id = b.id and q.area_id = any($1::text[]))
             or exists (select 1 from bike_live l where l.brand_id = b.id and l.area_id = any($1::text[])))
      order by b.id`,
    params,
  );
}
