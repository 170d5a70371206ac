import type {
  PaidInstitutionState,
  PaidStudentPage,
  PaidTitularPage,
  PaidTitularRow,
  StoredValidation,
} from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inscriptions } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription, unblockInscription } from '../../test/factories/blocking.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeStaffTitular, markPaid } from '../../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { raceIt } from '../../test/race.js';

let ctx: TestContext;
const t: Record<string, string> = {};
let sie = 0;
let otherSie = 0;
let teacher = { personId: 0, inscriptionIds: [] as number[] };
let director = { personId: 0, inscriptionIds: [] as number[] };
let otherTeacher = { personId: 0, inscriptionIds: [] as number[] };
let motherStudent = 0;

const call = async <T = { message: string; details?: Array<{ field: string; message: string }> }>(
  who: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return { status: res.statusCode, body: res.json<T>() };
};
const save = (who: string, inscriptionId: number, payload: object, school = sie) =>
  call(
    who,
    'PUT',
    `/paid-validation/institutions/${school}/inscriptions/${inscriptionId}/validation`,
    payload,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  const elsewhere = await makeDistrict(db, { departmentId: 6 });
  sie = (await makeSchool(db, { districtId: district.id })).id;
  otherSie = (await makeSchool(db, { districtId: elsewhere.id })).id;
  // 12 paid students and one unpaid for a teacher (two pages), two for the director, one removed.
  teacher = await makeStaffTitular(db, {
    institutionId: sie,
    students: [
      ...Array.from({ length: 12 }, (_, i) => ({ paterno: `APAZA${String(i).padStart(2, '0')}` })),
      { paterno: 'ZEBALLOS', paid: false },
    ],
  });
  director = await makeStaffTitular(db, {
    institutionId: sie,
    holderType: 3,
    levelId: 13,
    gradeId: 2,
    students: [{ paterno: 'CONDORI' }, { paterno: 'BLANCO' }, { paterno: 'ROJAS' }],
  });
  await db
    .update(inscriptions)
    .set({ removedAt: new Date() })
    .where(eq(inscriptions.id, director.inscriptionIds[2]!));
  // A mother who collected: not in the teachers' list.
  const { inscriptionIds } = await makeHolderCourse(db, { institutionId: sie, students: [{}] });
  motherStudent = inscriptionIds[0]!;
  const mother = await makePerson(db);
  await makeTitular(db, { inscriptionId: motherStudent, personId: mother.id, registeredInstitutionId: sie });
  await markPaid(db, motherStudent);
  otherTeacher = await makeStaffTitular(db, { institutionId: otherSie, students: [{}] });

  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await makeUser(db, { username: 'otrodirector', type: 2, profile: 9, institutionIds: [otherSie] });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 5 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  for (const [name, type] of [
    ['director', 2],
    ['otrodirector', 2],
    ['admin', 1],
    ['ministerio', 1],
    ['depto', 2],
    ['distrito', 2],
  ] as const) {
    t[name] = (await loginAs(ctx.app, name, type)).token;
  }
});
afterAll(() => ctx.close());

describe('DETALLE ESTADO and the titular list', () => {
  it('counts the paid students of teacher and director titulars only', async () => {
    const res = await call<PaidInstitutionState>('director', 'GET', `/paid-validation/institutions/${sie}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      year: 2025,
      codeType: 1,
      amountPerStudent: 200,
      counts: { total: 14, validated: 0, pending: 14, delivered: 0, undelivered: 0 },
      consolidation: null,
      canValidate: true,
      canConsolidate: true,
    });
  });

  it("lists 'Lista de Maestros o Directores como TITULAR DE COBRO' by surname with their totals", async () => {
    const res = await call<PaidTitularPage>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/titulars`,
    );
    expect(res.body.total).toBe(2);
    const byPerson = new Map(res.body.items.map((r) => [r.personId, r]));
    expect(byPerson.get(teacher.personId)).toMatchObject({
      holderTypeName: 'MAESTRO',
      total: 12,
      pending: 12,
    });
    expect(byPerson.get(director.personId)).toMatchObject({ holderTypeName: 'DIRECTOR', total: 2 });
    const names = res.body.items.map((r) => `${r.paterno} ${r.materno} ${r.name}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('opens the holder card and its students sorted by paterno, 10 a page, SIN VALIDAR', async () => {
    const card = await call<PaidTitularRow>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/titulars/${teacher.personId}`,
    );
    expect(card.body).toMatchObject({ personId: teacher.personId, holderTypeId: 2, total: 12 });
    expect(card.body.carnet).not.toBe('');
    const first = await call<PaidStudentPage>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/titulars/${teacher.personId}/students`,
    );
    expect(first.body).toMatchObject({ total: 12, pageSize: 10 });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toMatchObject({
      number: 1,
      paterno: 'APAZA00',
      nivel: 'Primaria',
      grado: 'Primero',
    });
    expect(first.body.items.every((s) => s.stateLabel === 'SIN VALIDAR' && s.isPaid === null)).toBe(true);
    const second = await call<PaidStudentPage>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/titulars/${teacher.personId}/students?page=2`,
    );
    expect(second.body.items.map((s) => s.paterno)).toEqual(['APAZA10', 'APAZA11']);
    expect(second.body.items[0]!.number).toBe(11);
    const directorStudents = await call<PaidStudentPage>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/titulars/${director.personId}/students`,
    );
    expect(directorStudents.body.items.map((s) => [s.paterno, s.nivel, s.grado])).toEqual([
      ['BLANCO', 'Secundaria', 'Segundo'],
      ['CONDORI', 'Secundaria', 'Segundo'],
    ]);
  });

  it('answers 404 for a person who is not a teacher or director titular here', async () => {
    const res = await call(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/titulars/${otherTeacher.personId}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('El titular no tiene estudiantes pagados en esta institución.');
  });
});

describe("'Validación Estudiante'", () => {
  it("requires a payment state: 'Favor seleccione un estado de pago.'", async () => {
    const res = await save('director', teacher.inscriptionIds[0]!, { observation: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Favor seleccione un estado de pago.');
  });

  it("requires an observation for NO PAGADO: 'Favor ingresar la observación.'", async () => {
    for (const observation of [undefined, '', '   ']) {
      const res = await save('director', teacher.inscriptionIds[0]!, { isPaid: false, observation });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Favor ingresar la observación.');
    }
    const stored = await call<StoredValidation>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie}/inscriptions/${teacher.inscriptionIds[0]}/validation`,
    );
    expect(stored.body).toMatchObject({ isPaid: null, observation: null, validatedAt: null });
  });

  it('stores NO PAGADO with its observation, loads it back, and may change it to PAGADO (observation cleared)', async () => {
    const id = teacher.inscriptionIds[0]!;
    const first = await save('director', id, { isPaid: false, observation: '  Se trasladó a otra ciudad  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      isPaid: false,
      observation: 'Se trasladó a otra ciudad',
      stateLabel: 'NO PAGADO',
    });
    const url = `/paid-validation/institutions/${sie}/inscriptions/${id}/validation`;
    const loaded = await call<StoredValidation>('director', 'GET', url);
    expect(loaded.body).toMatchObject({ isPaid: false, observation: 'Se trasladó a otra ciudad' });
    expect(loaded.body.validatedBy).toContain('Usuario');

    const changed = await save('director', id, { isPaid: true, observation: 'no debe quedar' });
    expect(changed.body).toMatchObject({ isPaid: true, observation: null, stateLabel: 'PAGADO' });
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'paid.validate'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(2);
    expect(audits[1]!.before).toEqual({ isPaid: false, observation: 'Se trasladó a otra ciudad' });
    expect(audits[1]!.after).toMatchObject({ isPaid: true, observation: null, personId: teacher.personId });

    const state = await call<PaidInstitutionState>('director', 'GET', `/paid-validation/institutions/${sie}`);
    expect(state.body.counts).toEqual({ total: 14, validated: 1, pending: 13, delivered: 1, undelivered: 0 });
  });

  raceIt(
    'queues two simultaneous saves of one student: the second audit row starts from the first',
    async () => {
      const id = teacher.inscriptionIds[5]!;
      const results = await Promise.all([
        save('director', id, { isPaid: false, observation: 'Primera versión' }),
        save('director', id, { isPaid: true }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const audits = await ctx.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'paid.validate'), eq(auditLog.entityId, String(id))))
        .orderBy(auditLog.id);
      expect(audits).toHaveLength(2);
      expect(audits[0]!.before).toBeNull();
      const firstAfter = audits[0]!.after as { isPaid: boolean; observation: string | null };
      expect(audits[1]!.before).toEqual({ isPaid: firstAfter.isPaid, observation: firstAfter.observation });
    },
  );

  it("refuses students outside the list: 'No se pudieron encontrar datos del estudiante.'", async () => {
    for (const id of [
      motherStudent,
      teacher.inscriptionIds[12]!,
      director.inscriptionIds[2]!,
      otherTeacher.inscriptionIds[0]!,
    ]) {
      const res = await save('director', id, { isPaid: true });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('No se pudieron encontrar datos del estudiante.');
    }
  });
});

describe('scope', () => {
  it("refuses a director another school's lists and validations (403)", async () => {
    const base = `/paid-validation/institutions/${sie}`;
    for (const url of [base, `${base}/titulars`, `${base}/titulars/${teacher.personId}/students`]) {
      expect((await call('otrodirector', 'GET', url)).status, url).toBe(403);
    }
    expect((await save('otrodirector', teacher.inscriptionIds[1]!, { isPaid: true })).status).toBe(403);
    expect((await call('otrodirector', 'POST', `${base}/consolidation`)).status).toBe(403);
    // Nor through its own school's address with a student of another school.
    expect((await save('otrodirector', teacher.inscriptionIds[1]!, { isPaid: true }, otherSie)).status).toBe(
      404,
    );
  });

  it('lets ministry staff read but not validate; department and district users have no paid validation', async () => {
    const base = `/paid-validation/institutions/${sie}`;
    expect((await call('ministerio', 'GET', `${base}/titulars`)).status).toBe(200);
    const readOnly = await call<PaidInstitutionState>('ministerio', 'GET', base);
    expect(readOnly.body).toMatchObject({ canValidate: false, canConsolidate: false });
    expect((await save('ministerio', teacher.inscriptionIds[1]!, { isPaid: true })).status).toBe(403);
    for (const who of ['depto', 'distrito']) {
      expect((await call(who, 'GET', `${base}/titulars`)).status, who).toBe(403);
      expect((await save(who, teacher.inscriptionIds[1]!, { isPaid: true })).status, who).toBe(403);
    }
  });

  it('lets an administrator validate any school', async () => {
    const res = await save('admin', teacher.inscriptionIds[1]!, { isPaid: true });
    expect(res.status).toBe(200);
  });
});

describe('blocked students (issue 7)', () => {
  it("marks a blocked student 'blocked' in a titular's students without touching its state", async () => {
    const page = async () =>
      (
        await call<PaidStudentPage>(
          'director',
          'GET',
          `/paid-validation/institutions/${sie}/titulars/${teacher.personId}/students`,
        )
      ).body.items;
    const before = await page();
    expect(before.every((s) => s.blocked === false)).toBe(true);
    await blockInscription(ctx.handle.db, teacher.inscriptionIds[0]!);
    const blocked = await page();
    expect(blocked.filter((s) => s.blocked).map((s) => s.paterno)).toEqual(['APAZA00']);
    expect(blocked.map(({ blocked: _, ...s }) => s)).toEqual(before.map(({ blocked: _, ...s }) => s));
    await unblockInscription(ctx.handle.db, teacher.inscriptionIds[0]!);
    expect(await page()).toEqual(before);
  });
});
