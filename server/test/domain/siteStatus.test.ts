import { describe, expect, it } from 'vitest';
import { capacityOf, fullPileOf, siteStatus } from '../../src/domain/siteStatus.js';
import { SiteIndex, ZoneIndex } from '../../src/domain/siteIndex.js';

const flagOf = (count: number, ceiling: number, fullPileNum = 1) => siteStatus(count, capacityOf(ceiling, fullPileNum));

describe('fill status (empty 0, few < 20 %, full ≥ 100 %, many > 80 %, else normal)', () => {
  it('count 0 is empty (flag 0, empty, filter 4)', () => {
    expect(flagOf(0, 10)).toEqual({ flag: 0, messageType: 'empty', label: '空桩', filter: 4 });
    expect(flagOf(0, 0)).toMatchObject({ flag: 0 });
  });
  it('below 20 % is few (flag 4, less, filter 3)', () => {
    expect(flagOf(1, 10)).toEqual({ flag: 4, messageType: 'less', label: '偏少', filter: 3 });
    expect(flagOf(19, 100)).toMatchObject({ flag: 4 });
  });
  it('exactly 20 % is normal', () => {
    expect(flagOf(2, 10)).toEqual({ flag: 1, messageType: null, label: '正常', filter: null });
    expect(flagOf(20, 100)).toMatchObject({ flag: 1 });
  });
  it('exactly 80 % is normal; just above is many (flag 3, more, filter 2)', () => {
    expect(flagOf(8, 10)).toMatchObject({ flag: 1 });
    expect(flagOf(80, 100)).toMatchObject({ flag: 1 });
    expect(flagOf(81, 100)).toEqual({ flag: 3, messageType: 'more', label: '偏多', filter: 2 });
    expect(flagOf(9, 10)).toMatchObject({ flag: 3 });
  });
  it('exactly capacity and above is full (flag 2, full, filter 1)', () => {
    expect(flagOf(10, 10)).toEqual({ flag: 2, messageType: 'full', label: '满桩', filter: 1 });
    expect(flagOf(15, 10)).toMatchObject({ flag: 2 });
  });
  it('capacity 0 with bikes is full', () => {
    expect(flagOf(1, 0)).toMatchObject({ flag: 2, messageType: 'full' });
  });
  it('fullPileNum 0.5 halves the capacity (floored); 0 keeps the ceiling', () => {
    expect(capacityOf(11, 0.5)).toBe(5);
    expect(flagOf(5, 11, 0.5)).toMatchObject({ flag: 2 });
    expect(flagOf(4, 11, 0.5)).toMatchObject({ flag: 1 }); // 4 of 5 is exactly 80 %: normal
    expect(capacityOf(11, 0)).toBe(11);
    expect(flagOf(10, 11, 0)).toMatchObject({ flag: 3 });
    expect(capacityOf(20, 0.7)).toBe(14);
    expect(capacityOf(10, 1.5)).toBe(15);
  });
  it('floors the decimal product, not its binary approximation (the web uses the same rule)', () => {
    // 25 × 1.16 is 28.999999999999996 in floating point: floor of the exact 29 is 29
    expect(capacityOf(25, 1.16)).toBe(29);
    expect(capacityOf(100, 0.29)).toBe(29);
    expect(capacityOf(100, 0.57)).toBe(57);
    expect(capacityOf(3, 1.1)).toBe(3);
    expect(flagOf(29, 25, 1.16)).toMatchObject({ flag: 2 });
    expect(flagOf(28, 25, 1.16)).toMatchObject({ flag: 3 });
  });
  it('falls back to 1 and 满桩值 for a bad full-pile value', () => {
    expect(fullPileOf('abc', '')).toEqual({ value: 1, alias: '满桩值' });
    expect(fullPileOf('0.8', '满载系数')).toEqual({ value: 0.8, alias: '满载系数' });
    expect(fullPileOf(null, null)).toEqual({ value: 1, alias: '满桩值' });
  });
});

describe('site index', () => {
  const square = [
    { lon: 116.3, lat: 39.98 },
    { lon: 116.301, lat: 39.98 },
    { lon: 116.301, lat: 39.981 },
    { lon: 116.3, lat: 39.981 },
    { lon: 116.3, lat: 39.98 },
  ];
  const idx = new SiteIndex([
    { id: 'poly', areaId: '110108', lon: 116.3005, lat: 39.9805, gpsRail: square, length: 20 },
    { id: 'circle', areaId: '110108', lon: 116.31, lat: 39.99, gpsRail: null, length: 20 },
  ]);
  it('finds a point in a polygon fence and within a circle of `length` metres', () => {
    expect(idx.find(116.3004, 39.9804)?.id).toBe('poly');
    expect(idx.find(116.31, 39.99015)?.id).toBe('circle'); // ~17 m north
    expect(idx.find(116.31, 39.9903)).toBeNull(); // ~33 m north
    expect(idx.find(116.302, 39.9805)).toBeNull();
  });
  it('finds polygons of zones', () => {
    const z = new ZoneIndex([{ id: 'z1', ring: square }]);
    expect(z.find(116.3004, 39.9804)?.id).toBe('z1');
    expect(z.find(0, 0)).toBeNull();
  });
});
