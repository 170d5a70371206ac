import type { RateLimitPluginOptions } from '@fastify/rate-limit';
// The plugin's own stores (no exports map: a deep import), so a fallback counts exactly as they do.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RATE_LIMIT_NAMESPACE, reportOutages } from './redis.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
type RouteOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
/** What @fastify/rate-limit asks of a store (its README, 'Custom stores'). */
export type RateLimitStore = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions & { routeInfo: { method: string; url: string } }): RateLimitStore;
};

/**
 * Counts in Redis while it answers, and in this process's memory while it does not (issue 35 §5):
 * an instance that loses Redis keeps every limit, counted by itself alone — a client spread over
 * N instances meets N times the limit meanwhile, never none. Refusing every public and login
 * request instead would turn a cache outage into a service outage. The per-account login throttle
 * lives in PostgreSQL (modules/auth/throttle.ts) and does not depend on either.
 */
export class SharedOrLocalStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count('read', key, cb, timeWindow, max);
  }

  child(routeOptions: Parameters<RateLimitStore['child']>[0]): RateLimitStore {
    return new SharedOrLocalStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
    );
  }

  private count(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    // Not connected: no command is tried (the offline queue is off, it would fail at once anyway).
    if (this.redis.status !== 'ready') return this.local[method](key, cb, timeWindow, max);
    this.shared[method](
      key,
      (error, result) => (error ? this.local[method](key, cb, timeWindow, max) : cb(null, result)),
      timeWindow,
      max,
    );
  }
}

/**
 * Where @fastify/rate-limit counts. Unset REDIS_URL (one instance): in the process's memory. With
 * Redis every instance counts in the same keys, so a client spreading its requests over the
 * instances behind a balancer meets the same limit as against one; while Redis is away, each
 * instance counts alone (SharedOrLocalStore). The outage is logged (reportOutages) and the
 * readiness check reports it, so the proxy prefers instances that still share their counts.
 */
export function rateLimitStorage(
  redis: Redis | undefined,
  log: FastifyBaseLogger,
): Partial<RateLimitPluginOptions> {
  if (!redis) return {};
  reportOutages(redis, log);
  const connection = redis;
  const store = class {
    constructor(params: RouteOptions) {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin builds its store with `new`; this hands it the fallback store.
      return new SharedOrLocalStore(
        connection,
        new RedisStore(params.continueExceeding, params.exponentialBackoff, connection, RATE_LIMIT_NAMESPACE),
        new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache),
      );
    }
  };
  return { store: store as unknown as RateLimitPluginOptions['store'] };
}
