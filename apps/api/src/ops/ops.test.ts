import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, serverLogOptions } from '../app.js';
import type { AppInstance } from '../app-types.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { recordingLogger } from '../test/recording-logger.js';
import { watchDatabase } from './metrics.js';

// Issue 14, operations: health for the load balancer, Prometheus metrics, request ids in the logs.
const METRICS_TOKEN = 'metricas-secretas-0123456789';
const OUTSIDE = '203.0.113.7';

let ctx: TestContext;
let app: AppInstance;
let redisUp = true;
const log = recordingLogger();

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  // The same server with a second dependency to check and a logger the test reads.
  app = await buildApp(
    {
      ...ctx.deps,
      readinessChecks: [
        {
          name: 'redis',
          check: async () => {
            if (!redisUp) throw new Error('connect ECONNREFUSED 10.0.0.5:6379');
          },
        },
      ],
    },
    { loggerInstance: log.logger },
  );
  watchDatabase(ctx.handle);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('health', () => {
  it('answers live without looking at anything, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/live', remoteAddress: OUTSIDE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready when the database and every registered check answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/ready', remoteAddress: OUTSIDE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', disk: 'ok', redis: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the failed check, without its error text', async () => {
    redisUp = false;
    try {
      const res = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', disk: 'ok', redis: 'failed' },
      });
      expect(res.body).not.toContain('10.0.0.5');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      redisUp = true;
    }
  });

  it('answers 503 naming the disk when DATA_DIR has less free space than DISK_MIN_FREE_MB', async () => {
    const full = await createTestApp({ env: { DISK_MIN_FREE_MB: String(1024 ** 3) } });
    try {
      const res = await full.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', disk: 'failed' } });
    } finally {
      await full.close();
    }
  });

  it('keeps the API health route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('counts requests by route pattern, not by path with ids, and shows process and pool figures', async () => {
    const { token } = await loginAs(app, 'admin', 1);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users/987654/roles',
      headers: bearer(token),
    });
    expect(res.statusCode).toBeLessThan(500);
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.headers['cache-control']).toBe('no-store');
    expect(metrics.body).toContain(
      `http_request_duration_seconds_count{method="GET",route="/api/v1/users/:id/roles",status_code="${res.statusCode}"}`,
    );
    expect(metrics.body).not.toContain('987654');
    expect(metrics.body).toContain('nodejs_eventloop_lag_seconds');
    expect(metrics.body).toContain('# TYPE bjp_db_pool_connections gauge');
    // PGlite has no pool to count: the series exist on PostgreSQL only.
    if (ctx.handle.driver === 'pg')
      expect(metrics.body).toMatch(/bjp_db_pool_connections\{state="total"\} [1-9]/);
  });

  it('counts 429s by the route whose limit refused them, and shows document workers and no Redis series without Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6 && !statuses.includes(429); i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '198.51.100.23',
        payload: { username: 'admin', password: 'equivocada-0', type: 1 },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/bjp_rate_limited_total\{route="\/api\/v1\/auth\/login"\} [1-9]/);
    expect(metrics).toMatch(/bjp_document_workers\{state="threads"\} \d+/);
    expect(metrics).toMatch(/bjp_document_workers\{state="queued"\} 0/);
    expect(metrics).toContain('# TYPE bjp_redis_up gauge');
    expect(metrics).not.toMatch(/^bjp_redis_up\{/m);
  });

  it('deploy/grafana-dashboard.json charts only series this server exposes', async () => {
    const dashboard = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../../deploy/grafana-dashboard.json'), 'utf8'),
    ) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
    const exposed = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const names = new Set(
      dashboard.panels.flatMap((p) =>
        p.targets.flatMap((t) => t.expr.match(/\b(?:bjp|http|process|nodejs)_[a-z0-9_]+/g) ?? []),
      ),
    );
    expect(names.size).toBeGreaterThanOrEqual(10);
    for (const name of names)
      expect(exposed, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(bucket|count)$/, '')} `, 'm'));
  });

  it('answers loopback without a token (IPv4 and IPv6)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect({ remoteAddress, status: res.statusCode }).toEqual({ remoteAddress, status: 200 });
    }
  });

  it('is not there for another address without the token, or with a wrong one', async () => {
    for (const headers of [
      {},
      bearer('metricas-secretas-01234567890'),
      bearer('x'),
      { authorization: METRICS_TOKEN },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
      expect(res.json().message).toBe('Ruta no encontrada.');
    }
  });

  it('answers another address that brings the token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: OUTSIDE,
      headers: bearer(METRICS_TOKEN),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });
});

describe('request ids in logs', () => {
  const completed = (reqId: string) =>
    log.lines.find((line) => line.reqId === reqId && line.msg === 'request completed');

  it("keeps a well-formed X-Request-Id, echoes it, and names the user on the 'request completed' line", async () => {
    const { token, body } = await loginAs(app, 'admin', 1);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users?page=1',
      headers: { ...bearer(token), 'x-request-id': 'proxy-1234.abc_Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('proxy-1234.abc_Z');
    expect(completed('proxy-1234.abc_Z')).toMatchObject({ userId: body.user.id, res: { statusCode: 200 } });
  });

  it('logs the route pattern, never a RUDE or carnet of the path, and masks an unmatched path', async () => {
    // The server's own pino options (app.ts), writing to memory instead of stdout.
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(ctx.deps, { loggerInstance: pino(serverLogOptions('info'), stream) });
    try {
      const { token } = await loginAs(logged, 'admin', 1);
      await logged.inject({
        method: 'GET',
        url: '/api/v1/kardex/students/8090123456789012',
        headers: bearer(token),
      });
      await logged.inject({
        method: 'GET',
        url: '/api/v1/no-existe/4455667?carnet=4455667',
        headers: bearer(token),
      });
    } finally {
      await logged.close();
    }
    const requests = written
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'incoming request');
    expect(requests.map((line) => line.req.url)).toEqual(
      expect.arrayContaining(['/api/v1/kardex/students/:rude', '/api/v1/no-existe/:valor']),
    );
    // Every line is JSON, and none has the RUDE; Fastify's own 'Route … not found' line (an API-only
    // server: the web app's 404 handler has none) is the one place a path without a route appears.
    const text = written.filter((line) => !line.includes('not found')).join('');
    expect(text).not.toContain('8090123456789012');
    expect(text).not.toContain('4455667');
  });

  it('replaces a malformed X-Request-Id with its own, and a request without a user has no userId', async () => {
    for (const incoming of ['a b', 'x'.repeat(65), '<script>', '']) {
      const res = await app.inject({
        method: 'GET',
        url: '/health/live',
        headers: { 'x-request-id': incoming },
      });
      const id = String(res.headers['x-request-id']);
      expect(id).not.toBe(incoming);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { 'x-request-id': 'anon-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(completed('anon-1')).toBeDefined();
    expect(completed('anon-1')).not.toHaveProperty('userId');
  });
});
