import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { VERSION } from '../../config.js';
import { ping } from './repo.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // 健康检查：服务与数据库是否可用
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: '健康检查',
        security: [],
        response: {
          200: Envelope(Type.Object({ status: Type.String(), db: Type.String(), version: Type.String() })),
        },
      },
    },
    async () => {
      await ping(app.ctx.database);
      return ok({ status: 'ok', db: app.ctx.database.kind, version: VERSION });
    },
  );
};
export default routes;
