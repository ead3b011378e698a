/**
 * TypeBox schemas of 米单车管理 · 桩测未上传车辆 (/api/miApp, issue 29 point 4): the enterprise rules
 * that turn a BLE name (brandBikeNotUploadRule) or a MAC (brandBikeNotUploadMacRule) into a bike id,
 * their preview, the matching run and the bikes the piles heard that no operator reported.
 */
import { Type } from 'typebox';
import { PageQuery } from '../../../http/envelope.js';
import { Nullable, SelfArea, SiteIdT } from '../../../http/schemas.js';

const Len = (description: string) => Nullable(Type.Integer({ minimum: 1, maximum: 64 }), description);

/** A rule as it is written (create, edit, preview): the same fields for both kinds; a MAC rule reads the MAC as 12 hex digits. */
export const RuleBody = Type.Object({
  ...SelfArea,
  brandId: Type.Integer({ minimum: 1, maximum: 2147483647, description: '企业（企业账号只能为本企业设置）' }),
  namePrefix: Type.String({ maxLength: 32, description: '蓝牙名称前缀；MAC 规则：MAC 前缀（十六进制、不含冒号，如 E0B6F5）' }),
  nameLength: Type.Optional(Len('名称长度；MAC 规则：12 或不填')),
  bikeIdPrefix: Type.String({ maxLength: 32, description: '车辆编号前缀（加在提取部分之前）' }),
  bikeIdLength: Type.Optional(Len('车辆编号长度（不填：不限）')),
  bikeIdExtractStart: Type.Integer({ minimum: 0, maximum: 63, description: '提取起始位置（从 0 算起）' }),
  bikeIdExtractLength: Type.Optional(Len('提取长度（不填：到末尾）')),
});

export const RuleItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Integer({ description: '1 蓝牙名称规则，2 MAC 规则' }),
  brandId: Type.Integer(),
  brandName: Type.String(),
  namePrefix: Type.String(),
  nameLength: Nullable(Type.Integer()),
  bikeIdPrefix: Type.String(),
  bikeIdLength: Nullable(Type.Integer()),
  bikeIdExtractStart: Type.Integer(),
  bikeIdExtractLength: Nullable(Type.Integer()),
  updateTime: Type.String(),
});

export const RuleQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级的企业），须在本人权限内' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: '企业（企业账号只能查本企业）' })),
  ...PageQuery,
});

export const RuleParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const AreaOnly = Type.Object({ ...SelfArea });

const PreviewItem = Type.Object({
  mac: Type.String(),
  name: Nullable(Type.String()),
  bikeId: Type.String({ description: '规则得出的车辆编号' }),
  siteId: Type.String(),
  siteName: Nullable(Type.String()),
  heardTime: Type.String(),
  reported: Type.Boolean({ description: '该车在听到前 24 小时内有企业上报（不算未上传）' }),
});
export const Preview = Type.Object({
  heard: Type.Integer({ description: '近 24 小时桩听到的设备数（本区域）' }),
  matched: Type.Integer({ description: '规则能得出车辆编号的设备数' }),
  notUploaded: Type.Integer({ description: '其中企业未上报的' }),
  lists: Type.Array(PreviewItem, { description: '前 50 条' }),
});

export const MatchResult = Type.Object({
  heard: Type.Integer({ description: '参与匹配的听到记录（近 24 小时；接入时已认出、且企业已上报的车辆不计）' }),
  matched: Type.Integer({ description: '规则得出车辆编号的' }),
  notUploaded: Type.Integer({ description: '其中未上传、已记录的' }),
});

export const NotUploadQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: '企业（企业账号只能查本企业）' })),
  siteId: Type.Optional(SiteIdT),
  bikeId: Type.Optional(Type.String({ maxLength: 32, description: '车辆编号（包含）' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '最后听到不早于 yyyy-MM-dd[ HH:mm:ss]' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '最后听到不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）' })),
  ...PageQuery,
});

export const NotUploadItem = Type.Object({
  id: Type.Integer(),
  brandId: Type.Integer(),
  brandName: Type.String(),
  bikeId: Type.String(),
  mac: Type.String(),
  name: Nullable(Type.String(), '蓝牙名称'),
  equipmentMac: Nullable(Type.String(), '听到它的桩'),
  siteId: Type.String(),
  siteName: Nullable(Type.String()),
  areaId: Type.String(),
  areaName: Nullable(Type.String()),
  firstHeardTime: Type.String(),
  lastHeardTime: Type.String(),
  count: Type.Integer({ description: '匹配到的次数（每次匹配发现新的听到记录加 1）' }),
});

const BrandTotal = Type.Object({ brandId: Type.Integer(), brandName: Type.String(), count: Type.Integer() });
export const NotUploadPage = Type.Object({
  lists: Type.Array(NotUploadItem),
  total: Type.Integer(),
  brands: Type.Array(BrandTotal, { description: '按企业合计（同样的筛选条件）' }),
});

export const ClearQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '只清空该区域（及下级）的' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: '只清空该企业的（企业账号：本企业）' })),
});
