import { Redis } from 'ioredis';

/** A dependency the readiness probe asks about; a check that throws means not ready. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

/** Keys of the rate limits; ioredis' keyPrefix (one per test run) goes in front of it. */
export const RATE_LIMIT_NAMESPACE = 'bjp-rl:';

/**
 * One connection to the Redis of REDIS_URL, shared by every part of the instance that keeps state
 * all instances must see (today: the rate limits). It fails fast instead of waiting: no offline
 * queue, one retry per command and a command timeout, so a Redis outage costs a request at most a
 * second, never a hang; the connection keeps retrying in the background (ioredis' back-off, ≤ 2 s).
 * Awaiting the first connection, a Redis that is not there yet is logged and the instance starts
 * anyway: each instance counts its limits alone meanwhile (see rateLimitStorage), the rest of the
 * service does not need it.
 */
export async function openSharedRedis(
  url: string,
  options: { keyPrefix?: string; log?: OutageLog } = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that stops answering without closing the connection must not hold requests either.
    commandTimeout: 1_000,
    keyPrefix: options.keyPrefix,
  });
  reportOutages(redis, options.log ?? console);
  await redis.connect().catch(() => undefined); // reported by reportOutages; retried in the background
  return redis;
}

/** Closes politely when connected; a client still retrying only needs its timers stopped. */
export async function closeSharedRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}

/** For the readiness probe: answers when Redis does. */
export function redisReadinessCheck(redis: Redis): ReadinessCheck {
  return { name: 'redis', check: () => redis.ping() };
}

/** The server's logger, or the console before there is one. */
export type OutageLog = { error(details: object, message: string): void; info(message: string): void };
const reporters = new WeakMap<Redis, { log: OutageLog }>();

/**
 * ioredis emits 'error' on every failed reconnection (several a second): one line when Redis goes
 * away and one when it is back, not a flood. Without a listener Node would end the process. Called
 * again, the reports go to the new log (the server's, once it is built).
 */
export function reportOutages(redis: Redis, log: OutageLog): void {
  const known = reporters.get(redis);
  if (known) {
    known.log = log;
    return;
  }
  const reporter = { log };
  reporters.set(redis, reporter);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    reporter.log.error(
      { err: error },
      'Redis unreachable: rate limits counted by this instance alone until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    reporter.log.info('Redis reachable again: rate limits shared and enforced');
  });
}
