/** Maintainers (运维人员) of an enterprise: the SQL of the company module's maintainer calls. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import { columnValues, insertSql, selectList, updateSql, type Columns } from '../../../db/columns.js';
import { likeEscape } from '../../../db/sql.js';
import type { Maintainer } from '../schemas.js';

/** A maintainer's row: the list's fields, the phone not masked. */
export type MaintainerRow = Static<typeof Maintainer> & { updatedAt: Date };
/** What a maintainer write sets. */
type MaintainerValues = Pick<MaintainerRow, 'brandId' | 'maintainName' | 'maintainPhone' | 'manageArea'>;

/** A maintainer's stored fields, by the API's key, and their columns of maintainers. */
const MAINTAINER_COLUMNS = {
  brandId: 'brand_id',
  maintainName: 'maintain_name',
  maintainPhone: 'maintain_phone',
  manageArea: 'manage_area',
} satisfies Columns<MaintainerValues>;

const MAINTAINER_SELECT = `select m.id, ${selectList(MAINTAINER_COLUMNS, 'm')}, b.brand_name as "brandName",
         coalesce(a.area_name, m.manage_area) as "manageAreaText", m.updated_at as "updatedAt"
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

export async function insertMaintainer(database: Database, m: MaintainerValues): Promise<number> {
  const { text, params } = insertSql('maintainers', columnValues(MAINTAINER_COLUMNS, m), 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

export async function updateMaintainer(database: Database, id: number, m: Omit<MaintainerValues, 'brandId'>) {
  const { text, params } = updateSql('maintainers', columnValues(MAINTAINER_COLUMNS, m), 'id = $1', [id], ['updated_at = now()']);
  await database.query(text, params);
}

export async function deleteMaintainer(database: Database, id: number) {
  await database.query('delete from maintainers where id = $1', [id]);
}
