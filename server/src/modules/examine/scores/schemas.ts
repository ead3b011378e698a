/** TypeBox schemas of 评级考核's hand scores (sortContent) and the closing of a month (period). */
import { Type, type Static } from 'typebox';
import { Nullable, SelfArea } from '../../../http/schemas.js';

const Area = { ...SelfArea, areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '考核方案所属区域，缺省为当前操作区域' })) };
const PeriodT = Type.String({ pattern: '^\\d{4}-\\d{2}$', description: '考核周期（月）YYYY-MM' });

export const ScoreQuery = Type.Object({ ...Area, period: PeriodT, brandId: Type.Optional(Type.Integer({ minimum: 1, description: '企业' })) });
export const ScoreItem = Type.Object({
  id: Type.Integer(),
  brandId: Type.Integer(),
  brandName: Type.String({ description: '企业' }),
  ruleId: Type.Integer(),
  ruleName: Type.String({ description: '固定考核项' }),
  categoryName: Type.String({ description: '所属类别' }),
  findings: Type.Integer({ description: '发现处数' }),
  points: Type.Number({ description: '本条按规则折算的扣分（每处扣分 × 处数，不超过本项上限）' }),
  note: Type.String({ description: '检查情况（证据）' }),
  photos: Type.Array(Type.String(), { description: '证据照片地址（/uploads/…，凭登录读取）' }),
  inspectorName: Nullable(Type.String(), '评分人'),
  updateTime: Type.String({ description: '评分时间' }),
});
export const ScoreBody = Type.Object({
  ...Area,
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  period: PeriodT,
  brandId: Type.Integer({ minimum: 1, description: '被考核企业' }),
  ruleId: Type.Integer({ minimum: 1, description: '固定考核项' }),
  findings: Type.Integer({ minimum: 0, maximum: 1000, description: '发现处数' }),
  note: Type.String({ minLength: 1, maxLength: 1000, description: '检查情况：时间、地点、发现的问题（证据）' }),
  photos: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 9,
      description: '证据照片：先以 purpose=examine 上传（POST /api/upload），再填其地址；修改时为全部照片，未列出的照片解除关联',
    }),
  ),
});
export type ScoreInput = Static<typeof ScoreBody>;
export const ScoreParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const PeriodBody = Type.Object({ ...Area, period: PeriodT });
export const ReopenBody = Type.Object({
  ...Area,
  period: PeriodT,
  reason: Type.String({ minLength: 1, maxLength: 500, description: '重新开放的原因（留存）' }),
});
export const PeriodState = Type.Object({
  period: Type.String(),
  closed: Type.Boolean({ description: '已关闭（结果与人工评分冻结）' }),
  log: Type.Array(
    Type.Object({
      action: Type.String({ description: 'close 关闭，reopen 重新开放' }),
      reason: Nullable(Type.String(), '重新开放的原因'),
      userName: Nullable(Type.String()),
      time: Type.String(),
    }),
  ),
});
