/** Who owns a bike: the brand that filed it, else the brand whose reports created its live state. */
import type { Database } from '../db/client.js';

export interface Owner {
  filedBrand: number | null;
  bikeType: number | null;
  liveBrand: number | null;
  liveArea: string | null;
}

export async function ownersOf(database: Pick<Database, 'query'>, bikeIds: string[]): Promise<Map<string, Owner>> {
  const rows = await database.query<Owner & { id: string }>(
    `select u.id, b.brand_id as "filedBrand", coalesce(b.bike_type, l.bike_type) as "bikeType",
            l.brand_id as "liveBrand", l.area_id as "liveArea"
       from unnest($1::varchar[]) as u(id)
       left join bikes b on b.bike_id = u.id and b.withdrawn_at is null
       left join bike_live l on l.bike_id = u.id`,
    [bikeIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export const ownerBrand = (o: Owner | undefined) => o?.filedBrand ?? o?.liveBrand ?? null;

export const foreignReason = (bikeId: string) => `车辆 ${bikeId} 属于其他企业，无权写入`;
