/** Names and one-line summaries of the console screens (spec §2), used by menus and frames. */
import { type PermissionEntry, type PermissionName, can } from '../lib/permission';

export interface ScreenInfo {
  /** route path without params */
  path: string;
  title: string;
  summary: string;
}

export const SCREENS = {
  index: { path: '/index', title: '首页', summary: '大屏首页：总量监控、站点地图、运营统计、异常告警、调度指引与待办事项。' },
  warn: { path: '/warn', title: '异常列表', summary: '按类型和时间查看站外还车、非法车辆、站外停放、区域外停放等异常消息，并可导出。' },
  dailyDuty: { path: '/dailyDuty', title: '日常值守', summary: '值守人员的站点巡查、消息处理与当日站点历史记录。' },
  deviceManagement: { path: '/deviceManagement', title: '站点管理', summary: '站点与设备列表、设备电量、站点围栏与车桩比例设置，可导出站点。' },
  operation: { path: '/operation', title: '运营统计', summary: '各品牌租还车统计、站点排名、潮汐分析与趋势图表，可导出报表。' },
  miBicycle: { path: '/miBicycle', title: '米单车管理', summary: '站点申请、巡检记录、未上传数据车辆的匹配规则与巡检统计。' },
  ratingEvaluation: { path: '/ratingEvaluation', title: '评级考核', summary: '企业考核结果、考核明细与考核规则设置。' },
  rateIndex: { path: '/ratingEvaluation/rate/index', title: '企业考核', summary: '按周期查看各企业的考核得分与排名。' },
  rateGrade: { path: '/ratingEvaluation/rate/grade', title: '考核详情', summary: '单个企业在一个考核周期内各项指标的得分明细。' },
  rateSetting: { path: '/ratingEvaluation/setting', title: '考核设置', summary: '考核类别、固定规则与动态规则的配置。' },
  companyManagement: { path: '/companyManagement', title: '企业管理', summary: '企业与品牌信息、投放总量、同步日志、骑行订单与站外还车扣费。' },
  company: { path: '/companyManagement/company', title: '企业信息', summary: '企业与品牌档案、运维人员与批复文件。' },
  sum: { path: '/companyManagement/sum', title: '总量设置', summary: '各区域、各品牌的车辆投放总量设置。' },
  check: { path: '/companyManagement/check', title: '区域核准数量', summary: '各区域核准的车辆数量与实际备案数量对照。' },
  siteSync: { path: '/companyManagement/siteSync', title: '站点同步', summary: '企业站点数据同步记录。' },
  dispatchSync: { path: '/companyManagement/dispatchSync', title: '调度同步', summary: '企业调度数据同步记录。' },
  requestSync: { path: '/companyManagement/requestSync', title: '租还信息', summary: '企业推送的租车、还车请求记录。' },
  bikeSync: { path: '/companyManagement/bikeSync', title: '车辆同步', summary: '企业车辆数据同步记录。' },
  bikeOutSideFee: { path: '/companyManagement/bikeOutSideFee', title: '站外还车扣费', summary: '站外还车的扣费记录与用户明细，可导出。' },
  bikeFiling: { path: '/companyManagement/bikeFiling', title: '车辆备案', summary: '上传 xlsx 表格批量备案企业车辆，查看逐行校验结果与导入记录。' },
  bikeRideOrder: { path: '/companyManagement/bikeRideOrder', title: '骑行订单', summary: '骑行订单列表、订单详情与骑行轨迹。' },
  inforManagement: { path: '/inforManagement', title: '信息管理', summary: '发布与管理面向企业和用户的通知信息。' },
  systemSettings: { path: '/systemSettings', title: '系统设置', summary: '用户、角色与权限管理，账号审核与第三方授权。' },
  regionalSettings: { path: '/regionalSettings', title: '区域设置', summary: '区域、电子围栏、禁停区与站点参数设置，平台账号审核。' },
} satisfies Record<string, ScreenInfo>;

export type ScreenKey = keyof typeof SCREENS;

export const RATING_CHILDREN: ScreenKey[] = ['rateIndex', 'rateGrade', 'rateSetting'];
export const COMPANY_CHILDREN: ScreenKey[] = [
  'company',
  'sum',
  'check',
  'siteSync',
  'dispatchSync',
  'requestSync',
  'bikeSync',
  'bikeOutSideFee',
  'bikeRideOrder',
  'bikeFiling',
];

/** Desk menu: the ten sections in spec §2 order (the big screen is the header's 返回大屏 link). */
/** Whether a user may open a screen: the menu permission of its section (the first segment of its path), named as the server names menus; a screen outside the desk sections is open to all. */
export function mayOpen(permissions: readonly PermissionEntry[] | null | undefined, screen: ScreenKey): boolean {
  const section = SCREENS[screen].path.split('/')[1] as ScreenKey;
  return !MENU.includes(section) || can(permissions, section as PermissionName);
}

export const MENU: ScreenKey[] = [
  'warn',
  'dailyDuty',
  'deviceManagement',
  'operation',
  'miBicycle',
  'ratingEvaluation',
  'companyManagement',
  'inforManagement',
  'systemSettings',
  'regionalSettings',
];
