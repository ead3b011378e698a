/**
 * Per-brand numbers of an area (approved, filed, online, in sites), shared by the statistics and
 * the limits-and-totals calls and the big screen's brand figures. Definitions (ours; the
 * domain rules leave them open):
 * - brands of an area: registered or operating there, or holding a quota there, or with bikes there;
 * - approved (核准): the sum of brand_quotas over the areas in scope, read live (edited on the desk);
 * - filed (备案, Put…): filed bikes whose last report lies in the area, plus filed bikes that never
 *   reported, counted in the enterprise's registering area;
 * - online (在线, Brand…): filed bikes of the brand whose last report in the area is less than
 *   STALE_HOURS old (so online ≤ filed, and 在线率 = online ÷ filed stays within 100 %); bikes never
 *   filed (illegal) are not online but counted apart (illegal…: those reporting within STALE_HOURS);
 * - in sites (入站, Site…): of the online bikes, those parked in a site of the area (so in sites ≤
 *   online); the site statuses count every parked bike (filed or not, silent or not) instead.
 *
 * The bike counts are as of the last minute snapshot (at most a minute old), as the site statuses
 * are: the snapshot job counts bike_live once per area and enterprise into brand_live_counts
 * (refreshBrandCounts, migration 0019) with the online cut at the job's time, and the calls sum the
 * rows of the areas in scope instead of counting a million live bikes each time.
 */
import type { Database, Query } from '../db/client.js';
import { brandInAreas } from './brands.js';

/** One brand's parked bikes in a site as site_states.current_bike stores them: jobs/snapshot.ts writes it, the site detail reads it. */
export interface SiteBrandCount {
  brand_id: number;
  brand_name: string;
  num: number;
}

/** site_states.current_bike: a site's parked bikes per brand, bicycles and e-bikes. */
export interface CurrentBike {
  nowBike: SiteBrandCount[];
  nowEBike: SiteBrandCount[];
}

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

/** Parked bikes in the sites of one area, enterprise and bike type (the snapshot's counts). */
export interface InSiteCount {
  areaId: string;
  brandId: number;
  bikeType: number;
  n: number;
}

/**
 * Recounts brand_live_counts as of `now` (the minute snapshot, inside its run): one grouped scan of
 * bike_live (filed, online and illegal, the cut at now - staleHours), the filed bikes
 * that never reported by their enterprise's registering area, and the snapshot's in-site counts of
 * the online filed bikes (`inSite`, counted with the same cut).
 * Run in the snapshot's transaction (`q`): the rows are replaced together with the site statuses, so a
 * reader sees the last run or this one, never a mix.
 */
export async function refreshBrandCounts(q: Query, staleHours: number, now: Date, inSite: InSiteCount[]): Promise<number> {
  const staleSince = new Date(now.getTime() - staleHours * 3600_000).toISOString();
  await q(`delete from brand_live_counts`);
  const rows = await q<{ n: number }>(
    `with ins as (
       insert into brand_live_counts (area_id, brand_id, filed_bike, filed_ebike, online_bike, online_ebike,
                                      site_bike, site_ebike, illegal_bike, illegal_ebike)
       select area_id, brand_id, sum(fb)::int, sum(fe)::int, sum(ob)::int, sum(oe)::int,
              sum(sb)::int, sum(se)::int, sum(ib)::int, sum(ie)::int
         from (
           select area_id, brand_id,
                  count(*) filter (where bike_type = 0 and legality = 0) as fb,
                  count(*) filter (where bike_type = 1 and legality = 0) as fe,
                  count(*) filter (where bike_type = 0 and legality = 0 and reported_at >= $1) as ob,
                  count(*) filter (where bike_type = 1 and legality = 0 and reported_at >= $1) as oe,
                  0 as sb, 0 as se,
                  count(*) filter (where bike_type = 0 and legality = 1 and reported_at >= $1) as ib,
                  count(*) filter (where bike_type = 1 and legality = 1 and reported_at >= $1) as ie
             from bike_live group by 1, 2
           union all
           select br.area_id, k.brand_id, count(*) filter (where k.bike_type = 0), count(*) filter (where k.bike_type = 1),
                  0, 0, 0, 0, 0, 0
             from bikes k join brands br on br.id = k.brand_id
            where k.withdrawn_at is null and not exists (select 1 from bike_live x where x.bike_id = k.bike_id)
            group by 1, 2
           union all
           select u.area_id, u.brand_id, 0, 0, 0, 0,
                  coalesce(sum(u.n) filter (where u.bike_type = 0), 0), coalesce(sum(u.n) filter (where u.bike_type = 1), 0), 0, 0
             from unnest($2::varchar[], $3::int[], $4::smallint[], $5::int[]) as u(area_id, brand_id, bike_type, n)
            group by 1, 2
         ) x
        group by 1, 2
       returning 1
     )
     select count(*)::int as n from ins`,
    [staleSince, inSite.map((r) => r.areaId), inSite.map((r) => r.brandId), inSite.map((r) => r.bikeType), inSite.map((r) => r.n)],
  );
  return rows[0]?.n ?? 0;
}

const SUMS = `sum(filed_bike)::int as "filedBikeNum", sum(filed_ebike)::int as "filedEBikeNum",
              sum(online_bike)::int as "onlineBikeNum", sum(online_ebike)::int as "onlineEBikeNum",
              sum(site_bike)::int as "siteBikeNum", sum(site_ebike)::int as "siteEBikeNum",
              sum(illegal_bike)::int as "illegalBikeNum", sum(illegal_ebike)::int as "illegalEBikeNum"`;

/** The counted bikes of the areas per enterprise (as of the last snapshot), any brand with a row there. */
export function liveCountsByBrand(database: Database, areaIds: string[]) {
  return database.query<Omit<BrandCount, 'brandName' | 'bikeColor' | 'ebikeColor' | 'bikeQuota' | 'ebikeQuota'>>(
    `select brand_id as "brandId", ${SUMS}
       from brand_live_counts where area_id = any($1::text[]) group by brand_id order by brand_id`,
    [areaIds],
  );
}

/** Per-brand numbers of the areas in scope: the snapshot's bike counts (brand_live_counts) and the live quotas. */
export async function brandCounts(database: Database, s: BrandScope): Promise<BrandCount[]> {
  const params: unknown[] = [s.areaIds];
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
       select brand_id, ${SUMS}
         from brand_live_counts where area_id = any($1::text[]) group by brand_id
     )
     select b.id as "brandId", b.brand_name as "brandName", b.bike_color as "bikeColor", b.ebike_color as "ebikeColor",
            coalesce(q.bq, 0) as "bikeQuota", coalesce(q.eq, 0) as "ebikeQuota",
            coalesce(l."filedBikeNum", 0) as "filedBikeNum", coalesce(l."filedEBikeNum", 0) as "filedEBikeNum",
            coalesce(l."onlineBikeNum", 0) as "onlineBikeNum", coalesce(l."onlineEBikeNum", 0) as "onlineEBikeNum",
            coalesce(l."siteBikeNum", 0) as "siteBikeNum", coalesce(l."siteEBikeNum", 0) as "siteEBikeNum",
            coalesce(l."illegalBikeNum", 0) as "illegalBikeNum", coalesce(l."illegalEBikeNum", 0) as "illegalEBikeNum"
       from brands b
       left join q on q.brand_id = b.id
       left join l on l.brand_id = b.id
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
