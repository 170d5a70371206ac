import type { GuardianStudentsResponse, PreviousTitularsResult } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Siblings (issue 37 §1, decision 062): a person chosen as one student's titular who is the guardian
 * of other students of the school is offered, and designated, for them in the same request, with the
 * single 'Registrar''s checks and audit rows.
 */

let ctx: TestContext;
let director = '';
let sie = 0;
let mother = 0;
/** [modal student, no titular, the father's, blocked, removed, already the mother's, not the mother's, another student, spare ×3] */
let ins: number[] = [];
let foreign = 0;
const db = () => ctx.handle.db;

const base = () => `/api/v1/holders/institutions/${sie}`;
async function guardianStudents(personId = mother) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${base()}/persons/${personId}/guardian-students`,
    headers: bearer(director),
  });
  return { status: res.statusCode, body: res.json<GuardianStudentsResponse & { message: string }>() };
}
async function designate(inscriptionIds: number[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${base()}/persons/${mother}/titular-designations`,
    headers: bearer(director),
    payload: { inscriptionIds },
  });
  return { status: res.statusCode, body: res.json<PreviousTitularsResult & { message: string }>() };
}
const auditOf = (inscriptionId: number) =>
  rows<{ action: string; before: unknown; after: unknown }>(
    db(),
    sql`SELECT action, before, after FROM audit_log WHERE entity = 'inscription' AND entity_id = ${String(inscriptionId)} ORDER BY id`,
  );
const titularOf = async (inscriptionId: number) =>
  (
    await rows<{ person_id: number }>(
      db(),
      sql`SELECT person_id FROM titular_assignments WHERE inscription_id = ${inscriptionId} AND removed_at IS NULL`,
    )
  ).map((r) => Number(r.person_id));

beforeAll(async () => {
  ctx = await createTestApp();
  const district = await makeDistrict(db(), { departmentId: 2 });
  sie = (await makeSchool(db(), { districtId: district.id })).id;
  ({ inscriptionIds: ins } = await makeHolderCourse(db(), {
    institutionId: sie,
    students: Array.from({ length: 11 }, () => ({})),
  }));
  mother = (await makePerson(db())).id;
  const father = await makePerson(db());
  for (const i of [0, 1, 2, 3, 4, 8, 9, 10])
    await makeTitular(db(), {
      inscriptionId: ins[i]!,
      personId: mother,
      registeredInstitutionId: sie,
      selected: false,
    });
  await makeTitular(db(), {
    inscriptionId: ins[2]!,
    personId: father.id,
    relationshipId: 2,
    registeredInstitutionId: sie,
  });
  await makeTitular(db(), { inscriptionId: ins[5]!, personId: mother, registeredInstitutionId: sie });
  await db().execute(
    sql`INSERT INTO student_blocks (inscription_id, student_id, institution_id, observation)
        SELECT id, student_id, institution_id, 'Prueba' FROM inscriptions WHERE id = ${ins[3]}`,
  );
  await db().execute(sql`UPDATE inscriptions SET removed_at = now() WHERE id = ${ins[4]}`);
  const other = (await makeSchool(db(), { districtId: (await makeDistrict(db(), { departmentId: 3 })).id }))
    .id;
  const { inscriptionIds: theirs } = await makeHolderCourse(db(), { institutionId: other, students: [{}] });
  foreign = theirs[0]!;
  await makeTitular(db(), {
    inscriptionId: foreign,
    personId: mother,
    registeredInstitutionId: other,
    selected: false,
  });
  await makeUser(db(), { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  director = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx?.close());

describe('siblings: the chosen person offered for the other students they are guardian of', () => {
  it("lists the school's students of whom the person is a guardian, with the reason where they cannot be titular", async () => {
    const res = await guardianStudents();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = Object.fromEntries(res.body.students.map((s) => [s.inscriptionId, s]));
    // Another school's student of the same person is not listed; nor the student she is not guardian of.
    expect(Object.keys(byId).map(Number).sort()).toEqual(
      [0, 1, 2, 3, 4, 5, 8, 9, 10].map((i) => ins[i]!).sort(),
    );
    expect(byId[ins[0]!]).toMatchObject({
      isTitular: false,
      currentTitular: null,
      reason: null,
      relationshipName: 'MADRE',
    });
    expect(byId[ins[2]!]?.currentTitular).toEqual(expect.any(String));
    expect(byId[ins[3]!]?.reason).toBe('El estudiante tiene un bloqueo vigente.');
    expect(byId[ins[4]!]?.reason).toBe('El estudiante fue dado de baja como beneficiario.');
    expect(byId[ins[5]!]).toMatchObject({ isTitular: true, reason: null });
    const nobody = await guardianStudents((await makePerson(db())).id);
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('No se encontró la persona en esta unidad educativa.');
  });

  it('designates her for the modal’s student and the siblings in one request, as a single Registrar would', async () => {
    const res = await designate([ins[0]!, ins[1]!, ins[2]!, ins[3]!, ins[5]!]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.designated).toBe(3);
    expect(Object.fromEntries(res.body.notDesignated.map((n) => [n.inscriptionId, n.reason]))).toEqual({
      [ins[3]!]: 'El estudiante tiene un bloqueo vigente.',
      [ins[5]!]: 'Ya es el titular de esta gestión.',
    });
    for (const i of [0, 1, 2]) expect(await titularOf(ins[i]!)).toEqual([mother]);
    expect(await titularOf(ins[3]!)).toEqual([]);
    // The single 'Registrar''s audit row, the father's closed in its 'before'.
    expect((await auditOf(ins[1]!)).map((a) => a.action)).toEqual(['holders.titular.save']);
    expect(await auditOf(ins[2]!)).toEqual([
      {
        action: 'holders.titular.save',
        before: expect.objectContaining({ relationshipId: 2, excluded: false }),
        after: { personId: mother, relationshipId: 1, excluded: false },
      },
    ]);
  });

  it("refuses another school's student, and one she is not guardian of, with 404, writing nothing", async () => {
    const before = await fingerprint(db());
    const other = await designate([ins[8]!, foreign]);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(
      `No son estudiantes de esta unidad educativa en la gestión vigente: ${foreign}.`,
    );
    const notHers = await designate([ins[8]!, ins[6]!]);
    expect(notHers.status).toBe(404);
    expect(notHers.body.message).toBe(
      `La persona no es tutor de estos estudiantes de la unidad educativa: ${ins[6]}.`,
    );
    expect(await fingerprint(db())).toEqual(before);
  });

  it('commits whole or not at all: the last designation’s audit row failing takes back the others', async () => {
    const last = ins[10]!;
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_fail_last() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.action = 'holders.titular.save' AND NEW.entity_id = '${last}' THEN
            RAISE EXCEPTION 'prueba: falla forzada de la última designación';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await db().execute(
      sql.raw(
        'CREATE TRIGGER test_fail_last BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_last()',
      ),
    );
    try {
      const before = await fingerprint(db());
      const res = await designate([ins[8]!, ins[9]!, last]);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await fingerprint(db())).toEqual(before);
    } finally {
      await db().execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_last ON audit_log'));
    }
    expect((await designate([ins[8]!, ins[9]!, last])).body.designated).toBe(3);
  });

  it('refuses once the list is consolidated (409 in Spanish)', async () => {
    await db().execute(sql`UPDATE institutions SET holders_consolidated_at = now() WHERE id = ${sie}`);
    const res = await designate([ins[1]!]);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('ya fue consolidada');
  });
});
