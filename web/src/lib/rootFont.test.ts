// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyRootFont, rootFontSize } from './rootFont';

describe('rootFontSize', () => {
  it('scales with width over 1920', () => {
    expect(rootFontSize(1920)).toBe(16);
    expect(rootFontSize(960)).toBe(8);
    expect(rootFontSize(1440)).toBe(12);
  });
  it('caps the factor at 2', () => {
    expect(rootFontSize(3840)).toBe(32);
    expect(rootFontSize(7680)).toBe(32);
  });
  it('falls back to 16 for bad widths', () => {
    expect(rootFontSize(Number.NaN)).toBe(16);
    expect(rootFontSize(-5)).toBe(16);
  });
});

describe('applyRootFont', () => {
  it('sets and restores the html font size', () => {
    document.documentElement.style.fontSize = '';
    const restore = applyRootFont(document, 960);
    expect(document.documentElement.style.fontSize).toBe('8px');
    restore();
    expect(document.documentElement.style.fontSize).toBe('');
  });
});
