import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeUser } from '../test/factories.js';

/** A raw GET over a socket (inject skips Node's HTTP parser, which is what refuses long addresses). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('refusals in Spanish (issue 16)', () => {
  let ctx: TestContext;
  let token: string;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
    token = (await loginAs(ctx.app, 'admin', 1)).token;
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('answers a search of 101 characters with a Spanish 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users?search=${'a'.repeat(101)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'bad_request',
      message: 'Búsqueda: Escriba como máximo 100 caracteres.',
      details: [{ field: 'search', message: 'Búsqueda: Escriba como máximo 100 caracteres.' }],
    });
  });

  it('accepts a search of 100 characters', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users?search=${'a'.repeat(100)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a schema’s own message as written', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: '', password: 'x', type: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/expected|invalid|string|too (big|small)/i);
  });

  it('answers an address past Node’s header limit (a pasted 5 MB search) with a Spanish 414', async () => {
    const res = await rawGet(port, `/api/v1/users?search=${'a'.repeat(64 * 1024)}`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({
      code: 'bad_request',
      message: 'La dirección de la solicitud es demasiado larga.',
    });
  });
});
