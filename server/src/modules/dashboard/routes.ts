/**
 * /api/dashboard: the home screen (home/), its dialogs (dialogs/) and its curves and tables (charts/),
 * each routes / service / repo / schemas; the brand figures cache (figures.ts) is shared by all three.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FigureCache } from './figures.js';
import { registerHome } from './home/routes.js';
import { registerDialogs } from './dialogs/routes.js';
import { registerCharts } from './charts/routes.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const figures = new FigureCache(app.ctx.database);
  registerHome(app, { figures });
  registerDialogs(app, { figures });
  registerCharts(app, { figures });
};
export default routes;
