import {
  bonusStateLabels,
  discrepancyBonusStates,
  discrepancyEffects,
  messages,
  primitiveMessages,
  type ReconciliationReport,
  type ReconciliationRow,
  reconciliationMessages,
  reconciliationStates,
  reportMessages,
} from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, programmeSettings } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse } from '../../test/factories/holders.js';
import { makeStaffTitular, markPaid } from '../../test/factories/paid-validation.js';
import { giveTitulars, removeBeneficiaries } from '../../test/factories/reports.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * 'Conciliación Banco – DDJJ'. The schools declare through the API as a director would (validate,
 * consolidate; the main school is reopened by an administrator and consolidated again, so version 2
 * of its declaration is the one in force); the bank's later word (a payment reversed, a payment made
 * after the declaration) is written as the payment sync would write it.
 *
 * District A, school S1 (consolidated twice): 12 students declared NO PAGADO that the bank paid, one
 * declared PAGADO whose payment the bank reversed, one paid to a teacher after the declaration and
 * not in it, and students on which bank and declaration agree (declared PAGADO and paid; a parent
 * titular paid or pending; a NO PAGADO student removed as beneficiary). School S2 of district A
 * validated but never consolidated; S5 consolidated and was reopened: neither has a declaration in
 * force. District B (same department), S3 declared at 150 Bs. per student, one payment reversed.
 * Department 4, S4: one NO PAGADO.
 */
let ctx: TestContext;
const t: Record<string, string> = {};
const place = { dA: 0, dB: 0, dC: 0, empty: 0 };
const sie = { s1: 0, s2: 0, s3: 0, s4: 0, s5: 0 };
const codes: string[] = [];

const notPaidNames = [
  'AGUILAR',
  'BELTRAN',
  'CALLE',
  'DAZA',
  'ESPINOZA',
  'FLORES',
  'GUZMAN',
  'HUANCA',
  'IBARRA',
  'JIMENEZ',
  'LIMACHI',
  'MAMANI',
];

const get = (who: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(t[who]!) });
const call = async (who: string, method: 'PUT' | 'POST', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
};
const validate = (who: string, school: number, inscriptionId: number, isPaid: boolean) =>
  call(who, 'PUT', `/paid-validation/institutions/${school}/inscriptions/${inscriptionId}/validation`, {
    isPaid,
    observation: isPaid ? undefined : 'El bono no llegó al estudiante.',
  });
const consolidate = (who: string, school: number) =>
  call(who, 'POST', `/paid-validation/institutions/${school}/consolidation`);
const reopen = (school: number) =>
  call('admin', 'POST', '/enabling/paid-validation', {
    sie: school,
    reason: 'Corrección de la declaración de pagados',
  });
const reverseBankPayment = (inscriptionId: number) =>
  ctx.handle.db
    .update(payments)
    .set({ paid: false, paidOn: null })
    .where(eq(payments.inscriptionId, inscriptionId));
const report = async (who: string, url: string) => {
  const res = await get(who, `/reports/reconciliation${url}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReconciliationReport>();
};
const figures = (r: ReconciliationReport) =>
  Object.fromEntries(r.summary.states.map((s) => [s.state, [s.students, s.amount]]));

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  place.dA = (await makeDistrict(db, { departmentId: 2, name: 'La Paz A' })).id;
  place.dB = (await makeDistrict(db, { departmentId: 2, name: 'La Paz B' })).id;
  place.dC = (await makeDistrict(db, { departmentId: 4, name: 'Oruro 1' })).id;
  place.empty = (await makeDistrict(db, { departmentId: 9, name: 'Pando sin declaraciones' })).id;
  sie.s1 = (await makeSchool(db, { districtId: place.dA, name: 'UE Bolívar' })).id;
  sie.s2 = (await makeSchool(db, { districtId: place.dA, name: 'UE Sucre' })).id;
  sie.s5 = (await makeSchool(db, { districtId: place.dA, name: 'UE Murillo' })).id;
  sie.s3 = (await makeSchool(db, { districtId: place.dB, name: 'UE Santa Cruz' })).id;
  sie.s4 = (await makeSchool(db, { districtId: place.dC, name: 'UE Oruro' })).id;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: place.dA });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie.s1] });
  await makeUser(db, {
    username: 'director2',
    type: 2,
    profile: 9,
    institutionIds: [sie.s2, sie.s3, sie.s4, sie.s5],
  });
  for (const [name, type] of [
    ['admin', 1],
    ['ministerio', 1],
    ['depto', 2],
    ['distrito', 2],
    ['director', 2],
    ['director2', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;

  // S1: one teacher collected for 16 students (PAREDES not paid yet), plus parents and a removal.
  const teacher = await makeStaffTitular(db, {
    institutionId: sie.s1,
    students: [
      ...notPaidNames.map((paterno) => ({ paterno, materno: 'ROJAS', name: 'ANA' })),
      { paterno: 'NINA', materno: 'ROJAS', name: 'LUIS' },
      { paterno: 'ORTIZ', materno: 'ROJAS', name: 'EVA' },
      { paterno: 'PAREDES', materno: 'ROJAS', name: 'JUAN', paid: false },
      { paterno: 'QUISPE', materno: 'ROJAS', name: 'RUTH' },
      { paterno: 'RAMOS', materno: 'ROJAS', name: 'IVAN' },
    ],
  });
  const s1 = teacher.inscriptionIds;
  const byName = (i: number) => s1[i]!;
  for (let i = 0; i < notPaidNames.length; i++) await validate('director', sie.s1, byName(i), false);
  await validate('director', sie.s1, byName(12), true); // NINA
  await validate('director', sie.s1, byName(13), true); // ORTIZ
  await validate('director', sie.s1, byName(15), true); // QUISPE
  await validate('director', sie.s1, byName(16), false); // RAMOS
  const parents = await makeHolderCourse(db, {
    institutionId: sie.s1,
    students: [{ paterno: 'SOLIZ' }, { paterno: 'TICONA' }, { paterno: 'URQUIZO' }],
    gradeId: 2,
  });
  await giveTitulars(db, parents.inscriptionIds, sie.s1);
  await markPaid(db, parents.inscriptionIds[0]!);
  await markPaid(db, parents.inscriptionIds[1]!);
  await consolidate('director', sie.s1);
  await reopen(sie.s1);
  await consolidate('director', sie.s1);
  await reverseBankPayment(byName(12)); // NINA: declared PAGADO, the bank reverses
  await markPaid(db, byName(14)); // PAREDES: paid to the teacher after the declaration
  await removeBeneficiaries(db, [byName(16)]); // RAMOS: baja

  // S2 validates but never consolidates; S5 consolidates and is reopened.
  const s2 = await makeStaffTitular(db, { institutionId: sie.s2, students: [{}] });
  await validate('director2', sie.s2, s2.inscriptionIds[0]!, false);
  const s5 = await makeStaffTitular(db, { institutionId: sie.s5, students: [{}] });
  await validate('director2', sie.s5, s5.inscriptionIds[0]!, false);
  await consolidate('director2', sie.s5);
  await reopen(sie.s5);

  // S3 declares while the programme pays 150 Bs.: its declaration keeps that amount.
  await db.update(programmeSettings).set({ amountPerStudent: 150 });
  const s3 = await makeStaffTitular(db, { institutionId: sie.s3, holderType: 3, students: [{}, {}] });
  await validate('director2', sie.s3, s3.inscriptionIds[0]!, true);
  await validate('director2', sie.s3, s3.inscriptionIds[1]!, true);
  await consolidate('director2', sie.s3);
  await db.update(programmeSettings).set({ amountPerStudent: 200 });
  await reverseBankPayment(s3.inscriptionIds[1]!);

  const s4 = await makeStaffTitular(db, { institutionId: sie.s4, students: [{}, {}] });
  await validate('director2', sie.s4, s4.inscriptionIds[0]!, false);
  await validate('director2', sie.s4, s4.inscriptionIds[1]!, true);
  await consolidate('director2', sie.s4);

  const stored = (await db.execute(sql`SELECT verification_code FROM declarations`)) as unknown as {
    rows: Array<{ verification_code: string }>;
  };
  codes.push(...stored.rows.map((r) => r.verification_code));
}, 180_000);
afterAll(() => ctx.close());

describe('Conciliación Banco – DDJJ: rows, figures and amounts', () => {
  it('lists a district’s discrepancies with everything the accountant signs off, and no verification code', async () => {
    const r = await report('distrito', `/districts/${place.dA}`);
    expect(r.place).toEqual({
      level: 'district',
      id: place.dA,
      name: 'La Paz A',
      departmentName: 'La Paz',
      districtName: 'La Paz A',
    });
    expect(r.year).toBe(2025);
    expect(r.amountPerStudent).toBe(200);
    expect(figures(r)).toEqual({
      NO_PAGADO_DECLARADO: [12, 2400],
      PAGADO_SIN_DECLARAR: [1, 200],
      DECLARADO_SIN_PAGO: [1, 200],
    });
    expect(r.summary).toMatchObject({ consolidatedSchools: 1, students: 14, amount: 2800, toReturn: 2400 });
    for (const s of r.summary.states) {
      expect(s.label).toBe(bonusStateLabels[s.state]);
      expect(s.effect).toBe(discrepancyEffects[s.state]);
    }
    expect([r.total, r.page, r.pageSize, r.items.length]).toEqual([14, 1, 10, 10]);
    // Department, district, school, then paterno: the twelve NO PAGADO first, alphabetically.
    expect(r.items.map((i) => i.studentName)).toEqual(notPaidNames.slice(0, 10).map((n) => `${n} ROJAS ANA`));
    expect(r.items.map((i) => i.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const first = r.items[0]!;
    expect(first).toMatchObject({
      departmentName: 'La Paz',
      districtId: place.dA,
      districtName: 'La Paz A',
      sie: sie.s1,
      schoolName: 'UE Bolívar',
      titularType: 'MAESTRO',
      bankPaid: true,
      paidOn: '2025-11-01',
      bank: 'Banco Unión',
      mode: 'VENTANILLA',
      declared: 'NO_PAGADO',
      declaredLabel: 'NO PAGADO',
      declarationVersion: 2,
      declarationDate: '2025-11-20T14:00:00.000Z',
      state: 'NO_PAGADO_DECLARADO',
      stateLabel: 'NO PAGADO DECLARADO',
      effect: 'A devolver al programa',
      amount: 200,
    });
    expect(first.rude).toMatch(/^HT/);
    expect(first.titularCarnet).toMatch(/^\d+$/);
    expect(first.titularName).toBeTruthy();
    expect(first.course).toMatch(/^Primaria · Primero - [A-Z]+ · Mañana$/);
    const body = JSON.stringify(r);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(body).not.toContain(code);
    expect(body).not.toMatch(/verification/i);
  });

  it('pages on the server: the second page ends with the reversed payment and the undeclared one', async () => {
    const second = await report('distrito', `/districts/${place.dA}?page=2`);
    expect(second.items.map((i) => [i.rowNumber, i.studentName, i.state])).toEqual([
      [11, 'LIMACHI ROJAS ANA', 'NO_PAGADO_DECLARADO'],
      [12, 'MAMANI ROJAS ANA', 'NO_PAGADO_DECLARADO'],
      [13, 'NINA ROJAS LUIS', 'DECLARADO_SIN_PAGO'],
      [14, 'PAREDES ROJAS JUAN', 'PAGADO_SIN_DECLARAR'],
    ]);
    const [nina, paredes] = second.items.slice(2) as [ReconciliationRow, ReconciliationRow];
    expect(nina).toMatchObject({
      bankPaid: false,
      paidOn: null,
      bank: null,
      mode: null,
      declared: 'PAGADO',
      declaredLabel: 'PAGADO',
      effect: 'Declarado sin respaldo del banco',
    });
    expect(paredes).toMatchObject({
      bankPaid: true,
      paidOn: '2025-11-01',
      declared: null,
      declaredLabel: reconciliationMessages.notDeclared,
      stateLabel: 'PAGADO POR BANCO SIN DECLARAR',
      effect: 'Pagado fuera de la declaración',
      declarationVersion: 2,
    });
    const past = await report('distrito', `/districts/${place.dA}?page=3`);
    expect([past.items, past.total, past.summary.students]).toEqual([[], 14, 14]);
  });

  it('filters by state on the server, keeping the summary of every state', async () => {
    const reversed = await report('distrito', `/districts/${place.dA}?state=DECLARADO_SIN_PAGO`);
    expect(reversed.state).toBe('DECLARADO_SIN_PAGO');
    expect([reversed.total, reversed.items.map((i) => i.studentName)]).toEqual([1, ['NINA ROJAS LUIS']]);
    expect(reversed.summary.students).toBe(14);
    const notPaid = await report('distrito', `/districts/${place.dA}?state=NO_PAGADO_DECLARADO&page=2`);
    expect(notPaid.total).toBe(12);
    expect(notPaid.items.map((i) => [i.rowNumber, i.studentName])).toEqual([
      [11, 'LIMACHI ROJAS ANA'],
      [12, 'MAMANI ROJAS ANA'],
    ]);
  });

  it('takes the amount from the declaration in force, not from today’s settings', async () => {
    const r = await report('depto', `/districts/${place.dB}`);
    expect(figures(r)).toEqual({
      NO_PAGADO_DECLARADO: [0, 0],
      PAGADO_SIN_DECLARAR: [0, 0],
      DECLARADO_SIN_PAGO: [1, 150],
    });
    expect(r.items[0]).toMatchObject({ amount: 150, titularType: 'DIRECTOR', declarationVersion: 1 });
    expect(r.summary.toReturn).toBe(0);
  });

  it('adds up: national = departments = districts = schools, and equals the view student_bonus', async () => {
    const national = await report('ministerio', '/national');
    expect(national.place).toMatchObject({ level: 'national', id: null, name: 'Bolivia' });
    expect(figures(national)).toEqual({
      NO_PAGADO_DECLARADO: [13, 2600],
      PAGADO_SIN_DECLARAR: [1, 200],
      DECLARADO_SIN_PAGO: [2, 350],
    });
    expect(national.summary).toMatchObject({
      consolidatedSchools: 3,
      students: 16,
      amount: 3150,
      toReturn: 2600,
    });

    const direct = (await ctx.handle.db.execute(
      sql`SELECT state, count(*)::int AS n FROM student_bonus WHERE year = 2025 GROUP BY state`,
    )) as unknown as { rows: Array<{ state: string; n: number }> };
    for (const state of discrepancyBonusStates)
      expect(national.summary.states.find((s) => s.state === state)!.students).toBe(
        direct.rows.find((r) => r.state === state)?.n ?? 0,
      );
    expect([...reconciliationStates].sort()).toEqual([...discrepancyBonusStates].sort());

    const add = (reports: ReconciliationReport[]) =>
      Object.fromEntries(
        reconciliationStates.map((state) => [
          state,
          reports.reduce(
            (sum, r) => {
              const f = r.summary.states.find((s) => s.state === state)!;
              return [sum[0]! + f.students, sum[1]! + f.amount];
            },
            [0, 0],
          ),
        ]),
      );
    const la = await report('admin', '/departments/2');
    const oruro = await report('admin', '/departments/4');
    expect(add([la, oruro])).toEqual(figures(national));
    const districts = await Promise.all([
      report('admin', `/districts/${place.dA}`),
      report('admin', `/districts/${place.dB}`),
    ]);
    expect(add(districts)).toEqual(figures(la));
    expect(la.summary.consolidatedSchools).toBe(2);
    const schools = await Promise.all(
      [sie.s1, sie.s2, sie.s5].map((s) => report('admin', `/institutions/${s}`)),
    );
    expect(add(schools)).toEqual(figures(districts[0]!));
    expect(schools.map((s) => s.summary.students)).toEqual([14, 0, 0]);
    expect(schools[0]!.place).toMatchObject({
      level: 'institution',
      id: sie.s1,
      name: 'UE Bolívar',
      districtName: 'La Paz A',
      departmentName: 'La Paz',
    });
    expect(figures(await report('admin', `/districts/${place.dC}`))).toEqual(figures(oruro));
  });

  it('reports a place without declarations in force as having no discrepancies', async () => {
    const r = await report('admin', `/districts/${place.empty}`);
    expect([r.total, r.items, r.summary.students, r.summary.consolidatedSchools]).toEqual([0, [], 0, 0]);
    const pdf = await get('admin', `/reports/reconciliation/districts/${place.empty}/document?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('Conciliación Banco – DDJJ: documents', () => {
  it('downloads the PDF and the spreadsheet with every row of the place', async () => {
    const pdf = await get('distrito', `/reports/reconciliation/districts/${place.dA}/document?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      new RegExp(`conciliacion_banco_ddjj_distrito_${place.dA}_\\d{14}\\.pdf`),
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const xlsx = await get('distrito', `/reports/reconciliation/districts/${place.dA}/document?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Estudiantes')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([reconciliationMessages.title]);
    const header = 6;
    expect(values(header).slice(0, 7)).toEqual([
      'Nro.',
      'Departamento',
      'Distrito',
      'SIE',
      'UE/CEE',
      'RUDE',
      'Estudiante',
    ]);
    const rows = Array.from({ length: sheet.rowCount - header }, (_, i) => values(header + 1 + i));
    expect(rows).toHaveLength(14);
    expect(rows.map((r) => r[6])).toEqual([
      ...notPaidNames.map((n) => `${n} ROJAS ANA`),
      'NINA ROJAS LUIS',
      'PAREDES ROJAS JUAN',
    ]);
    expect(rows.at(-1)).toEqual(
      expect.arrayContaining(['SÍ', '01/11/2025', 'NO DECLARADO', 2, 'PAGADO POR BANCO SIN DECLARAR', 200]),
    );
    const text = JSON.stringify(rows);
    for (const code of codes) expect(text).not.toContain(code);
    const summary = book.getWorksheet('Resumen')!;
    expect((summary.getRow(7).values as unknown[]).slice(1)).toEqual([
      'NO PAGADO DECLARADO',
      'A devolver al programa',
      expect.any(String),
      12,
      2400,
    ]);
  });

  it('applies the state filter to the documents and names the national file', async () => {
    const xlsx = await get(
      'admin',
      '/reports/reconciliation/national/document?format=xlsx&state=DECLARADO_SIN_PAGO',
    );
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Estudiantes')!;
    // Title (5 lines with the filter), a blank line, the header, then the two reversed payments.
    expect(sheet.rowCount).toBe(7 + 2);
    const pdf = await get('ministerio', '/reports/reconciliation/national/document?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/conciliacion_banco_ddjj_nacional_\d{14}\.pdf/);
    const school = await get(
      'director',
      `/reports/reconciliation/institutions/${sie.s1}/document?format=pdf`,
    );
    expect(school.statusCode).toBe(200);
    expect(school.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('Conciliación Banco – DDJJ: scope and input', () => {
  it('refuses places outside the caller’s scope', async () => {
    const other = await get('distrito', `/reports/reconciliation/districts/${place.dB}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.outOfScope);
    const national = await get('distrito', '/reports/reconciliation/national');
    expect(national.statusCode).toBe(403);
    expect(national.json().message).toBe(reportMessages.nationalOnly);
    expect((await get('depto', '/reports/reconciliation/national')).statusCode).toBe(403);
    expect((await get('distrito', '/reports/reconciliation/departments/2')).statusCode).toBe(403);
    expect((await get('depto', '/reports/reconciliation/departments/4')).statusCode).toBe(403);
    expect(
      (await get('depto', `/reports/reconciliation/districts/${place.dC}/document?format=pdf`)).statusCode,
    ).toBe(403);
    expect((await get('director', `/reports/reconciliation/institutions/${sie.s3}`)).statusCode).toBe(403);
    expect((await get('director', `/reports/reconciliation/districts/${place.dA}`)).statusCode).toBe(403);
    expect((await get('distrito', `/reports/reconciliation/institutions/${sie.s4}`)).statusCode).toBe(403);
    expect((await get('director', `/reports/reconciliation/institutions/${sie.s1}`)).statusCode).toBe(200);
    expect((await get('distrito', `/reports/reconciliation/institutions/${sie.s1}`)).statusCode).toBe(200);
    expect((await get('admin', '/reports/reconciliation/districts/999999')).statusCode).toBe(404);
    expect((await get('admin', '/reports/reconciliation/institutions/99999999')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/reports/reconciliation/national' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad input with a Spanish 400', async () => {
    const bad = async (url: string, message?: string) => {
      const res = await get('admin', `/reports/reconciliation${url}`);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      if (message) expect(body.message, url).toBe(message);
      expect(body.message, url).toMatch(/[a-záéíóúñ]/i);
    };
    await bad('/districts/2147483648', primitiveMessages.invalidId);
    await bad('/institutions/2147483648');
    await bad('/departments/100', 'Ingrese un código de Departamento');
    expect((await get('admin', '/reports/reconciliation/departments/10')).statusCode).toBe(404);
    await bad(`/districts/${place.dA}?state=PAGADO`, reconciliationMessages.invalidState);
    await bad(`/districts/${place.dA}?state=BAJA`, reconciliationMessages.invalidState);
    await bad(`/districts/${place.dA}?state=NO_PAGADO_DECLARADO%00`, primitiveMessages.invalidText);
    await bad(`/districts/${place.dA}?page=0`, 'Página no válida.');
    await bad(`/districts/${place.dA}?page=2147483648`, 'Página no válida.');
    await bad(`/districts/${place.dA}/document?format=doc`);
    await bad(`/districts/${place.dA}/document?format=pdf&state=X`, reconciliationMessages.invalidState);
    await bad('/national/document');
  });
});
