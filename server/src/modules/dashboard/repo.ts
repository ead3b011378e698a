/**
 * Queries of the home screen's hot path: the map's sites (sites ⋈ site_state, never bike_live; held
 * by hot.ts per snapshot) and the site messages. Only the columns the console reads.
 */
import type { Database } from '../../db/client.js';
import type { LonLat } from '../../domain/geometry.js';
import { formatTime } from '../../domain/time.js';
import { flagLabel, messageLabel } from '../../domain/siteStatus.js';

export interface MapSiteRow {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  flag: number;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  siteBikeCeiling: number;
  capacity: number;
  bleNum: number;
  recycleSwitch: boolean;
  majorSwitch: boolean;
  gpsRail: LonLat[] | null;
  length: number;
}

/** Every live site of the areas with its snapshot state (a site not yet snapshotted is empty), by site id. */
export async function loadMapSites(database: Database, areaIds: string[]) {
  const rows = await database.query<MapSiteRow>(
    `select s.id as "siteId", s.site_name as "siteName", s.lon as "siteLon", s.lat as "siteLat", coalesce(st.flag, 0)::int as flag,
            coalesce(st.num, 0) as num, coalesce(st.bike_num, 0) as "bikeNum", coalesce(st.ebike_num, 0) as "ebikeNum",
            s.site_bike_ceiling as "siteBikeCeiling", coalesce(st.capacity, s.site_bike_ceiling) as capacity, s.ble_num as "bleNum",
            s.recycle_switch as "recycleSwitch", s.major_switch as "majorSwitch", s.gps_rail as "gpsRail", s.length
       from sites s left join site_state st on st.site_id = s.id
      where s.area_id = any($1::varchar[]) and s.deleted_at is null
      order by s.id`,
    [areaIds],
  );
  return rows.map((r) => ({ ...r, status: flagLabel(r.flag), currentNum: r.num }));
}

interface MessageRow {
  id: number;
  siteId: string;
  siteName: string | null;
  messageType: string;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  capacity: number;
  siteBikeCeiling: number | null;
  currentBike: unknown;
  at: Date;
}

const MESSAGE_COLS = `m.id::int as id, m.site_id as "siteId", s.site_name as "siteName", m.message_type as "messageType", m.num,
  m.bike_num as "bikeNum", m.ebike_num as "ebikeNum", m.capacity, s.site_bike_ceiling as "siteBikeCeiling",
  m.current_bike as "currentBike", m.at`;

export function toMessage(r: MessageRow, tz: string) {
  return {
    id: r.id,
    siteId: r.siteId,
    siteName: r.siteName ?? r.siteId,
    createTime: formatTime(r.at, tz)!,
    num: r.num,
    bikeNum: r.bikeNum,
    ebikeNum: r.ebikeNum,
    messageType: r.messageType,
    status: messageLabel(r.messageType),
    capacity: r.capacity,
    siteBikeCeiling: r.siteBikeCeiling ?? r.capacity,
    currentBike: JSON.stringify(r.currentBike ?? { nowBike: [], nowEBike: [] }),
  };
}

/** The newest site messages of the areas (one index probe per area, then merged). */
export async function latestMessages(database: Database, areaIds: string[], limit: number, tz: string) {
  const rows = await database.query<MessageRow>(
    `select ${MESSAGE_COLS}
       from unnest($1::varchar[]) as a(id)
      cross join lateral (select * from site_messages x where x.area_id = a.id order by x.at desc, x.id desc limit $2) m
       left join sites s on s.id = m.site_id
      order by m.at desc, m.id desc limit $2`,
    [areaIds, limit],
  );
  return rows.map((r) => toMessage(r, tz));
}

/** Site messages of the areas in [from, to), newest first, paged. */
export async function messagesBetween(
  database: Database,
  f: { areaIds: string[]; from: Date; to: Date; limit: number; offset: number },
  tz: string,
) {
  const params = [f.areaIds, f.from.toISOString(), f.to.toISOString()];
  const cond = `m.area_id = any($1::varchar[]) and m.at >= $2 and m.at < $3`;
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from site_messages m where ${cond}`, params);
  const rows = await database.query<MessageRow>(
    `select ${MESSAGE_COLS} from site_messages m left join sites s on s.id = m.site_id
      where ${cond} order by m.at desc, m.id desc limit ${f.limit} offset ${f.offset}`,
    params,
  );
  return { lists: rows.map((r) => toMessage(r, tz)), total };
}
