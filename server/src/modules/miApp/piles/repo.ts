/** Queries of 米单车管理's piles: the installs the field app records (pile_installs). The online and silent lists are shared/piles.ts's. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { InstallItem } from './schemas.js';
import { newestPage, newestPages, type Newest } from '../../../db/newest.js';
import { AREA_SET, Where, likeEscape } from '../../../db/sql.js';

export interface InstallFilter {
  areaIds: string[];
  equipmentMac?: string;
  siteId?: string;
  miUserName?: string;
  from?: Date;
  to?: Date;
}

/** An installation as listed: its time as a Date and its photos' files (the service makes installTime and the photo addresses). */
export type InstallRow = Omit<Static<typeof InstallItem>, 'installTime' | 'photos'> & { at: Date; photos: string[] | null };

function where(f: InstallFilter): Where {
  const w = new Where().add(`i.area_id in ${AREA_SET}`, f.areaIds);
  if (f.siteId) w.add('i.site_id = ?', f.siteId);
  if (f.equipmentMac) w.add('i.mac ilike ?', `%${likeEscape(f.equipmentMac)}%`);
  if (f.from) w.add('i.at >= ?', f.from);
  if (f.to) w.add('i.at < ?', f.to);
  if (f.miUserName) w.add('exists (select 1 from users x where x.id = i.user_id and (x.name ilike ? or x.username ilike ?))', `%${likeEscape(f.miUserName)}%`);
  return w;
}

const SELECT = `select i.id::int as id, i.user_id as "userId", coalesce(nullif(u.name, ''), u.username) as "installerName", i.area_id as "areaId",
    a.area_name as "areaName", i.mac as "equipmentMac", i.site_id as "siteId", s.site_name as "siteName", i.lon, i.lat, i.at,
    (select array_agg(up.file order by up.id) from uploads up where up.purpose = 'install' and up.owner_id = i.id) as photos
  from pile_installs i join users u on u.id = i.user_id left join areas a on a.id = i.area_id left join sites s on s.id = i.site_id`;

const LIST: Newest = { select: SELECT, from: 'pile_installs i', alias: 'i' };

export const listInstalls = (database: Database, f: InstallFilter, page: { limit: number; offset: number }) =>
  newestPage<InstallRow>(database, LIST, where(f), page);

/** Every row of the filter in the list's order (newest first), by keyset on (at, id). */
export const installPages = (database: Database, f: InstallFilter, pageSize = 2000) => newestPages<InstallRow>(database, LIST, where(f), pageSize);
