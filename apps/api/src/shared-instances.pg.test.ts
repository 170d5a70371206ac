import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_STATUS_RATE } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { eventFiles, storedFiles } from './db/schema/index.js';
import { throttleLimits } from './modules/auth/index.js';
import { closeSharedRedis, openSharedRedis } from './shared-store/index.js';
import { bearer, createTestApp, loginAs, TEST_PASSWORD, type TestContext } from './test/app.js';
import { createTestDatabase } from './test/database.js';
import {
  eventFormFields,
  makeForm,
  makePeriod,
  makePlace,
  multipartPayload,
  pdfBytes,
  tempDataDir,
} from './test/factories/events.js';
import { makeUser } from './test/factories.js';

/**
 * Two instances of the console behind one balancer (issue 14): two whole servers in this process,
 * each with its own data folder, on ONE PostgreSQL database and ONE Redis. What one counts, refuses
 * or stores, the other knows.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// This run's keys only, so parallel runs and other tests on the same Redis never meet; removed after.
const keyPrefix = `bjp-test-${process.pid}-${randomBytes(4).toString('hex')}:`;

let a: TestContext;
let b: TestContext;
let redisA: Redis;
let redisB: Redis;
const dataDirs = { a: tempDataDir(), b: tempDataDir() };

beforeAll(async () => {
  // One test database, two pools onto it: the second server connects as any other instance would.
  const first = await createTestDatabase();
  const { rows } = (await first.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const second = await openDatabase({ url: url.toString(), poolSize: 4 });
  redisA = await openSharedRedis(REDIS_URL, { keyPrefix });
  redisB = await openSharedRedis(REDIS_URL, { keyPrefix });
  // DATABASE_URL set is what makes an instance keep its uploads in the database.
  const env = (dataDir: string) => ({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, REDIS_URL });
  a = await createTestApp({ database: first, env: env(dataDirs.a), redis: redisA });
  b = await createTestApp({ database: second, env: env(dataDirs.b), redis: redisB });
});

afterAll(async () => {
  // b's close ends only its pool; a's drops the database.
  await b?.close();
  await a?.close();
  const cleaner = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await cleaner.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
    if (keys.length > 0) await cleaner.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await cleaner.quit();
  await Promise.all([redisA, redisB].filter(Boolean).map(closeSharedRedis));
});

describe('two instances on one database and one Redis', () => {
  it('share the login throttle: failures through A and then B reach the pair limit, and B refuses', async () => {
    await makeUser(a.handle.db, { username: 'compartida', type: 1 });
    const login = (app: TestContext, password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'compartida', password, type: 1 },
        remoteAddress: '203.0.113.10',
      });
    const onA = Math.ceil(throttleLimits.pair.freeFailures / 2);
    for (let i = 0; i < onA; i++) expect((await login(a, 'equivocada')).statusCode).toBe(401);
    for (let i = onA; i < throttleLimits.pair.freeFailures; i++)
      expect((await login(b, 'equivocada')).statusCode).toBe(401);

    const refused = await login(b, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Demasiados intentos fallidos/);
  });

  it('share a public rate limit: the status lookup spent half on A and half on B refuses the next one on either', async () => {
    const ask = (app: TestContext) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v1/public/student-status',
        payload: { rude: '80730000000000', birthDate: '2016-02-29' },
        remoteAddress: '198.51.100.20',
      });
    const half = Math.floor(PUBLIC_STATUS_RATE.max / 2);
    for (let i = 0; i < half; i++) expect((await ask(a)).statusCode).not.toBe(429);
    for (let i = half; i < PUBLIC_STATUS_RATE.max; i++) expect((await ask(b)).statusCode).not.toBe(429);

    const onB = await ask(b);
    expect(onB.statusCode).toBe(429);
    expect(onB.json().code).toBe('too_many_requests');
    expect((await ask(a)).statusCode).toBe(429);
    // Counted in this run's keys of the shared Redis, not in either process.
    const plain = new Redis(REDIS_URL);
    const keys = await plain.keys(`${keyPrefix}bjp-rl:*student-status*`);
    await plain.quit();
    expect(keys).toHaveLength(1);
  });

  it('serve through B a file uploaded through A, kept in the database and on neither disk', async () => {
    const db = a.handle.db;
    await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
    const [place, period, form] = [await makePlace(db), await makePeriod(db), await makeForm(db)];
    const token = (await loginAs(a.app, 'admin', 1)).token;
    const regulation = pdfBytes(900);
    const { payload, headers } = await multipartPayload({
      ...eventFormFields({ placeId: place.id, kindEventId: period.id, enrollmentFormId: form.id }),
      regulation: { bytes: regulation, filename: 'reglamento.pdf', type: 'application/pdf' },
    });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().id as number;

    const served = await b.app.inject({
      method: 'GET',
      url: `/api/v1/events/${eventId}/files/regulation`,
      headers: bearer(token),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(served.rawPayload, regulation)).toBe(0);

    const [file] = await b.handle.db.select().from(eventFiles).where(eq(eventFiles.eventId, eventId));
    const [row] = await b.handle.db
      .select({ size: storedFiles.size })
      .from(storedFiles)
      .where(eq(storedFiles.key, file!.storageKey));
    expect(row?.size).toBe(regulation.length);
    for (const dir of Object.values(dataDirs)) expect(existsSync(path.join(dir, 'uploads'))).toBe(false);
  });
});
