/** TypeBox schemas of 米单车管理's inspections (/api/miApp, issue 29 point 2): the field app's patrol records and their statistics. */
import { Type } from 'typebox';
import { PageQuery } from '../../../http/envelope.js';
import { Nullable, SelfArea } from '../../../http/schemas.js';

/** The filters of the records, the statistics and their exports. */
export const InspectionFilters = {
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  miUserName: Type.Optional(Type.String({ maxLength: 32, description: '巡检员姓名或账号（模糊）' })),
  bikeId: Type.Optional(Type.String({ maxLength: 64, description: '车辆编号或蓝牙 MAC（模糊）' })),
  result: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: '巡检结果：1 正常，2 违停，3 故障，4 非法车辆' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '企业（企业账号只能查本企业）' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '巡检时间不早于 yyyy-MM-dd[ HH:mm:ss]' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '巡检时间不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）' })),
};
export const InspectionQuery = Type.Object({ ...InspectionFilters, ...PageQuery });
export const InspectionExportQuery = Type.Object(InspectionFilters);

export const InspectionItem = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer({ description: '巡检员' }),
  miUserName: Type.String({ description: '巡检员姓名' }),
  areaId: Type.String(),
  areaName: Nullable(Type.String()),
  bikeId: Nullable(Type.String(), '车辆编号'),
  bikeMac: Nullable(Type.String(), '扫到的蓝牙 MAC'),
  brandId: Nullable(Type.Integer(), '车辆所属企业（未备案车辆为空）'),
  brandName: Nullable(Type.String()),
  siteId: Nullable(Type.String(), '所在站点'),
  siteName: Nullable(Type.String()),
  result: Type.Integer({ description: '1 正常，2 违停，3 故障，4 非法车辆' }),
  resultName: Type.String(),
  note: Nullable(Type.String(), '备注'),
  lon: Type.Number(),
  lat: Type.Number(),
  inspectionTime: Type.String({ description: '巡检时间' }),
  photos: Type.Array(Type.String(), { description: '照片地址 /uploads/{file}（凭登录令牌读取）' }),
});

export const InspectionDay = Type.Object({
  day: Type.String({ description: '日期 yyyy-MM-dd' }),
  userId: Type.Integer(),
  miUserName: Type.String({ description: '巡检员姓名' }),
  total: Type.Integer({ description: '巡检次数' }),
  normal: Type.Integer({ description: '正常' }),
  parking: Type.Integer({ description: '违停' }),
  fault: Type.Integer({ description: '故障' }),
  illegal: Type.Integer({ description: '非法车辆' }),
});
