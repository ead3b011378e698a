/** A console user's profile: the user list and the login's user info read the same row. */
import type { Database } from '../db/client.js';
import { formatTime } from '../domain/time.js';

export interface ProfileRow {
  id: number;
  username: string;
  name: string;
  phone: string | null;
  company: string | null;
  areaId: string;
  areaName: string | null;
  areaLevel: number | null;
  platformCode: string | null;
  userLevel: number;
  siteId: string | null;
  brandId: number | null;
  status: number;
  auditStatus: number;
  auditRemark: string | null;
  createdAt: Date;
  unavailableTime: Date | null;
  idcardUrl: string | null;
  idcardBackUrl: string | null;
  creatorName: string | null;
  roles: { id: number; roleName: string }[] | null;
}

export const PROFILE_SELECT = `
  select u.id, u.username, u.name, u.phone, u.company, u.area_id as "areaId", a.area_name as "areaName",
         a.level as "areaLevel", a.platform_code as "platformCode", u.user_level as "userLevel",
         u.site_id as "siteId", u.brand_id as "brandId", u.status, u.audit_status as "auditStatus",
         u.audit_remark as "auditRemark", u.created_at as "createdAt", u.unavailable_time as "unavailableTime",
         u.idcard_url as "idcardUrl", u.idcard_back_url as "idcardBackUrl", c.name as "creatorName",
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
export function toProfile(r: ProfileRow, tz: string) {
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
