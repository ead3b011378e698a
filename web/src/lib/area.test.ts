import { describe, expect, it } from 'vitest';
import { areaChain, nationRoot, padAreaId, withNationRoot } from './area';

describe('areaChain', () => {
  it('builds province, city and district ids', () => {
    expect(areaChain('110108')).toEqual(['110000', '110100', '110108']);
    expect(areaChain(440305)).toEqual(['440000', '440300', '440305']);
  });
  it('pads short ids with zeros to six digits', () => {
    expect(areaChain('11')).toEqual(['110000', '110000', '110000']);
    expect(areaChain('4403')).toEqual(['440000', '440300', '440300']);
  });
  it('handles the nation and missing ids', () => {
    expect(areaChain('000000')).toEqual(['000000', '000000', '000000']);
    expect(areaChain(null)).toEqual(['000000', '000000', '000000']);
  });
});

describe('padAreaId', () => {
  it('pads and trims to six digits', () => {
    expect(padAreaId('3201')).toBe('320100');
    expect(padAreaId('32010299')).toBe('320102');
    expect(padAreaId(undefined)).toBe('000000');
  });
});

describe('withNationRoot', () => {
  it('prepends 全国 once', () => {
    const list = [{ id: '110000', areaName: '北京市', parentId: '000000', level: 1 }];
    const out = withNationRoot(list);
    expect(out[0]).toEqual(nationRoot());
    expect(out[0]).toMatchObject({ id: '000000', areaCode: '000000', areaName: '全国', level: 0, aggregation: 0 });
    expect(out).toHaveLength(2);
    expect(withNationRoot(out)).toHaveLength(2);
    expect(withNationRoot([])).toHaveLength(1);
  });
});
