/** TypeBox schemas of the role API: a role as 角色管理 lists it, and what 新增角色 and 编辑角色 send. */
import { Type, type Static } from 'typebox';

export const Id = Type.Integer({ minimum: 1 });

export const Role = Type.Object({
  id: Type.Integer(),
  roleName: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  areaId: Type.String(),
  areaName: Type.String(),
  applicable: Type.Boolean({ description: '用户可申请此角色' }),
  createTime: Type.String(),
  permissionIds: Type.Array(Type.Integer()),
  userCount: Type.Integer(),
});

const RoleBody = {
  roleName: Type.String({ minLength: 1, maxLength: 64 }),
  remark: Type.Optional(Type.String({ maxLength: 256 })),
  applicable: Type.Optional(Type.Boolean()),
  permissionIds: Type.Array(Type.Integer(), { maxItems: 500 }),
};
/** 新增角色. */
export const RoleAddBody = Type.Object(RoleBody);
/** 编辑角色: the role's id and the fields it changes. */
export const RoleEditBody = Type.Object({
  id: Id,
  ...RoleBody,
  roleName: Type.Optional(RoleBody.roleName),
  permissionIds: Type.Optional(RoleBody.permissionIds),
});

export type RoleInput = Static<typeof RoleAddBody>;
export type RoleEdit = Static<typeof RoleEditBody>;
