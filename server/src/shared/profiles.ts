/** A console user's profile: the user list and the login's user info read the same row. */
import type { Static } from 'typebox';
import type { Database } from '../db/client.js';
import { selectList, type Columns } from '../db/columns.js';
import { formatTime } from '../domain/time.js';
import type { Profile } from '../http/schemas.js';

export type ProfileOut = Static<typeof Profile>;

/** A user's row (PROFILE_SELECT): the profile's fields but its times; area and roles missing when gone. */
export type ProfileRow = Omit<ProfileOut, 'roles' | 'areaName' | 'areaLevel' | 'createTime' | 'unavailableTime'> & {
  roles: ProfileOut['roles'] | null;
  areaName: string | null;
  areaLevel: number | null;
  createdAt: Date;
  unavailableTime: Date | null;
};

/** A user's stored fields, by the API's key, and their columns of users (what the user writes set, and the profile reads). */
export const USER_COLUMNS = {
  id: 'id',
  username: 'username',
  name: 'name',
  phone: 'phone',
  company: 'company',
  areaId: 'area_id',
  userLevel: 'user_level',
  siteId: 'site_id',
  brandId: 'brand_id',
  status: 'status',
  auditStatus: 'audit_status',
  auditRemark: 'audit_remark',
  unavailableTime: 'unavailable_time',
  idcardUrl: 'idcard_url',
  idcardBackUrl: 'idcard_back_url',
} satisfies Columns<ProfileRow>;

export const PROFILE_SELECT = `
  select ${selectList(USER_COLUMNS, 'u')}, a.area_name as "areaName",
         a.level as "areaLevel", a.platform_code as "platformCode", u.created_at as "createdAt", c.name as "creatorName",
         (select json_agg(json_build_object('id', r.id, 'roleName', r.role_name) order by r.id)
            from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles
    from users u
    left join areas a on a.id = u.area_id
    left join users c on c.id = u.creator_id`;

export async function findProfile(database: Database, id: number): Promise<ProfileRow | undefined> {
  const [row] = await database.query<ProfileRow>(`${PROFILE_SELECT} where u.id = $1`, [id]);
  return row;
}

/** The profile of spec §3 User as the console reads it. */
export function toProfile(r: ProfileRow, tz: string): ProfileOut {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    phone: r.phone,
    company: r.company,
    roles: r.roles ?? [],
    areaId: r.areaId,
    areaName: r.areaName ?? '',
    areaLevel: r.areaLevel ?? 0,
    userLevel: r.userLevel,
    platformCode: r.platformCode,
    siteId: r.siteId,
    brandId: r.brandId,
    status: r.status,
    auditStatus: r.auditStatus,
    auditRemark: r.auditRemark,
    createTime: formatTime(r.createdAt, tz)!,
    unavailableTime: formatTime(r.unavailableTime, tz),
    idcardUrl: r.idcardUrl,
    idcardBackUrl: r.idcardBackUrl,
    creatorName: r.creatorName,
  };
}
