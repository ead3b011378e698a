import { describe, expect, it } from 'vitest';
import { AreaTree, areaChain, isAreaId, levelOfCode, padAreaId } from '../../src/domain/areas.js';
import { divisionRows } from '../../src/db/bootstrap.js';

describe('area codes', () => {
  it('pads to six digits', () => {
    expect(padAreaId('11')).toBe('110000');
    expect(padAreaId(1101)).toBe('110100');
    expect(padAreaId('110108')).toBe('110108');
  });
  it('knows the level of a code', () => {
    expect(levelOfCode('000000')).toBe(0);
    expect(levelOfCode('110000')).toBe(1);
    expect(levelOfCode('110100')).toBe(2);
    expect(levelOfCode('110108')).toBe(3);
  });
  it('builds the province, city, district chain', () => {
    expect(areaChain('110108')).toEqual(['110000', '110100', '110108']);
    expect(areaChain('1101')).toEqual(['110000', '110100']);
    expect(areaChain('11')).toEqual(['110000']);
    expect(areaChain('000000')).toEqual([]);
  });
  it('validates ids', () => {
    expect(isAreaId('110108')).toBe(true);
    expect(isAreaId('11010')).toBe(false);
    expect(isAreaId(110108)).toBe(false);
  });
});

describe('AreaTree', () => {
  const tree = new AreaTree([
    { id: '000000', parentId: null, areaName: '全国', level: 0 },
    { id: '110000', parentId: '000000', areaName: '北京市', level: 1 },
    { id: '110100', parentId: '110000', areaName: '市辖区', level: 2 },
    { id: '110108', parentId: '110100', areaName: '海淀区', level: 3 },
    { id: '110105', parentId: '110100', areaName: '朝阳区', level: 3 },
    { id: '120000', parentId: '000000', areaName: '天津市', level: 1 },
  ]);
  it('answers scope questions', () => {
    expect(tree.isWithin('110108', '110000')).toBe(true);
    expect(tree.isWithin('110108', '110108')).toBe(true);
    expect(tree.isWithin('110105', '110108')).toBe(false);
    expect(tree.isWithin('120000', '110000')).toBe(false);
    expect(tree.isWithin('999999', '000000')).toBe(false);
  });
  it('lists descendants and the path', () => {
    expect(tree.descendants('110100').sort()).toEqual(['110100', '110105', '110108']);
    expect(tree.path('110108').map((n) => n.id)).toEqual(['000000', '110000', '110100', '110108']);
    expect(tree.children('110100').map((n) => n.id)).toEqual(['110105', '110108']);
  });
});

describe('China division data', () => {
  it('has every province, city and district with 6-digit codes under the right parent', () => {
    const rows = divisionRows();
    expect(rows.length).toBeGreaterThan(3000);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('110108')?.areaName).toBe('海淀区');
    expect(byId.get('110108')?.parentId).toBe('110100');
    expect(byId.get('440300')?.areaName).toBe('深圳市');
    for (const r of rows) {
      expect(r.id).toMatch(/^\d{6}$/);
      if (r.parentId !== '000000') expect(byId.has(r.parentId)).toBe(true);
    }
  });
});
