/** TypeBox schemas of /api/abnormal: the filters, a message, the counts, the handle call. */
import { Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { Nullable, SelfArea } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });
const Str = (description: string) => Type.String({ description });

export const Filters = {
  ...SelfArea,
  abnormalType: Type.Optional(Type.String({ maxLength: 100, description: '异常类型 1-14，多个用逗号分隔；缺省为全部' })),
  startTime: Type.Optional(
    Type.String({
      maxLength: 19,
      description:
        '开始时间 yyyy-MM-dd HH:mm:ss：查这段时间内存在过的异常（发生时间早于结束时间、更新时间不早于开始时间）；缺省为前天 00:00，只查进行中（closed=0）时缺省不限',
    }),
  ),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '结束时间 yyyy-MM-dd HH:mm:ss（含）；缺省为今天结束' })),
  handled: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 未处理, 1 已处理；缺省为全部' })),
  closed: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 进行中, 1 已结束；缺省为全部' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '企业 ID' })),
  bikeId: Type.Optional(Type.String({ maxLength: 32, description: '车辆编号' })),
  site: Type.Optional(Type.String({ maxLength: 50, description: '站点编号，或站点名称中的文字' })),
};

export const MsgT = Type.Object({
  id: Int('消息 ID'),
  abnormalType: Int('异常类型 1-14'),
  abnormalTypeName: Str('异常类型名称：1 站外还车 … 14 区域外停放'),
  brandId: Nullable(Type.Integer(), '企业 ID'),
  brandName: Str('品牌'),
  bikeId: Nullable(Type.String(), '车辆编号'),
  siteId: Nullable(Type.String(), '站点编号'),
  siteName: Str('站点名称'),
  areaId: Str('区县编码'),
  lon: Nullable(Type.Number(), '经度'),
  lat: Nullable(Type.Number(), '纬度'),
  detail: Str('详情'),
  createTime: Str('发生时间'),
  updateTime: Str('更新时间：进行中的为最近一次发现该异常的时间（位置、站点随之更新），已结束的为结束时间，一次性事件（站外还车等）为发生时间'),
  closed: Type.Boolean({ description: '异常情况已结束（如车辆回到站点）' }),
  closeTime: Nullable(Type.String(), '结束时间'),
  handled: Type.Boolean({ description: '已被人工处理' }),
  handleTime: Nullable(Type.String(), '处理时间'),
  handledBy: Nullable(Type.String(), '处理人'),
  workOrder: Nullable(
    Type.Object({
      id: Int('工单编号'),
      type: Int('工单类型'),
      brandId: Int('派给的企业'),
      stateName: Str('工单状态：待接单、处理中、已反馈、已办结，未反馈且已过期限的为 已超时'),
      createTime: Str('工单创建时间'),
    }),
    '告警所在的工单（已派单或已被规则纳入工单）；未在工单中为 null',
  ),
});

export const Counts = Type.Object({
  lists: Type.Array(
    Type.Object({
      abnormalType: Int('异常类型'),
      abnormalTypeName: Str('异常类型名称'),
      openNum: Int('进行中且未处理（不论哪天发生；大屏异常告警的页签数）'),
      recentNum: Int('最近三天（前天 00:00 至今天结束）存在过的：此前发生、此后仍被发现（更新时间在三天内）的也算，不论是否处理、结束'),
      openRecentNum: Int('既是进行中未处理，又在最近三天存在过的'),
    }),
    { description: '14 种异常类型各一行' },
  ),
  openTotal: Int('进行中且未处理合计（待处理，不论哪天发生）'),
  recentTotal: Int('最近三天合计'),
  openRecentTotal: Int('待处理中最近三天仍被发现的合计；openTotal − openRecentTotal 为三天内未再发现的待处理'),
  startTime: Str('最近三天的开始'),
  endTime: Str('最近三天的结束'),
});

export const IdsT = Type.String({ minLength: 1, maxLength: 12000, description: '消息 ID，多个用逗号分隔（最多 1000 个）' });

export const HandleResult = Envelope(Type.Object({ handled: Int('本次新标记为已处理的条数'), total: Int('提交的条数') }));
