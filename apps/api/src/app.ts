import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AuthUser } from './auth/access.js';
import { authenticate } from './auth/authenticate.js';
import type { TokenSettings } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Integrations } from './integrations/index.js';
import type { Clock } from './lib/clock.js';
import { errorHandler } from './lib/error-handler.js';
import { registerModules } from './modules/index.js';

// Built once: @fastify/helmet builds helmet's middleware again on every request (a visible share of
// the CPU at hundreds of requests per second); the headers are the same.
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
    },
  },
});

export type AppDeps = {
  db: Database;
  config: Config;
  clock: Clock;
  tokens: TokenSettings;
  /** Outside systems (SEGIP, …), each an adapter over HTTP; see integrations/index.ts. */
  integrations: Integrations;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, for the permission table test and the API map. */
    routeList: Array<{ method: string; url: string; public: boolean }>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a logged-in user. */
    public?: boolean;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything a test needs to get a whole server; main.ts adds listening and the web app. */
export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<AppInstance> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.LOG_LEVEL } : false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('deps', deps);
  app.decorateRequest('user', null);
  const routeList: AppInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeList.push({ method, url: route.url, public: route.config?.public === true });
    }
  });

  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Consola BJP — API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate);
      await registerModules(api as AppInstance);
    },
    { prefix: '/api/v1' },
  );
  return app;
}
