// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../app/screens';
import { areaPath, fullPileLabel } from './AreaBar';
import { MENU, mayOpen } from '../../app/screens';
import { entriesOf, type PermissionName } from '../../lib/permission';
import { DASHBOARD_NAV, navItemsFor } from './DashboardNav';
import { TODO_ITEMS, todoItemsFor } from './panels/TodoList';

describe('full-pile label of the area bar', () => {
  it('says what the value is and what it does (满桩值 1 said nothing)', () => {
    const { text, help } = fullPileLabel('满桩值', 1);
    expect(text).toBe('满桩系数 ×1');
    expect(help).toContain('站点容量 = floor(停车上限 × 1)');
    expect(help).toContain('满桩');
    expect(help).toContain('80%');
    expect(help).toContain('20%');
  });
  it("keeps an area's own name for the value", () => {
    expect(fullPileLabel('满桩比例', 0.8).text).toBe('满桩比例 ×0.8');
    expect(fullPileLabel('', 1.2).text).toBe('满桩系数 ×1.2');
  });
  it('says the capacity is the parking limit itself when the value is 0', () => {
    expect(fullPileLabel('满桩值', 0).help).toContain('站点容量 = 停车上限');
  });
});

describe('area chain', () => {
  it('pads the province and city of a district', () => {
    expect(areaPath('110108')).toEqual(['110000', '110100', '110108']);
    expect(areaPath('000000')).toEqual([]);
  });
});

describe('big-screen side navigation', () => {
  it('names every button by the screen it opens', () => {
    for (const item of DASHBOARD_NAV) {
      const screen = Object.values(SCREENS).find((s) => s.path === item.to);
      expect(screen?.title, item.to).toBe(item.label);
    }
  });
  it('opens 区域设置 at /regionalSettings, as spec §2 lists it', () => {
    expect(DASHBOARD_NAV.find((n) => n.to === '/regionalSettings')?.label).toBe('区域设置');
    expect(DASHBOARD_NAV.some((n) => n.label === '系统设置' && n.to !== '/systemSettings')).toBe(false);
  });
});

describe('big-screen links a limited user sees', () => {
  const limited = entriesOf(['home', 'operation', 'companyManagement', 'company.export']);
  it('are those of the desk menu (one rule, mayOpen), logged in', () => {
    const { items, alert } = navItemsFor(true, limited);
    expect(items.map((i) => i.to)).toEqual(['/operation', '/companyManagement']);
    expect(alert).toBe(false);
    const desk = MENU.filter((key) => mayOpen(limited, key)).map((key) => `/${key}`);
    for (const item of items) expect(desk).toContain(item.to);
    expect(todoItemsFor(limited)).toEqual([]);
  });
  it('every to-do item with its section, and all links logged out', () => {
    const sections = ['miBicycle', 'systemSettings', 'deviceManagement', 'regionalSettings', 'dailyDuty'] as PermissionName[];
    expect(todoItemsFor(entriesOf(sections))).toEqual(TODO_ITEMS);
    expect(todoItemsFor(entriesOf(['deviceManagement'])).map((t) => t.key)).toEqual(['siteLowPowerPend']);
    expect(navItemsFor(false, []).items).toEqual(DASHBOARD_NAV);
    expect(navItemsFor(false, []).alert).toBe(true);
  });
  it('platform account applications open 区域设置 · 平台账号审核, as spec §2 names it', () => {
    expect(TODO_ITEMS.find((t) => t.key === 'userPend')?.to).toMatch(/^\/regionalSettings\/audit\?/);
  });
});
