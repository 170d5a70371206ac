import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RATE_LIMIT_NAMESPACE, reportOutages } from './redis.js';

/**
 * Where @fastify/rate-limit counts. Unset REDIS_URL (one instance): in the process's memory. With
 * Redis every instance counts in the same keys, so a client spreading its requests over the
 * instances behind a balancer meets the same limit as against one.
 *
 * Redis down: fail-open (skipOnError). The limits guard against abuse (scraping the public status
 * lookup, guessing passwords); refusing every public and login request while Redis is away would
 * turn a cache outage into a service outage. The outage is logged on the server's log (reportOutages) and the readiness
 * check reports it. Passwords stay guarded meanwhile: the per-account-and-address login throttle
 * lives in PostgreSQL (modules/auth/throttle.ts), not here.
 */
export function rateLimitStorage(
  redis: Redis | undefined,
  log: FastifyBaseLogger,
): Partial<RateLimitPluginOptions> {
  if (!redis) return {};
  reportOutages(redis, log);
  return { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true };
}
