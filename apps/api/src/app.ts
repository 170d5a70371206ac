import { messages } from '@bjp/domain';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppDeps, AppInstance } from './app-types.js';
import { authenticate } from './auth/authenticate.js';
import { guardedPermission } from './auth/guard.js';
import { registerDocuments } from './documents/service.js';
import { inProcessQueue } from './jobs/index.js';
import { clientErrorHandler } from './lib/client-error.js';
import { errorHandler } from './lib/error-handler.js';
import { AppError } from './lib/errors.js';
import { registerIdempotency } from './lib/idempotency/index.js';
import { boundJsonBodies } from './lib/json-limits.js';
import { wellFormedValidatorCompiler } from './lib/validator.js';
import { registerModules } from './modules/index.js';
import { openApiRoot, openApiTransform } from './openapi-operations.js';
import { registerOps, requestId } from './ops/index.js';
import { rateLimitStorage } from './shared-store/index.js';

// Built once per server: @fastify/helmet builds helmet's middleware again on every request (a visible
// share of the CPU at hundreds of requests per second); the headers are the same. connect-src adds the
// https hosts the form builder's option lists may come from (OPTION_SOURCE_HOSTS, read at start).
const securityHeadersFor = (optionSourceHosts: readonly string[]) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", ...optionSourceHosts.map((host) => `https://${host}`)],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
  });

/** A request as logged: without its query string, which can carry a carnet or a name (?carnet=…). */
const requestForLog = (req: {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}) => ({
  method: req.method,
  // The route's pattern (/api/v1/kardex/students/:rude), never the path: a path carries RUDEs and
  // carnets, which logs must not (issue 35 §6). A path no route matched has its values masked.
  url: req.routeOptions?.url ?? maskedPath(req.url),
  remoteAddress: req.ip,
});

/** A path without its query, each segment with a run of 4 digits masked (a RUDE, a carnet): '/x/8090…' → '/x/:valor'. */
const maskedPath = (url: string) =>
  (url.split('?')[0] ?? '')
    .split('/')
    .map((part) => (/\d{4}/.test(part) ? ':valor' : part))
    .join('/');

/** The server's log: JSON lines at `level`, requests as requestForLog writes them (a test builds the same). */
export const serverLogOptions = (level: string) => ({ level, serializers: { req: requestForLog } });

/** Everything a test needs to get a whole server; main.ts adds listening and the web app. */
export async function buildApp(
  deps: AppDeps,
  // loggerInstance: a test's own logger, to read what the server writes.
  options: { logger?: boolean; loggerInstance?: FastifyBaseLogger } = {},
): Promise<AppInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger: options.logger ? serverLogOptions(deps.config.LOG_LEVEL) : false,
        }),
    trustProxy: deps.config.TRUST_PROXY,
    // A well-formed incoming X-Request-Id is kept (see ops/request-id.ts); the header is read there.
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 2 * 1024 * 1024,
    // Node's own refusals (an address past its 16 KB header limit…) in Spanish, see lib/client-error.ts.
    clientErrorHandler,
    // Errors the router raises before any route (a path parameter past its length limit, a malformed
    // URL) go through the same handler as a Spanish 400, not Fastify's English body echoing the path.
    frameworkErrors: (error, req, reply) =>
      errorHandler(Object.assign(error, { statusCode: 400 }), req, reply),
  }).withTypeProvider<ZodTypeProvider>();
  // JSON bodies nest at most MAX_JSON_DEPTH deep, checked before anything parses them (issue 34 §4).
  boundJsonBodies(app);
  app.setValidatorCompiler(wellFormedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // One job queue per server: main.ts gives pg-boss (PostgreSQL); an app built without one (tests,
  // tools) gets an in-process queue, started once every area has registered its kinds.
  const jobs = deps.jobs ?? inProcessQueue(deps.db);
  if (!deps.jobs) {
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }
  app.decorate('deps', { ...deps, jobs });
  registerDocuments(app, deps.config);
  app.decorateRequest('user', null);
  app.decorateRequest('authUser', {
    getter(this: FastifyRequest) {
      if (!this.user) throw new AppError('unauthorized', messages.sessionExpired);
      return this.user;
    },
  });
  const routeList: AppInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeList.push({
          method,
          url: route.url,
          public: route.config?.public === true,
          permission: guardedPermission(route.preHandler),
        });
    }
  });

  const securityHeaders = securityHeadersFor(deps.config.OPTION_SOURCE_HOSTS);
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // Every API answer may carry personal data or be a document (PDF, XLSX): no browser or proxy may
  // keep a copy, unless a route chose its own policy (published event files). At the root, so 401s,
  // 404s and body-parse errors under /api/v1 get it too.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/v1') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerOps(app);
  await app.register(cookie);
  // Each route sets its own limit; counted in Redis when the instance has one (shared-store/rate-limit.ts).
  await app.register(rateLimit, { global: false, ...rateLimitStorage(deps.redis, app.log) });
  await app.register(swagger, { openapi: openApiRoot, transform: openApiTransform });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // First: its onSend hook stores an answer as text, before compression makes it a stream.
      registerIdempotency(api);
      // Answers over 1 KB go out brotli or gzip. Here, not at the root: the web app's files are
      // compressed at build time (web.ts sends their .br/.gz siblings), and the plugin would compress
      // on every request the files without one (index.html). PDF and XLSX are compressed formats
      // already: mime-db marks them not compressible, so downloads stream untouched.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
        // Request bodies stay as they were: no client sends them compressed, and a compressed body
        // would need its own size limit.
        globalDecompression: false,
      });
      api.addHook('onRequest', authenticate);
      await registerModules(api as AppInstance);
    },
    { prefix: '/api/v1' },
  );
  return app;
}
