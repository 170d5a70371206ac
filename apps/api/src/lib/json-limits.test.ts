import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { jsonTooDeep } from './json-limits.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('deep JSON (issue 34 §4)', () => {
  const routes = [
    { url: '/api/v1/auth/login', auth: false },
    { url: '/api/v1/public/student-status', auth: false },
    { url: '/api/v1/public/events/1/enrollments', auth: false },
    { url: '/api/v1/places', auth: true },
  ];
  for (const { url, auth } of routes) {
    it(`20,000 nested objects to ${url} answer 400 in Spanish`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(auth ? bearer(admin) : {}) },
        payload: nested(20_000),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'bad_request',
        message: 'La solicitud tiene demasiados niveles anidados.',
      });
    });
  }

  it('a body past the size limit answers 413 payload_too_large', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y', type: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: 'La solicitud es demasiado grande.' });
  });

  it('counts brackets only outside strings', () => {
    expect(jsonTooDeep(nested(64))).toBe(false);
    expect(jsonTooDeep(nested(65))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ text: '\\"'.repeat(10) + '{'.repeat(100) }))).toBe(false);
  });
});
