/** User queries. */
import type { Database } from '../../db/client.js';
import { PROFILE_SELECT, toProfile, type ProfileRow } from '../../shared/profiles.js';

export { toProfile };

export interface UserFilter {
  areaIds: string[];
  audit: boolean;
  username?: string;
  name?: string;
  phone?: string;
  roleId?: number;
  status?: number;
  auditStatus?: number;
  limit: number;
  offset: number;
}

export async function listProfiles(database: Database, f: UserFilter) {
  const where = ['u.area_id = any($1::varchar[])'];
  const params: unknown[] = [f.areaIds];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.audit) {
    if (f.auditStatus !== undefined) add('u.audit_status = ?', f.auditStatus);
    else where.push('u.audit_status in (0, 2)');
  } else where.push('u.audit_status = 1');
  if (f.username) add(`u.username ilike ?`, `%${f.username}%`);
  if (f.name) add(`u.name ilike ?`, `%${f.name}%`);
  if (f.phone) add(`u.phone like ?`, `%${f.phone}%`);
  if (f.status !== undefined) add('u.status = ?', f.status);
  if (f.roleId !== undefined) add('exists (select 1 from user_roles x where x.user_id = u.id and x.role_id = ?)', f.roleId);
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(
    `select count(*)::int as total from users u where ${cond}`,
    params,
  );
  const rows = await database.query<ProfileRow>(
    `${PROFILE_SELECT} where ${cond} order by u.id desc limit ${f.limit} offset ${f.offset}`,
    params,
  );
  return { rows, total };
}
