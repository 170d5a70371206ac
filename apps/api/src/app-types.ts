import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Permission } from '@bjp/domain';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AuthUser } from './auth/access.js';
import type { TokenSettings } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Integrations } from './integrations/index.js';
import type { JobQueue } from './jobs/index.js';
import type { Clock } from './lib/clock.js';

// The server's dependencies and the type of its Fastify instance, apart from app.ts: every area names
// them, and app.ts imports every area (modules/index.ts), so declaring them there tied the whole server
// into one import cycle (issue 17). Types only: this file imports no code.

/** One dependency the server needs to answer requests (the database, Redis…); /health/ready runs them. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

export type AppDeps = {
  db: Database;
  config: Config;
  clock: Clock;
  tokens: TokenSettings;
  /** Outside systems (SEGIP, …), each an adapter over HTTP; see integrations/index.ts. */
  integrations: Integrations;
  /** Dependencies /health/ready checks besides the database (Redis…), each named in its answer. */
  readinessChecks?: ReadinessCheck[];
  /** REDIS_URL's client (shared-store/): the rate limits count there, for every instance. Unset: in memory. */
  redis?: Redis;
  /** Long work as jobs (src/jobs): pg-boss on PostgreSQL, started by main.ts; unset: in-process. */
  jobs?: JobQueue;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's dependencies; `jobs` always set (see buildApp). */
    deps: AppDeps & { jobs: JobQueue };
    /** Every route registered, for the permission table test and the API map. */
    routeList: Array<{ method: string; url: string; public: boolean; permission?: Permission | null }>;
  }
  interface FastifyRequest {
    /** The logged-in user, null on public routes (and before authentication ran). */
    user: AuthUser | null;
    /**
     * The logged-in user of a route behind the guard: typed as present, and a 401 (not a crash on
     * `null`) if a route reached without one ever reads it. Public routes read `user`.
     */
    readonly authUser: AuthUser;
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
