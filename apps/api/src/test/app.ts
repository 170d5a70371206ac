import type { LoginResponse } from '@bjp/domain';
import type { Redis } from 'ioredis';
import { buildApp } from '../app.js';
import type { AppDeps, AppInstance } from '../app-types.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { type RunningIntegrations, startIntegrations } from '../integrations/index.js';
import { type Clock, fixedClock } from '../lib/clock.js';
import { createTestDatabase } from './database.js';

export const TEST_PASSWORD = 'Prueba2025!';

export type TestContext = {
  app: AppInstance;
  handle: DatabaseHandle;
  deps: AppDeps;
  /** The outside systems' simulators this file's server talks to (SEGIP at endpoints.segip). */
  outside: RunningIntegrations;
  close(): Promise<void>;
};

/** A whole server over a fresh database, with the clock pinned (default: 20 Nov 2025, inside the programme). */
export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    /** A database the test opened itself (e.g. as another role); closed with the server. */
    database?: DatabaseHandle;
    /** A Redis client for the rate limits (several instances sharing them); the test closes it. */
    redis?: Redis;
  } = {},
): Promise<TestContext> {
  const handle = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '10000',
    ...options.env,
  });
  // Each test file gets its own simulators on loopback; a short timeout keeps failure tests quick.
  const outside = await startIntegrations(config, { timeoutMs: 1_000 });
  const deps: AppDeps = {
    db: handle.db,
    config,
    clock: options.clock ?? fixedClock('2025-11-20T14:00:00Z'),
    tokens: {
      secret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      accessSeconds: 900,
      refreshDays: 7,
    },
    integrations: outside.integrations,
    redis: options.redis,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    handle,
    deps,
    outside,
    close: async () => {
      await app.close();
      await outside.close();
      await handle.close();
    },
  };
}

export async function loginAs(
  app: AppInstance,
  username: string,
  type: number,
  password = TEST_PASSWORD,
): Promise<{ token: string; cookie: string; body: LoginResponse }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password, type },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json<LoginResponse>();
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  return { token: body.token, cookie, body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
