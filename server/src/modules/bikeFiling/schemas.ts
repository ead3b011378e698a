/** TypeBox schemas of 车辆备案导入 (spreadsheet filing of bikes). */
import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

export const ImportIdT = Type.Integer({ minimum: 1, maximum: 2147483647, description: '导入记录 ID' });

export const ResultT = Type.Union([Type.Literal('accepted'), Type.Literal('rejected')], { description: 'accepted 已备案的行，rejected 被拒绝的行' });

export const ImportInput = Type.Object({
  brandId: Type.Integer({ minimum: 1, maximum: 2147483647, description: '为哪个企业（品牌）备案' }),
  file: Type.String({ minLength: 1, maxLength: 64, description: '上传接口（purpose=filing）返回的存储文件名' }),
});

export const ImportItem = Type.Object({
  id: Type.Integer({ description: '导入记录 ID' }),
  brandId: Type.Integer({ description: '企业（品牌）ID' }),
  brandName: Type.String({ description: '品牌名称' }),
  userName: Type.String({ description: '导入人' }),
  fileType: Type.String({ description: '文件类型（xlsx）' }),
  fileName: Type.String({ description: '原文件名' }),
  fileUrl: Type.String({ description: '原文件地址 /uploads/{file}（凭登录令牌获取）' }),
  createTime: Type.String({ description: '导入时间' }),
  finishTime: Nullable(Type.String(), '结束时间'),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('interrupted')], {
    description: 'running 导入中，done 已完成，failed 失败，interrupted 已中断（服务中止，已处理的行见计数）',
  }),
  statusText: Type.String({ description: '状态（中文）' }),
  totalRows: Type.Integer({ description: '已处理的数据行数' }),
  lastRow: Type.Integer({ description: '已处理到的表格行号' }),
  accepted: Type.Integer({ description: '已备案行数' }),
  rejected: Type.Integer({ description: '被拒绝行数' }),
  message: Nullable(Type.String(), '结果说明'),
});

export const RowItem = Type.Object({
  row: Type.Integer({ description: '表格行号（表头为第 1 行）' }),
  bikeId: Nullable(Type.String(), '车辆编号（表格原值）'),
  bikeType: Nullable(Type.String(), '车辆类型（表格原值）'),
  frameCode: Nullable(Type.String(), '车架号'),
  imeiCode: Nullable(Type.String(), 'IMEI'),
  licenseCode: Nullable(Type.String(), '车牌号'),
  bikeMac: Nullable(Type.String(), '蓝牙MAC'),
  reason: Nullable(Type.String(), '拒绝原因'),
});
