import { messages } from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
let viewer: string;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  adminId = (await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] })).id;
  await makeUser(db, { username: 'lector', type: 1 });
  for (let i = 0; i < 30; i++) await makeUser(db, { username: `director${i}`, type: 2, profile: 9 });
  await makeUser(db, { username: 'tecnico', type: 2, profile: 10 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  viewer = (await loginAs(ctx.app, 'lector', 1)).token;
});
afterAll(() => ctx.close());

const get = (url: string, token = admin) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('user list', () => {
  it('pages each tab at 25 on the server', async () => {
    const first = (await get('/api/v1/users?tab=principals&page=1')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 30 });
    expect(first.items).toHaveLength(25);
    const second = (await get('/api/v1/users?tab=principals&page=2')).json();
    expect(second.items).toHaveLength(5);
    expect(second.items[0].id).toBeGreaterThan(first.items[24].id);
  });

  it('keeps each profile in its tab', async () => {
    const district = (await get('/api/v1/users?tab=district')).json();
    expect(district.items.map((u: { username: string }) => u.username)).toEqual(['tecnico']);
    const ministry = (await get('/api/v1/users?tab=ministry')).json();
    expect(ministry.items.map((u: { username: string }) => u.username)).toEqual(['admin', 'lector']);
    expect(ministry.items[0].roles).toEqual(['Administrador']);
    // Ids of users and roles overlap: each row must carry its own roles, not those of a same-numbered role.
    expect(ministry.items[1].roles).toEqual([]);
  });

  it('searches by username or name', async () => {
    const res = (await get('/api/v1/users?tab=principals&search=director1')).json();
    expect(res.total).toBe(11); // director1, director10..director19
  });
});

describe('access switch', () => {
  it('turns access off and on, writes the audit row, and the list shows it', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'cambia', type: 1 });
    const { token } = await loginAs(ctx.app, 'cambia', 1);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${target.id}/access`,
      headers: bearer(admin),
      payload: { hasAccess: false },
    });
    expect(off.json()).toEqual({ id: target.id, hasAccess: false });
    const listed = (await get('/api/v1/users?tab=ministry&search=cambia')).json();
    expect(listed.items[0].hasAccess).toBe(false);
    // The user's live token stops working immediately.
    expect((await get('/api/v1/auth/me', token)).statusCode).toBe(401);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.access'), eq(auditLog.entityId, String(target.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: adminId,
      before: { hasAccess: true },
      after: { hasAccess: false },
    });
  });

  it('refuses a read-only user and an unknown user id', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${adminId}/access`,
      headers: bearer(viewer),
      payload: { hasAccess: false },
    });
    expect(res.statusCode).toBe(403);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/999999/access',
      headers: bearer(admin),
      payload: { hasAccess: false },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.toggleUserFailed);
  });

  it('does not let an administrator lock themselves out', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${adminId}/access`,
      headers: bearer(admin),
      payload: { hasAccess: false },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('roles', () => {
  it('shows and changes a user’s real roles; the change grants permissions', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'ascendido', type: 1 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${target.id}/roles`,
      headers: bearer(admin),
      payload: { roles: ['Administrador', 'Comunicación'] },
    });
    expect(put.json()).toEqual({ roles: ['Administrador', 'Comunicación'] });
    expect((await get(`/api/v1/users/${target.id}/roles`)).json()).toEqual({
      roles: ['Administrador', 'Comunicación'],
    });
    const { body } = await loginAs(ctx.app, 'ascendido', 1);
    expect(body.user.permissions).toContain('users.manage');
  });

  it('refuses an unknown role name', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${adminId}/roles`,
      headers: bearer(admin),
      payload: { roles: ['Emperador'] },
    });
    expect(res.statusCode).toBe(400);
  });
});
