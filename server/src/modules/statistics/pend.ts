/**
 * To-do counts of the home page (spec §2 to-do list, §3 To-do counts) for the areas in scope.
 * Applications are accounts waiting for audit (audit_status 0), by the role they applied for
 * (spec §6 role ids: 5 reporters, 27 site role, 31 maintainers, 32 supervisors, 34 maintainer warnings).
 * - siteApplyPend is always 0: there is no site-application table yet (nothing to count).
 * - accusePend counts pending reporter (role 5) accounts, the list its to-do item opens; violation
 *   reports themselves are not stored anywhere yet.
 * - siteRolePend (extra key) counts pending site-role (27) accounts, the "site role applications" item.
 */
import type { Database } from '../../db/client.js';

export const LOW_POWER = 10;

export interface PendCounts {
  siteApplyPend: number;
  siteRolePend: number;
  maintainPend: number;
  siteLowPowerPend: number;
  accusePend: number;
  userPend: number;
  dispatchPend: number;
  supervisePend: number;
  dispatchWarnPend: number;
}

export async function pendCounts(database: Database, areaIds: string[]): Promise<PendCounts> {
  const [row] = await database.query<Omit<PendCounts, 'siteApplyPend'>>(
    `with pending as (
       select u.id, coalesce(array_agg(ur.role_id) filter (where ur.role_id is not null), '{}') as roles
         from users u left join user_roles ur on ur.user_id = u.id
        where u.area_id = any($1::text[]) and u.audit_status = 0
        group by u.id
     )
     select (select count(*) from pending where 27 = any(roles))::int as "siteRolePend",
            (select count(*) from pending where 31 = any(roles))::int as "maintainPend",
            (select count(*) from pending where 5 = any(roles))::int as "accusePend",
            (select count(*) from pending)::int as "userPend",
            (select count(*) from pending where 32 = any(roles))::int as "supervisePend",
            (select count(*) from pending where 34 = any(roles))::int as "dispatchWarnPend",
            (select count(distinct p.site_id) from piles p join sites s on s.id = p.site_id and s.deleted_at is null
              where s.area_id = any($1::text[]) and p.power < $2)::int as "siteLowPowerPend",
            (select count(*) from site_state st join sites s on s.id = st.site_id and s.deleted_at is null
              where s.area_id = any($1::text[]) and st.flag in (0, 2))::int as "dispatchPend"`,
    [areaIds, LOW_POWER],
  );
  return { siteApplyPend: 0, ...row };
}
