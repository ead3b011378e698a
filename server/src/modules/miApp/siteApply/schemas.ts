/** TypeBox schemas of 米单车管理 · 站点申请 (/api/miApp/siteApply, exportRejectList): the site proposals of the field app (issue 29 point 1). */
import { Type } from 'typebox';
import { PageQuery } from '../../../http/envelope.js';
import { Nullable, SelfArea, SiteIdT } from '../../../http/schemas.js';
import { SiteFields } from '../../../shared/sites.js';

export const APPLY_STATES: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

/** The list's filters (the export of the rejected ones takes the same, its state fixed at 2). */
const ApplyFilters = {
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '申请人所属企业（企业账号只能查本企业）' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '申请时间不早于 yyyy-MM-dd[ HH:mm:ss]' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '申请时间不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）' })),
  keyword: Type.Optional(Type.String({ maxLength: 64, description: '站点名称包含' })),
};

export const ApplyQuery = Type.Object({
  ...ApplyFilters,
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: '0 待审核，1 已通过，2 已驳回' })),
  ...PageQuery,
});

export const ExportRejectQuery = Type.Object(ApplyFilters);

export const ApplyItem = Type.Object({
  id: Type.Integer(),
  applicantName: Type.String({ description: '申请人' }),
  brandId: Nullable(Type.Integer(), '申请人所属企业（运维人员、企业账号）'),
  brandName: Nullable(Type.String()),
  areaId: Type.String(),
  areaName: Type.String(),
  name: Type.String({ description: '拟建站点名称' }),
  lon: Type.Number({ description: '经度（GCJ-02）' }),
  lat: Type.Number({ description: '纬度（GCJ-02）' }),
  capacity: Type.Integer({ description: '建议容量' }),
  piles: Nullable(Type.Integer(), '建议桩数'),
  reason: Type.String({ description: '申请理由' }),
  photos: Type.Array(Type.String(), { description: '照片地址 /uploads/{file}（凭登录令牌读取）' }),
  state: Type.Integer({ description: '0 待审核，1 已通过，2 已驳回' }),
  stateName: Type.String(),
  rejectReason: Nullable(Type.String(), '驳回理由（告知申请人）'),
  siteId: Nullable(Type.String(), '通过时建成的站点'),
  deciderName: Nullable(Type.String(), '审核人'),
  decidedAt: Nullable(Type.String(), '审核时间'),
  at: Type.String({ description: '申请时间' }),
});

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '申请 ID' });

/** 通过: the application's id and the site to build, its fields as the 新增站点 form takes them (editable before creation). */
export const ApproveBody = Type.Object({ ...SelfArea, id: Id, ...SiteFields, siteId: Type.Optional(SiteIdT) });

export const RejectBody = Type.Object({
  ...SelfArea,
  id: Id,
  reason: Type.String({ minLength: 1, maxLength: 500, description: '驳回理由（告知申请人），不能为空' }),
});
