import { describe, expect, it } from 'vitest';
import { FLAG_STYLES, STATUS_FILTER_OPTIONS, flagStyle, messageTypeFlag, messageTypeLabel } from './siteStatus';

describe('flag styles', () => {
  it('labels and colours each flag', () => {
    expect(FLAG_STYLES[0]).toMatchObject({ label: '空桩', tag: 'blue' });
    expect(FLAG_STYLES[1]).toMatchObject({ label: '正常', tag: 'green' });
    expect(FLAG_STYLES[2]).toMatchObject({ label: '满桩', tag: 'red' });
    expect(FLAG_STYLES[3]).toMatchObject({ label: '偏多', tag: 'orange' });
    expect(FLAG_STYLES[4]).toMatchObject({ label: '偏少', tag: 'gold' });
  });
  it('accepts strings and falls back to normal', () => {
    expect(flagStyle('2').label).toBe('满桩');
    expect(flagStyle(9).label).toBe('正常');
    expect(flagStyle(null).label).toBe('正常');
  });
});

describe('messageType', () => {
  it('maps the four types and defaults to 正常', () => {
    expect(messageTypeLabel('empty')).toBe('空桩');
    expect(messageTypeLabel('less')).toBe('偏少');
    expect(messageTypeLabel('more')).toBe('偏多');
    expect(messageTypeLabel('full')).toBe('满桩');
    expect(messageTypeLabel('normal')).toBe('正常');
    expect(messageTypeLabel(undefined)).toBe('正常');
    expect(messageTypeLabel('toString')).toBe('正常');
  });
  it('maps types to flags', () => {
    expect(messageTypeFlag('empty')).toBe(0);
    expect(messageTypeFlag('full')).toBe(2);
    expect(messageTypeFlag('more')).toBe(3);
    expect(messageTypeFlag('less')).toBe(4);
    expect(messageTypeFlag('x')).toBe(1);
  });
});

describe('status filter', () => {
  it('uses 满桩=1 偏多=2 偏少=3 空桩=4', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => [o.label, o.value])).toEqual([
      ['满桩', 1],
      ['偏多', 2],
      ['偏少', 3],
      ['空桩', 4],
    ]);
  });
});
