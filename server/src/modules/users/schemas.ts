import { Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

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

export const SelfArea = { selfAreaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '当前操作区域' })) };
