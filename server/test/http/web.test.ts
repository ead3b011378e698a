/** The console's index.html carries the platform's settings as meta tags, the time zone among them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestApp } from '../support/app.js';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-web-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>
<meta name="platform-name" content="站点单车监管平台" />
<meta name="tile-url" content="" />
<meta name="map-tiles" content="" />
<meta name="time-zone" content="" />
<title>站点单车监管平台</title></head><body></body></html>`,
  );
  ctx = await createTestApp({ WEB_DIST: dist, TZ: 'Europe/Berlin', PLATFORM_NAME: '某市<单车>平台', MAP_TILE_PRESET: 'tianditu', MAP_TILE_KEY: 'k1' });
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('GET / (the console)', () => {
  it("writes the server's TZ, the platform name and the tile URL into the page", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<meta name="time-zone" content="Europe/Berlin"');
    expect(res.body).toContain('<meta name="platform-name" content="某市&lt;单车>平台"');
    expect(res.body).toContain('<meta name="tile-url" content=""');
    // the preset as JSON the console parses (quotes and ampersands escaped in the attribute)
    const json = /<meta name="map-tiles" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
    const tiles = JSON.parse(
      json
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&'),
    ) as { source: string; coords: string; layers: { url: string }[] };
    expect(tiles).toMatchObject({ source: 'tianditu', coords: 'wgs84' });
    expect(tiles.layers[0].url).toContain('LAYER=vec&');
    expect(tiles.layers[0].url).toContain('&tk=k1');
    expect(res.body).toContain('<title>某市&lt;单车>平台</title>');
  });

  it('answers /index.html with the same page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.body).toContain('<meta name="time-zone" content="Europe/Berlin"');
  });
});
