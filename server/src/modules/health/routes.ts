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
        description:
          'history: whether history is being loaded (the demo city back-fills its last days after a first start) and up to which time its data has arrived; until it is done, "today" is that time, not now.',
        response: {
          200: Envelope(
            Type.Object({
              status: Type.String(),
              db: Type.String(),
              version: Type.String(),
              history: Type.Object({
                loading: Type.Boolean(),
                from: Type.Union([Type.String(), Type.Null()]),
                to: Type.Union([Type.String(), Type.Null()]),
                reached: Type.Union([Type.String(), Type.Null()], { description: '数据已载入至（yyyy-MM-dd HH:mm:ss）' }),
                percent: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
              }),
            }),
          ),
        },
      },
    },
    async () => {
      await ping(app.ctx.database);
      return ok({ status: 'ok', db: app.ctx.database.kind, version: VERSION, history: app.ctx.history.progress(app.ctx.config.tz) });
    },
  );
};
export default routes;
