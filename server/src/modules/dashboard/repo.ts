/**
 * Queries the home screen, its dialogs and its charts share: the data versions the caches key on,
 * the brand figures' quotas and alerts (figures.ts; the bike counts are shared/brandCounts.ts) and the site messages. Only the columns the console reads.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { selectList, type Columns } from '../../db/columns.js';
import { formatTime } from '../../domain/time.js';
import { messageLabel } from '../../domain/siteStatus.js';
import type { SiteMessage } from './schemas.js';

export interface Versions {
  /** Last snapshot run ('' before the first). */
  snapshot: string;
  /** Newest site edit (sites.updated_at is bumped by every write). */
  sites: string;
}

/** The snapshot and site versions the caches key on (one indexed query). */
export async function versions(database: Database): Promise<Versions> {
  const [v] = await database.query<{ snap: Date | null; sites: Date | null }>(
    `select (select last_run_at from job_runs where name = 'snapshot') as snap, (select max(updated_at) from sites) as sites`,
  );
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : '');
  return { snapshot: iso(v?.snap ?? null), sites: iso(v?.sites ?? null) };
}

/* ------------------------------ brand figures ------------------------------ */

/** Approved quantities per brand in the areas. */
export function quotasByBrand(database: Database, areaIds: string[]) {
  return database.query<{ brandId: number; bike: number; ebike: number }>(
    `select brand_id as "brandId", sum(bike_quota)::int as bike, sum(ebike_quota)::int as ebike
       from brand_quotas where area_id = any($1::varchar[]) group by 1`,
    [areaIds],
  );
}

/** Open, unhandled alerts per brand in the areas. */
export function openAlertsByBrand(database: Database, areaIds: string[]) {
  return database.query<{ brandId: number; n: number }>(
    `select brand_id as "brandId", count(*)::int as n from abnormal_messages
      where area_id = any($1::varchar[]) and closed_at is null and handled_at is null and brand_id is not null
      group by 1`,
    [areaIds],
  );
}

/** Names and colours of brands by id (deleted ones too). */
export function brandColours(database: Database, ids: number[]) {
  return database.query<{ brandId: number; brandName: string; bikeColor: string; ebikeColor: string }>(
    `select id as "brandId", brand_name as "brandName", bike_color as "bikeColor", ebike_color as "ebikeColor" from brands where id = any($1::int[])`,
    [ids],
  );
}

/* ------------------------------ site messages ------------------------------ */

type SiteMessageOut = Static<typeof SiteMessage>;
/** A message's row: the message's stored fields, the site's name and ceiling (null when unset), the bikes as stored, the time. */
type MessageRow = Pick<SiteMessageOut, 'id' | 'siteId' | 'messageType' | 'num' | 'bikeNum' | 'ebikeNum' | 'capacity'> & {
  siteName: string | null;
  siteBikeCeiling: number | null;
  currentBike: unknown;
  at: Date;
};

/** A message's fields of site_messages, by their key. */
const MESSAGE_COLUMNS = {
  id: 'id::int',
  siteId: 'site_id',
  messageType: 'message_type',
  num: 'num',
  bikeNum: 'bike_num',
  ebikeNum: 'ebike_num',
  capacity: 'capacity',
  currentBike: 'current_bike',
  at: 'at',
} satisfies Required<Columns<Omit<MessageRow, 'siteName' | 'siteBikeCeiling'>>>;
const MESSAGE_COLS = `${selectList(MESSAGE_COLUMNS, 'm')}, s.site_name as "siteName", s.site_bike_ceiling as "siteBikeCeiling"`;

function toMessage(r: MessageRow, tz: string): SiteMessageOut {
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
export async function messagesBetween(database: Database, f: { areaIds: string[]; from: Date; to: Date; limit: number; offset: number }, tz: string) {
  const params = [f.areaIds, f.from.toISOString(), f.to.toISOString()];
  const cond = `m.area_id = any($1::varchar[]) and m.at >= $2 and m.at < $3`;
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from site_messages m where ${cond}`, params);
  const rows = await database.query<MessageRow>(
    `select ${MESSAGE_COLS} from site_messages m left join sites s on s.id = m.site_id
      where ${cond} order by m.at desc, m.id desc limit $4 offset $5`,
    [...params, f.limit, f.offset],
  );
  return { lists: rows.map((r) => toMessage(r, tz)), total };
}
