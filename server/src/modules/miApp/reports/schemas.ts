/** TypeBox schemas of 米单车管理's calls (/api/miApp): the violation reports the field app sends (issue 28, 29 point 5). */
import { Type } from 'typebox';
import { PageQuery } from '../../../http/envelope.js';
import { Nullable, SelfArea } from '../../../http/schemas.js';

export const REPORT_STATES: Record<number, string> = { 0: '待处理', 1: '已处理', 2: '已驳回' };

export const ReportQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '被举报的企业（企业账号只能查本企业）' })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: '0 待处理，1 已处理，2 已驳回' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '举报时间不早于 yyyy-MM-dd[ HH:mm:ss]' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '举报时间不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）' })),
  ...PageQuery,
});

export const ReportItem = Type.Object({
  id: Type.Integer(),
  reporterName: Type.String({ description: '举报人' }),
  areaId: Type.String(),
  areaName: Type.String(),
  brandId: Nullable(Type.Integer(), '被举报的企业'),
  brandName: Nullable(Type.String()),
  lon: Type.Number(),
  lat: Type.Number(),
  text: Type.String({ description: '举报内容' }),
  reportTime: Type.String({ description: '举报时间' }),
  state: Type.Integer({ description: '0 待处理，1 已处理，2 已驳回' }),
  stateName: Type.String(),
  note: Nullable(Type.String(), '处理说明'),
  handlerName: Nullable(Type.String()),
  handleTime: Nullable(Type.String()),
  photos: Type.Array(Type.String(), { description: '照片地址 /uploads/{file}（凭登录令牌读取）' }),
  workOrderId: Nullable(Type.Integer(), '转成的工单（POST /api/workOrder/add 带 reportId）'),
});

export const HandleReportBody = Type.Object({
  ...SelfArea,
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  state: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 已处理，2 驳回' }),
  note: Type.String({ minLength: 1, maxLength: 500, description: '处理说明（告知举报人）' }),
});
