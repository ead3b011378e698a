import { describe, expect, it } from 'vitest';
import { brandShortName } from './brand';

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
