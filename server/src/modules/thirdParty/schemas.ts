/** TypeBox schemas of 第三方授权: a key as the list shows it, and what 新增或编辑第三方授权 sends. */
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/envelope.js';
import { AreaId, Nullable, SelfArea } from '../../http/schemas.js';

export const Id = Type.Integer({ minimum: 1 });
export const Phone = Type.String({ pattern: '^1\\d{10}$', description: '11 位手机号' });

/** 第三方授权列表's filters. */
export const KeyListQuery = Type.Object({
  ...SelfArea,
  ...PageQuery,
  name: Type.Optional(Type.String({ maxLength: 64 })),
  company: Type.Optional(Type.String({ maxLength: 128 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: '0 有效, 1 已撤销, 2 已过期' })),
});

export const KeyItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Nullable(Type.String()),
  phone: Type.String({ description: '脱敏手机号' }),
  areaId: Type.String(),
  areaName: Type.String(),
  expireTime: Type.String(),
  status: Type.Integer({ description: '0 启用, 1 已撤销' }),
  expired: Type.Boolean(),
  keyPrefix: Type.String({ description: '密钥前缀（用于辨认）' }),
  creatorName: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
  lastUseTime: Nullable(Type.String({ description: '最近使用时间（数据接口按密钥每分钟至多记录一次）；null 为从未使用' })),
});

/** 新增或编辑第三方授权 (an id: 编辑, the fields given). */
export const KeySaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: '名称（新增必填）' })),
  company: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  phone: Type.Optional(Phone),
  areaId: Type.Optional(AreaId),
  expireTime: Type.Optional(Type.String({ maxLength: 19, description: '有效期至 yyyy-MM-dd（含当天）或 yyyy-MM-dd HH:mm:ss' })),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 启用, 1 撤销' })),
});
export type KeyInput = Static<typeof KeySaveBody>;
