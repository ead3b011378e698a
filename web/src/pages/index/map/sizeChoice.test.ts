// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadSize, saveSize } from './sizeChoice';

describe('site-count choice', () => {
  it('is 50 on a first visit (spec §9) and remembered afterwards', () => {
    expect(loadSize()).toBe(50);
    saveSize(0);
    expect(loadSize()).toBe(0);
    saveSize(200);
    expect(loadSize()).toBe(200);
  });
  it('ignores a stored value that is not a choice', () => {
    localStorage.setItem('sbs-home-map-size', '75');
    expect(loadSize()).toBe(50);
  });
});
