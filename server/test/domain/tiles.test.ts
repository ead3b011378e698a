/** Tile presets (MAP_TILE_PRESET / MAP_TILE_KEY, MAP_TILE_URL / MAP_TILE_COORDS): the URL templates and the coordinate system each yields. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { presetTiles, resolveTiles } from '../../src/domain/tiles.js';

describe('tile presets', () => {
  it('高德 (amap): the public webrd0{1-4} template, style 8, in GCJ-02', () => {
    expect(presetTiles('amap')).toEqual({
      source: 'amap',
      coords: 'gcj02',
      layers: [{ url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', subdomains: '1234' }],
    });
  });
  it('腾讯 (tencent): rt{0-3}.map.gtimg.com with TMS rows ({-y}), in GCJ-02', () => {
    const t = presetTiles('tencent');
    expect(t.coords).toBe('gcj02');
    expect(t.layers).toEqual([{ url: 'https://rt{s}.map.gtimg.com/tile?z={z}&x={x}&y={-y}&type=vector&styleid=3', subdomains: '0123' }]);
  });
  it('天地图 (tianditu): vec_w and its annotation cva_w in Web Mercator with the key, in WGS-84 (CGCS2000)', () => {
    const t = presetTiles('tianditu', 'abc123');
    expect(t.coords).toBe('wgs84');
    expect(t.layers.map((l) => l.url)).toEqual([
      'https://t{s}.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=abc123',
      'https://t{s}.tianditu.gov.cn/cva_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cva&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=abc123',
    ]);
    expect(t.layers.every((l) => l.subdomains === '01234567')).toBe(true);
  });
});

describe('resolveTiles / loadConfig', () => {
  it('none by default', () => {
    expect(resolveTiles({})).toEqual({ tiles: null });
    expect(loadConfig({}).tiles).toBeNull();
  });
  it('a preset wins over MAP_TILE_URL, case-insensitive', () => {
    const c = loadConfig({ MAP_TILE_PRESET: 'AMap', MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png' });
    expect(c.tiles?.source).toBe('amap');
    expect(c.tiles?.coords).toBe('gcj02');
    expect(c.tileUrl).toBe('https://t.example/{z}/{x}/{y}.png');
  });
  it('MAP_TILE_URL alone: GCJ-02 unless MAP_TILE_COORDS says wgs84 (e.g. OpenStreetMap)', () => {
    expect(loadConfig({ MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png' }).tiles).toEqual({
      source: 'url',
      coords: 'gcj02',
      layers: [{ url: 'https://t.example/{z}/{x}/{y}.png' }],
    });
    expect(loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_COORDS: 'wgs84' }).tiles?.coords).toBe('wgs84');
  });
  it('stops on a bad setting with a message naming the variable', () => {
    expect(() => loadConfig({ MAP_TILE_PRESET: 'baidu' })).toThrow(/^MAP_TILE_PRESET must be one of amap, tencent, tianditu/);
    expect(() => loadConfig({ MAP_TILE_PRESET: 'tianditu' })).toThrow(/^MAP_TILE_PRESET=tianditu needs MAP_TILE_KEY/);
    expect(() => loadConfig({ MAP_TILE_COORDS: 'bd09' })).toThrow(/^MAP_TILE_COORDS must be one of gcj02, wgs84/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles' })).toThrow(/^MAP_TILE_URL/);
  });
  it('the key goes into the URL encoded', () => {
    const c = loadConfig({ MAP_TILE_PRESET: 'tianditu', MAP_TILE_KEY: 'a&b' });
    expect(c.tiles?.layers[0].url).toContain('&tk=a%26b');
  });
});
