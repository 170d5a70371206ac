import { PUBLIC_STATUS_RATE } from '@bjp/domain';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { closeSharedRedis, openSharedRedis, redisReadinessCheck } from './index.js';

/**
 * A Redis that cannot be reached (nothing listens on port 1): every limit still holds, counted by
 * the instance alone (issue 35 §5: never without limits), the outage is reported once, and the
 * readiness check says so.
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
  it('keeps the limit, counted by this instance, instead of failing the request or opening it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_STATUS_RATE.max + 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/student-status',
        payload: { rude: '80730000000000', birthDate: '2016-02-29' },
        remoteAddress: '198.51.100.30',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PUBLIC_STATUS_RATE.max).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(PUBLIC_STATUS_RATE.max)).toEqual([429, 429, 429]);
  });

  it('reported the outage once and is not ready', async () => {
    expect(reported).toEqual([
      'Redis unreachable: rate limits counted by this instance alone until it is back',
    ]);
    await expect(redisReadinessCheck(redis).check()).rejects.toThrow();
  });
});
