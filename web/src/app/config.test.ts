// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_NAME, platformName, tileUrl } from './config';

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
});
