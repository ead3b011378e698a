/** Maintainers (运维人员) of an enterprise: the SQL of the company module's maintainer calls. */
import type { Database } from '../../../db/client.js';
import { likeEscape } from '../../../db/sql.js';

export interface MaintainerRow {
  id: number;
  brandId: number;
  brandName: string;
  maintainName: string;
  maintainPhone: string;
  manageArea: string;
  manageAreaText: string;
  updatedAt: Date;
}

const MAINTAINER_SELECT = `select m.id, m.brand_id as "brandId", b.brand_name as "brandName", m.maintain_name as "maintainName",
         m.maintain_phone as "maintainPhone", m.manage_area as "manageArea", coalesce(a.area_name, m.manage_area) as "manageAreaText",
         m.updated_at as "updatedAt"
    from maintainers m join brands b on b.id = m.brand_id left join areas a on a.id = m.manage_area`;

/** One enterprise's maintainers, by name; `name` matches name or phone. */
export async function listMaintainers(database: Database, f: { brandId: number; name?: string; limit: number; offset: number }) {
  const params: unknown[] = [f.brandId];
  let cond = 'm.brand_id = $1';
  if (f.name) {
    params.push(`%${likeEscape(f.name)}%`);
    cond += ` and (m.maintain_name ilike $2 or m.maintain_phone like $2)`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from maintainers m where ${cond}`, params);
  const rows = await database.query<MaintainerRow>(
    `${MAINTAINER_SELECT} where ${cond} order by m.maintain_name, m.id limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, f.limit, f.offset],
  );
  return { rows, total };
}

export async function findMaintainer(database: Database, brandId: number, id: number): Promise<MaintainerRow | undefined> {
  const [row] = await database.query<MaintainerRow>(`${MAINTAINER_SELECT} where m.brand_id = $1 and m.id = $2`, [brandId, id]);
  return row;
}

/** The maintainer of the enterprise holding the phone, if any. */
export async function maintainerByPhone(database: Database, brandId: number, phone: string): Promise<{ id: number } | undefined> {
  const [row] = await database.query<{ id: number }>('select id from maintainers where brand_id = $1 and maintain_phone = $2', [brandId, phone]);
  return row;
}

export async function insertMaintainer(database: Database, m: { brandId: number; name: string; phone: string; manageArea: string }): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    'insert into maintainers (brand_id, maintain_name, maintain_phone, manage_area) values ($1, $2, $3, $4) returning id',
    [m.brandId, m.name, m.phone, m.manageArea],
  );
  return row.id;
}

export async function updateMaintainer(database: Database, id: number, m: { name: string; phone: string; manageArea: string }) {
  await database.query('update maintainers set maintain_name = $2, maintain_phone = $3, manage_area = $4, updated_at = now() where id = $1', [
    id,
    m.name,
    m.phone,
    m.manageArea,
  ]);
}

export async function deleteMaintainer(database: Database, id: number) {
  await database.query('delete from maintainers where id = $1', [id]);
}
