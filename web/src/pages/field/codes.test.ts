import { describe, expect, it } from 'vitest';
import { bikeFromCode, macOf, metres } from './codes';

describe('bikeFromCode', () => {
  it('takes a MAC with or without separators as the MAC, written AA:BB:CC:DD:EE:FF', () => {
    expect(bikeFromCode('aa:bb:cc:dd:ee:ff')).toEqual({ bikeMac: 'AA:BB:CC:DD:EE:FF' });
    expect(bikeFromCode(' A1-B2-C3-D4-E5-F6 ')).toEqual({ bikeMac: 'A1:B2:C3:D4:E5:F6' });
    expect(bikeFromCode('a1b2c3d4e5f6')).toEqual({ bikeMac: 'A1:B2:C3:D4:E5:F6' });
  });

  it('reads the number out of a bike QR code link: its query, else its last path segment', () => {
    expect(bikeFromCode('https://qr.example.com/scan?b=8612345678')).toEqual({ bikeId: '8612345678' });
    expect(bikeFromCode('http://m.example.cn/bike?bikeNo=MT1001&from=qr')).toEqual({ bikeId: 'MT1001' });
    expect(bikeFromCode('https://x.cn/q/HB%20300')).toEqual({ bikeId: 'HB 300' });
    expect(bikeFromCode('https://x.cn/lock?sn=AABBCCDDEEFF')).toEqual({ bikeMac: 'AA:BB:CC:DD:EE:FF' });
  });

  it('takes any other text as the bike id; nothing for nothing', () => {
    expect(bikeFromCode(' MT1001 ')).toEqual({ bikeId: 'MT1001' });
    expect(bikeFromCode('   ')).toEqual({});
    expect(macOf('AABBCCDDEE')).toBeNull();
  });
});

describe('metres', () => {
  it('says metres under a kilometre, kilometres above', () => {
    expect(metres(35.4)).toBe('35 米');
    expect(metres(1250)).toBe('1.3 公里');
    expect(metres(null)).toBe('');
  });
});
