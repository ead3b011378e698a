/** Abnormal events (abnormal_messages) raised by the open API's writes. */
import type { Database } from '../../db/client.js';
import { iso } from './common.js';

export interface AbnormalEvent {
  type: number;
  brandId: number | null;
  bikeId: string | null;
  siteId: string | null;
  areaId: string;
  lon: number | null;
  lat: number | null;
  subject: string;
  detail: string | null;
  at: Date;
}

/** Records abnormal events; a repeat of an open one (same type and subject) is ignored: the open message keeps its first time and place. */
export async function recordAbnormal(database: Database, events: AbnormalEvent[]) {
  if (!events.length) return;
  const e = [...new Map(events.map((x) => [`${x.type}|${x.subject}`, x])).values()];
  await database.query(
    `insert into abnormal_messages (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at)
     select t, b, k, s, a, x, y, j, d, at, at
       from unnest($1::smallint[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::float8[], $7::float8[],
                   $8::varchar[], $9::text[], $10::timestamptz[]) as u(t, b, k, s, a, x, y, j, d, at)
     on conflict (abnormal_type, subject) where closed_at is null do nothing`,
    [
      e.map((x) => x.type),
      e.map((x) => x.brandId),
      e.map((x) => x.bikeId),
      e.map((x) => x.siteId),
      e.map((x) => x.areaId),
      e.map((x) => x.lon),
      e.map((x) => x.lat),
      e.map((x) => x.subject),
      e.map((x) => x.detail),
      e.map((x) => iso(x.at)),
    ],
  );
}
