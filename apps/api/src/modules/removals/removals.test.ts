import {
  type RemovalCandidate,
  type RemovalDepartment,
  type RemovalHistoryPage,
  type RemovalStudentPage,
  removalMessages,
} from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, beneficiaryRemovals, inscriptions } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription, unblockInscription } from '../../test/factories/blocking.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const t: Record<string, string> = {};
let sie = 0;
let ids: number[] = [];
let rudes: string[] = [];
let oruroRude = '';

const call = async <T>(who: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return { status: res.statusCode, body: res.json<T & { message: string }>() };
};
const REASON = 'Traslado del estudiante al exterior';
const remove = (who: string, department: number, rude: string, reason: unknown = REASON) =>
  call(who, 'POST', `/removals/departments/${department}/students/${rude}`, { reason });
const beneficiaries = async () => {
  const r = await ctx.handle.db.execute(
    sql`SELECT coalesce(sum(total), 0)::int AS n FROM stats_beneficiaries`,
  );
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const laPaz = await makeDistrict(db, { departmentId: 2 });
  const oruro = await makeDistrict(db, { departmentId: 4 });
  const school = await makeSchool(db, { districtId: laPaz.id, consolidated: true });
  const far = await makeSchool(db, { districtId: oruro.id, consolidated: true });
  sie = school.id;
  const made = await makeStudentsWithTitulars(db, { institutionId: sie, students: [{}, {}, {}, {}] });
  ids = made.inscriptionIds;
  rudes = made.rudes;
  oruroRude = (await makeStudentsWithTitulars(db, { institutionId: far.id, students: [{}] })).rudes[0]!;
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'oruro', type: 2, profile: 7, departmentId: 4 });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  for (const [name, type] of [
    ['admin', 1],
    ['depto', 2],
    ['oruro', 2],
    ['director', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;
});
afterAll(() => ctx.close());

describe('the department', () => {
  it("loads the department user's own department, with 'Gestión' from the settings", async () => {
    const mine = await call<RemovalDepartment>('depto', 'GET', '/removals/me/department');
    expect(mine.body).toMatchObject({ departmentId: 2, name: 'La Paz', year: 2025 });
    const admin = await call('admin', 'GET', '/removals/me/department');
    expect(admin.status).toBe(404);
    expect(admin.body.message).toBe(removalMessages.invalidUser);
  });

  it('refuses another department to a department user, and everybody without the permission', async () => {
    expect((await call('oruro', 'GET', '/removals/departments/2')).status).toBe(403);
    expect((await call('director', 'GET', '/removals/departments/2')).status).toBe(403);
    expect((await call('admin', 'GET', '/removals/departments/4')).status).toBe(200);
  });
});

describe('the RUDE/RUDEE finder', () => {
  it('finds a student of the department, and not one of another department', async () => {
    const found = await call<RemovalCandidate>(
      'depto',
      'GET',
      `/removals/departments/2/students/${rudes[0]!.toLowerCase()}`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ rude: rudes[0], sie, removedAt: null });
    expect(found.body.titularCarnet).toBeTruthy();
    // The course with its level (issue 16): 'Primaria · Primero - B', never 'Primero - B' alone.
    expect(found.body.course).toMatch(/^Primaria · Primero - [A-Z]+$/);
    const elsewhere = await call('depto', 'GET', `/removals/departments/2/students/${oruroRude}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(removalMessages.studentNotFound);
  });
});

describe('Baja Beneficiario', () => {
  it('refuses a removal without a reason of 5 to 300 characters, in Spanish, changing nothing', async () => {
    const noBody = await call('depto', 'POST', `/removals/departments/2/students/${rudes[3]}`);
    expect(noBody.status).toBe(400);
    for (const reason of [null, 12345, '', '   ', 'abc', 'x'.repeat(301)]) {
      const res = await remove('depto', 2, rudes[3]!, reason);
      expect(res.status, String(reason)).toBe(400);
      expect(res.body.message).not.toMatch(/expected|invalid|required|too/i);
    }
    expect((await remove('depto', 2, rudes[3]!, 'abc')).body.message).toBe(removalMessages.reasonRequired);
    const [n] = await ctx.handle.db.select().from(inscriptions).where(eq(inscriptions.id, ids[3]!));
    expect(n!.removedAt).toBeNull();
  });

  it('removes a beneficiary for good: statistics, audit, lists; a second removal is refused', async () => {
    const before = await beneficiaries();
    const res = await remove('depto', 2, rudes[0]!);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Operación exitosa!!!');
    expect(await beneficiaries()).toBe(before - 1);
    const [n] = await ctx.handle.db.select().from(inscriptions).where(eq(inscriptions.id, ids[0]!));
    expect(n!.removedAt).not.toBeNull();
    const audits = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'removals.remove'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ reason: REASON });
    const [stored] = await ctx.handle.db
      .select()
      .from(beneficiaryRemovals)
      .where(eq(beneficiaryRemovals.inscriptionId, ids[0]!));
    expect(stored!.reason).toBe(REASON);
    const again = await remove('admin', 2, rudes[0]!);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(removalMessages.alreadyRemoved);
    // The holders list shows the student as 'Baja' and nobody can give them a titular again.
    const holders = await call<{ items: Array<{ rude: string; statusLabel: string }> }>(
      'director',
      'GET',
      `/holders/institutions/${sie}/students`,
    );
    expect(holders.body.items.find((s) => s.rude === rudes[0])?.statusLabel).toBe('Baja');
  });

  it('lets one of two racing removals through and answers 409 to the other', async () => {
    const results = await Promise.all([remove('depto', 2, rudes[1]!), remove('admin', 2, rudes[1]!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await ctx.handle.db
        .select()
        .from(beneficiaryRemovals)
        .where(eq(beneficiaryRemovals.inscriptionId, ids[1]!)),
    ).toHaveLength(1);
  });

  it('refuses a student of another department, changing nothing', async () => {
    const res = await remove('depto', 4, oruroRude);
    expect(res.status).toBe(403);
    const path = await remove('depto', 2, oruroRude);
    expect(path.status).toBe(404);
  });

  it('leaves removed students out of the payment sync', async () => {
    const sync = await call<{ beneficiaries: number }>('admin', 'POST', '/sync/payments');
    expect(sync.status).toBe(200);
    expect(sync.body.beneficiaries).toBe(3); // 5 students, 2 removed
  });
});

describe('the two tables', () => {
  it("lists a school's students with titular and state, 10 a page", async () => {
    const res = await call<RemovalStudentPage>('depto', 'GET', `/removals/institutions/${sie}/students`);
    expect(res.body.total).toBe(4);
    expect(res.body.items.filter((r) => r.removedAt !== null)).toHaveLength(2);
    expect(res.body.items[0]!.number).toBe(1);
    expect((await call('oruro', 'GET', `/removals/institutions/${sie}/students`)).status).toBe(403);
  });

  it("marks a blocked student 'blocked' in the students table, and not once unblocked", async () => {
    const items = async () =>
      (await call<RemovalStudentPage>('depto', 'GET', `/removals/institutions/${sie}/students`)).body.items;
    const target = (await items()).find((r) => r.removedAt === null)!;
    await blockInscription(ctx.handle.db, target.inscriptionId);
    const blocked = await items();
    expect(blocked.filter((r) => r.blocked).map((r) => r.inscriptionId)).toEqual([target.inscriptionId]);
    expect(blocked).toHaveLength(4);
    await unblockInscription(ctx.handle.db, target.inscriptionId);
    expect((await items()).some((r) => r.blocked)).toBe(false);
  });

  it("'Historial Baja Beneficiarios' with the state badge, newest first", async () => {
    const res = await call<RemovalHistoryPage>('depto', 'GET', '/removals/departments/2/history');
    expect(res.body.total).toBe(2);
    expect(res.body.items[0]).toMatchObject({
      request: 'BAJA BENEFICIARIO',
      stateId: 1,
      state: 'REGISTRADA',
      reason: REASON,
    });
    expect(
      (await call<RemovalHistoryPage>('admin', 'GET', '/removals/departments/4/history')).body.total,
    ).toBe(0);
  });
});
