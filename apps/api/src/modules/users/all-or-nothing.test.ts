import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, users: the access switch (the user, the sessions a trigger ends, the audit row)
 * and the roles (the old ones deleted, the new ones inserted, the audit row) write several rows. The
 * last one, the audit row, is made to fail: no table may keep the others. Sessions are left out of
 * the shared fingerprint (every request touches them), so they are compared here as well.
 */
let ctx: TestContext;
let admin = '';

const call = async (method: 'PATCH' | 'PUT', url: string, payload: object) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin), payload });
  return { status: res.statusCode, body: res.body };
};
const me = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode;
const sessionRows = () =>
  ctx.handle.db
    .select({ id: sessions.id, endedAt: sessions.endedAt, endReason: sessions.endReason })
    .from(sessions)
    .orderBy(asc(sessions.id));
const rolesOf = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${id}/roles`, headers: bearer(admin) })).json<{
    roles: string[];
  }>().roles;

/** Runs `act` with the audit row of `action` failing; asserts a 5xx, no table changed, no session ended. */
async function withFailingAudit(action: string, act: () => Promise<{ status: number; body?: unknown }>) {
  const before = await sessionRows();
  await expectNothingWrittenWhenAuditFails(ctx.handle.db, action, ['users', 'user_roles'], act);
  expect(await sessionRows()).toEqual(before);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

describe('users: the last write failing leaves nothing', () => {
  it('switching access off (user + the sessions it ends + audit)', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'apagar', type: 1 });
    const { token } = await loginAs(ctx.app, 'apagar', 1);
    await withFailingAudit('user.access', () =>
      call('PATCH', `/users/${target.id}/access`, { hasAccess: false }),
    );
    // The session the trigger would have ended is still live.
    expect(await me(token)).toBe(200);
    // Without the failure the same call goes through: the test can tell a kept row from none.
    expect((await call('PATCH', `/users/${target.id}/access`, { hasAccess: false })).status).toBe(200);
    expect(await me(token)).toBe(401);
    const [ended] = await ctx.handle.db.select().from(sessions).where(eq(sessions.userId, target.id));
    expect(ended!.endReason).toBe('access_off');
  });

  it('switching access back on (user + audit)', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'encender', type: 1, hasAccess: false });
    await withFailingAudit('user.access', () =>
      call('PATCH', `/users/${target.id}/access`, { hasAccess: true }),
    );
    expect((await call('PATCH', `/users/${target.id}/access`, { hasAccess: true })).status).toBe(200);
  });

  it('replacing the roles (old roles deleted + new ones inserted + audit)', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'roles', type: 1, roles: ['Comunicación'] });
    await withFailingAudit('user.roles', () =>
      call('PUT', `/users/${target.id}/roles`, { roles: ['Administrador', 'Root'] }),
    );
    expect(await rolesOf(target.id)).toEqual(['Comunicación']);
    const ok = await call('PUT', `/users/${target.id}/roles`, { roles: ['Administrador'] });
    expect(ok.status, ok.body).toBe(200);
    expect(await rolesOf(target.id)).toEqual(['Administrador']);
  });
});
