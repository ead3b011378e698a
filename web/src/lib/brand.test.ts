import { describe, expect, it } from 'vitest';
import { BRAND_PALETTE, brandShortName, colorDistance, newBrandColors } from './brand';

describe('brandShortName', () => {
  it('keeps two characters and adds 单车', () => {
    expect(brandShortName('哈啰出行')).toBe('哈啰单车');
    expect(brandShortName('青桔单车')).toBe('青桔单车');
    expect(brandShortName('美团单车')).toBe('美团单车');
    expect(brandShortName('  小蓝科技 ')).toBe('小蓝单车');
  });
  it('maps the Meituan e-bike brand to 美团电单', () => {
    expect(brandShortName('美团电单车')).toBe('美团电单');
    expect(brandShortName('美团电动车')).toBe('美团电单');
  });
  it('handles short and empty names', () => {
    expect(brandShortName('哈')).toBe('哈单车');
    expect(brandShortName('')).toBe('');
    expect(brandShortName(null)).toBe('');
    expect(brandShortName(undefined)).toBe('');
  });
});

describe('a new enterprise’s display colours', () => {
  it('are far from the big brands’ (the old default #F5C518 was 美团’s #FFC300 to the eye)', () => {
    expect(colorDistance('#F5C518', '#FFC300')).toBeLessThan(40);
    const { bikeColor, ebikeColor } = newBrandColors([]);
    for (const brand of ['#FFC300', '#FF8C00', '#0091FF', '#00C1DE', '#2EBD59', '#13C2C2']) {
      expect(colorDistance(bikeColor, brand)).toBeGreaterThanOrEqual(150);
      expect(colorDistance(ebikeColor, brand)).toBeGreaterThanOrEqual(150);
    }
    expect(bikeColor).not.toBe(ebikeColor);
  });
  it('take the first palette colours no listed enterprise has', () => {
    const first = newBrandColors([]);
    const next = newBrandColors([first.bikeColor, first.ebikeColor]);
    expect([next.bikeColor, next.ebikeColor]).not.toContain(first.bikeColor);
    expect([next.bikeColor, next.ebikeColor]).not.toContain(first.ebikeColor);
    // every palette colour used: still two colours
    expect(newBrandColors([...BRAND_PALETTE]).bikeColor).toMatch(/^#[0-9A-F]{6}$/i);
  });
});
