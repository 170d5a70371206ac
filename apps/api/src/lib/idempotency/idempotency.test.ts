import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, periods } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { multipartPayload, tempDataDir } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';
import { createCases, newKey } from '../../test/idempotency.js';
import { idempotencyMessages, idempotencySettings } from './index.js';

/** Issue 15 on PGlite: a submission repeated with its Idempotency-Key creates one record. */
let ctx: TestContext;
let admin: string;
const defaults = { ...idempotencySettings };

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());
afterEach(() => Object.assign(idempotencySettings, defaults));

const period = (name: string) => ({
  name,
  phase: 'Fase departamental',
  subsystems: ['Regular'],
  startsOn: '2025-11-10',
  endsOn: '2025-12-10',
  instances: ['departmental'],
  state: 'VIGENTE',
});
const postPeriod = (payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/kind-events',
    headers: { ...bearer(admin), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const periodsNamed = async (name: string) =>
  (await ctx.handle.db.select({ n: count() }).from(periods).where(sql`${periods.name} = ${name}`))[0]!.n;
const keyRows = async () => (await ctx.handle.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;

describe('Idempotency-Key on the console creates', () => {
  it('a second click on each create gets the first answer back and no second record', async () => {
    for (const create of await createCases(ctx, admin)) {
      const key = newKey();
      const first = await create.send(key);
      const second = await create.send(key);
      expect(first.status, `${create.name}: ${first.body}`).toBe(201);
      expect(first.replayed).toBe(false);
      expect(second, create.name).toEqual({ ...first, replayed: true });
      expect(await create.records(), create.name).toBe(1);
    }
  });

  it('without the header every request runs, as before', async () => {
    expect((await postPeriod(period('Sin clave'))).statusCode).toBe(201);
    expect((await postPeriod(period('Sin clave'))).statusCode).toBe(201);
    expect(await periodsNamed('Sin clave')).toBe(2);
  });

  it('the same key with another body is refused with 422 and creates nothing', async () => {
    const key = newKey();
    expect((await postPeriod(period('Clave A'), key)).statusCode).toBe(201);
    const other = await postPeriod(period('Clave B'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(idempotencyMessages.otherRequest);
    expect(await periodsNamed('Clave B')).toBe(0);
  });

  it('the same key from another user is another submission', async () => {
    await makeUser(ctx.handle.db, { username: 'otro', type: 1, roles: ['Administrador'] });
    const other = (await loginAs(ctx.app, 'otro', 1)).token;
    const key = newKey();
    expect((await postPeriod(period('Dos usuarios'), key)).statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/kind-events',
      headers: { ...bearer(other), 'idempotency-key': key },
      payload: period('Dos usuarios'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await periodsNamed('Dos usuarios')).toBe(2);
  });

  it('a key that is not a UUID is refused with 400 in Spanish and nothing is written', async () => {
    for (const bad of ['abc', '', '123e4567-e89b-12d3-a456-42661417400', `${newKey()}x`]) {
      const res = await postPeriod(period('Clave mala'), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(idempotencyMessages.badKey);
    }
    expect(await periodsNamed('Clave mala')).toBe(0);
  });

  it('a failed request leaves no key (all or nothing), so the same key works once corrected', async () => {
    const key = newKey();
    await expectNothingWrittenWhenAuditFails(ctx.handle.db, 'period.create', [], async () => {
      const res = await postPeriod(period('Tras fallo'), key);
      return { status: res.statusCode, body: res.body };
    });
    const retry = await postPeriod(period('Tras fallo'), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await periodsNamed('Tras fallo')).toBe(1);
  });

  it('a 4xx answer releases the key too, so the corrected form goes through with it', async () => {
    const key = newKey();
    const before = await keyRows();
    // Multipart: the key is claimed once the parts are read, before the fields are checked.
    const send = async (title: string) => {
      const { payload, headers } = await multipartPayload({ title, description: 'x' });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/events',
        payload,
        headers: { ...headers, ...bearer(admin), 'idempotency-key': key },
      });
    };
    const refused = await send('Evento incompleto');
    expect(refused.statusCode).toBe(400);
    expect(await keyRows()).toBe(before);
    // Another body with the same key is not a 422: the failed one left nothing behind.
    expect((await send('Evento corregido')).statusCode).toBe(400);
    expect(await keyRows()).toBe(before);
  });

  it('works on routes outside the events area, where no multipart parser is registered', async () => {
    // SERECI validation of an unknown student: the route's own 404, not a 5xx from the key check.
    const before = await keyRows();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sereci/students/RUDE0000000000/validation',
      headers: { ...bearer(admin), 'idempotency-key': newKey() },
      payload: { oficialia: '1', libro: '1', partida: '1', folio: '1' },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await keyRows()).toBe(before);
  });

  it('a repeat while the first is still running waits, then answers 409 if it never ends', async () => {
    Object.assign(idempotencySettings, { waitMs: 200, pollMs: 20 });
    const key = newKey();
    const body = period('En curso');
    expect((await postPeriod(body, key)).statusCode).toBe(201);
    // The row as a request still running leaves it: no answer stored yet.
    await ctx.handle.db.execute(
      sql`UPDATE idempotency_keys SET status_code = NULL, response_body = NULL WHERE key = ${key}`,
    );
    const res = await postPeriod(body, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La misma solicitud ya se está procesando.');
    // A request that died long ago (older than staleMs) is taken over: the repeat runs.
    Object.assign(idempotencySettings, { staleMs: -1 });
    expect((await postPeriod(body, key)).statusCode).toBe(201);
    expect(await periodsNamed('En curso')).toBe(2);
  });

  it('login ignores the header: sessions are never stored', async () => {
    const before = await keyRows();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'idempotency-key': newKey() },
      payload: { username: 'admin', password: 'Prueba2025!', type: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(await keyRows()).toBe(before);
  });
});
