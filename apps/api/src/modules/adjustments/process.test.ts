import { type AdjustmentHistoryPage, adjustmentMessages, type ReenableResult } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, syncBatchItems, titularAdjustments } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeAdjustmentRows } from '../../test/factories/adjustments.js';
import { controlSimulator, makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const t: Record<string, string> = {};
let sie = 0;
let otherSie = 0;
let ids: number[] = [];
let rudes: string[] = [];

const get = async <T>(who: string, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(t[who]!) });
  return { status: res.statusCode, body: res.json<T & { message: string }>() };
};
const post = async <T>(who: string, url: string, payload?: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: bearer(t[who]!),
    payload,
  });
  return { status: res.statusCode, body: res.json<T & { message: string }>() };
};
const history = (who: string, query = '') => get<AdjustmentHistoryPage>(who, `/adjustments/history${query}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const laPaz = await makeDistrict(db, { departmentId: 2 });
  const oruro = await makeDistrict(db, { departmentId: 4 });
  const school = await makeSchool(db, { districtId: laPaz.id, consolidated: true, name: 'UE Avance' });
  const other = await makeSchool(db, { districtId: oruro.id, consolidated: true });
  sie = school.id;
  otherSie = other.id;
  const made = await makeStudentsWithTitulars(db, {
    institutionId: sie,
    students: Array.from({ length: 14 }, (_, i) => ({ name: `NOMBRE${i}` })),
  });
  ids = made.inscriptionIds;
  rudes = made.rudes;
  const elsewhere = await makeStudentsWithTitulars(db, {
    institutionId: otherSie,
    students: [{ name: 'LEJANO' }],
  });
  await refreshStatistics(db);
  // Twelve history rows in the school (two days, three kinds, two holder types), one in Oruro.
  await makeAdjustmentRows(
    db,
    ids.slice(0, 12).map((inscriptionId, i) => ({
      inscriptionId,
      institutionId: sie,
      districtId: laPaz.id,
      departmentId: 2,
      rude: rudes[i]!,
      studentName: `${[1, 10, 11].includes(i) ? 'APAZA' : 'MAMANI'} QUISPE NOMBRE${i}`,
      kind: (['CAMBIO TITULAR', 'CAMBIO PARENTESCO', 'ACTUALIZACION DATOS'] as const)[i % 3],
      titularCarnet: i === 5 ? '7654321' : `12${i}0000`,
      holderTypeId: i < 4 ? 2 : 1,
      createdAt: i < 3 ? '2025-11-19T13:00:00Z' : `2025-11-20T1${i % 10}:00:00Z`,
    })),
  );
  await makeAdjustmentRows(db, [
    {
      inscriptionId: elsewhere.inscriptionIds[0]!,
      institutionId: otherSie,
      districtId: oruro.id,
      departmentId: 4,
      rude: elsewhere.rudes[0]!,
      studentName: 'CONDORI LEJANO',
    },
  ]);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'oruro', type: 2, profile: 7, departmentId: 4 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: laPaz.id });
  for (const [name, type] of [
    ['admin', 1],
    ['director', 2],
    ['depto', 2],
    ['oruro', 2],
    ['distrito', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;
});
afterAll(() => ctx.close());

describe("'Historial Ajustes Solicitados'", () => {
  it('pages 10 at a time, newest first, within the caller’s scope', async () => {
    const first = await history('admin');
    expect(first.body.total).toBe(13);
    expect(first.body.items).toHaveLength(10);
    const second = await history('admin', '?page=2');
    expect(second.body.items).toHaveLength(3);
    const times = first.body.items.map((r) => r.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await history('director')).body.total).toBe(12);
    expect((await history('depto')).body.total).toBe(12);
    expect((await history('oruro')).body.total).toBe(1);
    expect((await history('oruro', `?sie=${sie}`)).status).toBe(403);
    expect((await history('director', `?sie=${otherSie}`)).status).toBe(403);
    expect((await history('distrito')).status).toBe(403);
  });

  it('filters by name or RUDE, titular CI, holder type, request type and day', async () => {
    expect((await history('admin', '?search=apaza%20qui')).body.total).toBe(3);
    expect((await history('admin', `?search=${rudes[7]}`)).body.items.map((r) => r.rude)).toEqual([rudes[7]]);
    expect((await history('admin', '?carnet=7654321')).body.items.map((r) => r.rude)).toEqual([rudes[5]]);
    expect((await history('admin', '?holderType=2')).body.total).toBe(4);
    expect((await history('admin', '?kind=CAMBIO%20PARENTESCO')).body.total).toBe(4);
    expect((await history('admin', '?date=2025-11-19')).body.total).toBe(3);
    const combined = await history('admin', '?date=2025-11-20&holderType=2&kind=CAMBIO%20TITULAR');
    expect(combined.body.items.map((r) => r.rude)).toEqual([rudes[3]]);
    expect((await history('admin', '?date=2025-13-01')).status).toBe(400);
  });
});

describe("'Habilitar Modificación Estudiante'", () => {
  it('re-opens one student’s adjustment, audited, and then admits a new one', async () => {
    const res = await post<ReenableResult>('admin', '/adjustments/reenable', {
      rude: ` ${rudes[13]!.toLowerCase()} `,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adjustmentMessages.nothingToReenable);
    const ok = await post<ReenableResult>('admin', '/adjustments/reenable', { rude: rudes[0] });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Habilitación exitosa!!!');
    const [row] = await ctx.handle.db
      .select()
      .from(titularAdjustments)
      .where(eq(titularAdjustments.inscriptionId, ids[0]!));
    expect(row!.reenabledAt).not.toBeNull();
    expect(
      await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'adjustments.reenable')),
    ).toHaveLength(1);
    const found = await get<{ blocker: string | null }>(
      'director',
      `/adjustments/institutions/${sie}/students/${rudes[0]}`,
    );
    expect(found.body.blocker).toBeNull();
    expect((await post('admin', '/adjustments/reenable', { rude: rudes[0] })).status).toBe(409);
    expect((await post('admin', '/adjustments/reenable', { rude: 'NO-EXISTE' })).body.message).toBe(
      adjustmentMessages.studentNotFound,
    );
    expect((await post('director', '/adjustments/reenable', { rude: rudes[1] })).status).toBe(403);
  });
});

describe("'Reporte de avance de entrega'", () => {
  it('streams a spreadsheet by department, district and school named estadísticas…xlsx', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/adjustments/progress',
      headers: bearer(t.admin!),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''estad%C3%ADsticas_");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Departamentos', 'Distritos', 'Unidades Educativas']);
    const schools = book.getWorksheet('Unidades Educativas')!;
    const rows: unknown[][] = [];
    schools.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const ours = rows.find((r) => r[2] === sie)!;
    // SIE, name, consolidated, 14 beneficiaries, 14 with titular, 0 paid, 14 pending, 0 %, 0 removals.
    expect(ours.slice(2)).toEqual([sie, 'UE Avance', 'Regular', 'SI', 14, 14, 0, 14, 0, 0]);
    const departments: unknown[][] = [];
    book
      .getWorksheet('Departamentos')!
      .eachRow((row) => departments.push((row.values as unknown[]).slice(1)));
    expect(departments.find((r) => r[0] === 'TOTAL')?.[3]).toBe(15);
  });
});

describe("'Sincronizar Datos de Pago de Sintesis'", () => {
  const sintesis = (body: object, path?: string) =>
    controlSimulator(ctx.outside.endpoints.sintesis.url, body, path);
  const run = () => post<{ inserted: number; updated: number }>('admin', '/sync/payments');

  it('pulls payments once (a second run changes nothing) and a failure changes nothing', async () => {
    await sintesis({ today: '2025-11-20' });
    await sintesis(
      {
        pagos: [
          {
            inscripcion: ids[2],
            pagado: true,
            fechaPago: '2025-11-03',
            banco: 'Banco Unión',
            modalidad: 'VENTANILLA',
          },
        ],
      },
      '/control/pagos',
    );
    await sintesis({ mode: 'fail' });
    const failed = await run();
    expect(failed.status).toBe(503);
    expect(await ctx.handle.db.select().from(payments)).toHaveLength(0);
    await sintesis({ mode: 'normal' });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.inserted).toBeGreaterThan(0);
    const again = await run();
    expect(again.body.inserted + again.body.updated).toBe(0);
  });

  it('sends changes of data and relationship to Síntesis in step 1', async () => {
    const [adj] = await makeAdjustmentRows(ctx.handle.db, [
      {
        inscriptionId: ids[13]!,
        institutionId: sie,
        districtId: 0,
        departmentId: 2,
        rude: rudes[13]!,
        studentName: 'X',
        kind: 'ACTUALIZACION DATOS',
        createdAt: '2025-11-20T13:00:00Z',
      },
    ]);
    const res = await post('admin', '/sync/steps/consolidate');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = await ctx.handle.db
      .select()
      .from(syncBatchItems)
      .where(eq(syncBatchItems.kind, 'AJUSTE TITULAR'));
    expect(items.map((i) => i.sourceId)).toContain(adj!.id);
  });
});
