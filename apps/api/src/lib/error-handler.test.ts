import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppInstance } from '../app-types.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeDistrict, makeSchool, makeUser } from '../test/factories.js';
import { recordingLogger } from '../test/recording-logger.js';
import { errorHandler } from './error-handler.js';

const carnet = '4872915 LP';
const nombre = 'JUANA MAMANI QUISPE';

describe('error logs', () => {
  let ctx: TestContext;
  const log = recordingLogger();
  let app: AppInstance;
  let probe: FastifyInstance;
  let otherSchool: number;
  let directorId: number;
  let outsiderId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    // The whole server again, over the same database, writing to a logger the test reads.
    app = await buildApp(ctx.deps, { loggerInstance: log.logger });
    await app.ready();
    const district = await makeDistrict(db, { departmentId: 2 });
    const school = await makeSchool(db, { districtId: district.id });
    otherSchool = (await makeSchool(db, { districtId: (await makeDistrict(db, { departmentId: 5 })).id })).id;
    directorId = (
      await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [school.id] })
    ).id;
    outsiderId = (await makeUser(db, { username: 'otro', type: 2, profile: 3 })).id;

    // No route of the console lets a bad value reach the database any more (the fuzz test shows it),
    // so two routes made for this test send the body's personal data into failing statements.
    probe = Fastify({ loggerInstance: log.logger });
    probe.setErrorHandler(errorHandler);
    probe.post('/bad-value', async (req) => {
      const body = req.body as { carnet: string; nombre: string };
      await db.execute(sql`select ${body.carnet}::int as carnet, ${body.nombre} as nombre`);
    });
    probe.post('/broken', async (req) => {
      const body = req.body as { carnet: string };
      await db.execute(sql`select * from tabla_que_no_existe where carnet = ${body.carnet}`);
    });
    await probe.ready();
  });

  afterAll(async () => {
    await probe?.close();
    await app?.close();
    await ctx?.close();
  });

  it('proves the driver error itself carries the values', async () => {
    const failure = await ctx.handle.db.execute(sql`select ${carnet}::int`).catch((e: unknown) => e);
    expect(
      JSON.stringify({
        message: (failure as Error).message,
        params: (failure as { params?: unknown }).params,
      }),
    ).toContain(carnet);
  });

  it('answers a value the database refuses with a Spanish 400 and logs the statement without values', async () => {
    log.lines.length = 0;
    const res = await probe.inject({ method: 'POST', url: '/bad-value', payload: { carnet, nombre } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Uno de los valores enviados no es válido.');
    const line = log.lines.find((l) => l.msg === 'database refused a value');
    expect(line).toMatchObject({
      level: 'warn',
      method: 'POST',
      route: '/bad-value',
      db: { sqlstate: '22P02', sql: expect.stringMatching(/select \$1::int as carnet, \$2 as nombre/) },
    });
    expect(line?.reqId).toBeTruthy();
    expect(log.text()).not.toContain('4872915');
    expect(log.text()).not.toContain('MAMANI');
  });

  it('logs a server failure with its SQLSTATE and statement, never the parameters', async () => {
    log.lines.length = 0;
    const res = await probe.inject({ method: 'POST', url: '/broken', payload: { carnet } });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Error interno del servidor.');
    const line = log.lines.find((l) => l.msg === 'database failure');
    expect(line).toMatchObject({ level: 'error', route: '/broken', db: { sqlstate: '42P01' } });
    expect(String((line?.db as { sql?: string } | undefined)?.sql)).toContain('$1');
    expect(log.text()).not.toContain('4872915');
  });

  it('logs a refused place with the user, the route and the place asked for', async () => {
    const { token } = await loginAs(app, 'director', 2);
    log.lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/holders/institutions/${otherSchool}/students`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
    expect(log.lines.find((l) => l.msg === 'request forbidden')).toMatchObject({
      level: 'warn',
      userId: directorId,
      method: 'GET',
      route: '/api/v1/holders/institutions/:sie/students',
      place: { sie: String(otherSchool) },
      code: 'out_of_scope',
    });
  });

  it('logs a missing permission with the user and a missing session without one', async () => {
    const { token } = await loginAs(app, 'otro', 2);
    log.lines.length = 0;
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).statusCode,
    ).toBe(403);
    expect(log.lines.find((l) => l.msg === 'request forbidden')).toMatchObject({
      userId: outsiderId,
      route: '/api/v1/users',
      code: 'forbidden',
    });
    log.lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    expect(log.lines.find((l) => l.msg === 'request unauthenticated')).toMatchObject({
      level: 'warn',
      userId: null,
      method: 'GET',
      route: '/api/v1/users',
    });
  });
});
