import { type AdjustmentModalResponse, type AdjustmentStudent, adjustmentMessages } from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  beneficiaryRemovals,
  guardians,
  inscriptions,
  titularAdjustments,
  titularAssignments,
} from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription, unblockInscription } from '../../test/factories/blocking.js';
import { makeHolderCourse, makePerson } from '../../test/factories/holders.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const t: Record<string, string> = {};
let sie = 0;
let openSie = 0;
let ids: number[] = [];
let rudes: string[] = [];
let openRude = '';

type Body = AdjustmentModalResponse & AdjustmentStudent & { message: string };
const call = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return { status: res.statusCode, body: res.json<Body>() };
};
const ins = (i: number, rest = '') => `/adjustments/institutions/${sie}/inscriptions/${ids[i]}${rest}`;
const adjustmentsOf = (inscriptionId: number) =>
  ctx.handle.db.select().from(titularAdjustments).where(eq(titularAdjustments.inscriptionId, inscriptionId));
/** A verified adult the director has found with 'Buscar', as the modal does before adding them. */
async function foundPerson() {
  const person = await makePerson(ctx.handle.db);
  const search = await call('director', 'POST', '/holders/persons/search', {
    carnet: person.carnet,
    complemento: person.complemento,
  });
  expect(search.status).toBe(200);
  return person;
}
/** Adds a verified adult to a student's candidates (does not use up the adjustment). */
async function addCandidate(i: number, relationshipId = 2) {
  const person = await foundPerson();
  const res = await call('director', 'POST', ins(i, '/guardians'), { personId: person.id, relationshipId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.guardians.find((g) => g.personId === person.id)!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  const open = await makeSchool(db, { districtId: district.id });
  const other = await makeSchool(db, { districtId: district.id, consolidated: true });
  sie = school.id;
  openSie = open.id;
  const made = await makeStudentsWithTitulars(db, {
    institutionId: sie,
    students: Array.from({ length: 8 }, () => ({})),
  });
  ids = made.inscriptionIds;
  rudes = made.rudes;
  const openMade = await makeStudentsWithTitulars(db, { institutionId: openSie, students: [{}] });
  openRude = openMade.rudes[0]!;
  await makeHolderCourse(db, { institutionId: other.id, students: [{}] });
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie, openSie] });
  await makeUser(db, { username: 'otro-director', type: 2, profile: 9, institutionIds: [other.id] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  for (const [name, type] of [
    ['admin', 1],
    ['director', 2],
    ['otro-director', 2],
    ['depto', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;
});
afterAll(() => ctx.close());

describe('the RUDE/RUDEE finder and the modal', () => {
  it("finds a school's student with the titular, and admits an adjustment once consolidated", async () => {
    const res = await call(
      'director',
      'GET',
      `/adjustments/institutions/${sie}/students/${rudes[0]!.toLowerCase()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.rude).toBe(rudes[0]);
    expect(res.body.titular?.carnet).toBeTruthy();
    expect(res.body.blocker).toBeNull();
    expect(res.body.adjustment).toBeNull();
  });

  it("says a found student is 'blocked' while it has an open block, still admitting the adjustment", async () => {
    const find = async (i: number) =>
      (await call('director', 'GET', `/adjustments/institutions/${sie}/students/${rudes[i]}`)).body;
    await blockInscription(ctx.handle.db, ids[1]!);
    expect(await find(1)).toMatchObject({ blocked: true, blocker: null });
    expect((await find(2)).blocked).toBe(false);
    await unblockInscription(ctx.handle.db, ids[1]!);
    expect((await find(1)).blocked).toBe(false);
  });

  it("answers 'Estudiante no encontrado' for a RUDE of another school", async () => {
    const res = await call('director', 'GET', `/adjustments/institutions/${sie}/students/${openRude}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(adjustmentMessages.studentNotFound);
  });

  it('refuses adjustments in a school whose list is not consolidated yet', async () => {
    const found = await call('director', 'GET', `/adjustments/institutions/${openSie}/students/${openRude}`);
    expect(found.body.blocker).toBe(adjustmentMessages.notConsolidated);
    const modal = await call(
      'director',
      'GET',
      `/adjustments/institutions/${openSie}/inscriptions/${found.body.inscriptionId}/titulars`,
    );
    expect(modal.body.editBlocker).toBe('read_only');
    const save = await call(
      'director',
      'PUT',
      `/adjustments/institutions/${openSie}/inscriptions/${found.body.inscriptionId}/titular`,
      {
        guardianId: modal.body.guardians[0]!.guardianId,
      },
    );
    expect(save.status).toBe(409);
    expect(save.body.message).toBe(adjustmentMessages.notConsolidated);
  });
});

describe('one adjustment per student', () => {
  it('changes the titular (CAMBIO TITULAR), keeps history, and refuses a second change', async () => {
    const candidate = await addCandidate(0);
    expect(await adjustmentsOf(ids[0]!)).toHaveLength(0);
    const res = await call('director', 'PUT', ins(0, '/titular'), { guardianId: candidate.guardianId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.guardians.find((g) => g.selected)?.personId).toBe(candidate.personId);
    expect(res.body.adjustment?.kind).toBe('CAMBIO TITULAR');
    expect(res.body.editBlocker).toBe('read_only');
    const [row] = await adjustmentsOf(ids[0]!);
    expect(row).toMatchObject({ kind: 'CAMBIO TITULAR', titularCarnet: candidate.carnet, holderTypeId: 1 });
    const assignments = await ctx.handle.db
      .select()
      .from(titularAssignments)
      .where(eq(titularAssignments.inscriptionId, ids[0]!));
    expect(assignments).toHaveLength(2);

    const again = await call('director', 'PATCH', ins(0, `/guardians/${candidate.guardianId}`), {
      relationshipId: 3,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(adjustmentMessages.alreadyAdjusted);
    const add = await call('director', 'POST', ins(0, '/guardians'), {
      personId: (await foundPerson()).id,
      relationshipId: 1,
    });
    expect(add.status).toBe(409);
  });

  it('lets one of two racing requests through and answers 409 to the other', async () => {
    const a = await addCandidate(1);
    const b = await addCandidate(1, 3);
    const results = await Promise.all([
      call('director', 'PUT', ins(1, '/titular'), { guardianId: a.guardianId }),
      call('director', 'PUT', ins(1, '/titular'), { guardianId: b.guardianId }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(adjustmentMessages.alreadyAdjusted);
    expect(await adjustmentsOf(ids[1]!)).toHaveLength(1);
    const active = await ctx.handle.db
      .select()
      .from(titularAssignments)
      .where(and(eq(titularAssignments.inscriptionId, ids[1]!), isNull(titularAssignments.removedAt)));
    expect(active).toHaveLength(1);
  });

  it('changes only the relationship of the current titular (CAMBIO PARENTESCO)', async () => {
    const modal = await call('director', 'GET', ins(2, '/titulars'));
    const current = modal.body.guardians.find((g) => g.selected)!;
    const candidate = await addCandidate(2);
    const notTitular = await call('director', 'PATCH', ins(2, `/guardians/${candidate.guardianId}`), {
      relationshipId: 3,
    });
    expect(notTitular.status).toBe(409);
    expect(notTitular.body.message).toBe(adjustmentMessages.onlyCurrentTitular);
    const same = await call('director', 'PATCH', ins(2, `/guardians/${current.guardianId}`), {
      relationshipId: current.relationshipId,
    });
    expect(same.body.message).toBe(adjustmentMessages.sameRelationship);
    const res = await call('director', 'PATCH', ins(2, `/guardians/${current.guardianId}`), {
      relationshipId: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.guardians.find((g) => g.selected)?.relationshipId).toBe(3);
    expect((await adjustmentsOf(ids[2]!))[0]?.kind).toBe('CAMBIO PARENTESCO');
  });

  it("edits the titular's data once SEGIP confirms them (ACTUALIZACION DATOS)", async () => {
    const modal = await call('director', 'GET', ins(3, '/titulars'));
    const g = modal.body.guardians.find((x) => x.selected)!;
    const data = {
      foreign: false,
      gender: g.gender,
      birthDate: g.birthDate,
      name: g.name,
      paterno: g.paterno,
      materno: g.materno,
    };
    const wrong = await call('director', 'PUT', ins(3, `/persons/${g.personId}`), {
      ...data,
      name: 'OTRO NOMBRE',
    });
    expect(wrong.status).toBe(409);
    expect(await adjustmentsOf(ids[3]!)).toHaveLength(0);
    const res = await call('director', 'PUT', ins(3, `/persons/${g.personId}`), data);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await adjustmentsOf(ids[3]!))[0]?.kind).toBe('ACTUALIZACION DATOS');
  });

  it("'Registrar' with nobody selected removes the beneficiary (BAJA BENEFICIARIO), irreversibly", async () => {
    const res = await call('director', 'PUT', ins(4, '/titular'), { guardianId: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('removed');
    const [n] = await ctx.handle.db.select().from(inscriptions).where(eq(inscriptions.id, ids[4]!));
    expect(n!.removedAt).not.toBeNull();
    const [removal] = await ctx.handle.db
      .select()
      .from(beneficiaryRemovals)
      .where(eq(beneficiaryRemovals.inscriptionId, ids[4]!));
    expect(removal?.source).toBe('AJUSTE TITULAR');
    const stats = await ctx.handle.db.execute(sql`SELECT sum(total)::int AS total FROM stats_beneficiaries`);
    expect((stats as unknown as { rows: Array<{ total: number }> }).rows[0]!.total).toBe(10 - 1);
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'removals.remove'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('removes a candidate adult without using up the adjustment', async () => {
    const candidate = await addCandidate(5);
    const res = await call('director', 'DELETE', ins(5, `/guardians/${candidate.guardianId}`));
    expect(res.status).toBe(200);
    const [g] = await ctx.handle.db.select().from(guardians).where(eq(guardians.id, candidate.guardianId));
    expect(g!.removedAt).not.toBeNull();
    expect(await adjustmentsOf(ids[5]!)).toHaveLength(0);
  });
});

describe('scope', () => {
  it("refuses another school's director and users without the permission", async () => {
    expect((await call('otro-director', 'GET', ins(6, '/titulars'))).status).toBe(403);
    expect((await call('otro-director', 'PUT', ins(6, '/titular'), { guardianId: null })).status).toBe(403);
    expect((await call('depto', 'PUT', ins(6, '/titular'), { guardianId: null })).status).toBe(403);
    expect(await adjustmentsOf(ids[6]!)).toHaveLength(0);
  });

  it('lets an administrator adjust any school', async () => {
    const res = await call('admin', 'GET', ins(6, '/titulars'));
    expect(res.status).toBe(200);
    expect(res.body.editBlocker).toBeNull();
  });
});
