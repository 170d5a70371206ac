import type { WithdrawnPage } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

// 'Estudiantes retirados' (docs/imports.md): the open year's inscriptions a roll no longer lists.
let ctx: TestContext;
let admin = '';
let department = '';
let laPaz: { sie: number; rudes: string[]; ids: number[] };
let oruro: { sie: number; rudes: string[]; ids: number[] };

const list = async (query: string, token = admin) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/imports/withdrawn${query}`,
    headers: bearer(token),
  });
  return { status: res.statusCode, body: res.json<WithdrawnPage & { message: string }>() };
};
const withdraw = (id: number, at: string) =>
  ctx.handle.db.execute(sql`UPDATE inscriptions SET withdrawn_at = ${at} WHERE id = ${id}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const place = async (departmentId: number, students: number) => {
    const district = await makeDistrict(db, { departmentId });
    const school = await makeSchool(db, { districtId: district.id });
    const made = await makeStudentsWithTitulars(db, {
      institutionId: school.id,
      students: Array.from({ length: students }, () => ({})),
    });
    return { sie: school.id, rudes: made.rudes, ids: made.inscriptionIds };
  };
  laPaz = await place(2, 3);
  oruro = await place(4, 1);
  await withdraw(laPaz.ids[0]!, '2025-11-02T14:00:00Z');
  await withdraw(oruro.ids[0]!, '2025-11-03T14:00:00Z');
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'departamental', type: 1, departmentId: 2 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  department = (await loginAs(ctx.app, 'departamental', 1)).token;
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /imports/withdrawn', () => {
  it('lists the withdrawn students, newest first, with what they keep', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.items.map((i) => i.rude)).toEqual([oruro.rudes[0], laPaz.rudes[0]]);
    expect(body.items[1]).toMatchObject({
      inscriptionId: laPaz.ids[0],
      sie: laPaz.sie,
      withdrawnAt: '2025-11-02T14:00:00.000Z',
      hasTitular: true,
      removed: false,
    });
    expect(body.items[1]!.course).toContain('·');
  });

  it('filters by department, by RUDE and by SIE code', async () => {
    expect((await list('?departmentId=2')).body.items.map((i) => i.rude)).toEqual([laPaz.rudes[0]]);
    expect((await list(`?search=${laPaz.rudes[0]!.toLowerCase()}`)).body.total).toBe(1);
    expect((await list(`?search=${oruro.sie}`)).body.items.map((i) => i.sie)).toEqual([oruro.sie]);
    // A student still listed by the roll is not withdrawn.
    expect((await list(`?search=${laPaz.rudes[1]}`)).body.total).toBe(0);
  });

  it('refuses bad input in Spanish and staff without the import permission', async () => {
    const bad = await list('?departmentId=99');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Departamento/);
    expect((await list('?page=99999999999')).status).toBe(400);
    expect((await list('?search=%00')).status).toBe(400);
    expect((await list('', department)).status).toBe(403);
  });
});
