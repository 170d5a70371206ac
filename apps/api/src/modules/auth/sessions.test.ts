import { messages } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.handle.db, { username: 'jefa', type: 1, roles: ['Administrador'] });
  adminToken = (await loginAs(ctx.app, 'jefa', 1)).token;
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const refreshWith = (cookie: string) => post('/api/v1/auth/refresh', { cookie });
const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;
const sessionOf = (token: string) => String(decodeJwt(token).sid);

async function sessionRow(id: string) {
  const [row] = await ctx.handle.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

function expectRefused(res: { statusCode: number; json(): { message: string } }) {
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe(messages.sessionExpired);
}

describe('a session ends at once', () => {
  it('logout: the access token is refused on its next request, and the refresh token too', async () => {
    await makeUser(ctx.handle.db, { username: 'sale', type: 1 });
    const { token, cookie } = await loginAs(ctx.app, 'sale', 1);
    expect((await me(token)).statusCode).toBe(200);

    expect((await post('/api/v1/auth/logout', { cookie })).statusCode).toBe(204);

    expectRefused(await me(token));
    expectRefused(await refreshWith(cookie));
    expect(await sessionRow(sessionOf(token))).toMatchObject({ endReason: 'logout' });
    const audits = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'logout'));
    expect(audits.some((a) => (a.after as { sessionId?: string }).sessionId === sessionOf(token))).toBe(true);
  });

  it('logout with only the bearer token ends that session; the user’s other sessions stay live', async () => {
    await makeUser(ctx.handle.db, { username: 'dos', type: 1 });
    const first = await loginAs(ctx.app, 'dos', 1);
    const second = await loginAs(ctx.app, 'dos', 1);

    expect((await post('/api/v1/auth/logout', bearer(first.token))).statusCode).toBe(204);

    expectRefused(await me(first.token));
    expectRefused(await refreshWith(first.cookie));
    expect((await me(second.token)).statusCode).toBe(200);
    expect((await refreshWith(second.cookie)).statusCode).toBe(200);
  });

  it('refresh-token reuse: the refresh and the access tokens of the session are all refused', async () => {
    await makeUser(ctx.handle.db, { username: 'robado', type: 1 });
    const { token, cookie } = await loginAs(ctx.app, 'robado', 1);
    const rotated = await refreshWith(cookie);
    expect(rotated.statusCode).toBe(200);
    const newToken = rotated.json<{ token: string }>().token;
    const newCookie = cookieOf(rotated.headers['set-cookie']);
    expect(sessionOf(newToken)).toBe(sessionOf(token));
    expect((await me(newToken)).statusCode).toBe(200);

    // The rotated token again: treated as stolen, the whole session ends.
    expectRefused(await refreshWith(cookie));

    expectRefused(await refreshWith(newCookie));
    expectRefused(await me(token));
    expectRefused(await me(newToken));
    expect(await sessionRow(sessionOf(token))).toMatchObject({ endReason: 'refresh_reuse' });
  });

  it('access switched off ends the sessions; switched back on revives none, and a new login works', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'pausa', type: 1 });
    const { token, cookie } = await loginAs(ctx.app, 'pausa', 1);
    const setAccess = (hasAccess: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${target.id}/access`,
        headers: bearer(adminToken),
        payload: { hasAccess },
      });

    expect((await setAccess(false)).statusCode).toBe(200);
    expectRefused(await me(token));

    expect((await setAccess(true)).statusCode).toBe(200);
    expectRefused(await me(token));
    expectRefused(await refreshWith(cookie));
    expect(await sessionRow(sessionOf(token))).toMatchObject({ endReason: 'access_off' });

    const again = await loginAs(ctx.app, 'pausa', 1);
    expect((await me(again.token)).statusCode).toBe(200);
  });

  it('holds when access is switched off by SQL outside the application too', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'script', type: 1 });
    const { token } = await loginAs(ctx.app, 'script', 1);
    await ctx.handle.db.update(users).set({ hasAccess: false }).where(eq(users.id, target.id));
    await ctx.handle.db.update(users).set({ hasAccess: true }).where(eq(users.id, target.id));
    expectRefused(await me(token));
    // Other changes to the user leave the session alone.
    const live = await loginAs(ctx.app, 'script', 1);
    await ctx.handle.db.update(users).set({ name: 'Otro' }).where(eq(users.id, target.id));
    expect((await me(live.token)).statusCode).toBe(200);
  });
});

describe('access token claims', () => {
  let userId: number;
  let sid: string;
  let otherSid: string;
  const now = () => Math.floor(ctx.deps.clock.now().getTime() / 1000);

  beforeAll(async () => {
    userId = (await makeUser(ctx.handle.db, { username: 'firma', type: 1 })).id;
    sid = sessionOf((await loginAs(ctx.app, 'firma', 1)).token);
    otherSid = sessionOf(adminToken);
  });

  type Claims = { sub?: string; sid?: string; iat?: number; exp?: number };
  function sign(claims: Claims) {
    const jwt = new SignJWT(claims.sid === undefined ? {} : { sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('bjp-console');
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
    if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
    return jwt.sign(ctx.deps.tokens.secret);
  }
  const complete = (): Claims => ({ sub: String(userId), sid, iat: now(), exp: now() + 900 });

  it('accepts a token with every claim (so the refusals below are about the missing one)', async () => {
    expect((await me(await sign(complete()))).statusCode).toBe(200);
  });

  it.each(['exp', 'iat', 'sid', 'sub'] as const)('refuses a token without %s', async (claim) => {
    const claims = complete();
    delete claims[claim];
    expectRefused(await me(await sign(claims)));
  });

  it('refuses a token that claims a longer life than the server gives', async () => {
    expectRefused(await me(await sign({ ...complete(), exp: now() + 365 * 86_400 })));
  });

  it('refuses a token issued in the future', async () => {
    expectRefused(await me(await sign({ ...complete(), iat: now() + 3_600, exp: now() + 3_600 + 900 })));
  });

  it('refuses another user’s session id', async () => {
    expectRefused(await me(await sign({ ...complete(), sid: otherSid })));
  });

  it.each([
    ['a session id that is not a uuid', { sid: 'x' }],
    ['a user id beyond the integer range', { sub: '99999999999' }],
    ['a user id that is not a number', { sub: 'admin' }],
  ])('refuses %s with 401, never a server error', async (_case, bad) => {
    expectRefused(await me(await sign({ ...complete(), ...bad })));
  });
});

describe('refresh cookie', () => {
  const login = (app: TestContext['app'], headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'jefa', password: 'Prueba2025!', type: 1 },
      headers,
    });

  it('is not Secure over plain http, nor when an untrusted client claims https', async () => {
    for (const res of [await login(ctx.app), await login(ctx.app, { 'x-forwarded-proto': 'https' })]) {
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/bjp_refresh=.+HttpOnly/i);
      expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    }
  });

  describe('behind a trusted proxy', () => {
    let proxied: TestContext;
    beforeAll(async () => {
      proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
      await makeUser(proxied.handle.db, { username: 'jefa', type: 1 });
    });
    afterAll(() => proxied.close());

    it('is Secure when the request came over https, on login and on refresh', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      const res = await login(proxied.app, https);
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      const refreshed = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { ...https, cookie: cookieOf(res.headers['set-cookie']) },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(String(refreshed.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    });

    it('is not Secure when the proxy says the request came over http', async () => {
      const res = await login(proxied.app, { 'x-forwarded-proto': 'http' });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    });
  });
});
