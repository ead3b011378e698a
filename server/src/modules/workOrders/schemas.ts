/** TypeBox schemas of /api/workOrder (工单 on 日常值守): the filters, an order, its detail, the writes, the measures. */
import { Type, type Static } from 'typebox';
import { ORDER_TYPES } from '../../domain/workOrders.js';
import { PageQuery } from '../../http/envelope.js';
import { AreaId, Nullable, SelfArea, SiteIdT } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });
const Str = (description: string) => Type.String({ description });
const Time = (description: string) => Nullable(Type.String(), description);
const TYPES = Object.entries(ORDER_TYPES)
  .map(([k, n]) => `${k} ${n}`)
  .join('，');

const OrderTypeT = Type.Integer({ minimum: 1, maximum: 8, description: `工单类型：${TYPES}` });
export const OrderId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '工单编号' });
const TimeText = (description: string) => Type.Optional(Type.String({ maxLength: 19, description }));

/** The list's filters; the map's points take the same (without paging). */
const FILTERS = {
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '企业 ID（企业账号只能查本企业）' })),
  type: Type.Optional(Type.Union([OrderTypeT, Type.Literal('dispatch')], { description: `工单类型：${TYPES}；dispatch 调度工单（站点过满或过空）` })),
  state: Type.Optional(
    Type.Union(
      [Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4'), Type.Literal('overdue'), Type.Literal('open'), Type.Literal('pending')],
      {
        description:
          '1 待接单，2 处理中（这两项不含已超时的），3 已反馈，4 已办结，overdue 已超时，open 未办结，pending 待监管处理（已超时或已反馈，即待办的 dispatchPend）',
      },
    ),
  ),
  startTime: TimeText('创建时间不早于 yyyy-MM-dd[ HH:mm:ss]'),
  endTime: TimeText('创建时间不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）'),
  site: Type.Optional(Type.String({ maxLength: 50, description: '站点编号，或站点名称中的文字' })),
};
export const ListQuery = Type.Object({ ...FILTERS, ...PageQuery });
export const PointsQuery = Type.Object(FILTERS);
export type ListFilter = Static<typeof PointsQuery>;

export const OrderItem = Type.Object({
  id: Int('工单编号'),
  type: OrderTypeT,
  typeName: Str('类型名称'),
  state: Int('1 待接单，2 处理中，3 已反馈，4 已办结'),
  stateName: Str('状态名称；未反馈且已过期限的为 已超时'),
  overdue: Type.Boolean(),
  areaId: Str('区域编码'),
  areaName: Str('区域名称'),
  brandId: Int('企业 ID'),
  brandName: Str('企业名称'),
  siteId: Nullable(Type.String(), '站点编号'),
  siteName: Nullable(Type.String(), '站点名称'),
  lon: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  title: Str('标题'),
  bikesToMove: Nullable(Type.Integer(), '调度工单：本企业应调走（过满）或调入（过空）的车辆数'),
  alertCount: Int('包含的告警条数'),
  returns: Int('退回次数'),
  openedBy: Str('rule 规则生成，regulator 监管人员新建'),
  autoClosed: Type.Boolean({ description: '条件消失后自动办结（站点恢复正常、告警全部结束）' }),
  createTime: Str('创建时间'),
  deadlineTime: Str('期限'),
  acceptTime: Time('接单时间'),
  answerTime: Time('首次反馈时间'),
  closeTime: Time('办结时间'),
});

/** The most points the map answers (the newest first). */
export const MAX_POINTS = 5000;

const OrderPoint = Type.Object({
  ...Type.Pick(OrderItem, ['id', 'type', 'typeName', 'state', 'stateName', 'overdue', 'title', 'brandName', 'siteName', 'deadlineTime']).properties,
  lon: Type.Number({ description: '工单位置，无位置时为站点位置' }),
  lat: Type.Number(),
});
export const OrderPoints = Type.Object({
  points: Type.Array(OrderPoint, { description: `有位置的工单，最新的在前，最多 ${MAX_POINTS} 个` }),
  total: Int('符合筛选条件的工单数（与列表的 total 相同）'),
  unplaced: Int('其中无位置（无站点、无经纬度）未画在地图上的'),
  truncated: Type.Boolean({ description: `有位置的工单多于 ${MAX_POINTS} 个，只给出最新的 ${MAX_POINTS} 个` }),
});

export const EventItem = Type.Object({
  action: Str('open 创建，accept 接单，answer 反馈，finish 办结，return 退回，autoClose 自动办结，overdue 超时'),
  actionName: Str('步骤名称'),
  actor: Str('operator 企业，regulator 监管人员，system 系统'),
  who: Str('操作人：用户姓名、企业名称或 系统'),
  note: Nullable(Type.String(), '说明、反馈内容或退回原因'),
  photos: Type.Array(Type.String()),
  dispatchIds: Type.Array(Type.String()),
  bikeIds: Type.Array(Type.String()),
  time: Str('时间'),
});

export const AlertItem = Type.Object({
  id: Int('告警 ID'),
  abnormalType: Int('告警类型'),
  typeName: Str('告警类型名称'),
  bikeId: Nullable(Type.String()),
  siteId: Nullable(Type.String()),
  lon: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  createTime: Str('发生时间'),
  ended: Type.Boolean({ description: '已结束或已处理（站外还车：车辆已回到站点或被骑走）' }),
});

export const OrderDetail = Type.Object({
  ...OrderItem.properties,
  evidence: Type.Record(Type.String(), Type.Unknown(), { description: '创建时的证据：站点数量与阈值、监管人员的说明等' }),
  creatorName: Nullable(Type.String(), '新建的监管人员'),
  answer: Nullable(EventItem, '企业最近一次反馈'),
  timeline: Type.Array(EventItem),
  alerts: Type.Array(AlertItem),
});

export const AddBody = Type.Object({
  ...SelfArea,
  type: Type.Optional(OrderTypeT),
  alertId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '从告警新建：取告警的位置、企业与类型，并把告警纳入工单' })),
  reportId: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: '从违规举报新建：取举报的位置、企业、内容与照片，举报随之处理（已处理，说明为工单内容）',
    }),
  ),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '派给的企业（从告警或举报新建时可不填）' })),
  areaId: Type.Optional(AreaId),
  siteId: Type.Optional(SiteIdT),
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  text: Type.String({ maxLength: 500, description: '要求企业处理的内容' }),
  deadlineMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 * 24 * 60, description: '期限（分钟）；缺省按类型（调度工单为站点的响应时间）' })),
});
export type AddInput = Static<typeof AddBody>;

export const FinishBody = Type.Object({
  ...SelfArea,
  id: OrderId,
  note: Type.Optional(Type.String({ maxLength: 500, description: '办结说明；工单尚未反馈时必填' })),
});
export const ReturnBody = Type.Object({
  ...SelfArea,
  id: OrderId,
  reason: Type.Optional(Type.String({ maxLength: 500, description: '退回原因（必填）' })),
});

export const MeasureQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  startTime: TimeText('统计期开始（按工单创建时间），缺省为本月 1 日'),
  endTime: TimeText('统计期结束（只给日期：含当天），缺省为现在'),
});
export const MeasureItem = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('企业名称'),
  received: Int('收到的工单'),
  answered: Int('已响应（反馈，或调度工单站点自行恢复）'),
  answeredInTime: Int('按期响应'),
  inTimeRate: Nullable(Type.Number(), '按期响应率 %（一位小数）'),
  medianMinutes: Nullable(Type.Number(), '响应用时中位数（分钟）'),
  p90Minutes: Nullable(Type.Number(), '响应用时 90 分位（分钟）'),
  returned: Int('被退回过的工单'),
  overdue: Int('至今未响应且已超期'),
});
export const Measures = Type.Object({ startTime: Type.String(), endTime: Type.String(), lists: Type.Array(MeasureItem) });

export const SummaryQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
});
export const Summary = Type.Object({
  openDispatch: Int('未办结的调度工单（站点过满或过空），同列表 state=open&type=dispatch 的条数'),
  overdueDispatch: Int('已超时的调度工单，同列表 state=overdue&type=dispatch 的条数'),
  pending: Int('待监管处理的工单（各类型：已超时或已反馈），同列表 state=pending 的条数与待办的 dispatchPend'),
});
