/** TypeBox schemas of /api/config: the full-pile value and name, and an area's site parameters. */
import { Type, type Static } from 'typebox';

export const Pile = Type.Number({ exclusiveMinimum: 0, maximum: 10, description: '满桩值（系数），大于 0 且不超过 10；容量 = floor(停放容量 × 满桩值)' });
export const Alias = Type.String({ minLength: 1, maxLength: 32, description: '满桩值名称，缺省不变（初始为 满桩值）' });

export const SiteParams = Type.Object({
  areaId: Type.String(),
  areaName: Type.String(),
  aggregation: Type.Integer(),
  editable: Type.Boolean({ description: '仅 aggregation 为 0 时可设置' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: '不可设置的原因' }),
  fullPileNum: Type.Number(),
  fullPileName: Type.String(),
  length: Type.Integer({ description: '新站点默认半径（米）' }),
  dispatchThresholdLess: Type.Integer({ description: '新站点偏少阈值（%）' }),
  dispatchThresholdMore: Type.Integer({ description: '新站点偏多阈值（%）' }),
  dispatchResponseMinute: Type.Integer({ description: '新站点调度响应时限（分钟）' }),
});

/** 设置站点参数: the fields it changes. */
export const SiteParamsBody = Type.Object({
  fullPileNum: Type.Optional(Pile),
  fullPileName: Type.Optional(Alias),
  length: Type.Optional(Type.Integer({ minimum: 5, maximum: 500, description: '圆形站点默认半径 5-500 米' })),
  dispatchThresholdLess: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '偏少阈值 0-100（%）' })),
  dispatchThresholdMore: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '偏多阈值 0-100（%）' })),
  dispatchResponseMinute: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440, description: '调度响应时限（分钟）' })),
});
export type SiteParamsInput = Static<typeof SiteParamsBody>;
