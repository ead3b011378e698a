import { describe, expect, it } from 'vitest';
import { maskMobile } from './mask';

describe('maskMobile', () => {
  it('hides the middle four digits', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile(13812345678)).toBe('138****5678');
  });
  it('handles short and empty values', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile(null)).toBe('');
    expect(maskMobile(undefined)).toBe('');
    expect(maskMobile('138')).toBe('138');
    expect(maskMobile('13812')).toBe('138**');
    expect(maskMobile('1381234')).toBe('138****');
  });
  it('keeps everything from position 7 on for longer strings', () => {
    expect(maskMobile('+8613812345678')).toBe('+86****2345678');
  });
});
