/**
 * The permission catalogue: menus (top level) and the buttons below them. Ids are stable: the
 * console gates panels by them (spec §6: 64 with children 59, 60, 134). Routes name a key.
 */

export interface PermissionDef<K extends string = string> {
  id: number;
  key: K;
  name: string;
  parentId: number | null;
}

// generic so that every key stays a literal: PermissionKey below is their union
const menu = <K extends string, B extends string = never>(id: number, key: K, name: string, buttons: [number, B, string][] = []): PermissionDef<K | B>[] => [
  { id, key, name, parentId: null },
  ...buttons.map(([bid, bkey, bname]) => ({ id: bid, key: bkey, name: bname, parentId: id })),
];

export const PERMISSIONS = [
  ...menu(64, 'home', '首页大屏', [
    [59, 'home.siteRank', '站点排名'],
    [60, 'home.totalRing', '总量监控环形图'],
    [134, 'home.totalTrend', '总量趋势图'],
    [135, 'home.siteDelete', '删除站点'],
    [136, 'home.fullPile', '满桩值设置'],
    [137, 'home.export', '大屏数据导出'],
  ]),
  ...menu(1, 'warn', '异常列表', [
    [101, 'warn.handle', '处理异常'],
    [102, 'warn.export', '导出异常'],
  ]),
  ...menu(2, 'dailyDuty', '日常值守', [
    [121, 'workOrder.view', '查看工单'],
    [122, 'workOrder.handle', '处理工单'],
    [123, 'clock.view', '查看打卡'],
    [124, 'clock.manage', '打卡设置'],
    [125, 'clock.warn', '处理运维预警'],
  ]),
  ...menu(3, 'deviceManagement', '站点管理', [
    [103, 'site.edit', '站点编辑'],
    [104, 'site.delete', '站点删除'],
    [105, 'device.edit', '设备管理'],
  ]),
  ...menu(4, 'operation', '运营统计', [[106, 'operation.export', '运营数据导出']]),
  ...menu(5, 'miBicycle', '小米单车管理', [[107, 'miBicycle.edit', '巡检与匹配规则']]),
  ...menu(6, 'ratingEvaluation', '考核评价', [[108, 'rating.edit', '考核规则设置']]),
  ...menu(7, 'companyManagement', '企业管理', [
    [109, 'company.edit', '企业编辑'],
    [110, 'company.export', '企业数据导出'],
    [118, 'company.quota', '区域核准数量'],
    [120, 'company.filing', '车辆备案导入'],
  ]),
  ...menu(8, 'inforManagement', '信息管理', [[111, 'information.edit', '信息发布']]),
  ...menu(9, 'systemSettings', '系统设置', [
    [112, 'user.manage', '用户管理'],
    [113, 'role.manage', '角色管理'],
    [114, 'user.audit', '账号审核'],
    [119, 'audit.view', '操作日志'],
  ]),
  // the field app (#/field): what the people in the street may record
  ...menu(11, 'field', '外勤', [
    [140, 'field.clock', '打卡'],
    [141, 'field.patrol', '巡检'],
    [142, 'field.install', '设备安装'],
    [143, 'field.siteApply', '站点申请'],
    [144, 'field.report', '违规举报'],
  ]),
  ...menu(10, 'regionalSettings', '区域设置', [
    [115, 'area.manage', '区域管理'],
    [116, 'rail.manage', '区域围栏'],
    [117, 'forbid.manage', '禁停区管理'],
  ]),
];

/** Every permission key: a route or a check naming another string does not compile. */
export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

const BY_KEY = new Map<string, PermissionDef>(PERMISSIONS.map((p) => [p.key, p]));

export function permissionId(key: PermissionKey): number {
  const p = BY_KEY.get(key);
  if (!p) throw new Error(`unknown permission key ${key}`);
  return p.id;
}

/** Auth entries of spec §6 (`{id, children:[ids]}`) from the ids a user holds. */
export function authEntries(held: Iterable<number>): { id: number; name: string; children: number[] }[] {
  const set = new Set(held);
  return PERMISSIONS.filter((p) => p.parentId === null && set.has(p.id)).map((m) => ({
    id: m.id,
    name: m.name,
    children: PERMISSIONS.filter((b) => b.parentId === m.id && set.has(b.id)).map((b) => b.id),
  }));
}

/** A button is held only with its menu; a menu key checks the menu. */
export function holds(held: ReadonlySet<number>, key: string): boolean {
  const p = BY_KEY.get(key);
  if (!p) return false;
  return held.has(p.id) && (p.parentId === null || held.has(p.parentId));
}

/** Roles the platform seeds; the ids are those of spec §6 to-do links. */
export const SEED_ROLES: { id: number; roleName: string; applicable: boolean; keys: PermissionKey[] | 'all' }[] = [
  { id: 1, roleName: '超级管理员', applicable: false, keys: 'all' },
  { id: 2, roleName: '区域管理员', applicable: false, keys: 'all' },
  {
    id: 3,
    roleName: '企业用户',
    applicable: false,
    keys: ['home', 'home.totalRing', 'home.siteRank', 'dailyDuty', 'workOrder.view', 'companyManagement', 'company.filing', 'operation', 'inforManagement'],
  },
  { id: 5, roleName: '举报人', applicable: true, keys: ['field', 'field.report'] },
  { id: 27, roleName: '站点申请人', applicable: true, keys: ['field', 'field.siteApply'] },
  {
    id: 31,
    roleName: '运维人员',
    applicable: true,
    keys: ['dailyDuty', 'field', 'field.clock', 'field.patrol', 'field.install', 'field.siteApply', 'field.report'],
  },
  { id: 32, roleName: '监督员', applicable: true, keys: ['home', 'warn', 'field', 'field.clock', 'field.patrol', 'field.report'] },
  { id: 33, roleName: '巡检员', applicable: true, keys: ['field', 'field.patrol', 'field.report'] },
  { id: 34, roleName: '运维预警人员', applicable: true, keys: ['dailyDuty'] },
];
