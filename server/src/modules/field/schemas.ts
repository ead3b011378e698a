/** TypeBox schemas of /api/field (the field app, #/field): what it reads near the phone and the records it sends. */
import { Type, type Static } from 'typebox';
import { CLOCK_RESULTS } from '../../domain/clock.js';
import { COORD_SYSTEMS } from '../../domain/coords.js';
import { Nullable, SelfArea, SiteIdT } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });
const Str = (description: string) => Type.String({ description });
const RESULTS = Object.entries(CLOCK_RESULTS)
  .map(([k, n]) => `${k} ${n}`)
  .join('，');

/** Where the phone is: WGS-84 from its GPS unless `coord` says otherwise; stored as GCJ-02 like every position. */
const Position = {
  lon: Type.Number({ minimum: -180, maximum: 180, description: '经度' }),
  lat: Type.Number({ minimum: -90, maximum: 90, description: '纬度' }),
  coord: Type.Optional(
    Type.Union(
      COORD_SYSTEMS.map((c) => Type.Literal(c)),
      { description: '坐标系：wgs84（手机定位，缺省）、gcj02（地图上选的点）、bd09' },
    ),
  ),
};

/** What every record carries: the id the phone made it with (a record sent twice is stored once) and when it was made. */
const Made = {
  ...SelfArea,
  clientId: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: '手机端生成的记录编号（8-64 位字母、数字、_ 或 -）；同一编号重复提交只保存一次' }),
  at: Type.Optional(Type.String({ maxLength: 19, description: '记录生成时间 yyyy-MM-dd HH:mm:ss（离线记录）；不晚于现在、不早于 48 小时前；缺省为现在' })),
};

const Photos = (min: number, max: number) =>
  Type.Array(Type.String({ maxLength: 80 }), { minItems: min, maxItems: max, description: `照片（先以对应用途上传，填返回的 file），${min}-${max} 张` });

export const NearbyQuery = Type.Object({
  ...SelfArea,
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: '经度（WGS-84，手机定位）' })),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: '纬度' })),
  coord: Position.coord,
});

const Distance = Nullable(Type.Integer(), '距离（米）；未给位置时为空');

const ClockWindowState = Type.Object({
  start: Str('开始 HH:mm'),
  end: Str('结束 HH:mm'),
  lateUntil: Str('迟到截止 HH:mm'),
  clocks: Int('应打卡次数'),
  done: Int('已打卡次数（正常与迟到）'),
  late: Int('其中迟到'),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('open'), Type.Literal('late'), Type.Literal('done'), Type.Literal('missed')], {
    description: 'waiting 未开始，open 打卡中，late 迟到时段，done 已完成，missed 缺卡',
  }),
});

export const Nearby = Type.Object({
  clockSites: Type.Array(
    Type.Object({ id: Int('打卡点 ID'), name: Str('名称'), lon: Type.Number(), lat: Type.Number(), radius: Int('打卡半径（米）'), distance: Distance }),
    { description: '本人可打卡的打卡点，近的在前（GCJ-02）' },
  ),
  sites: Type.Array(Type.Object({ siteId: Str('站点编号'), siteName: Str('站点名称'), lon: Type.Number(), lat: Type.Number(), distance: Distance }), {
    description: '附近的站点（最多 30 个）',
  }),
  brands: Type.Array(Type.Object({ brandId: Type.Integer(), brandName: Type.String() }), { description: '本区域运营的企业' }),
  today: Type.Object({
    day: Str('今天 yyyy-MM-dd'),
    windows: Type.Array(ClockWindowState),
    records: Type.Array(
      Type.Object({
        id: Type.Integer(),
        clockTime: Str('打卡时间'),
        clockSiteName: Str('打卡点'),
        result: Int(`结果：${RESULTS}`),
        resultName: Type.String(),
        distance: Int('距打卡点（米）'),
      }),
    ),
  }),
});

export const ClockBody = Type.Object({
  ...Made,
  ...Position,
  clockSiteId: Type.Integer({ minimum: 1, description: '打卡点 ID' }),
  photos: Photos(1, 3),
});
export type ClockInput = Static<typeof ClockBody>;

export const ClockAnswer = Type.Object({
  id: Int('打卡记录 ID'),
  result: Int(`结果：${RESULTS}`),
  resultName: Type.String(),
  distance: Int('距打卡点（米）'),
  radius: Int('打卡半径（米）'),
  window: Nullable(Type.String(), '计入的打卡时段 HH:mm-HH:mm'),
  repeated: Type.Boolean({ description: '同一 clientId 已提交过：答复第一次的结果，未重复保存' }),
});

export const PatrolBody = Type.Object({
  ...Made,
  ...Position,
  bikeId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: '车辆编号（与 bikeMac 至少填一个）' })),
  bikeMac: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: '车辆蓝牙 MAC' })),
  siteId: Type.Optional(SiteIdT),
  result: Type.Integer({ minimum: 1, maximum: 4, description: '巡检结果：1 正常，2 违停，3 故障，4 非法车辆' }),
  note: Type.Optional(Type.String({ maxLength: 500, description: '说明' })),
  photos: Photos(1, 9),
});
export type PatrolInput = Static<typeof PatrolBody>;

export const PatrolAnswer = Type.Object({
  id: Type.Integer(),
  bikeId: Nullable(Type.String(), '车辆编号（按 MAC 找到的）'),
  brandName: Nullable(Type.String(), '车辆所属企业；平台不认识的车辆为空'),
  repeated: Type.Boolean(),
});

export const InstallBody = Type.Object({
  ...Made,
  lon: Type.Optional(Position.lon),
  lat: Type.Optional(Position.lat),
  coord: Position.coord,
  mac: Type.String({ minLength: 1, maxLength: 32, description: '设备（桩）MAC' }),
  siteId: SiteIdT,
  photos: Photos(1, 9),
});
export type InstallInput = Static<typeof InstallBody>;

export const SiteApplyBody = Type.Object({
  ...Made,
  ...Position,
  name: Type.String({ minLength: 1, maxLength: 64, description: '站点名称' }),
  capacity: Type.Integer({ minimum: 1, maximum: 1000, description: '停放容量（辆）' }),
  piles: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '桩数' })),
  reason: Type.String({ minLength: 1, maxLength: 500, description: '申请理由' }),
  photos: Photos(1, 9),
});
export type SiteApplyInput = Static<typeof SiteApplyBody>;

export const ReportBody = Type.Object({
  ...Made,
  ...Position,
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '被举报的企业' })),
  text: Type.String({ minLength: 1, maxLength: 500, description: '举报内容' }),
  photos: Photos(1, 9),
});
export type ReportInput = Static<typeof ReportBody>;

export const Stored = Type.Object({ id: Type.Integer(), repeated: Type.Boolean({ description: '同一 clientId 已提交过，未重复保存' }) });

export const FIELD_KINDS = ['clock', 'patrol', 'install', 'siteApply', 'report'] as const;

export const History = Type.Object({
  items: Type.Array(
    Type.Object({
      kind: Type.Union(
        FIELD_KINDS.map((k) => Type.Literal(k)),
        { description: 'clock 打卡，patrol 巡检，install 设备安装，siteApply 站点申请，report 违规举报' },
      ),
      id: Type.Integer(),
      time: Str('记录时间'),
      title: Str('摘要'),
      state: Str('结果或处理状态'),
      note: Nullable(Type.String(), '审核或处理说明：站点申请的驳回理由、举报的处理说明'),
      siteId: Nullable(Type.String(), '相关站点：通过的站点申请建成的站点、设备安装的站点'),
    }),
  ),
});
