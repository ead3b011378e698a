/**
 * TypeBox pieces every console route shares: the request's area (selfAreaId), nullable fields,
 * points and polygons, a user's profile, and the hook for bodies that may be left out.
 */
import { Type, type TSchema } from 'typebox';

/** The query or body field every console call may send: the area it works on (checked by the guard). */
export const SelfArea = { selfAreaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '当前操作区域（6 位区域编码），缺省为用户所属区域' })) };

export const Nullable = <T extends TSchema>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});

export const AreaId = Type.String({ pattern: '^\\d{6}$', description: '6 位区域编码' });
/** A site's id as the console and operators write it. */
export const SiteIdT = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$', description: '站点编号（1-32 位字母、数字、_ 或 -）' });
export const LonLatT = Type.Object({ lon: Type.Number(), lat: Type.Number() });
export const Polygon = Type.Unknown({
  description: '多边形：[{lon,lat}]、[{lng,lat}] 或 [[lon,lat]]（GCJ-02），至少 3 个点，自动闭合',
  examples: [
    [
      { lon: 116.3, lat: 39.98 },
      { lon: 116.31, lat: 39.98 },
      { lon: 116.31, lat: 39.99 },
    ],
  ],
});

/** A console user as the user list and the login's user info show them. */
export const Profile = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  company: Nullable(Type.String()),
  roles: Type.Array(Type.Object({ id: Type.Integer(), roleName: Type.String() })),
  areaId: Type.String(),
  areaName: Type.String(),
  areaLevel: Type.Integer({ description: '0 全国, 1 省, 2 市, 3 区县' }),
  userLevel: Type.Integer({ description: '1 企业用户, 2 区域管理员, 3 超级管理员' }),
  platformCode: Nullable(Type.String()),
  siteId: Nullable(Type.String()),
  brandId: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer({ description: '0 正常, 1 禁用' }),
  auditStatus: Type.Integer({ description: '0 待审核, 1 通过, 2 驳回' }),
  auditRemark: Nullable(Type.String()),
  createTime: Type.String(),
  unavailableTime: Nullable(Type.String({ description: '账号有效期，空为长期' })),
  idcardUrl: Nullable(Type.String()),
  idcardBackUrl: Nullable(Type.String()),
  creatorName: Nullable(Type.String()),
});

/**
 * preValidation of a PUT or DELETE whose body may be left out (its fields may come as query
 * parameters): no body validates as an empty one.
 */
export async function emptyBody(req: { body: unknown }) {
  req.body ??= {};
}
