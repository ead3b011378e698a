/** Role queries: roles with their permissions and user counts, and the role_permissions links. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, insertSql, selectList, updateSql, type Columns } from '../../db/columns.js';
import { likeEscape } from '../../db/sql.js';
import type { Role } from './schemas.js';

/** The database, or one transaction of it (Database.tx): writes that go together take this. */
export type Writer = Pick<Database, 'query'>;
/** Runs `fn` in one transaction. */
export const inTransaction = <T>(database: Database, fn: (w: Writer) => Promise<T>) => database.tx((query) => fn({ query }));

/** A role's row: the list's fields but its time; its area's name and permissions missing when none. */
export type RoleRow = Omit<Static<typeof Role>, 'areaName' | 'createTime' | 'permissionIds'> & {
  areaName: string | null;
  createdAt: Date;
  permissionIds: number[] | null;
};

/** A role's stored fields, by the API's key, and their columns of roles. */
const ROLE_COLUMNS = { id: 'id', roleName: 'role_name', remark: 'remark', areaId: 'area_id', applicable: 'applicable' } satisfies Columns<RoleRow>;
/** What a role write stores. */
type RoleValues = Pick<RoleRow, 'roleName' | 'remark' | 'areaId' | 'applicable'>;

const SELECT = `
  select ${selectList(ROLE_COLUMNS, 'r')}, a.area_name as "areaName", r.created_at as "createdAt",
         (select array_agg(permission_id order by permission_id) from role_permissions rp where rp.role_id = r.id) as "permissionIds",
         (select count(*)::int from user_roles ur where ur.role_id = r.id) as "userCount"
    from roles r left join areas a on a.id = r.area_id`;

/** Roles of the given areas and the platform's (area 000000), a page of them when limit is given. */
export async function listRoles(database: Database, areaIds: string[], f: { roleName?: string; limit?: number; offset?: number }) {
  const params: unknown[] = [areaIds];
  let cond = `(r.area_id = any($1::varchar[]) or r.area_id = '000000')`;
  if (f.roleName) {
    params.push(`%${likeEscape(f.roleName)}%`);
    cond += ` and r.role_name ilike $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from roles r where ${cond}`, params);
  const n = params.length;
  const page = f.limit !== undefined ? ` limit $${n + 1} offset $${n + 2}` : '';
  const rows = await database.query<RoleRow>(
    `${SELECT} where ${cond} order by r.id${page}`,
    f.limit !== undefined ? [...params, f.limit, f.offset ?? 0] : params,
  );
  return { rows, total };
}

export async function roleArea(database: Database, id: number): Promise<string | undefined> {
  const [r] = await database.query<{ areaId: string }>('select area_id as "areaId" from roles where id = $1', [id]);
  return r?.areaId;
}

export async function replacePermissions(database: Writer, roleId: number, ids: number[]) {
  await database.query('delete from role_permissions where role_id = $1', [roleId]);
  if (ids.length) {
    await database.query('insert into role_permissions (role_id, permission_id) select $1, unnest($2::int[]) on conflict do nothing', [roleId, ids]);
  }
}

/** Does the area have a role of this name (other than `exceptId`)? */
export async function nameTaken(database: Database, roleName: string, areaId: string, exceptId = 0) {
  return (await database.query('select 1 from roles where role_name = $1 and area_id = $2 and id <> $3', [roleName, areaId, exceptId])).length > 0;
}

export async function insertRole(database: Writer, r: RoleValues) {
  const { text, params } = insertSql('roles', columnValues(ROLE_COLUMNS, r), 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

/** Sets the fields given (undefined: kept). */
export async function updateRole(database: Writer, id: number, r: Partial<Omit<RoleValues, 'areaId'>>) {
  const columns = columnValues(ROLE_COLUMNS, r);
  if (!Object.keys(columns).length) return;
  const { text, params } = updateSql('roles', columns, 'id = $1', [id]);
  await database.query(text, params);
}

export async function userCount(database: Database, roleId: number) {
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from user_roles where role_id = $1', [roleId]);
  return n;
}

export async function deleteRole(database: Database, id: number) {
  await database.query('delete from roles where id = $1', [id]);
}
