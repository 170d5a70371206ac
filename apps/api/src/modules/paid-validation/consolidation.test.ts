import type { PaidConsolidationResult, PaidInstitutionState, PaidReport } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidValidationConsolidations, programmeSettings } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeStaffTitular } from '../../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { raceIt } from '../../test/race.js';

let ctx: TestContext;
const t: Record<string, string> = {};
const sie = { special: 0, regular: 0, race: 0, empty: 0 };
const staff: Record<string, { personId: number; inscriptionIds: number[] }> = {};

const call = async <T = { message: string; details?: { observations: string[] } }>(
  who: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  const json = String(res.headers['content-type']).includes('json');
  return { status: res.statusCode, body: (json ? res.json() : res.rawPayload) as T, headers: res.headers };
};
const save = (school: number, inscriptionId: number, isPaid: boolean, observation?: string) =>
  call(
    'director',
    'PUT',
    `/paid-validation/institutions/${school}/inscriptions/${inscriptionId}/validation`,
    {
      isPaid,
      observation,
    },
  );
const consolidate = (school: number, who = 'director') =>
  call<PaidConsolidationResult & { message: string; details?: { observations: string[] } }>(
    who,
    'POST',
    `/paid-validation/institutions/${school}/consolidation`,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  sie.special = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  sie.regular = (await makeSchool(db, { districtId: district.id })).id;
  sie.race = (await makeSchool(db, { districtId: district.id })).id;
  sie.empty = (await makeSchool(db, { districtId: district.id })).id;
  staff.teacher = await makeStaffTitular(db, {
    institutionId: sie.special,
    levelId: 1,
    gradeId: 99,
    students: [{}, {}, {}, {}],
  });
  staff.director = await makeStaffTitular(db, {
    institutionId: sie.special,
    holderType: 3,
    levelId: 1,
    gradeId: 99,
    students: [{}, {}],
  });
  staff.regular = await makeStaffTitular(db, { institutionId: sie.regular, students: [{}, {}] });
  staff.race = await makeStaffTitular(db, { institutionId: sie.race, students: [{}] });
  await makeUser(db, {
    username: 'director',
    type: 2,
    profile: 9,
    institutionIds: [sie.special, sie.regular, sie.race, sie.empty],
  });
  await makeUser(db, { username: 'ministerio', type: 1 });
  for (const [name, type] of [
    ['director', 2],
    ['ministerio', 1],
  ] as const) {
    t[name] = (await loginAs(ctx.app, name, type)).token;
  }
});
afterAll(() => ctx.close());

describe("'Consolidar Operativo de Validación'", () => {
  it('refuses while students are SIN VALIDAR, naming how many, and the report is not there yet', async () => {
    await save(sie.special, staff.teacher!.inscriptionIds[0]!, true);
    const res = await consolidate(sie.special);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Existen 5 estudiantes sin validar: valide a todos antes de consolidar.');
    expect(res.body.details?.observations).toEqual([res.body.message]);
    const report = await call('director', 'GET', `/paid-validation/institutions/${sie.special}/report`);
    expect(report.status).toBe(409);
    expect(report.body.message).toBe(
      'El reporte se genera después de consolidar el operativo de validación.',
    );
  });

  it("consolidates once every student is validated: 'Se consolido exitosamente'", async () => {
    const [a, b, c, d] = staff.teacher!.inscriptionIds;
    await save(sie.special, a!, true);
    await save(sie.special, b!, false, 'El estudiante abandonó el centro');
    await save(sie.special, c!, false, 'Falleció el titular del cobro');
    await save(sie.special, d!, true);
    await save(sie.special, staff.director!.inscriptionIds[0]!, true);
    await save(sie.special, staff.director!.inscriptionIds[1]!, false, 'No asistió a recoger el bono');
    const res = await consolidate(sie.special);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Se consolido exitosamente',
      students: 6,
      delivered: 3,
      undelivered: 3,
      amountPerStudent: 200,
      saldo: 600,
    });
  });

  it('closes the operation: saves and a second consolidation get 409, the state shows who consolidated', async () => {
    const again = await save(
      sie.special,
      staff.teacher!.inscriptionIds[0]!,
      false,
      'Cambio tardío del estado',
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'El operativo de validación de pagados de esta institución ya fue consolidado y su declaración jurada no cambia: para modificarlo, la Dirección Distrital debe reabrirlo con «Habilitar UE/CEE».',
    );
    expect((await consolidate(sie.special)).status).toBe(409);
    const state = await call<PaidInstitutionState>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.special}`,
    );
    expect(state.body.consolidation?.consolidatedBy).toContain('Usuario');
    expect(state.body).toMatchObject({ canValidate: false, canConsolidate: false });
  });

  it('consolidated, shows what was declared; a later bank payment is counted apart, never POR VALIDAR', async () => {
    const path = `/paid-validation/institutions/${sie.special}`;
    const before = (await call<PaidInstitutionState>('director', 'GET', path)).body;
    expect(before.counts.pending).toBe(0);
    expect(before.paidAfterDeclaration).toBe(0);
    // The bank pays a teacher-titular student after the declaration (as the payment sync would).
    const late = await makeStaffTitular(ctx.handle.db, {
      institutionId: sie.special,
      levelId: 1,
      gradeId: 99,
      students: [{}],
    });
    const after = (await call<PaidInstitutionState>('director', 'GET', path)).body;
    expect(after.counts).toEqual(before.counts);
    expect(after.paidAfterDeclaration).toBe(1);
    expect(after.canValidate).toBe(false);
    const [bonus] = await ctx.handle.db
      .execute(sql`SELECT state FROM student_bonus WHERE inscription_id = ${late.inscriptionIds[0]!}`)
      .then((r) => (r as unknown as { rows: Array<{ state: string }> }).rows);
    expect(bonus?.state).toBe('PAGADO_SIN_DECLARAR');
  });

  it('is enforced by the database too: a validation row cannot be written while consolidated', async () => {
    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const failure = (query: Promise<unknown>) =>
      query.then(
        () => 'no error',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(
      await failure(
        ctx.handle.db.execute(
          sql`UPDATE paid_validations SET is_paid = true, observation = NULL WHERE inscription_id = ${staff.teacher!.inscriptionIds[1]!}`,
        ),
      ),
    ).toMatch(/is consolidated/);
    expect(
      await failure(
        ctx.handle.db.execute(
          sql`DELETE FROM paid_validation_consolidations WHERE institution_id = ${sie.special}`,
        ),
      ),
    ).toMatch(/keeps its history/);
  });

  raceIt('lets exactly one of two simultaneous consolidations win; the other gets 409', async () => {
    await save(sie.race, staff.race!.inscriptionIds[0]!, true);
    const [first, second] = await Promise.all([consolidate(sie.race), consolidate(sie.race)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.message).toBe(
      'El operativo de validación de pagados de esta institución ya fue consolidado y su declaración jurada no cambia: para modificarlo, la Dirección Distrital debe reabrirlo con «Habilitar UE/CEE».',
    );
    const rows = await ctx.handle.db
      .select()
      .from(paidValidationConsolidations)
      .where(eq(paidValidationConsolidations.institutionId, sie.race));
    expect(rows).toHaveLength(1);
  });

  raceIt('never lets a save slip in after a simultaneous consolidation', async () => {
    const [first, second] = staff.regular!.inscriptionIds;
    await save(sie.regular, first!, true);
    await save(sie.regular, second!, true);
    const [closed, saved] = await Promise.all([
      consolidate(sie.regular),
      save(sie.regular, second!, false, 'Cambio durante la consolidación'),
    ]);
    expect(closed.status).toBe(200);
    expect([200, 409]).toContain(saved.status);
    // Whichever ran first, the consolidation's totals are the validations that stay.
    const [row] = await ctx.handle.db
      .select()
      .from(paidValidationConsolidations)
      .where(eq(paidValidationConsolidations.institutionId, sie.regular));
    expect(row!.undelivered).toBe(saved.status === 200 ? 1 : 0);
    await ctx.handle.db.execute(
      sql`UPDATE paid_validation_consolidations SET reopened_at = now(), reopened_by = 0 WHERE id = ${row!.id}`,
    );
  });

  it('consolidates a school with no teacher or director titulars: nothing to return', async () => {
    const res = await consolidate(sie.empty);
    expect(res.body).toMatchObject({ students: 0, saldo: 0 });
  });

  it('refuses read-only staff (403)', async () => {
    expect((await consolidate(sie.regular, 'ministerio')).status).toBe(403);
  });
});

describe('the report that replaces the button', () => {
  it("type 4: holders with totals and 'SALDO A DEVOLVER' = 200 × NO PAGADO, 2 decimals", async () => {
    const res = await call<PaidReport>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.special}/report`,
    );
    expect(res.status).toBe(200);
    expect(res.body.codeType).toBe(4);
    const byPerson = new Map(res.body.rows.map((r) => [r.personId, r]));
    expect(byPerson.get(staff.teacher!.personId)).toMatchObject({
      holderTypeName: 'MAESTRO',
      total: 4,
      totalPaid: 2,
      totalPending: 2,
      saldo: 400,
    });
    expect(byPerson.get(staff.director!.personId)).toMatchObject({
      holderTypeName: 'DIRECTOR',
      totalPending: 1,
      saldo: 200,
    });
    expect(res.body.totals).toEqual({ total: 6, totalPaid: 3, totalPending: 3 });
    expect(res.body).toMatchObject({ saldo: 600, saldoText: '600.00', amountPerStudent: 200 });
  });

  it('keeps the amount in force when the school consolidated', async () => {
    await ctx.handle.db.update(programmeSettings).set({ amountPerStudent: 250 });
    try {
      const res = await call<PaidReport>(
        'director',
        'GET',
        `/paid-validation/institutions/${sie.special}/report`,
      );
      expect(res.body).toMatchObject({ amountPerStudent: 200, saldo: 600 });
    } finally {
      await ctx.handle.db.update(programmeSettings).set({ amountPerStudent: 200 });
    }
  });

  it("downloads the DDJJ as 'REPORTE_DDJJ_2025_{timestamp}.pdf' for a special centre", async () => {
    const res = await call<Buffer>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.special}/report/document`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(
      /filename="REPORTE_DDJJ_2025_20251120\d{6}\.pdf"/,
    );
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('downloads the validation report for a regular school', async () => {
    for (const id of staff.regular!.inscriptionIds)
      await save(sie.regular, id, false, 'Bono retenido por el maestro');
    expect((await consolidate(sie.regular)).body).toMatchObject({ undelivered: 2, saldo: 400 });
    const res = await call<Buffer>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.regular}/report/document`,
    );
    expect(String(res.headers['content-disposition'])).toMatch(/REPORTE_VALIDACION_PAGADOS_2025_\d{14}\.pdf/);
    expect(res.body.length).toBeGreaterThan(1000);
  });
});
