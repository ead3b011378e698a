/** TypeBox schemas of 日常值守's clock calls (/api/clock, /api/clockRecord): clock sites, configs, records, day statistics, warnings. */
import { Type, type Static } from 'typebox';
import { CLOCK_RESULTS, WARN_KINDS } from '../../domain/clock.js';
import { PageQuery } from '../../http/envelope.js';
import { AreaId, Nullable, SelfArea, SiteIdT } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });
const Str = (description: string) => Type.String({ description });
const names = (m: Record<number, string>) =>
  Object.entries(m)
    .map(([k, n]) => `${k} ${n}`)
    .join('，');
const TimeText = (description: string) => Type.Optional(Type.String({ maxLength: 19, description }));
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

const Scope = {
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '企业 ID（企业账号只能查本企业）' })),
};
const ClockRole = Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '打卡角色：1 运维人员（31），2 监督员（32）' }));
const Period = {
  startTime: TimeText('不早于 yyyy-MM-dd[ HH:mm:ss]'),
  endTime: TimeText('不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）'),
};

/* ---------- clock sites ---------- */

export const ClockSiteQuery = Type.Object({ ...Scope, name: Type.Optional(Type.String({ maxLength: 64, description: '名称中的文字' })), ...PageQuery });

export const ClockSiteItem = Type.Object({
  id: Int('打卡点 ID'),
  name: Str('名称'),
  areaId: Str('区域'),
  areaName: Str('区域名称'),
  brandId: Nullable(Type.Integer(), '所属企业；空为所有企业可用'),
  brandName: Nullable(Type.String()),
  siteId: Nullable(Type.String(), '对应站点'),
  siteName: Nullable(Type.String()),
  lon: Type.Number(),
  lat: Type.Number(),
  radius: Int('打卡半径（米）'),
  createTime: Str('创建时间'),
});

export const ClockSiteBody = Type.Object({
  ...SelfArea,
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 64, description: '名称' }),
  areaId: AreaId,
  brandId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }), '所属企业；空为所有企业可用')),
  siteId: Type.Optional(Nullable(SiteIdT, '对应站点')),
  lon: Type.Number({ minimum: 73, maximum: 136, description: '经度（GCJ-02）' }),
  lat: Type.Number({ minimum: 3, maximum: 54, description: '纬度（GCJ-02）' }),
  radius: Type.Integer({ minimum: 10, maximum: 5000, description: '打卡半径（米），10-5000' }),
});
export type ClockSiteInput = Static<typeof ClockSiteBody>;

export const IdBody = Type.Object({ ...SelfArea, id: Id });

/* ---------- configs ---------- */

export const ConfigQuery = Type.Object({ ...Scope, clockRole: ClockRole, ...PageQuery });

const WindowT = Type.Object({
  start: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: '开始 HH:mm' }),
  end: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: '结束 HH:mm' }),
});

const CONFIG_FIELDS = {
  name: Type.String({ minLength: 1, maxLength: 64, description: '名称' }),
  roleId: Type.Union([Type.Literal(31), Type.Literal(32)], { description: '角色：31 运维人员，32 监督员' }),
  days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, description: '打卡日：1 周一 … 7 周日' }),
  windows: Type.Array(WindowT, { minItems: 1, maxItems: 6, description: '打卡时段' }),
  clocksPerWindow: Type.Integer({ minimum: 1, maximum: 10, description: '每个时段应打卡次数' }),
  radius: Nullable(Type.Integer({ minimum: 10, maximum: 5000 }), '打卡半径（米）；空则按打卡点的半径'),
  lateMinutes: Type.Integer({ minimum: 0, maximum: 240, description: '时段结束后多少分钟内算迟到（之后为缺卡）' }),
  enabled: Type.Boolean({ description: '启用' }),
};

export const ConfigItem = Type.Object({
  id: Int('配置 ID'),
  areaId: Str('区域'),
  areaName: Str('区域名称'),
  brandId: Nullable(Type.Integer(), '企业；空为本区域所有企业'),
  brandName: Nullable(Type.String()),
  roleName: Str('角色名称'),
  ...CONFIG_FIELDS,
});

export const ConfigBody = Type.Object({
  ...SelfArea,
  id: Type.Optional(Id),
  areaId: AreaId,
  brandId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }), '企业；空为本区域所有企业')),
  ...CONFIG_FIELDS,
});
export type ConfigInput = Static<typeof ConfigBody>;

/* ---------- records ---------- */

export const RecordQuery = Type.Object({
  ...Scope,
  clockRole: ClockRole,
  userName: Type.Optional(Type.String({ maxLength: 64, description: '姓名或账号中的文字' })),
  clockSiteId: Type.Optional(Id),
  result: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: `结果：${names(CLOCK_RESULTS)}` })),
  ...Period,
  ...PageQuery,
});

export const RecordItem = Type.Object({
  id: Int('打卡记录 ID'),
  userId: Type.Integer(),
  userName: Str('姓名'),
  brandName: Nullable(Type.String()),
  roleName: Nullable(Type.String(), '计入的角色'),
  clockSiteId: Type.Integer(),
  clockSiteName: Str('打卡点'),
  clockTime: Str('打卡时间'),
  window: Nullable(Type.String(), '计入的打卡时段'),
  result: Int(`结果：${names(CLOCK_RESULTS)}`),
  resultName: Type.String(),
  distance: Int('距打卡点（米）'),
  radius: Int('打卡半径（米）'),
  lon: Type.Number(),
  lat: Type.Number(),
  photos: Type.Array(Type.String(), { description: '照片地址 /uploads/{file}（凭登录令牌读取）' }),
});

/* ---------- day statistics ---------- */

export const StatsQuery = Type.Object({
  ...Scope,
  clockRole: ClockRole,
  userName: Type.Optional(Type.String({ maxLength: 64, description: '姓名或账号中的文字' })),
  startTime: TimeText('起始日 yyyy-MM-dd（缺省为 30 天前）'),
  endTime: TimeText('截止日 yyyy-MM-dd（含当天，缺省为今天）'),
  ...PageQuery,
});

export const StatsItem = Type.Object({
  day: Str('日期'),
  userId: Type.Integer(),
  userName: Str('姓名'),
  brandName: Nullable(Type.String()),
  roleName: Str('角色'),
  required: Int('应打卡次数'),
  done: Int('已打卡（正常与迟到）'),
  late: Int('迟到'),
  missing: Int('缺卡（已结束的时段）'),
  outOfRange: Int('范围外'),
});

/* ---------- warnings ---------- */

export const WarnQuery = Type.Object({
  ...Scope,
  clockRole: ClockRole,
  clockWarn: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 未处理，2 已处理' })),
  kind: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: `预警类型：${names(WARN_KINDS)}` })),
  userName: Type.Optional(Type.String({ maxLength: 64, description: '姓名或账号中的文字' })),
  startTime: TimeText('起始日 yyyy-MM-dd'),
  endTime: TimeText('截止日 yyyy-MM-dd（含当天）'),
  ...PageQuery,
});

export const WarnItem = Type.Object({
  id: Int('预警 ID'),
  userId: Type.Integer(),
  userName: Str('姓名'),
  brandName: Nullable(Type.String()),
  roleName: Str('角色'),
  day: Str('日期'),
  window: Str('打卡时段'),
  kind: Int(`类型：${names(WARN_KINDS)}`),
  kindName: Type.String(),
  clockTime: Nullable(Type.String(), '迟到、范围外：那次打卡的时间'),
  distance: Nullable(Type.Integer(), '范围外：距打卡点（米）'),
  createTime: Str('预警时间'),
  handled: Type.Boolean(),
  handlerName: Nullable(Type.String()),
  handleTime: Nullable(Type.String()),
  note: Nullable(Type.String(), '处理说明'),
});

export const HandleBody = Type.Object({
  ...SelfArea,
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { minItems: 1, maxItems: 500, description: '预警 ID' }),
  note: Type.String({ minLength: 1, maxLength: 500, description: '处理说明' }),
});
