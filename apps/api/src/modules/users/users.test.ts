import { messages } from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, userRoles, users } from '../../db/schema/index.js';
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

  it('searches ignoring accents and case, and takes LIKE wildcards literally', async () => {
    const db = ctx.handle.db;
    const named = async (username: string, name: string, firstLastName: string) => {
      const user = await makeUser(db, { username, type: 1 });
      await db.update(users).set({ name, firstLastName }).where(eq(users.id, user.id));
    };
    await named('lgutierrez', 'Luis', 'Gutiérrez Mamani');
    await named('agutierrez', 'Ana', 'GUTIÉRREZ Quispe');
    await named('mgutierrez', 'María', 'Gutierrez Núñez');
    await named('pcespedes', 'Pedro', 'Céspedes Gutiérrez');
    await named('jperez', 'José', 'Pérez_100%');
    const found = async (search: string) =>
      (await get(`/api/v1/users?tab=ministry&search=${encodeURIComponent(search)}`))
        .json()
        .items.map((u: { username: string }) => u.username)
        .sort();
    const all = ['agutierrez', 'lgutierrez', 'mgutierrez', 'pcespedes'];
    for (const search of ['gutierrez', 'Gutiérrez', 'GUTIERREZ', 'gutiÉrrez'])
      expect(await found(search)).toEqual(all);
    expect(await found('nunez')).toEqual(['mgutierrez']);
    expect(await found('MARIA')).toEqual(['mgutierrez']);
    expect(await found('jose perez')).toEqual(['jperez']);
    expect(await found('_100%')).toEqual(['jperez']);
    expect(await found('p_rez')).toEqual([]);
    expect(await found('%')).toEqual(['jperez']);
  });

  it('refuses a search longer than 100 characters with a Spanish message', async () => {
    const res = await get(`/api/v1/users?tab=ministry&search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('100 caracteres');
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

describe('no-op writes (decision 051)', () => {
  const auditsOf = (action: string, id: number) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  it('access set to its current value 50 times answers 200 each time and writes one audit row', async () => {
    const target = await makeUser(ctx.handle.db, { username: 'repetida', type: 1 });
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${target.id}/access`,
        headers: bearer(admin),
        payload: { hasAccess: false },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: target.id, hasAccess: false });
    }
    expect(await auditsOf('user.access', target.id)).toHaveLength(1);
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${target.id}/access`,
      headers: bearer(admin),
      payload: { hasAccess: true },
    });
    expect(on.json()).toEqual({ id: target.id, hasAccess: true });
    expect(await auditsOf('user.access', target.id)).toHaveLength(2);
  });

  it('roles set to the same roles, in any order, answer 200 and write nothing', async () => {
    const target = await makeUser(ctx.handle.db, {
      username: 'mismos-roles',
      type: 1,
      roles: ['Comunicación'],
    });
    const put = (roles: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${target.id}/roles`,
        headers: bearer(admin),
        payload: { roles },
      });
    expect((await put(['Administrador', 'Comunicación'])).statusCode).toBe(200);
    const again = await put(['Comunicación', 'Administrador', 'Comunicación']);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ roles: ['Administrador', 'Comunicación'] });
    expect(await auditsOf('user.roles', target.id)).toHaveLength(1);
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

  it('refuses a role that does not fit the user’s kind, and changes nothing', async () => {
    const director = await makeUser(ctx.handle.db, { username: 'dir-rol', type: 2, profile: 9 });
    const staff = await makeUser(ctx.handle.db, { username: 'staff-rol', type: 1, roles: ['Comunicación'] });
    const put = (id: number, roles: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${id}/roles`,
        headers: bearer(admin),
        payload: { roles },
      });
    for (const [id, wanted, bad] of [
      [director.id, ['Administrador'], 'Administrador'],
      [director.id, ['Directores'], 'Directores'],
      [staff.id, ['Administrador', 'Solicitante'], 'Solicitante'],
      [staff.id, ['Publico General'], 'Publico General'],
    ] as const) {
      const res = await put(id, wanted);
      expect(res.statusCode, String(wanted)).toBe(400);
      expect(res.json().message).toBe(`El rol ${bad} no corresponde a este tipo de usuario.`);
    }
    expect((await get(`/api/v1/users/${director.id}/roles`)).json()).toEqual({ roles: [] });
    expect((await get(`/api/v1/users/${staff.id}/roles`)).json()).toEqual({ roles: ['Comunicación'] });
    for (const payload of [{ roles: 'Root' }, { roles: [1] }, {}, { roles: Array(9).fill('Root') }]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${staff.id}/roles`,
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await get(`/api/v1/users/${staff.id}/roles`)).json()).toEqual({ roles: ['Comunicación'] });
    const missing = await put(999999, ['Root']);
    expect(missing.statusCode).toBe(404);
  });

  it('ignores stored roles that do not fit: list, dialog, session and permissions agree', async () => {
    const db = ctx.handle.db;
    const director = await makeUser(db, { username: 'dir-viejo', type: 2, profile: 9 });
    const staff = await makeUser(db, { username: 'staff-viejo', type: 1, roles: ['Comunicación'] });
    // Assignments made before issue 16, straight in the table as the old screen allowed.
    const stored = async (userId: number, name: string) => {
      const [role] = await db.select().from(roles).where(eq(roles.name, name));
      await db.insert(userRoles).values({ userId, roleId: role!.id });
    };
    await stored(director.id, 'Administrador');
    await stored(director.id, 'Directores');
    await stored(staff.id, 'Solicitante');
    expect((await get(`/api/v1/users/${director.id}/roles`)).json()).toEqual({ roles: [] });
    expect((await get(`/api/v1/users/${staff.id}/roles`)).json()).toEqual({ roles: ['Comunicación'] });
    const row = (await get('/api/v1/users?tab=principals&search=dir-viejo')).json().items[0];
    expect(row).toMatchObject({ username: 'dir-viejo', type: 2, profile: 9, roles: [] });
    const { body } = await loginAs(ctx.app, 'dir-viejo', 2);
    expect(body.user.roles).toEqual([]);
    expect(body.user.permissions).not.toContain('users.manage');
    const staffLogin = await loginAs(ctx.app, 'staff-viejo', 1);
    expect(staffLogin.body.user.roles).toEqual(['Comunicación']);
    // Saving the dialog replaces every stored assignment, the ignored ones too.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${staff.id}/roles`,
      headers: bearer(admin),
      payload: { roles: ['Root'] },
    });
    expect(put.json()).toEqual({ roles: ['Root'] });
    const left = await db.select().from(userRoles).where(eq(userRoles.userId, staff.id));
    expect(left).toHaveLength(1);
  });

  it('lets an administrator swap Administrador for Root, not drop both', async () => {
    const self = await makeUser(ctx.handle.db, { username: 'jefe2', type: 1, roles: ['Administrador'] });
    const token = (await loginAs(ctx.app, 'jefe2', 1)).token;
    const put = (roles: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${self.id}/roles`,
        headers: bearer(token),
        payload: { roles },
      });
    const dropped = await put(['Comunicación']);
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().message).toBe('No puede quitarse a sí mismo el rol de administrador.');
    expect((await put(['Root'])).json()).toEqual({ roles: ['Root'] });
  });
});
