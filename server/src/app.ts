/** buildApp(): external plugins, then our own (context, guard), then one module per feature. */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { VERSION, type Config } from './config.js';
import type { Database } from './db/client.js';
import { frameworkErrors, registerErrorHandler } from './http/errors.js';
import { registerValidation } from './http/validation.js';
import { registerAuth } from './http/auth.js';
import { registerAudit } from './http/audit.js';
import { OPEN_API_PREFIX, RequestLog } from './http/requestLog.js';
import { AreaCache } from './shared/areaCache.js';
import { registerWeb } from './http/web.js';
import healthRoutes from './modules/health/routes.js';
import authRoutes from './modules/auth/routes.js';
import { accountCheckRoutes, userRoutes } from './modules/users/routes.js';
import { registrationRoutes } from './modules/users/registration.js';
import { feedRoutes, thirdPartyRoutes } from './modules/thirdParty/routes.js';
import roleRoutes from './modules/roles/routes.js';
import areaRoutes from './modules/areas/routes.js';
import forbidRoutes from './modules/forbid/routes.js';
import companyRoutes from './modules/company/routes.js';
import feeRoutes from './modules/company/feeRoutes.js';
import bikeFilingRoutes from './modules/bikeFiling/routes.js';
import siteRoutes from './modules/sites/routes.js';
import { deviceRoutes, equipmentRoutes } from './modules/devices/routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import statisticsRoutes from './modules/statistics/routes.js';
import abnormalRoutes from './modules/abnormal/routes.js';
import settingsRoutes from './modules/settings/routes.js';
import { areaTotalRoutes, quotaRoutes } from './modules/limits/routes.js';
import auditLogRoutes from './modules/auditLog/routes.js';
import openRoutes from './ingest/routes.js';
import { fileRoutes, uploadRoutes } from './modules/uploads/routes.js';
import informationRoutes from './modules/information/routes.js';
import workOrderRoutes from './modules/workOrders/routes.js';
import fieldRoutes from './modules/field/routes.js';
import clockRoutes from './modules/clock/routes.js';
import miAppRoutes from './modules/miApp/routes.js';
import examineRoutes from './modules/examine/routes.js';
import gbfsRoutes from './modules/gbfs/routes.js';
import externalFeedRoutes from './modules/externalFeeds/routes.js';
import { HistoryLoad } from './shared/historyLoad.js';
import { GeoCache } from './shared/geoCache.js';

interface AppContext {
  config: Config;
  database: Database;
  areas: AreaCache;
  /** Sites, forbidden zones and area fences for position lookups; invalidate() after writing them. */
  geo: GeoCache;
  /** Every route registered, with its config (the guard test walks them). */
  routes: { method: string; url: string; public: boolean }[];
  /** History being loaded (the demo's back-fill) and how far: GET /api/health tells the console. */
  history: HistoryLoad;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** A hop count as Fastify's trustProxy function: trust the nearest `n` proxies. */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

/** `logStream`: where the log goes instead of stdout (tests read it). */
export async function buildApp(config: Config, database: Database, opts: { logger?: boolean; logStream?: { write(line: string): void } } = {}) {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body.password', 'req.body.oldPwd', 'req.body.newPwd'],
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // the open API's request lines at debug (http/requestLog.ts)
    logController: new RequestLog(),
    bodyLimit: 9 * 1024 * 1024,
    // a silent socket (never a byte, or a stalled client) is closed after HTTP_IDLE_SECONDS; a request
    // must arrive whole (a slow body too) within HTTP_REQUEST_SECONDS, its headers within 20 s of it
    connectionTimeout: config.idleSeconds * 1000,
    requestTimeout: config.requestSeconds * 1000,
    // (Node checks those two every connectionsCheckingInterval, 30 s by default)
    http: {
      headersTimeout: Math.min(20, config.requestSeconds) * 1000,
      connectionsCheckingInterval: Math.min(5000, config.requestSeconds * 250),
    },
    frameworkErrors, // bad URL, over-long path parameter: the envelope in Chinese (http/errors.ts)
    // forwarded headers (client address, https) only from the configured proxies (TRUST_PROXY)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandler(app);
  registerValidation(app); // ajv: finite numbers, bounded integers, storable text (http/validation.ts)
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'connect-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only on https (below): over plain http the header is meaningless and wrongly announces https
    hsts: false,
  });
  // behind a proxy without TRUST_PROXY every client has the proxy's address (one registration limit
  // for all applicants, one address in the audit log): say so once, at the first forwarded request
  let forwardedIgnored = config.trustProxy !== false;
  app.addHook('onRequest', async (req) => {
    if (forwardedIgnored || req.headers['x-forwarded-for'] === undefined) return;
    forwardedIgnored = true;
    req.log.warn('X-Forwarded-For is ignored: set TRUST_PROXY to the reverse proxy (README, Configuration), or every client has its address');
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.platformName} API`, version: VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  // POST /api/upload reads one file as a stream, up to UPLOAD_MAX_MB (modules/uploads)
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 11 } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });

  const areas = new AreaCache(database);
  await areas.reload();
  const routes: AppContext['routes'] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, public: !!r.config?.public });
  });
  const geo = new GeoCache(database);
  app.decorate('ctx', { config, database, areas, geo, routes, history: new HistoryLoad() });
  registerAuth(app, database, areas);
  registerAudit(app, database); // every console write leaves an audit row in its own transaction (http/audit.ts)

  // at the API root, as the spec has them: /api/health; /api/login, logout, user, pwd, permission/list,
  // getSlider, hello (the session); /api/checkPhone, checkUsername (the add-user form)
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(accountCheckRoutes, { prefix: '/api' });
  // /api/register (public: people apply for an account); /api/saveThirdPartyAuthUser, getThirdPartyAuthList, checkAuthPhone
  await app.register(registrationRoutes, { prefix: '/api' });
  await app.register(thirdPartyRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(roleRoutes, { prefix: '/api/role' });
  await app.register(areaRoutes, { prefix: '/api/area' });
  await app.register(forbidRoutes, { prefix: '/api/forbid' });
  await app.register(companyRoutes, { prefix: '/api/company' });
  await app.register(bikeFilingRoutes, { prefix: '/api/company' }); // 车辆备案导入: bikeImportTemplate, importBikes, getBikeImport(List|Rows), exportBikeImportRows
  await app.register(feeRoutes, { prefix: '/api/bikeOutSiteFee' });
  await app.register(siteRoutes, { prefix: '/api/site' });
  await app.register(deviceRoutes, { prefix: '/api/device' });
  await app.register(equipmentRoutes, { prefix: '/api/equipment' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(statisticsRoutes, { prefix: '/api/statistics' });
  await app.register(abnormalRoutes, { prefix: '/api/abnormal' });
  await app.register(settingsRoutes, { prefix: '/api/config' });
  await app.register(quotaRoutes, { prefix: '/api/bikeLimit' });
  await app.register(areaTotalRoutes, { prefix: '/api/indexPage' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(fileRoutes);
  await app.register(informationRoutes, { prefix: '/api/information' });
  await app.register(auditLogRoutes, { prefix: '/api/auditLog' });
  await app.register(workOrderRoutes, { prefix: '/api/workOrder' }); // 日常值守 · 工单 (issue 27): list, detail, measures, add, finish, return
  await app.register(fieldRoutes, { prefix: '/api/field' }); // 外勤 (issue 28): the field app's records
  await app.register(clockRoutes, { prefix: '/api' }); // 日常值守 · 打卡 (issue 28): /api/clock/*, /api/clockRecord/*
  await app.register(miAppRoutes, { prefix: '/api/miApp' }); // 米单车管理
  await app.register(examineRoutes, { prefix: '/api/examine' }); // 评级考核 (issue 30): settings
  await app.register(externalFeedRoutes, { prefix: '/api/externalFeed' }); // 区域设置 · 外部站点 (issue 32): GBFS imported, drawn on the big screen
  await app.register(openRoutes, { prefix: `${OPEN_API_PREFIX}v1` });
  await app.register(feedRoutes, { prefix: '/api/feed/v1' }); // third-party keys only
  await app.register(gbfsRoutes, { prefix: '/api/feed/v1/gbfs' }); // GBFS 3.0 (issue 32): a third-party key of the area, or 公开发布
  await registerWeb(app, config);
  return app as unknown as FastifyInstance;
}
