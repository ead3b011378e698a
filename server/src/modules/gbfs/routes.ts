/**
 * GBFS 3.0 feeds (issue 32) under /api/feed/v1/gbfs: per area gbfs.json and the files it lists, and
 * manifest.json of every published area. Read with a third-party key of the area (or of an area
 * above it) or by anyone where the area publishes them (公开发布). Answers are the GBFS documents
 * themselves (no envelope), with real HTTP codes, an ETag (304 on If-None-Match) and gzip when
 * accepted; refusals are the envelope in Chinese. Rate limited per key (per address without one).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tokenOf } from '../../http/auth.js';
import { httpError } from '../../http/envelope.js';
import { authenticateKey, type KeyHolder } from '../../shared/thirdPartyKeys.js';
import { GbfsFeeds, encoded, notModified, readableArea, type FeedFile } from './service.js';
import { FeedParams, FeedResponses } from './schemas.js';
import type { FeedName } from './build.js';

const tags = ['GBFS 开放数据'];
/** A key, or none where the area publishes its feeds. */
const security: Record<string, string[]>[] = [{ bearer: [] }, {}];

const gbfsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, areas } = app.ctx;
  const feeds = new GbfsFeeds(database, {
    tz: config.tz,
    snapshotSeconds: config.snapshotSeconds,
    contactEmail: config.feedContactEmail,
    platformName: config.platformName,
  });
  app.decorateRequest('gbfsKey', undefined);

  // a key, when one is given, must be usable (a wrong key is refused even on a public area: its holder should know)
  app.addHook('onRequest', async (req) => {
    const key = tokenOf(req);
    if (!key) return;
    const holder = await authenticateKey(database, key);
    if (!holder) throw httpError(401, '授权密钥无效、已撤销或已过期');
    req.gbfsKey = holder;
  });
  await app.register(rateLimit, {
    max: config.gbfsRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler', // after the key is known: per key, not per address
    keyGenerator: (req) => (req.gbfsKey ? `key:${req.gbfsKey.id}` : `ip:${req.ip}`),
    errorResponseBuilder: (_req, ctx) => httpError(429, `请求过于频繁，请 ${Math.ceil(ctx.ttl / 1000)} 秒后再试`),
  });

  /** The feeds' absolute prefix as this request reached us (GBFS links by absolute URL). */
  const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}/api/feed/v1/gbfs`;

  const send = (req: FastifyRequest, reply: FastifyReply, file: FeedFile, open: boolean) => {
    reply
      .header('etag', file.etag)
      .header('cache-control', `${open ? 'public' : 'private'}, max-age=${file.maxAge}`)
      .header('vary', 'accept-encoding, authorization')
      .header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8');
    if (notModified(req.headers['if-none-match'], file.etag)) return reply.code(304).send();
    const { bytes, gzip } = encoded(file, req.headers['accept-encoding']);
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(bytes);
  };

  // 可发布区域清单：公开发布的区域，及密钥所属区域
  app.get(
    '/manifest.json',
    { schema: { tags, security, summary: 'GBFS manifest.json（公开发布的区域及密钥所属区域）', response: FeedResponses } },
    async (req, reply) => send(req, reply, await feeds.manifest(req.gbfsKey, baseOf(req)), !req.gbfsKey),
  );

  // 区域的 GBFS 文件：gbfs.json、system_information、vehicle_types、station_information、station_status、geofencing_zones
  app.get(
    '/:areaId/:file',
    {
      schema: {
        tags,
        security,
        summary: '区域的 GBFS 3.0 文件',
        description:
          '第三方授权密钥（Authorization: Bearer 密钥）可读取其授权区域及下级区域；区域开启“公开发布”后无需密钥。支持 ETag / If-None-Match 与 gzip。',
        params: FeedParams,
        response: FeedResponses,
      },
    },
    async (req, reply) => {
      const area = await readableArea(database, areas, req.params.areaId, req.gbfsKey);
      const name = req.params.file.slice(0, -'.json'.length) as FeedName | 'gbfs';
      return send(req, reply, await feeds.file(area, name, baseOf(req)), area.version.gbfsPublic);
    },
  );
};

export default gbfsRoutes;

declare module 'fastify' {
  interface FastifyRequest {
    /** The third-party key holder of a GBFS request, when a key was given. */
    gbfsKey?: KeyHolder;
  }
}
