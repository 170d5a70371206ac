import { timingSafeEqual } from 'node:crypto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';
import type { AppInstance } from '../app-types.js';
import type { DatabaseHandle } from '../db/client.js';

/*
 * Metrics live in prom-client's default registry: any area adds its own by creating a Gauge or a
 * Counter, and /metrics shows it. Each is created once per process (a test file builds several servers).
 */
const once = <T>(name: string, make: () => T): T =>
  (register.getSingleMetric(name) as T | undefined) ?? make();

function processMetrics(): void {
  // Memory, CPU, handles, GC and event-loop delay (nodejs_eventloop_lag_*).
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();
}

const httpDuration = () =>
  once(
    'http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by method, route pattern and status code',
        labelNames: ['method', 'route', 'status_code'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );

/** The PostgreSQL pool the gauge reads; main.ts sets it (tests may too). */
let watched: Pick<DatabaseHandle, 'pool'> | undefined;

/**
 * Clients of the pg pool by state: total, idle, and requests waiting for one (the sign the pool is too
 * small). PGlite has one connection and keeps no count of queries in progress, so no series there.
 */
export function watchDatabase(handle: Pick<DatabaseHandle, 'pool'>): void {
  watched = handle;
  once(
    'bjp_db_pool_connections',
    () =>
      new Gauge({
        name: 'bjp_db_pool_connections',
        help: 'PostgreSQL pool clients by state: total, idle, waiting (requests waiting for a client)',
        labelNames: ['state'],
        collect() {
          this.reset();
          const pool = watched?.pool;
          if (!pool) return;
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      }),
  );
}

/** The server the gauges below read (the one built last: a test file builds several). */
let served: AppInstance | undefined;

function serverMetrics() {
  once(
    'bjp_redis_up',
    () =>
      new Gauge({
        name: 'bjp_redis_up',
        help: 'Whether the shared store (Redis) answers: 1 ready, 0 not; no series without REDIS_URL',
        // A label, so that a server without Redis has no series rather than a 0 that looks like an outage.
        labelNames: ['store'],
        collect() {
          this.reset();
          const redis = served?.deps.redis;
          if (redis) this.set({ store: 'shared' }, redis.status === 'ready' ? 1 : 0);
        },
      }),
  );
  once(
    'bjp_document_workers',
    () =>
      new Gauge({
        name: 'bjp_document_workers',
        help: 'Document (PDF) workers: threads started, and documents queued waiting for one',
        labelNames: ['state'],
        collect() {
          this.reset();
          const workers = served?.documents?.workers();
          if (!workers) return;
          this.set({ state: 'threads' }, workers.threads);
          this.set({ state: 'queued' }, workers.queued);
        },
      }),
  );
  return once(
    'bjp_rate_limited_total',
    () =>
      new Counter({
        name: 'bjp_rate_limited_total',
        help: 'Requests refused with 429, by route pattern: each route has its own limit (login, person search, public forms, documents)',
        labelNames: ['route'],
      }),
  );
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (Prometheus text). From loopback (a sidecar, a scrape on the host) it needs nothing;
 * from elsewhere `Authorization: Bearer <METRICS_TOKEN>`. Without either it answers the same 404 as an
 * unknown path. req.ip is the client as the proxy reports it when TRUST_PROXY is on, so a request the
 * proxy forwards from outside is not taken for loopback.
 */
export function registerMetrics(app: AppInstance): void {
  processMetrics();
  const duration = httpDuration();
  served = app;
  const limited = serverMetrics();
  app.addHook('onResponse', (req, reply, done) => {
    if (reply.statusCode === 429) limited.inc({ route: req.routeOptions.url ?? 'unmatched' });
    duration.observe(
      {
        method: req.method,
        // The pattern (/api/v1/holders/:id), never the path with its ids: one series per route.
        route: req.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = app.deps.config.METRICS_TOKEN;
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (req, reply) => {
    const header = req.headers.authorization;
    const allowed =
      LOOPBACK.test(req.ip) ||
      (token !== undefined && header?.startsWith('Bearer ') === true && sameSecret(header.slice(7), token));
    if (!allowed) return reply.code(404).send({ code: 'not_found', message: 'Ruta no encontrada.' });
    return reply.type(register.contentType).send(await register.metrics());
  });
}
