// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_NAME, mapTiles, platformName, tileUrl } from './config';

function setMeta(name: string, content: string) {
  const el = document.createElement('meta');
  el.name = name;
  el.content = content;
  document.head.appendChild(el);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('config from meta tags', () => {
  it('reads the platform name, defaulting to 站点单车监管平台', () => {
    expect(platformName()).toBe(DEFAULT_PLATFORM_NAME);
    setMeta('platform-name', '  ');
    expect(platformName()).toBe('站点单车监管平台');
    document.head.innerHTML = '';
    setMeta('platform-name', '某市单车监管平台');
    expect(platformName()).toBe('某市单车监管平台');
  });
  it('reads the tile URL, empty when absent', () => {
    expect(tileUrl()).toBe('');
    setMeta('tile-url', 'https://t.example.cn/{z}/{x}/{y}.png');
    expect(tileUrl()).toBe('https://t.example.cn/{z}/{x}/{y}.png');
  });
  it('reads the tiles: the preset the server wrote (with its coordinate system), else the bare tile URL in GCJ-02, else none', () => {
    expect(mapTiles()).toBeNull();
    setMeta('tile-url', 'https://t.example.cn/{z}/{x}/{y}.png');
    expect(mapTiles()).toEqual({ source: 'url', coords: 'gcj02', layers: [{ url: 'https://t.example.cn/{z}/{x}/{y}.png' }] });
    const tianditu = { source: 'tianditu', coords: 'wgs84', layers: [{ url: 'https://t{s}.tianditu.gov.cn/vec_w/wmts?tk=K', subdomains: '01234567' }] };
    setMeta('map-tiles', JSON.stringify(tianditu));
    expect(mapTiles()).toEqual(tianditu);
    document.head.innerHTML = '';
    // a broken or unknown value: as if none were set
    setMeta('map-tiles', '{"coords":"bd09","layers":[{"url":"x"}]}');
    expect(mapTiles()).toBeNull();
    setMeta('map-tiles', 'not json');
    expect(mapTiles()).toBeNull();
  });
});
