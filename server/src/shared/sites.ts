/**
 * Site look-ups and the site delete that several features share (the sites and devices pages, the
 * home screen): a live site, checked against the request's reach.
 */
import type { Database } from '../db/client.js';
import type { Auth } from '../http/auth.js';
import { badRequest, notFound } from '../http/envelope.js';
import type { GeoCache } from './geoCache.js';
import type { SiteOut } from './siteList.js';

/** A site's place and capacity (its ceiling's until the first snapshot). */
export type SiteRef = Pick<SiteOut, 'siteId' | 'siteName' | 'areaId' | 'siteLon' | 'siteLat' | 'siteBikeCeiling' | 'capacity'>;

/** A live site of the request's scope: 400 when it does not exist, 5002 when it is another area's. */
export async function siteInScope(database: Database, auth: Auth, siteId: string): Promise<SiteRef> {
  const [s] = await database.query<SiteRef>(
    `select s.id as "siteId", s.site_name as "siteName", s.area_id as "areaId", s.lon as "siteLon", s.lat as "siteLat",
            s.site_bike_ceiling as "siteBikeCeiling", coalesce(st.capacity, s.site_bike_ceiling) as capacity
       from sites s left join site_state st on st.site_id = s.id
      where s.id = $1 and s.deleted_at is null`,
    [siteId],
  );
  if (!s) throw notFound('站点');
  auth.assertInScope(s.areaId);
  return s;
}

/** A live site the user may see (own area or below): 400 when it does not exist, 5002 when out of reach. */
export async function siteInReach(database: Database, auth: Auth, id: string): Promise<{ siteId: string; areaId: string }> {
  const [site] = await database.query<{ siteId: string; areaId: string }>(
    `select id as "siteId", area_id as "areaId" from sites where id = $1 and deleted_at is null`,
    [id],
  );
  if (!site) throw notFound('站点');
  auth.assertArea(site.areaId);
  return site;
}

/** Soft delete; the site also leaves every magnify group. */
async function softDeleteSite(database: Database, id: string): Promise<void> {
  await database.query(
    `with g as (update magnify_groups set site_list = site_list - $1::text where site_list ? $1::text)
     update sites set deleted_at = now(), updated_at = now() where id = $1 and deleted_at is null`,
    [id],
  );
}

/** Soft delete (deleted_at); `areaId`, when sent, must be the site's. */
export async function deleteSite(c: { database: Database; geo: GeoCache; auth: Auth }, id: string, areaId?: string) {
  const site = await siteInReach(c.database, c.auth, id);
  if (areaId && areaId !== site.areaId) throw badRequest(`站点 ${id} 不属于区域 ${areaId}，请刷新后重试`);
  await softDeleteSite(c.database, id);
  c.geo.invalidate();
}
