/** Queries of the home screen's dialogs: brand sites, bikes of a site, pile sightings, silent bikes, area names, a site's history. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { BrandSite, SiteBike } from './schemas.js';

const arrayOf = (bikeType?: number) => (bikeType === 0 ? `'{nowBike}'::text[]` : bikeType === 1 ? `'{nowEBike}'::text[]` : `'{nowBike,nowEBike}'::text[]`);

/** Sites of the areas holding bikes of a brand (the snapshot), most bikes first, paged. */
export async function brandSites(database: Database, areaIds: string[], f: { brandId: number; bikeType?: number; limit: number; offset: number }) {
  const base = `from site_state st join sites s on s.id = st.site_id,
                lateral (select sum((e->>'num')::int)::int as num
                           from unnest(${arrayOf(f.bikeType)}) as k(name),
                                lateral jsonb_array_elements(coalesce(st.current_bike->k.name, '[]'::jsonb)) as e
                          where (e->>'brand_id')::int = $2) b
               where st.area_id = any($1::varchar[]) and s.deleted_at is null and b.num > 0`;
  const params = [areaIds, f.brandId];
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total ${base}`, params);
  const lists = await database.query<Static<typeof BrandSite>>(
    `select s.id as "siteId", s.site_name as "siteName", s.lon as "siteLon", s.lat as "siteLat", b.num ${base}
      order by b.num desc, s.id limit $3 offset $4`,
    [...params, f.limit, f.offset],
  );
  return { lists, total };
}

/** A parked bike's row: the dialog's bike fields, its position and report time (no brand name). */
type SiteBikeRow = Pick<Static<typeof SiteBike>, 'bikeId' | 'brandId' | 'bikeType' | 'licenseCode' | 'legality'> & {
  lon: number;
  lat: number;
  reportedAt: Date;
};

/** Bikes parked at a site now (optionally of one brand and type), paged. */
export async function siteBikes(database: Database, f: { siteId: string; brandId?: number; bikeType?: number; limit: number; offset: number }) {
  const params: unknown[] = [f.siteId];
  let cond = 'l.site_id = $1 and l.status = 1';
  if (f.brandId !== undefined) {
    params.push(f.brandId);
    cond += ` and l.brand_id = $${params.length}`;
  }
  if (f.bikeType !== undefined) {
    params.push(f.bikeType);
    cond += ` and l.bike_type = $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from bike_live l where ${cond}`, params);
  const n = params.length;
  const rows = await database.query<SiteBikeRow>(
    `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.lon, l.lat, l.legality,
            l.reported_at as "reportedAt", b.license_code as "licenseCode"
       from bike_live l left join bikes b on b.bike_id = l.bike_id and b.withdrawn_at is null
      where ${cond} order by l.brand_id, l.bike_type, l.bike_id limit $${n + 1} offset $${n + 2}`,
    [...params, f.limit, f.offset],
  );
  return { rows, total };
}

/** What the piles of the areas heard since `since` (brand known), newest first, with where the platform places each bike. */
export function pileSightings(database: Database, areaIds: string[], since: string) {
  return database.query<{
    siteId: string;
    siteName: string | null;
    mac: string;
    bikeId: string | null;
    brandId: number;
    at: Date;
    filed: boolean;
    liveSiteId: string | null;
    liveSiteName: string | null;
  }>(
    `select p.site_id as "siteId", s.site_name as "siteName", p.mac, p.bike_id as "bikeId", p.brand_id as "brandId", p.at,
            (b.bike_id is not null) as filed, l.site_id as "liveSiteId", ls.site_name as "liveSiteName"
       from pile_sightings p
       left join sites s on s.id = p.site_id
       left join bikes b on b.bike_id = p.bike_id and b.withdrawn_at is null
       left join bike_live l on l.bike_id = p.bike_id
       left join sites ls on ls.id = l.site_id
      where p.area_id = any($1::varchar[]) and p.at > $2 and p.brand_id is not null
      order by p.at desc, p.site_id, p.mac`,
    [areaIds, since],
  );
}

/** Filed bikes last reported in the areas before `since`, and never-reported ones of brands registered there. */
const SILENT = `from bikes b join brands br on br.id = b.brand_id left join bike_live l on l.bike_id = b.bike_id
                where b.withdrawn_at is null and br.deleted_at is null
                  and ((l.bike_id is not null and l.area_id = any($1::varchar[]) and l.reported_at <= $2)
                       or (l.bike_id is null and br.area_id = any($1::varchar[])))`;

/** Silent filed bikes per brand. */
export function silentCounts(database: Database, areaIds: string[], since: string) {
  return database.query<{ brandId: number; n: number }>(`select b.brand_id as "brandId", count(*)::int as n ${SILENT} group by 1`, [areaIds, since]);
}

/** The first `perBrand` silent filed bikes of each brand (never reported first, then the longest silent). */
export function silentBikes(database: Database, areaIds: string[], since: string, perBrand: number) {
  return database.query<{
    brandId: number;
    bikeId: string;
    bikeType: number;
    licenseCode: string | null;
    reportedAt: Date | null;
    lon: number | null;
    lat: number | null;
    rn: number;
  }>(
    `select * from (
       select b.brand_id as "brandId", b.bike_id as "bikeId", b.bike_type as "bikeType", b.license_code as "licenseCode",
              l.reported_at as "reportedAt", l.lon, l.lat,
              row_number() over (partition by b.brand_id order by l.reported_at nulls first, b.bike_id) as rn
       ${SILENT}) x where rn <= $3 order by "brandId", rn`,
    [areaIds, since, perBrand],
  );
}

/** Names of areas by id. */
export function areaNames(database: Database, ids: string[]) {
  return database.query<{ id: string; name: string }>(`select id, area_name as name from areas where id = any($1::varchar[])`, [ids]);
}

/** A site's history rows (each snapshot in which its counts changed), newest first, paged, with the site's name. */
export async function siteHistory(database: Database, f: { siteId: string; limit: number; offset: number }) {
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from site_history where site_id = $1`, [f.siteId]);
  const rows = await database.query<{
    id: number;
    at: Date;
    num: number;
    bikeNum: number;
    ebikeNum: number;
    capacity: number;
    flag: number;
    /** the snapshot's per-enterprise counts, as site_state keeps them */
    currentBike: { nowBike?: { brand_id: number }[]; nowEBike?: { brand_id: number }[] } | null;
  }>(
    `select id::int as id, at, num, bike_num as "bikeNum", ebike_num as "ebikeNum", capacity, flag, current_bike as "currentBike"
       from site_history where site_id = $1 order by at desc, id desc limit $2 offset $3`,
    [f.siteId, f.limit, f.offset],
  );
  const [site] = await database.query<{ siteName: string }>(`select site_name as "siteName" from sites where id = $1`, [f.siteId]);
  return { rows, total, siteName: site?.siteName ?? null };
}
