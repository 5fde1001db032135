import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { unstorableTextIn } from '@dispatch/domain/api/storable-text';
import { clientConfigSchema } from '@dispatch/domain/settings/config';
import type { Env } from './env';
import type { Tenancy } from './db/tenancy';
import { ApiError, toWrapper, validationError } from './http/api-error';
import { loggerOptions } from './http/logger';
import type { Server, ServerDeps } from './http/server';
import { createChangeFeed, type ChangeFeed } from './dispatch/change-feed';
import { createFeedCache } from './dispatch/feed-cache';
import { registerPasswordChangeRoutes } from './modules/session/password-change.routes';
import { registerTokenRoutes } from './modules/session/token.routes';
import { registerServerRoutes } from './modules/servers/servers.routes';
import { registerSessionRoutes } from './modules/session/session.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { registerSystemParameterRoutes } from './modules/settings/system-parameters.routes';
import { registerUserRoutes } from './modules/user/user.routes';
import { registerUserSessionRoutes } from './modules/user/user-sessions.routes';
import { registerQuickMenuRoutes } from './modules/user/quick-menu.routes';
import { registerUserLanguageRoutes } from './modules/user/user-language.routes';
import { registerPlantBoardRoutes } from './modules/plants/plants-board.routes';
import { registerTrucksRoutes } from './modules/trucks/trucks.routes';
import { registerEmployeesRoutes } from './modules/employees/employees.routes';
import { registerCustomersRoutes } from './modules/customers/customers.routes';
import { registerProductsRoutes } from './modules/products/products.routes';
import { registerOrdersRoutes } from './modules/orders/orders.routes';
import { registerOrderPricingRoutes } from './modules/orders/order-pricing.routes';
import { registerPendingOrdersRoutes } from './modules/pending-orders/pending-orders.routes';
import { registerTicketsRoutes } from './modules/tickets/tickets.routes';
import { registerLoadDispatchRoutes } from './modules/load-scheduling/load-dispatch.routes';
import { registerLoadBoardRoutes } from './modules/load-scheduling/load-board.routes';
import { registerTicketVoidRoutes } from './modules/ticket-edits/ticket-void.routes';
import { registerDeliveriesRoutes } from './modules/deliveries/deliveries.routes';
import { registerTicketPdfRoutes } from './modules/tickets/ticket-pdf.routes';
import { registerTicketEntryRoutes } from './modules/ticket-entry/ticket-entry.routes';
import { registerTicketEditRoutes } from './modules/ticket-edits/ticket-edit.routes';
import { registerTicketDeliveryRoutes } from './modules/ticket-edits/ticket-delivery.routes';
import { registerPriceEscalationRoutes } from './modules/price-escalation/price-escalation.routes';
import { registerMixOperationsRoutes } from './modules/mix-operations/mix-operations.routes';
import { registerResourceRoutes } from './resources/resource-routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerInvoicesRoutes } from './modules/invoices/invoices.routes';
import { registerAccountingExportRoutes } from './modules/accounting-export/accounting-export.routes';
import { registerInquiryRoutes } from './modules/inquiry/inquiry.routes';
import { registerQuickSaleRoutes } from './modules/quick-sale/quick-sale.routes';
import { registerOrderAuditRoutes } from './modules/order-audit/order-audit.routes';
import { registerOrderRequestsRoutes } from './modules/order-requests/order-requests.routes';
import { registerBatchingRoutes } from './modules/batching/batching.routes';
import type { BatchPanelAdapter } from './modules/batching/batch-panel';
import { createPlantBatchPanels } from './modules/batching/plant-batch-panels';
import { registerNlqRoutes } from './modules/nlq/nlq.routes';
import { registerCreditLettersRoutes } from './modules/credit-letters/credit-letters.routes';
import { createJobRunner, type JobRunnerOptions } from './jobs/job-runner';
import { registerJobsRoutes } from './jobs/jobs.routes';
import { registerReportScheduleRoutes } from './modules/report-scheduling/report-schedules.routes';
import { registerReportsRoutes } from './modules/reports/reports.routes';
import { registerDriverRoutes } from './modules/driver/driver.routes';
import { registerOrderTrackingRoutes } from './modules/order-tracking/order-tracking.routes';
import { registerCustomerOrdersRoutes } from './modules/order-tracking/customer-orders.routes';
import { inPublicScope, publicRoute } from './modules/order-tracking/public-scope';
import { pourPagePath } from '@dispatch/domain/tracking/tracking-link';
import { registerOrderNoticeRoutes } from './modules/order-notices/order-notices.routes';
import { registerTruckMapRoutes } from './modules/load-scheduling/truck-map.routes';
import { registerDeliveryKpisRoutes } from './modules/delivery-kpis/delivery-kpis.routes';

export type AppDeps = {
  env: Env;
  tenancy: Tenancy;
  /** The clock, injectable so tests can expire tokens without waiting. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Shared with a dispatcher in the same process; the app makes (and closes) its own otherwise. */
  changeFeed?: ChangeFeed;
  /**
   * The plants' batch panel (R-BATCH-8); when not given, each plant's own: the simulator, at its
   * default delay, or its file exchange (R-BATCH-10).
   */
  batchPanel?: BatchPanelAdapter;
  /** The background job queue's timings (R-JOB-1); tests poll faster. */
  jobOptions?: JobRunnerOptions;
};

export type App = Awaited<ReturnType<typeof buildApp>>;

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.env),
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The client reports a request as slow from its own configured threshold; the server just answers.
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API and are enforced in development and tests, where a drifting
  // answer fails loudly. In production the services already build exact views, so answers are
  // serialised without re-validating every row (the dashboard's lists are large and hot).
  app.setSerializerCompiler(
    deps.env.NODE_ENV === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler,
  );
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.type === 'server') request.log.error({ err: error }, 'request failed');
    // A stack names the server's files: only a developer's own server shows it (`npm run dev`).
    const includeStack = deps.env.NODE_ENV === 'development';
    // Error answers are not the route's success shape: skip its response schema.
    void reply.status(apiError.statusCode).serializer((payload) => JSON.stringify(payload));
    if (request.url.startsWith('/token')) {
      // The token endpoint speaks OAuth: the client shows error_description and keys on error.
      return reply.send({
        error: apiError.code ?? 'invalid_request',
        error_description: apiError.message,
        data: apiError.data,
      });
    }
    return reply.send(toWrapper(apiError, includeStack));
  });

  // Security headers on every answer. helmet's middleware is made once: @fastify/helmet made it
  // anew on each request, parsing the policy again, a tenth of a small answer's time.
  const securityHeaders = helmet({
    // The SPA loads its own scripts and styles only; the hub lives on another port.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:', 'http:', 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  // R-INPUT-1: text no database can store (a NUL, a lone surrogate) is refused on its field before
  // any route sees it, once for every route; after authentication, which routes run first.
  app.addHook('preHandler', (request, _reply, done) => {
    const problem = [request.params, request.query, request.body]
      .map((part) => unstorableTextIn(part))
      .find((found) => found !== null);
    done(problem ? validationError([problem]) : undefined);
  });
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dispatch API', version: '2.71.1' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.tenancy.list();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.decorateRequest('auth', null);
  app.decorateRequest('permission', null as never);

  const changeFeed = deps.changeFeed ?? createChangeFeed(deps.tenancy, app.log);
  if (!deps.changeFeed) app.addHook('onClose', () => changeFeed.close());
  const boardCache = createFeedCache(changeFeed, { maxAgeMs: 5_000, maxEntriesPerDatabase: 200 });
  // Resource lists (ADR 014): the pick lists and searches every office screen asks again and again.
  const listCache = createFeedCache(changeFeed, { maxAgeMs: 5_000, maxEntriesPerDatabase: 1000 });
  const sessionCache = createFeedCache(changeFeed, {
    maxAgeMs: 15_000,
    // A session's grants change with a logout, or with its user's groups or levels (R-USER-4).
    invalidatedBy: (event) =>
      event.name === 'logoutEvent_v1' || event.name === 'permissionsChanged_v1',
  });
  // A write answered by this process drops the cached board before its client can read again.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.auth) {
      boardCache.invalidate(request.auth.database);
      listCache.invalidate(request.auth.database);
      // Users' and groups' writes change grants: this process's next request must see them.
      if (/^\/api\/v1\/(users|groups)\b/.test(request.url)) {
        sessionCache.invalidate(request.auth.database);
      }
    }

    done(null, payload);
  });
  const now = deps.now ?? (() => new Date());
  const jobs = createJobRunner({
    tenancy: deps.tenancy,
    now,
    logger: app.log,
    ...(deps.jobOptions ? { options: deps.jobOptions } : {}),
  });
  // Listening (a real server, not a test's inject) starts every database's queue, so schedules run
  // whether or not anyone signs in; otherwise a database's queue starts with its first job.
  app.addHook(
    'onListen',
    () =>
      void jobs
        .startAll()
        .catch((error: unknown) => app.log.error({ err: error }, 'job queues did not start')),
  );
  app.addHook('onClose', () => jobs.close());
  const serverDeps: ServerDeps = {
    env: deps.env,
    tenancy: deps.tenancy,
    now,
    changeFeed,
    boardCache,
    listCache,
    sessionCache,
    jobs,
  };
  registerTokenRoutes(app, serverDeps);
  registerPasswordChangeRoutes(app, serverDeps);
  registerServerRoutes(app, serverDeps);
  registerSessionRoutes(app, serverDeps);
  registerUserRoutes(app, serverDeps);
  registerQuickMenuRoutes(app, serverDeps);
  registerUserLanguageRoutes(app, serverDeps);
  registerUserSessionRoutes(app, serverDeps);
  registerSettingsRoutes(app, serverDeps);
  registerSystemParameterRoutes(app, serverDeps);
  registerPlantBoardRoutes(app, serverDeps);
  registerTrucksRoutes(app, serverDeps);
  registerEmployeesRoutes(app, serverDeps);
  // Hooks on the engine's customer routes: registered before the engine registers them.
  registerCustomersRoutes(app);
  registerProductsRoutes(app, serverDeps);
  registerOrdersRoutes(app, serverDeps);
  registerOrderPricingRoutes(app, serverDeps);
  registerPendingOrdersRoutes(app, serverDeps);
  registerTicketsRoutes(app, serverDeps);
  registerLoadDispatchRoutes(app, serverDeps);
  registerLoadBoardRoutes(app, serverDeps);
  registerTicketVoidRoutes(app, serverDeps);
  registerDeliveriesRoutes(app, serverDeps);
  registerTicketPdfRoutes(app, serverDeps);
  registerTicketEntryRoutes(app, serverDeps);
  registerTicketEditRoutes(app, serverDeps);
  registerTicketDeliveryRoutes(app, serverDeps);
  registerPriceEscalationRoutes(app, serverDeps);
  registerMixOperationsRoutes(app, serverDeps);
  registerResourceRoutes(app, serverDeps);
  registerAuditRoutes(app, serverDeps);
  registerInvoicesRoutes(app, serverDeps);
  registerAccountingExportRoutes(app, serverDeps);
  registerInquiryRoutes(app, serverDeps);
  registerQuickSaleRoutes(app, serverDeps);
  registerOrderAuditRoutes(app, serverDeps);
  registerOrderRequestsRoutes(app, serverDeps);
  const batchPanel = deps.batchPanel ?? plantBatchPanels(app, deps.tenancy, now);
  app.addHook('onClose', () => batchPanel.close());
  registerBatchingRoutes(app, serverDeps, batchPanel);
  registerNlqRoutes(app, serverDeps);
  registerCreditLettersRoutes(app, serverDeps);
  registerReportsRoutes(app, serverDeps);
  registerDriverRoutes(app, serverDeps);
  registerOrderTrackingRoutes(app, serverDeps);
  registerCustomerOrdersRoutes(app, serverDeps);
  registerOrderNoticeRoutes(app, serverDeps);
  registerTruckMapRoutes(app, serverDeps);
  registerDeliveryKpisRoutes(app, serverDeps);
  registerReportScheduleRoutes(app, serverDeps);
  registerJobsRoutes(app, serverDeps);

  registerWebApp(app, deps.env.WEB_DIST_DIR);
  return app;
}

/**
 * R-BATCH-8, R-BATCH-10: each plant's loads go to the simulator or its file exchange. Results come
 * back through the file-exchange plants' inboxes: a database's are watched from its first signed-in
 * request, and every database's once the server listens (results that came while it was down).
 */
function plantBatchPanels(app: Server, tenancy: Tenancy, now: () => Date): BatchPanelAdapter {
  const panels = createPlantBatchPanels({ tenancy, now, logger: app.log });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.auth) panels.watchDatabase(request.auth.database);
    done();
  });
  app.addHook(
    'onListen',
    () =>
      void panels
        .watchAll()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'batch panel inboxes not watched'),
        ),
  );
  return panels;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      error.validation.map((issue) => ({
        field: fieldName(issue.instancePath),
        reason: issue.message ?? 'is not valid',
      })),
    );
  }
  const statusCode = (error as { statusCode?: number }).statusCode;
  const message = (error as { message?: string }).message ?? 'The request failed.';
  if (statusCode === 429) return new ApiError('rateLimited', message);
  // @fastify/static refuses paths it will not serve (a NUL, '//x') with 403: there is nothing there.
  if (statusCode === 404 || statusCode === 403) return new ApiError('notFound', message);
  if (statusCode === 415 || statusCode === 413 || statusCode === 400) {
    return new ApiError('validation', message);
  }
  return new ApiError('server', 'The server could not complete the request.');
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/**
 * Serves the built SPA with a fallback to index.html for client routes (e.g. /orders/concrete),
 * and the client configuration (section 3): configuration.json, falling back to the schema's
 * defaults when the build has none, and configuration.local.json only when an installation
 * provides one (the client then prefers it).
 */
function registerWebApp(app: Server, distDir: string | undefined): void {
  const root = distDir ? path.resolve(distDir) : undefined;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, { root, wildcard: true, index: false });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html'),
    );
    // R-TRACK-5: the pour page opens without an account, so its page is limited as its data is.
    inPublicScope(app, (scope) => {
      scope.get(`${pourPagePath}/:token`, { ...publicRoute, schema: { hide: true } }, (_r, reply) =>
        reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html'),
      );
    });
  }
  const configFile = (name: string) =>
    root && existsSync(path.join(root, name)) ? path.join(root, name) : undefined;
  app.get('/configuration.json', { schema: { hide: true } }, async (_request, reply) => {
    const file = configFile('configuration.json');
    const config: unknown = file
      ? JSON.parse(await readFile(file, 'utf8'))
      : clientConfigSchema.parse({});
    return reply.header('cache-control', 'no-cache').send(config);
  });
  app.get('/configuration.local.json', { schema: { hide: true } }, async (_request, reply) => {
    const file = configFile('configuration.local.json');
    // No local file is the usual case, not an error: 204 keeps the browser's console clean.
    if (!file) return reply.status(204).send();
    return reply.header('cache-control', 'no-cache').send(JSON.parse(await readFile(file, 'utf8')));
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|token|docs)(\/|$)/.test(request.url);
    if (!hasWeb || isApi || request.method !== 'GET') {
      const error = new ApiError(
        'notFound',
        `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`,
      );
      return reply.status(404).send(toWrapper(error, false));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
