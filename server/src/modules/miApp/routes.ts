/**
 * /api/miApp (米单车管理): each part its own routes / service / repo / schemas: the violation reports
 * (reports/), site applications, inspections, piles and the bikes piles hear but operators do not upload.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReports } from './reports/routes.js';
import { registerSiteApply } from './siteApply/routes.js';
import { registerNotUpload } from './notUpload/routes.js';
import { registerInspections } from './inspections/routes.js';
import { registerPiles } from './piles/routes.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  registerReports(app);
  registerSiteApply(app);
  registerNotUpload(app);
  registerInspections(app);
  registerPiles(app);
};
export default routes;
