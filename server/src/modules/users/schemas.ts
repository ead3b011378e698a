/** TypeBox schemas of the user API: what 新增用户, 编辑用户, 账号审核 and 注册申请 send, and an application as 账号审核 lists it. */
import { Type, type Static, type TObject } from 'typebox';
import { AreaId, Nullable, Profile, SelfArea } from '../../http/schemas.js';
import { PageQuery } from '../../http/envelope.js';

export const Id = Type.Integer({ minimum: 1 });
export const Phone = Type.String({ pattern: '^1\\d{10}$', description: '11 位手机号' });
const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

/** A user's settable fields (编辑用户 sends the ones it changes). */
export const UserFields = {
  name: Type.Optional(Type.String({ maxLength: 64 })),
  phone: Opt(Phone),
  company: Opt(Type.String({ maxLength: 128 })),
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$' })),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  userLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  siteId: Opt(Type.String({ maxLength: 32 })),
  brandId: Opt(Id),
  unavailableTime: Opt(Type.String({ maxLength: 19, description: '有效期至 yyyy-MM-dd（含当天，存为当天 23:59:59），不早于今天；空为长期有效' })),
  idcardUrl: Opt(Type.String({ maxLength: 512 })),
  idcardBackUrl: Opt(Type.String({ maxLength: 512 })),
};

/** 新增用户: the fields, and the account's name, password and area. */
export const UserAddBody = Type.Object({
  ...UserFields,
  username: Type.String({ pattern: '^[A-Za-z0-9_]{3,32}$', description: '3-32 位字母、数字或下划线' }),
  password: Type.String({ minLength: 6, maxLength: 32 }),
  areaId: Type.String({ pattern: '^\\d{6}$' }),
});

/** 有效期 as the service takes it: the form's date read as the end of that day (routes.ts), null for 长期有效. */
type Validity = { unavailableTime?: Date | null };
/** What 编辑用户 changes. */
export type UserInput = Omit<Static<TObject<typeof UserFields>>, 'unavailableTime'> & Validity;
/** A new user (新增用户). */
export type NewUserInput = Omit<Static<typeof UserAddBody>, 'unavailableTime'> & Validity;

/** An account application as 账号审核 lists it: the profile, what was asked for, who decided and when. */
export const Application = Type.Object({
  ...Profile.properties,
  applyType: Type.Integer({ description: '1 平台账号, 2 角色申请' }),
  applyReason: Nullable(Type.String()),
  auditTime: Nullable(Type.String()),
  auditorName: Nullable(Type.String()),
});

/** 审核账号: approve (a platform account with its roles) or reject (with the reason). */
export const AuditBody = Type.Object({
  id: Id,
  auditStatus: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 通过, 2 驳回' }),
  remark: Type.Optional(Type.String({ maxLength: 256, description: '驳回原因（驳回时必填）' })),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: 50, description: '平台账号通过时分配的角色' })),
});
/** An auditor's decision on an application. */
export type Decision = Omit<Static<typeof AuditBody>, 'id'>;

/** 注册申请: an account waiting for audit, for the platform or for one applicable role. */
export const RegisterBody = Type.Object({
  username: Type.String({ pattern: '^[A-Za-z0-9_]{3,32}$', description: '3-32 位字母、数字或下划线' }),
  password: Type.String({ minLength: 6, maxLength: 32 }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  phone: Type.String({ pattern: '^1\\d{10}$', description: '11 位手机号' }),
  company: Type.Optional(Type.String({ maxLength: 128 })),
  areaId: AreaId,
  applyType: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 平台账号, 2 角色（运维人员、监督员等）' }),
  roleId: Type.Optional(Type.Integer({ minimum: 1, description: '申请的角色（applyType 2 时必填）' })),
  reason: Type.Optional(Type.String({ maxLength: 256, description: '申请说明' })),
});
export type Registration = Static<typeof RegisterBody>;

/** 用户列表's filters. */
export const ListQuery = Type.Object({
  ...SelfArea,
  ...PageQuery,
  username: Type.Optional(Type.String({ maxLength: 32 })),
  name: Type.Optional(Type.String({ maxLength: 64 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  roleId: Type.Optional(Id),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  auditStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});

/** 账号审核列表's filters: the list's and the application's kind and time. */
export const AuditQuery = Type.Object({
  ...ListQuery.properties,
  applyType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 平台账号, 2 角色申请' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '申请时间起 yyyy-MM-dd' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '申请时间止 yyyy-MM-dd（含当天）' })),
});
