import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.js';
import { loginThrottle, refreshTokens, sessions, users } from '../db/schema/index.js';
import { failAuditOf, fingerprint } from '../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, TEST_PASSWORD, type TestContext } from '../test/app.js';
import { makeUser } from '../test/factories.js';

/**
 * Issue 12, part 4, sessions: logging in (the throttle forgiven, the session, its refresh token, the
 * audit row), rotating a refresh token (the old one marked, a new one issued), a reused refresh token
 * (its session ended, the audit row) and logging out (the sessions ended, an audit row each) write
 * several rows. Each path's last write is made to fail and no table may keep the others. Sessions are
 * left out of the shared fingerprint (every request may touch them), so they are compared here too.
 * There is no password change in the API, so no such path to test.
 */
let ctx: TestContext;
const db = () => ctx.handle.db;

type Res = { status: number; body: string };
const post = async (url: string, headers: Record<string, string> = {}, payload?: object): Promise<Res> => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, headers, payload });
  return { status: res.statusCode, body: res.body };
};
const me = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode;
const sessionRows = () =>
  db()
    .select({
      id: sessions.id,
      userId: sessions.userId,
      endedAt: sessions.endedAt,
      endReason: sessions.endReason,
    })
    .from(sessions)
    .orderBy(asc(sessions.id));
const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

/** Makes every INSERT into `table` fail (the new refresh token is the rotation's last write, after an UPDATE). */
async function failInsertsInto(ex: Executor, table: string): Promise<() => Promise<void>> {
  await ex.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'prueba: falla forzada al insertar en %', TG_TABLE_NAME; END $$`),
  );
  await ex.execute(
    sql.raw(`CREATE TRIGGER test_fail_insert BEFORE INSERT ON "${table}" FOR EACH ROW
             EXECUTE FUNCTION test_fail_insert()`),
  );
  return async () => {
    await ex.execute(sql.raw(`DROP TRIGGER IF EXISTS test_fail_insert ON "${table}"`));
  };
}

/**
 * Runs `act` with `fail` in place; asserts a 5xx, that no table changed (but `except`, written on
 * purpose before the path's transaction) and that no session started or ended.
 */
async function expectNothingWritten(
  fail: () => Promise<() => Promise<void>>,
  act: () => Promise<Res>,
  except: string[] = [],
) {
  const without = (print: Record<string, string>) =>
    Object.fromEntries(Object.entries(print).filter(([name]) => !except.includes(name)));
  const before = await fingerprint(db());
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['audit_log', 'refresh_tokens']));
  const sessionsBefore = await sessionRows();
  const restore = await fail();
  try {
    const res = await act();
    expect(res.status, res.body).toBeGreaterThanOrEqual(500);
  } finally {
    await restore();
  }
  expect(without(await fingerprint(db()))).toEqual(without(before));
  expect(await sessionRows()).toEqual(sessionsBefore);
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('sessions: the last write failing leaves nothing', () => {
  it('login (throttle forgiven + session + refresh token + audit)', async () => {
    const user = await makeUser(db(), { username: 'entra', type: 1 });
    const login = () => post('/login', {}, { username: 'entra', password: TEST_PASSWORD, type: 1 });
    // The attempt is counted before the password is checked, on purpose outside the transaction (a
    // login failing for any reason stays counted): login_throttle is the one table allowed to change.
    await expectNothingWritten(() => failAuditOf(db(), 'login'), login, ['login_throttle']);
    const pair = () =>
      db()
        .select({ failures: loginThrottle.failures })
        .from(loginThrottle)
        .where(and(eq(loginThrottle.username, 'entra'), eq(loginThrottle.address, '127.0.0.1')));
    // Counted and, the forgiving having been rolled back with the rest, not forgiven.
    expect(await pair()).toEqual([{ failures: 1 }]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // Without the failure the same call goes through: the test can tell a kept row from none.
    const ok = await login();
    expect(ok.status, ok.body).toBe(200);
    expect(await pair()).toEqual([]); // a success clears its own pair (decision 051)
    expect(await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(1);
  });

  it('refresh (old token marked rotated + new token issued)', async () => {
    await makeUser(db(), { username: 'renueva', type: 1 });
    const { token, cookie } = await loginAs(ctx.app, 'renueva', 1);
    await expectNothingWritten(
      () => failInsertsInto(db(), 'refresh_tokens'),
      () => post('/refresh', { cookie }),
    );
    // Had the old token stayed marked, presenting it now would count as a reuse and end the session.
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(cookieOf(ok.headers['set-cookie'])).not.toBe(cookie);
    expect(await me(token)).toBe(200);
  });

  it('a reused refresh token (its session ended + audit)', async () => {
    await makeUser(db(), { username: 'reusa', type: 1 });
    const { token, cookie } = await loginAs(ctx.app, 'reusa', 1);
    expect((await post('/refresh', { cookie })).status).toBe(200);
    await expectNothingWritten(
      () => failAuditOf(db(), 'refresh_token_reuse'),
      () => post('/refresh', { cookie }),
    );
    expect(await me(token)).toBe(200);
    expect((await post('/refresh', { cookie })).status).toBe(401);
    expect(await me(token)).toBe(401);
  });

  it('logout of two sessions, by bearer and by cookie (both ended + an audit row each)', async () => {
    const user = await makeUser(db(), { username: 'sale', type: 1 });
    const first = await loginAs(ctx.app, 'sale', 1);
    const second = await loginAs(ctx.app, 'sale', 1);
    const logout = () => post('/logout', { ...bearer(first.token), cookie: second.cookie });
    await expectNothingWritten(() => failAuditOf(db(), 'logout'), logout);
    expect([await me(first.token), await me(second.token)]).toEqual([200, 200]);
    expect((await logout()).status).toBe(204);
    expect([await me(first.token), await me(second.token)]).toEqual([401, 401]);
    const ended = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(ended.map((s) => s.endReason)).toEqual(['logout', 'logout']);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.hasAccess).toBe(true);
  });
});
