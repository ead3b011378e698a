/** Serves the built console at `/`: hashed assets cached for a year, index.html with the platform's meta (name, tiles, time zone). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function registerWeb(app: FastifyInstance, config: Config) {
  const root = config.webDist ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>${config.platformName}</title>
<p>控制台尚未构建：请运行 <code>npm run build</code> 后重启服务。API 文档见 <a href="/api/docs">/api/docs</a>。</p>`),
    );
    return;
  }
  const index = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/<meta name="platform-name" content="[^"]*"/, `<meta name="platform-name" content="${escapeAttr(config.platformName)}"`)
    .replace(/<meta name="tile-url" content="[^"]*"/, `<meta name="tile-url" content="${escapeAttr(config.tileUrl)}"`)
    // the tiles every map draws (a preset or MAP_TILE_URL) and their coordinate system, as JSON (web/src/app/config.ts)
    .replace(/<meta name="map-tiles" content="[^"]*"/, `<meta name="map-tiles" content="${escapeAttr(config.tiles ? JSON.stringify(config.tiles) : '')}"`)
    // the console shows the clock and the messages' days in the server's zone, not the browser's
    .replace(/<meta name="time-zone" content="[^"]*"/, `<meta name="time-zone" content="${escapeAttr(config.tz)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(config.platformName)}</title>`);
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    setHeaders(res, file) {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);
}
