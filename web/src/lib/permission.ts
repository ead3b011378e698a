/**
 * Permission checks by the server's names (server/src/domain/permissions.ts: a route says
 * `needs('company.export')`, the console says `can(perms, 'company.export')`). The ids of spec §6
 * stay underneath: a menu is an entry `{id, children}` of the session's list, a button one of its
 * children. permission.test.ts fails when this table and the server's catalogue differ.
 */

export interface PermissionEntry {
  id: number | string;
  name?: string;
  children?: Array<number | string>;
}

/** name → [menu id] or [menu id, button id] */
export const PERMISSION_IDS = {
  home: [64],
  'home.siteRank': [64, 59],
  'home.totalRing': [64, 60],
  'home.totalTrend': [64, 134],
  'home.siteDelete': [64, 135],
  'home.fullPile': [64, 136],
  'home.export': [64, 137],
  warn: [1],
  'warn.handle': [1, 101],
  'warn.export': [1, 102],
  dailyDuty: [2],
  'workOrder.view': [2, 121],
  'workOrder.handle': [2, 122],
  'clock.view': [2, 123],
  'clock.manage': [2, 124],
  'clock.warn': [2, 125],
  deviceManagement: [3],
  'site.edit': [3, 103],
  'site.delete': [3, 104],
  'device.edit': [3, 105],
  operation: [4],
  'operation.export': [4, 106],
  miBicycle: [5],
  'miBicycle.edit': [5, 107],
  ratingEvaluation: [6],
  'rating.edit': [6, 108],
  companyManagement: [7],
  'company.edit': [7, 109],
  'company.export': [7, 110],
  'company.quota': [7, 118],
  'company.filing': [7, 120],
  inforManagement: [8],
  'information.edit': [8, 111],
  systemSettings: [9],
  'user.manage': [9, 112],
  'role.manage': [9, 113],
  'user.audit': [9, 114],
  'audit.view': [9, 119],
  regionalSettings: [10],
  'area.manage': [10, 115],
  'rail.manage': [10, 116],
  'forbid.manage': [10, 117],
  field: [11],
  'field.clock': [11, 140],
  'field.patrol': [11, 141],
  'field.install': [11, 142],
  'field.siteApply': [11, 143],
  'field.report': [11, 144],
} as const satisfies Record<string, readonly [number] | readonly [number, number]>;

export type PermissionName = keyof typeof PERMISSION_IDS;

/**
 * Buttons that only show a part of their menu's screen (the big screen's panels): viewing, granted
 * with the menu when a role's menu is ticked. Every other button is an action (edit, delete, export,
 * handle, …) and is granted only when ticked itself.
 */
export const VIEW_BUTTONS: ReadonlySet<string> = new Set<PermissionName>([
  'home.siteRank',
  'home.totalRing',
  'home.totalTrend',
  'workOrder.view',
  'clock.view',
]);

/** True when the session's list holds the named menu, or the named button under its menu. */
export function can(permissions: readonly PermissionEntry[] | null | undefined, name: PermissionName): boolean {
  const [menu, button] = PERMISSION_IDS[name] as readonly number[];
  const entry = (permissions ?? []).find((p) => String(p.id) === String(menu));
  if (!entry) return false;
  return button === undefined || (entry.children ?? []).some((c) => String(c) === String(button));
}

/** The session's permission list (spec §6 `auth`) holding exactly the named permissions, for tests and fixtures. */
export function entriesOf(names: readonly PermissionName[]): PermissionEntry[] {
  const menus = new Map<number, number[]>();
  for (const name of names) {
    const [menu, button] = PERMISSION_IDS[name] as readonly number[];
    const children = menus.get(menu) ?? [];
    if (button !== undefined) children.push(button);
    menus.set(menu, children);
  }
  return [...menus].map(([id, children]) => ({ id, children }));
}
