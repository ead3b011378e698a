/**
 * The console's screens (spec §2), one declaration each: address, name, one-line summary, page
 * (a lazily loaded chunk of its own), a section's menu permission by the server's name, and whether
 * the side menu lists it. The router, the side menu, a section's tabs and mayOpen() derive from this
 * table: a screen whose path has more segments than one is a tab of the section named by its first
 * segment, the tabs in table order; a section root opens its first tab.
 */
import { type PermissionEntry, type PermissionName, can } from '../lib/permission';
import { screen } from './lazyScreen';

export interface ScreenInfo {
  /** route path without params; a tab's starts with its section's */
  path: string;
  title: string;
  summary: string;
  /** the route's `lazy`: the page module */
  lazy: ReturnType<typeof screen>;
  /** the route's params after the path; ':id?' (the tab segment of spec §2) when not given */
  params?: string;
  /** a section's menu permission by the server's name, needed for its tabs too; a section without one is open to all */
  permission?: PermissionName;
  /** listed in the desk's side menu */
  menu?: boolean;
  /** outside the guarded desk layout (the big screen checks its session itself) */
  unguarded?: boolean;
}

const TABLE = {
  index: {
    path: '/index',
    title: '首页',
    summary: '大屏首页：总量监控、站点地图、运营统计、异常告警、调度指引与待办事项。',
    lazy: screen(() => import('../pages/index')),
    unguarded: true,
  },
  warn: {
    path: '/warn',
    title: '异常列表',
    summary: '按类型和时间查看站外还车、非法车辆、站外停放、区域外停放等异常消息，并可导出。',
    lazy: screen(() => import('../pages/warn')),
    permission: 'warn',
    menu: true,
  },
  dailyDuty: {
    path: '/dailyDuty',
    title: '日常值守',
    summary: '值守人员的站点巡查、消息处理与当日站点历史记录。',
    lazy: screen(() => import('../pages/dailyDuty')),
    permission: 'dailyDuty',
    menu: true,
  },
  deviceManagement: {
    path: '/deviceManagement',
    title: '站点管理',
    summary: '站点与设备列表、设备电量、站点围栏与车桩比例设置，可导出站点。',
    lazy: screen(() => import('../pages/deviceManagement')),
    permission: 'deviceManagement',
    menu: true,
  },
  operation: {
    path: '/operation',
    title: '运营统计',
    summary: '各品牌租还车统计、站点排名、潮汐分析与趋势图表，可导出报表。',
    lazy: screen(() => import('../pages/operation')),
    permission: 'operation',
    menu: true,
  },
  miBicycle: {
    path: '/miBicycle',
    title: '米单车管理',
    summary: '站点申请、巡检记录、未上传数据车辆的匹配规则与巡检统计。',
    lazy: screen(() => import('../pages/miBicycle')),
    permission: 'miBicycle',
    menu: true,
  },
  ratingEvaluation: {
    path: '/ratingEvaluation',
    title: '评级考核',
    summary: '企业考核结果、考核明细与考核规则设置。',
    lazy: screen(() => import('../pages/ratingEvaluation')),
    permission: 'ratingEvaluation',
    menu: true,
  },
  rateIndex: {
    path: '/ratingEvaluation/rate/index',
    title: '企业考核',
    summary: '按周期查看各企业的考核得分与排名。',
    lazy: screen(() => import('../pages/ratingEvaluation/rateIndex')),
  },
  // the spec's rate/grade/{id?}&{data?}
  rateGrade: {
    path: '/ratingEvaluation/rate/grade',
    title: '考核详情',
    summary: '单个企业在一个考核周期内各项指标的得分明细。',
    lazy: screen(() => import('../pages/ratingEvaluation/rateGrade')),
    params: ':id?/:data?',
  },
  rateSetting: {
    path: '/ratingEvaluation/setting',
    title: '考核设置',
    summary: '考核类别、固定规则与动态规则的配置。',
    lazy: screen(() => import('../pages/ratingEvaluation/setting')),
  },
  companyManagement: {
    path: '/companyManagement',
    title: '企业管理',
    summary: '企业与品牌信息、投放总量、同步日志、骑行订单与站外还车扣费。',
    lazy: screen(() => import('../pages/companyManagement')),
    permission: 'companyManagement',
    menu: true,
  },
  company: {
    path: '/companyManagement/company',
    title: '企业信息',
    summary: '企业与品牌档案、运维人员与批复文件。',
    lazy: screen(() => import('../pages/companyManagement/company')),
  },
  sum: {
    path: '/companyManagement/sum',
    title: '总量设置',
    summary: '各区域、各品牌的车辆投放总量设置。',
    lazy: screen(() => import('../pages/companyManagement/sum')),
  },
  check: {
    path: '/companyManagement/check',
    title: '区域核准数量',
    summary: '各区域核准的车辆数量与实际备案数量对照。',
    lazy: screen(() => import('../pages/companyManagement/check')),
  },
  siteSync: {
    path: '/companyManagement/siteSync',
    title: '站点同步',
    summary: '企业站点数据同步记录。',
    lazy: screen(() => import('../pages/companyManagement/siteSync')),
  },
  dispatchSync: {
    path: '/companyManagement/dispatchSync',
    title: '调度同步',
    summary: '企业调度数据同步记录。',
    lazy: screen(() => import('../pages/companyManagement/dispatchSync')),
  },
  requestSync: {
    path: '/companyManagement/requestSync',
    title: '租还信息',
    summary: '企业推送的租车、还车请求记录。',
    lazy: screen(() => import('../pages/companyManagement/requestSync')),
  },
  bikeSync: {
    path: '/companyManagement/bikeSync',
    title: '车辆同步',
    summary: '企业车辆数据同步记录。',
    lazy: screen(() => import('../pages/companyManagement/bikeSync')),
  },
  bikeOutSideFee: {
    path: '/companyManagement/bikeOutSideFee',
    title: '站外还车扣费',
    summary: '站外还车的扣费记录与用户明细，可导出。',
    lazy: screen(() => import('../pages/companyManagement/bikeOutSideFee')),
  },
  bikeRideOrder: {
    path: '/companyManagement/bikeRideOrder',
    title: '骑行订单',
    summary: '骑行订单列表、订单详情与骑行轨迹。',
    lazy: screen(() => import('../pages/companyManagement/bikeRideOrder')),
  },
  bikeFiling: {
    path: '/companyManagement/bikeFiling',
    title: '车辆备案',
    summary: '上传 xlsx 表格批量备案企业车辆，查看逐行校验结果与导入记录。',
    lazy: screen(() => import('../pages/companyManagement/bikeFiling')),
  },
  inforManagement: {
    path: '/inforManagement',
    title: '信息管理',
    summary: '发布与管理面向企业和用户的通知信息。',
    lazy: screen(() => import('../pages/inforManagement')),
    permission: 'inforManagement',
    menu: true,
  },
  systemSettings: {
    path: '/systemSettings',
    title: '系统设置',
    summary: '用户、角色与权限管理，账号审核与第三方授权。',
    lazy: screen(() => import('../pages/systemSettings')),
    permission: 'systemSettings',
    menu: true,
  },
  regionalSettings: {
    path: '/regionalSettings',
    title: '区域设置',
    summary: '区域、电子围栏、禁停区与站点参数设置，平台账号审核。',
    lazy: screen(() => import('../pages/regionalSettings')),
    permission: 'regionalSettings',
    menu: true,
  },
  // the phone-sized field app (issue 28): its own light layout, no desk side menu; it checks its session itself
  field: {
    path: '/field',
    title: '外勤',
    summary: '手机上的外勤工作：打卡、巡检、设备安装、站点申请与违规举报，无网络时先存在手机上。',
    lazy: screen(() => import('../pages/field')),
    permission: 'field',
    unguarded: true,
  },
} satisfies Record<string, ScreenInfo>;

export type ScreenKey = keyof typeof TABLE;
export const SCREENS: Readonly<Record<ScreenKey, ScreenInfo>> = TABLE;
const KEYS = Object.keys(TABLE) as ScreenKey[];

/** The section of a screen: the screen of its path's first segment (a section is its own). */
export const sectionOf = (key: ScreenKey): ScreenKey => SCREENS[key].path.split('/')[1] as ScreenKey;

/** The sections: screens that are not a tab of another, in table order. */
export const SECTIONS: readonly ScreenKey[] = KEYS.filter((key) => sectionOf(key) === key);

/** A section's tabs, in table order (none for a section without). */
export const tabsOf = (section: ScreenKey): ScreenKey[] => KEYS.filter((key) => key !== section && sectionOf(key) === section);

export const RATING_CHILDREN: ScreenKey[] = tabsOf('ratingEvaluation');
export const COMPANY_CHILDREN: ScreenKey[] = tabsOf('companyManagement');

/** Desk menu: the ten sections in spec §2 order (the big screen is the header's 返回大屏 link). */
export const MENU: ScreenKey[] = KEYS.filter((key) => SCREENS[key].menu);

/** Whether a user may open a screen: the menu permission of its section, named as the server names menus; a section without one is open to all. */
export function mayOpen(permissions: readonly PermissionEntry[] | null | undefined, screen: ScreenKey): boolean {
  const permission = SCREENS[sectionOf(screen)].permission;
  return !permission || can(permissions, permission);
}

/**
 * Where a user without the big screen lands after login: on a phone-sized screen the field app when
 * they hold it (a maintainer's role also holds 日常值守, which is a desk screen); otherwise the first
 * desk section they may open, else the field app (a user whose only section is 外勤), else nothing.
 */
export function landingOf(permissions: readonly PermissionEntry[] | null | undefined, phone = false): string | null {
  const field = mayOpen(permissions, 'field');
  if (phone && field) return SCREENS.field.path;
  const first = MENU.find((key) => mayOpen(permissions, key)) ?? (field ? 'field' : undefined);
  return first ? SCREENS[first].path : null;
}

/** Whether the window is phone-sized (the field app's screens are made for 390 px). */
export const isPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;

/**
 * Whether a user may open the screen a link leads to (e.g. '/systemSettings/audit?roleId=27'): mayOpen of
 * the section its path's first segment names. The desk menu, the big screen's side bar and its to-do
 * items all ask this, so a link the user may not follow is not shown anywhere. A path that names no
 * screen (a public page) is open to all.
 */
export function mayOpenPath(permissions: readonly PermissionEntry[] | null | undefined, to: string): boolean {
  const first = to.split(/[?#]/)[0].split('/')[1] ?? '';
  return Object.hasOwn(TABLE, first) ? mayOpen(permissions, first as ScreenKey) : true;
}
