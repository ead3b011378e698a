/** Approved quantities (核准数量) per enterprise and area: the one write the company and limits pages share. */
import type { Database } from '../db/client.js';
import type { AreaTree } from '../domain/areas.js';
import type { Auth } from '../http/auth.js';
import { badRequest } from '../http/envelope.js';
import { readableBrand } from './brands.js';

/** Approved quantities: the area must be the user's, the enterprise readable by them. */
export async function setQuota(database: Database, auth: Auth, tree: AreaTree, q: { brandId: number; areaId: string; bikeQuota: number; ebikeQuota: number }) {
  if (!tree.get(q.areaId)) throw badRequest(`参数 areaId 对应的区域 ${q.areaId} 不存在，请重新选择`);
  auth.assertArea(q.areaId);
  await readableBrand(database, auth, q.brandId);
  await upsertQuota(database, q);
}

async function upsertQuota(database: Database, q: { brandId: number; areaId: string; bikeQuota: number; ebikeQuota: number }) {
  await database.query(
    `insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota) values ($1, $2, $3, $4)
     on conflict (brand_id, area_id) do update set bike_quota = excluded.bike_quota, ebike_quota = excluded.ebike_quota, updated_at = now()`,
    [q.brandId, q.areaId, q.bikeQuota, q.ebikeQuota],
  );
}
