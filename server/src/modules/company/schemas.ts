/** TypeBox schemas of the company API: enterprises, quotas, sync logs, ride orders. */
import { Type, type Static, type TObject } from 'typebox';
import { PageQuery } from '../../http/envelope.js';
import { SelfArea } from '../../http/schemas.js';
import { DocumentProps, Enterprise, EnterpriseProps } from '../../shared/brands.js';
import { Quota } from '../../shared/quotas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description });
const NStr = (description: string) => Nullable(Type.String(), description);

export const BrandIdT = Type.Integer({ minimum: 1, description: '企业（品牌）ID' });

export { Enterprise, Quota };

export const EnterpriseDetail = Type.Object({
  ...EnterpriseProps,
  ...DocumentProps,
  documents: Type.Array(
    Type.Object({
      field: Type.String({ description: '文件字段：brandApprovalUrl, otherUrl, maintainPersonUrl, bicycleUrl, electricVehicleUrl' }),
      label: Type.String({ description: '文件类别：政府批准文件、其他证明文件、运维人员信息、自行车信息、电动车信息' }),
      url: Type.String({ description: '文件地址 /uploads/{file}（带登录凭证读取）' }),
      name: Type.String({ description: '文件名称' }),
      type: Type.String({ description: 'MIME 类型' }),
      size: Nullable(Type.Integer(), '文件大小（字节）'),
    }),
    { description: '已上传的企业文件' },
  ),
  quotas: Type.Array(Quota, { description: '当前用户可见区域内的核准数量' }),
});

export const Maintainer = Type.Object({
  id: Type.Integer({ description: '运维人员 ID' }),
  brandId: Type.Integer({ description: '企业 ID' }),
  brandName: Type.String({ description: '品牌名称' }),
  maintainName: Type.String({ description: '姓名' }),
  maintainPhone: Type.String({ description: '手机号（脱敏：138****8000）' }),
  manageArea: Type.String({ description: '负责区域编码' }),
  manageAreaText: Type.String({ description: '负责区域名称' }),
});

export const MaintainerInput = Type.Object({
  selfAreaId: Type.Optional(Type.String({ pattern: '^\\d{6}$' })),
  id: Type.Optional(Type.Integer({ minimum: 1, description: '有值为修改该运维人员，无值为新增' })),
  brandId: BrandIdT,
  maintainName: Type.String({ minLength: 1, maxLength: 32, description: '姓名' }),
  maintainPhone: Type.Optional(Type.String({ maxLength: 20, description: '11 位手机号；新增必填，修改时留空为不变' })),
  manageArea: Type.String({ pattern: '^\\d{6}$', description: '负责区域编码' }),
});
export type MaintainerInput = Static<typeof MaintainerInput>;

const AreaList = (description: string) =>
  Type.Union([Type.Array(Type.String({ pattern: '^\\d{6}$' }), { maxItems: 500 }), Type.String({ pattern: '^(\\d{6}(,\\d{6})*)?$' })], {
    description: `${description}：区域编码数组，或逗号分隔的字符串`,
  });
const Opt = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Optional(Type.Union([t, Type.Null()], { description }));
const Color = (description: string) => Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: `${description}，格式 #rrggbb` }));

export const EnterpriseInput = Type.Object({
  selfAreaId: Type.Optional(Type.String({ pattern: '^\\d{6}$' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '有值为修改该企业，无值为新增' })),
  brandName: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: '品牌名称（新增必填）' })),
  brandOperation: Type.Optional(Type.String({ maxLength: 128, description: '运营企业名称' })),
  brandAccount: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_.@-]{4,64}$', description: '开放接口账号，4-64 位字母、数字或 _ . @ -，全局唯一（新增必填）' }),
  ),
  brandPassword: Type.Optional(Type.String({ maxLength: 64, description: '开放接口密码，至少 8 位且含字母和数字；新增必填，修改时留空为不变' })),
  brandContactPerson: Opt(Type.String({ maxLength: 64 }), '联系人'),
  brandContactMobile: Opt(Type.String({ pattern: '^(1\\d{10}|0\\d{2,3}-?\\d{7,8})?$' }), '联系电话：11 位手机号或固定电话'),
  brandAddress: Opt(Type.String({ maxLength: 256 }), '企业地址'),
  brandOperationNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: '运维人员数量' })),
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '登记区域，默认 selfAreaId' })),
  launchArea: Type.Optional(AreaList('投放区域')),
  operationAreaId: Type.Optional(AreaList('运营区域')),
  brandApprovalUrl: Opt(Type.String({ maxLength: 512 }), '政府批准文件地址'),
  brandApprovalName: Opt(Type.String({ maxLength: 128 }), '政府批准文件名称'),
  otherUrl: Opt(Type.String({ maxLength: 512 }), '其他证明文件地址'),
  otherName: Opt(Type.String({ maxLength: 128 }), '其他证明文件名称'),
  maintainPersonUrl: Opt(Type.String({ maxLength: 512 }), '运维人员信息文件地址'),
  bicycleUrl: Opt(Type.String({ maxLength: 512 }), '自行车信息文件地址'),
  electricVehicleUrl: Opt(Type.String({ maxLength: 512 }), '电动车信息文件地址'),
  bikeColor: Color('自行车显示颜色'),
  ebikeColor: Color('电动车显示颜色'),
  generatePassword: Type.Optional(Type.Boolean({ description: '由服务端生成开放接口密码（16 位字母数字），只在本次返回一次' })),
});
export type EnterpriseInput = Static<typeof EnterpriseInput>;

const Time = (description: string) => Type.Optional(Type.String({ maxLength: 32, description: `${description} yyyy-MM-dd HH:mm:ss` }));

/** The sync log lists' query; their exports take it without the page. */
export const SyncQuery = Type.Object({
  ...SelfArea,
  ...PageQuery,
  brandId: Type.Optional(BrandIdT),
  startTime: Time('开始时间'),
  endTime: Time('结束时间（含）'),
  result: Type.Optional(
    Type.Union([Type.Literal('ok'), Type.Literal('partial'), Type.Literal('failed')], { description: 'ok 成功, partial 部分成功, failed 失败' }),
  ),
});
export type SyncFilter = Static<typeof SyncQuery>;

/** The ride order list's and export's filters. */
export const OrderFilters = {
  ...SelfArea,
  brandId: Type.Optional(BrandIdT),
  bikeId: Type.Optional(Type.String({ maxLength: 32, description: '车辆编号（前缀）' })),
  orderId: Type.Optional(Type.String({ maxLength: 64, description: '订单编号（前缀）' })),
  startTime: Time('借车时间起'),
  endTime: Time('借车时间止（含）'),
  returnType: Type.Optional(
    Type.Union([Type.Literal('in'), Type.Literal('out'), Type.Literal('open')], { description: 'in 站内还车, out 站外还车, open 未还车' }),
  ),
  minMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: '骑行时长下限（分钟，含）' })),
  maxMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: '骑行时长上限（分钟，含）' })),
};
export type OrderQuery = Static<TObject<typeof OrderFilters>>;

export const RideOrder = Type.Object({
  brandId: Type.Integer({ description: '企业 ID' }),
  brandName: Type.String({ description: '品牌名称' }),
  orderId: Type.String({ description: '订单编号' }),
  bikeId: Type.String({ description: '车辆编号' }),
  bikeType: Type.Integer({ description: '0 自行车, 1 电动车' }),
  areaId: Type.String({ description: '区域编码' }),
  areaName: Type.String({ description: '区域名称' }),
  rentTime: NStr('借车时间'),
  rentLon: Nullable(Type.Number(), '借车经度（GCJ-02）'),
  rentLat: Nullable(Type.Number(), '借车纬度（GCJ-02）'),
  rentSiteId: NStr('借车站点编号'),
  rentSiteName: NStr('借车站点名称'),
  returnTime: NStr('还车时间，未还为空'),
  returnLon: Nullable(Type.Number(), '还车经度（GCJ-02）'),
  returnLat: Nullable(Type.Number(), '还车纬度（GCJ-02）'),
  returnSiteId: NStr('还车站点编号'),
  returnSiteName: NStr('还车站点名称'),
  fee: Nullable(Type.Integer(), '费用（分）'),
  feeYuan: NStr('费用（元，两位小数）'),
  durationMinutes: Nullable(Type.Integer(), '骑行时长（分钟，四舍五入），未还为空'),
  outSiteReturn: Type.Boolean({ description: '站外还车' }),
  fullReturn: Type.Boolean({ description: '满桩还车' }),
});

const Day = (description: string) => Type.Optional(Type.String({ maxLength: 10, description: `${description} yyyy-MM-dd` }));
/** The fee lists' and export's filters. */
export const FeeFilters = {
  brandId: Type.Optional(BrandIdT),
  startTime: Day('开始日期（含；默认本月 1 日）'),
  endTime: Day('结束日期（含；默认今天）'),
};
export type FeeQuery = Static<TObject<typeof FeeFilters>>;
export const FeeAmount = Type.String({ description: '金额（元，两位小数）' });

/** 站外还车扣费 per brand and return day. */
export const FeeDay = Type.Object({
  date: Type.String({ description: '日期 yyyy-MM-dd（还车日）' }),
  brandId: Type.Integer(),
  brandName: Type.String(),
  outSiteNum: Type.Integer({ description: '站外还车次数' }),
  feeNum: Type.Integer({ description: '其中扣费次数（费用大于 0）' }),
  feeAmount: FeeAmount,
});
/** 站外还车扣费 per rider. */
export const FeeRider = Type.Object({
  riderPhone: Type.String({ description: '骑行用户手机号（脱敏；企业未上报时为 未上报）' }),
  outSiteNum: Type.Integer(),
  feeNum: Type.Integer(),
  feeAmount: FeeAmount,
  lastTime: Type.String({ description: '最近一次站外还车时间' }),
});
