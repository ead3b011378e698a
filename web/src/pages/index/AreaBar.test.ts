// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../app/screens';
import { areaPath, fullPileLabel } from './AreaBar';
import { DASHBOARD_NAV } from './DashboardNav';

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
