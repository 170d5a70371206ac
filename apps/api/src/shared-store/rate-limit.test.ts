import { PUBLIC_STATUS_RATE } from '@bjp/domain';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { closeSharedRedis, openSharedRedis, redisReadinessCheck } from './index.js';

/**
 * A Redis that cannot be reached (nothing listens on port 1): the limits open rather than the
 * service failing, the outage is reported once, and the readiness check says so.
 */
let ctx: TestContext;
let redis: Redis;
const reported: string[] = [];
const log = { error: (_: unknown, message: string) => reported.push(message), info: () => undefined };

beforeAll(async () => {
  redis = await openSharedRedis('redis://127.0.0.1:1', { log });
  ctx = await createTestApp({ redis });
});
afterAll(async () => {
  await ctx.close();
  await closeSharedRedis(redis);
});

describe('rate limits with Redis down', () => {
  it('answers past the limit (fail-open) instead of failing the request', async () => {
    for (let i = 0; i <= PUBLIC_STATUS_RATE.max + 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/student-status',
        payload: { rude: '80730000000000', birthDate: '2016-02-29' },
        remoteAddress: '198.51.100.30',
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('reported the outage once and is not ready', async () => {
    expect(reported).toEqual([
      'Redis unreachable: rate limits are not enforced until it is back (fail-open)',
    ]);
    await expect(redisReadinessCheck(redis).check()).rejects.toThrow();
  });
});
