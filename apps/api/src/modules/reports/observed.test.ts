import {
  messages,
  type ObservedKind,
  type ObservedReport,
  observedKindLabels,
  observedKinds,
  observedMessages,
  primitiveMessages,
  reportMessages,
} from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardians,
  inscriptions,
  persons,
  programmeSettings,
  students,
  titularAssignments,
} from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription } from '../../test/factories/blocking.js';
import { makeHolderCourse } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * 'Pagos observados'. Each kind is made by one student of school S1 (district A, department 2) whose
 * ledger, titular or inscription is written as it would stand after the sync, a correction or a baja:
 * the titular registered on 15/09, the bank's payment dated 01/11 and received on 05/11 at the year's
 * amount, unless the kind needs otherwise. A clean payment, a correction of the bank alone and an
 * unpaid record are not observed.
 * S2 (district B, same department) has a payment before the year's start; S3 (department 4) one of
 * another amount, so the place refusals and the national totals have rows to tell apart.
 */
let ctx: TestContext;
const t: Record<string, string> = {};
const place = { dA: 0, dB: 0, dC: 0 };
const sie = { s1: 0, s2: 0, s3: 0 };
const rude: Record<string, string> = {};
let amount = 0;
let carnet = 7_100_000 + Math.floor(Math.random() * 1_000) * 100;

const START = '2025-10-01';
const REGISTERED = new Date('2025-09-15T12:00:00Z');
const RECEIVED = '2025-11-05T15:00:00Z';

const get = (who: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/reports/observed-payments${url}`, headers: bearer(t[who]!) });
const report = async (who: string, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ObservedReport>();
};
const counts = (r: ObservedReport) => Object.fromEntries(r.summary.kinds.map((k) => [k.kind, k.students]));
const kindsByRude = (r: ObservedReport) => Object.fromEntries(r.items.map((i) => [i.rude, i.kinds]));

/** A guardian made titular of the inscription from `from` (and until `until`, when given). */
async function titular(inscriptionId: number, institutionId: number, from: Date, until?: Date) {
  const ci = String(++carnet);
  const db = ctx.handle.db;
  const [person] = await db
    .insert(persons)
    .values({
      carnet: ci,
      firstLastName: 'Condori',
      secondLastName: 'Flores',
      name: `Titular ${ci}`,
      birthDate: '1985-01-01',
      gender: 2,
    })
    .returning();
  await db.insert(guardians).values({ inscriptionId, personId: person!.id, relationshipId: 1 });
  await db.insert(titularAssignments).values({
    inscriptionId,
    personId: person!.id,
    relationshipId: 1,
    holderTypeId: 1,
    registeredInstitutionId: institutionId,
    createdAt: from,
    removedAt: until ?? null,
  });
}

/** A ledger entry as the sync appends it, superseding the inscription's current one. */
async function entry(
  inscriptionId: number,
  e: {
    paidOn?: string;
    amount?: number;
    status?: 'PAGADO' | 'NO_PAGADO';
    received?: string;
    bank?: string;
  } = {},
) {
  await ctx.handle.db.execute(sql`
    INSERT INTO payment_ledger (inscription_id, source_kind, source_id, received_at, bank, paid_on, mode,
      amount_bob, bank_status, rude, supersedes_id)
    SELECT n.id, 'sync', 1, ${e.received ?? RECEIVED}::timestamptz, ${e.bank ?? 'Banco Unión'}, ${e.paidOn ?? '2025-11-01'}::date,
      'VENTANILLA', ${e.amount ?? amount}, ${e.status ?? 'PAGADO'}, s.rude,
      (SELECT c.id FROM payment_ledger_current c WHERE c.inscription_id = n.id)
    FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = ${inscriptionId}`);
}

/** One student of the school with a titular from 15/09; its inscription id, its RUDE kept under `key`. */
async function student(key: string, institutionId: number, withTitular = true) {
  const { inscriptionIds } = await makeHolderCourse(ctx.handle.db, {
    institutionId,
    students: [{ paterno: key.toUpperCase(), materno: 'ROJAS', name: 'ANA' }],
  });
  const id = inscriptionIds[0]!;
  const [row] = await ctx.handle.db
    .select({ rude: students.rude })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .where(eq(inscriptions.id, id));
  rude[key] = row!.rude;
  if (withTitular) await titular(id, institutionId, REGISTERED);
  return id;
}

/** The kind each fixture student stands for (the clean and unpaid ones for none). */
const expected: Record<string, ObservedKind[]> = {
  beforeStart: ['ANTES_DEL_INICIO'],
  afterReceived: ['DESPUES_DE_RECIBIDO'],
  beforeTitular: ['ANTES_DEL_TITULAR'],
  otherTitular: ['OTRO_TITULAR'],
  amount: ['MONTO_DISTINTO'],
  twice: ['PAGO_REPETIDO'],
  removed: ['BAJA'],
  blocked: ['BLOQUEADO'],
  withdrawn: ['FUERA_DEL_PADRON'],
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  await db.update(programmeSettings).set({ calendarStart: START });
  amount = (await db.select().from(programmeSettings))[0]!.amountPerStudent;
  place.dA = (await makeDistrict(db, { departmentId: 2, name: 'La Paz A' })).id;
  place.dB = (await makeDistrict(db, { departmentId: 2, name: 'La Paz B' })).id;
  place.dC = (await makeDistrict(db, { departmentId: 4, name: 'Oruro 1' })).id;
  sie.s1 = (await makeSchool(db, { districtId: place.dA, name: 'UE Bolívar' })).id;
  sie.s2 = (await makeSchool(db, { districtId: place.dB, name: 'UE Santa Cruz' })).id;
  sie.s3 = (await makeSchool(db, { districtId: place.dC, name: 'UE Oruro' })).id;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: place.dA });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie.s1] });
  for (const [name, type] of [
    ['admin', 1],
    ['ministerio', 1],
    ['depto', 2],
    ['distrito', 2],
    ['director', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;

  await entry(await student('clean', sie.s1));
  // A correction of the bank alone, on the same day: one payment, not two.
  const corrected = await student('corrected', sie.s1);
  await entry(corrected, { bank: 'Banco Bisa' });
  await entry(corrected);
  await entry(await student('unpaid', sie.s1), { status: 'NO_PAGADO', paidOn: '2025-09-01' });
  await entry(await student('beforeStart', sie.s1), { paidOn: '2025-09-20' });
  await entry(await student('afterReceived', sie.s1), { paidOn: '2025-11-10' });
  const late = await student('beforeTitular', sie.s1, false);
  await titular(late, sie.s1, new Date('2025-11-03T14:00:00Z'));
  await entry(late);
  const replaced = await student('otherTitular', sie.s1, false);
  await titular(replaced, sie.s1, REGISTERED, new Date('2025-11-02T14:00:00Z'));
  await titular(replaced, sie.s1, new Date('2025-11-02T14:00:00Z'));
  await entry(replaced);
  await entry(await student('amount', sie.s1), { amount: amount + 50 });
  const twice = await student('twice', sie.s1);
  await entry(twice, { paidOn: '2025-10-20', received: '2025-10-21T15:00:00Z' });
  await entry(twice);
  const removed = await student('removed', sie.s1);
  await entry(removed);
  await db
    .update(inscriptions)
    .set({ removedAt: new Date('2025-11-04T12:00:00Z') })
    .where(eq(inscriptions.id, removed));
  const blocked = await student('blocked', sie.s1);
  await entry(blocked);
  await blockInscription(db, blocked);
  const withdrawn = await student('withdrawn', sie.s1);
  await entry(withdrawn);
  await db
    .update(inscriptions)
    .set({ withdrawnAt: new Date('2025-11-04T12:00:00Z') })
    .where(eq(inscriptions.id, withdrawn));
  await entry(await student('otherDistrict', sie.s2), { paidOn: '2025-09-25' });
  await entry(await student('otherDepartment', sie.s3), { amount: amount * 2 });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('Pagos observados: what each payment is observed for', () => {
  it('finds every kind in the school, each from the fixture that makes it, and leaves clean payments out', async () => {
    const r = await report('director', `/institutions/${sie.s1}`);
    expect(r.total).toBe(9);
    const byRude = kindsByRude(r);
    for (const [key, kinds] of Object.entries(expected)) expect(byRude[rude[key]!], key).toEqual(kinds);
    expect(byRude[rude.clean!]).toBeUndefined();
    expect(byRude[rude.corrected!]).toBeUndefined();
    expect(byRude[rude.unpaid!]).toBeUndefined();
    expect(counts(r)).toEqual(Object.fromEntries(observedKinds.map((k) => [k, 1])));
    expect(r.summary).toMatchObject({ students: 9, amount: 9 * amount + 50 });
    expect(r.summary.kinds.find((k) => k.kind === 'MONTO_DISTINTO')!.amount).toBe(amount + 50);
    expect(r).toMatchObject({
      paymentStart: START,
      amountPerStudent: amount,
      kind: null,
      page: 1,
      pageSize: 10,
    });
    const row = r.items.find((i) => i.rude === rude.twice)!;
    expect(row).toMatchObject({
      paidOn: '2025-11-01',
      receivedOn: '2025-11-05',
      bank: 'Banco Unión',
      mode: 'VENTANILLA',
      schoolName: 'UE Bolívar',
      districtName: 'La Paz A',
      kindLabels: [observedKindLabels.PAGO_REPETIDO],
    });
    expect(row.titularName).toMatch(/^Condori Flores Titular \d+$/);
  });

  it('counts the national report over every place, pages on the server and filters by kind', async () => {
    const r = await report('ministerio', '/national');
    expect(r.total).toBe(11);
    expect(r.items).toHaveLength(10);
    expect(counts(r)).toMatchObject({ ANTES_DEL_INICIO: 2, MONTO_DISTINTO: 2, BAJA: 1 });
    const second = await report('ministerio', '/national?page=2');
    expect(second.items.map((i) => i.rowNumber)).toEqual([11]);
    expect(second.items[0]!.rude).toBe(rude.otherDepartment);
    const amounts = await report('ministerio', '/national?kind=MONTO_DISTINTO');
    expect(amounts.total).toBe(2);
    expect(amounts.items.map((i) => i.rude).sort()).toEqual([rude.amount, rude.otherDepartment].sort());
    expect(amounts.kind).toBe('MONTO_DISTINTO');
  });

  it('shows a department and a district only their own students', async () => {
    const dept = await report('depto', '/departments/2');
    expect(dept.total).toBe(10);
    expect(dept.items.map((i) => i.rude)).not.toContain(rude.otherDepartment);
    const district = await report('distrito', `/districts/${place.dA}?kind=ANTES_DEL_INICIO`);
    expect(district.items.map((i) => i.rude)).toEqual([rude.beforeStart]);
    expect(district.summary.students).toBe(9);
  });

  it('writes every row to the spreadsheet, as many as the report’s total', async () => {
    const read = async (who: string, url: string) => {
      const res = await get(who, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/pagos_observados_\w+_\d{14}\.xlsx/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Estudiantes')!;
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      const header = Array.from({ length: sheet.rowCount }, (_, i) => i + 1).find(
        (n) => values(n)[0] === 'Nro.',
      )!;
      const rows = Array.from({ length: sheet.rowCount - header }, (_, i) => values(header + 1 + i));
      return { rows, summary: book.getWorksheet('Resumen')! };
    };
    const national = await report('ministerio', '/national');
    const all = await read('ministerio', '/national/xlsx');
    expect(all.rows).toHaveLength(national.total);
    expect(all.rows.map((r) => r[0])).toEqual(Array.from({ length: national.total }, (_, i) => i + 1));
    expect(all.rows.map((r) => r[5]).sort()).toEqual(
      [...Object.keys(expected), 'otherDistrict', 'otherDepartment'].map((k) => rude[k]).sort(),
    );
    const removedRow = all.rows.find((r) => r[5] === rude.removed)!;
    expect(removedRow.at(-1)).toBe(observedKindLabels.BAJA);
    expect(removedRow).toEqual(expect.arrayContaining(['01/11/2025', '05/11/2025', amount]));
    const firstKind = (all.summary.getRow(7).values as unknown[]).slice(1);
    expect(firstKind).toEqual([observedKindLabels.ANTES_DEL_INICIO, expect.any(String), 2, 2 * amount]);
    const district = await read('distrito', `/districts/${place.dA}/xlsx?kind=BAJA`);
    expect(district.rows.map((r) => r[5])).toEqual([rude.removed]);
  });
});

describe('Pagos observados: scope and input', () => {
  it('refuses places outside the caller’s scope', async () => {
    const other = await get('distrito', `/districts/${place.dB}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.outOfScope);
    const national = await get('distrito', '/national');
    expect(national.statusCode).toBe(403);
    expect(national.json().message).toBe(reportMessages.nationalOnly);
    expect((await get('depto', '/national/xlsx')).statusCode).toBe(403);
    expect((await get('depto', '/departments/4')).statusCode).toBe(403);
    expect((await get('distrito', '/departments/2')).statusCode).toBe(403);
    expect((await get('distrito', `/institutions/${sie.s2}`)).statusCode).toBe(403);
    expect((await get('distrito', `/institutions/${sie.s2}/xlsx`)).statusCode).toBe(403);
    expect((await get('director', `/institutions/${sie.s3}`)).statusCode).toBe(403);
    expect((await get('director', `/districts/${place.dA}`)).statusCode).toBe(403);
    expect((await get('distrito', `/institutions/${sie.s1}`)).statusCode).toBe(200);
    expect((await get('admin', '/districts/999999')).statusCode).toBe(404);
    expect((await get('admin', '/institutions/99999999')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/reports/observed-payments/national',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad input with a Spanish 400', async () => {
    const bad = async (url: string, message?: string) => {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      if (message) expect(body.message, url).toBe(message);
      expect(body.message, url).toMatch(/[a-záéíóúñ]/i);
    };
    await bad('/districts/2147483648', primitiveMessages.invalidId);
    await bad('/institutions/abc');
    await bad('/departments/100', 'Ingrese un código de Departamento');
    await bad(`/districts/${place.dA}?kind=PAGADO`, observedMessages.invalidKind);
    await bad(`/districts/${place.dA}/xlsx?kind=BAJA%00`);
    await bad('/national?page=0', 'Página no válida.');
    await bad('/national?year=abc', 'La gestión debe ser un año, por ejemplo 2025.');
    await bad('/national?year=2031');
    await bad('/national/xlsx?year=1999');
  });
});
