import type { PlaceReport } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows as selectRows } from '../../db/rows.js';
import { jobProgress } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { type ClosedYearDemo, startClosedYearDemo } from '../../test/closed-year-demo.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { type ExportSpec, jobKind, parseKey, singletonKey } from './jobs.js';

let ctx: TestContext;
const onServer = process.env.TEST_DB_DRIVER === 'pg';
// On PostgreSQL the app is told its DATABASE_URL, as a server is: stored files become rows.
const serverEnv = onServer ? { env: { DATABASE_URL: process.env.TEST_DATABASE_URL! } } : {};
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
/** The open gestión of the small fixture (migrations create its settings row). */
let openYear = 0;
/** The tiny demo data with a closed gestión (its own server), and its users' tokens. */
let demo: ClosedYearDemo | undefined;
const demoTokens: Record<string, string> = {};

type Status = {
  id: string;
  kind: string;
  state: string;
  progress: { done: number; total: number; message: string };
  file?: { filename: string; size: number };
  error?: string;
};

/** A request as `who`: a user of the small fixture, or of the closed-year demo (demoTokens). */
const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const [app, token] = who in demoTokens ? [demo!.ctx.app, demoTokens[who]] : [ctx.app, tokens[who]];
  return app.inject({ method, url: `/api/v1${url}`, headers: bearer(token!), payload } as never);
};

const enqueue = async (who: string, url: string, payload?: object) => {
  const res = await call(who, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ jobId: string }>().jobId;
};

const finished = async (who: string, id: string) => {
  const read = async () => {
    const res = await call(who, 'GET', `/exports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Status>();
  };
  await expect.poll(async () => (await read()).state, { timeout: 30_000 }).toMatch(/done|failed/);
  return read();
};

/** Every sheet's cell values: the content of a workbook, whatever its zip bytes. */
async function sheets(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: unknown[] = [];
    sheet.eachRow((row) => rows.push(row.values));
    return { name: sheet.name, rows };
  });
}

beforeAll(async () => {
  ctx = await createTestApp(serverEnv);
  const db = ctx.handle.db;
  const [settings] = await selectRows<{ year: number }>(db, 'SELECT year FROM programme_settings');
  openYear = settings!.year;
  const district = await makeDistrict(db, { departmentId: 6 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  await makeStudentsWithTitulars(db, { institutionId: school.id, students: [{}, {}, {}] });
  await refreshStatistics(db);
  const people: Array<[string, { type: 1 | 2; roles?: string[]; profile?: number; departmentId?: number }]> =
    [
      ['admin', { type: 1, roles: ['Administrador'] }],
      ['ministerio', { type: 1 }],
      ['depto6', { type: 2, profile: 7, departmentId: 6 }],
      ['depto6b', { type: 2, profile: 7, departmentId: 6 }],
      ['depto2', { type: 2, profile: 7, departmentId: 2 }],
    ];
  for (const [username, attrs] of people) {
    users[username] = (await makeUser(db, { username, ...attrs })).id;
    tokens[username] = (await loginAs(ctx.app, username, attrs.type)).token;
  }
});
afterAll(() => ctx.close());

describe('exports as jobs', () => {
  it("prepares the 'Reporte de avance de entrega' with the synchronous download's content", async () => {
    const id = await enqueue('admin', '/exports/progress');
    const status = await finished('admin', id);
    expect(status).toMatchObject({ kind: 'progress', state: 'done', progress: { done: 3, total: 3 } });
    expect(status.file?.filename).toMatch(/^estadísticas_\d{14}\.xlsx$/);
    const file = await call('admin', 'GET', `/exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''estad%C3%ADsticas_");
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.length).toBe(status.file?.size);
    const direct = await call('admin', 'GET', '/adjustments/progress');
    expect(direct.statusCode).toBe(200);
    expect(await sheets(file.rawPayload)).toEqual(await sheets(direct.rawPayload));
    // Where the bytes are: a stored_file row any instance reads (PostgreSQL), the data folder (PGlite).
    const rows = (await ctx.handle.db.execute(
      sql`SELECT size FROM stored_file WHERE key LIKE 'exports/%'`,
    )) as unknown as { rows: Array<{ size: number }> };
    expect(rows.rows.map((r) => Number(r.size))).toEqual(onServer ? [status.file!.size] : []);
  });

  it('prepares the national report (spreadsheet and PDF) and a department reconciliation', async () => {
    const xlsxId = await enqueue('ministerio', '/exports/reports/national', { format: 'xlsx' });
    expect((await finished('ministerio', xlsxId)).state).toBe('done');
    const xlsx = await call('ministerio', 'GET', `/exports/${xlsxId}/file`);
    expect(xlsx.headers['content-disposition']).toMatch(/reporte_nacional_\d{14}\.xlsx/);
    const direct = await call('ministerio', 'GET', '/reports/national/document?format=xlsx');
    expect(await sheets(xlsx.rawPayload)).toEqual(await sheets(direct.rawPayload));

    const pdfId = await enqueue('ministerio', '/exports/reports/national', { format: 'pdf' });
    expect((await finished('ministerio', pdfId)).state).toBe('done');
    const pdf = await call('ministerio', 'GET', `/exports/${pdfId}/file`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const recId = await enqueue('depto6', '/exports/reconciliation/departments/6', { format: 'xlsx' });
    expect((await finished('depto6', recId)).state).toBe('done');
    const rec = await call('depto6', 'GET', `/exports/${recId}/file`);
    expect(rec.headers['content-disposition']).toMatch(/conciliacion_banco_ddjj_departamento_6_\d{14}\.xlsx/);
    const recDirect = await call(
      'depto6',
      'GET',
      '/reports/reconciliation/departments/6/document?format=xlsx',
    );
    expect(await sheets(rec.rawPayload)).toEqual(await sheets(recDirect.rawPayload));
    // Staff of the same department may read it; another department's may not.
    expect((await call('depto6b', 'GET', `/exports/${recId}/file`)).statusCode).toBe(200);
    for (const url of [`/exports/${recId}`, `/exports/${recId}/file`]) {
      const other = await call('depto2', 'GET', url);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('No existe la descarga indicada.');
    }
  });

  it('answers 404 to a user without the scope or the permission', async () => {
    const id = await enqueue('admin', '/exports/progress');
    await finished('admin', id);
    for (const who of ['ministerio', 'depto6']) {
      expect((await call(who, 'GET', `/exports/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/exports/${id}/file`)).statusCode).toBe(404);
    }
    // A department user cannot ask for the national report at all.
    const national = await call('depto6', 'POST', '/exports/reports/national', { format: 'pdf' });
    expect(national.statusCode).toBe(403);
  });

  it('gives the same job to a second click while the first is unfinished', async () => {
    // The first job as an unfinished row (on PGlite a real one may finish before the second click).
    const spec = {
      kind: 'report' as const,
      format: 'pdf' as const,
      place: { level: 'department' as const, id: 6 },
      userId: users.depto6!,
      day: ctx.app.deps.clock.today(),
      year: openYear,
    };
    const running = '3c2a7f0e-8d1b-4e5a-9c6f-1b2d3e4f5a60';
    await ctx.handle.db.insert(jobProgress).values({
      id: running,
      kind: jobKind('report'),
      singletonKey: singletonKey(spec),
      userId: users.depto6!,
      state: 'running',
    });
    expect(await enqueue('depto6', '/exports/reports/departments/6', { format: 'pdf' })).toBe(running);
    expect(await enqueue('depto6', '/exports/reports/departments/6', { format: 'pdf' })).toBe(running);
    const status = await call('depto6', 'GET', `/exports/${running}`);
    expect(status.json()).toMatchObject({ state: 'running', kind: 'report' });
    const early = await call('depto6', 'GET', `/exports/${running}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('El archivo todavía se está preparando.');
  });

  it('answers an unknown or malformed id with a Spanish 4xx', async () => {
    const malformed = await call('admin', 'GET', '/exports/no-es-un-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Identificador de descarga no válido.');
    const unknown = await call('admin', 'GET', '/exports/7b0e4a52-6d55-4c4e-9d87-8e3b1f0b4a11/file');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No existe la descarga indicada.');
    const badFormat = await call('ministerio', 'POST', '/exports/reports/national', { format: 'doc' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe('Formato no válido.');
  });

  it('refuses an unknown department before enqueueing anything (the place guard)', async () => {
    const before = await ctx.handle.db.select().from(jobProgress);
    const res = await call('ministerio', 'POST', '/exports/reports/departments/99', { format: 'pdf' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No se encontró el departamento solicitado.');
    expect(await ctx.handle.db.select().from(jobProgress)).toHaveLength(before.length);
  });

  it('deletes exports finished more than a day ago, with their files, when a new one is asked for', async () => {
    const old = await enqueue('ministerio', '/exports/reports/national', { format: 'pdf' });
    expect((await finished('ministerio', old)).state).toBe('done');
    const recent = await enqueue('ministerio', '/exports/reports/national', { format: 'xlsx' });
    expect((await finished('ministerio', recent)).state).toBe('done');
    const [oldRow] = await ctx.handle.db.select().from(jobProgress).where(eq(jobProgress.id, old));
    const oldKey = (oldRow!.result as { key: string }).key;
    await ctx.handle.db
      .update(jobProgress)
      .set({ finishedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(jobProgress.id, old));

    await enqueue('admin', '/exports/progress');

    expect((await call('ministerio', 'GET', `/exports/${old}`)).statusCode).toBe(404);
    expect(await fileStoreFor(ctx.app.deps).open(oldKey)).toBeNull();
    const kept = await call('ministerio', 'GET', `/exports/${recent}/file`);
    expect(kept.statusCode).toBe(200);
  });
});

describe('the export job key', () => {
  const spec: ExportSpec = {
    kind: 'report',
    format: 'xlsx',
    place: { level: 'department', id: 6 },
    userId: 12,
    day: '2025-11-20',
  };

  it('carries the gestión and reads it back', () => {
    const withYear = { ...spec, year: 2024 };
    expect(singletonKey(withYear)).toBe('export|report|xlsx||department-6|12|2025-11-20|2024');
    expect(parseKey(singletonKey(withYear))).toEqual(withYear);
    const reconciliation: ExportSpec = {
      ...spec,
      kind: 'reconciliation',
      state: 'NO_PAGADO_DECLARADO',
      place: { level: 'national' },
      year: 2025,
    };
    expect(parseKey(singletonKey(reconciliation))).toEqual(reconciliation);
  });

  it('reads a key without a year (queued before jobs took one) as the open year', () => {
    expect(singletonKey(spec)).toBe('export|report|xlsx||department-6|12|2025-11-20');
    expect(parseKey(singletonKey(spec))).toEqual(spec);
    expect(parseKey('export|progress|xlsx||national|3|2025-11-19')).toEqual({
      kind: 'progress',
      format: 'xlsx',
      place: { level: 'national' },
      userId: 3,
      day: '2025-11-19',
    });
  });

  it('refuses a malformed key', () => {
    for (const key of [
      'export|report|xlsx||national|3|2025-11-19|dos',
      'export|report|xlsx||national|3|2025-11-19|2024|x',
      'export|report|xlsx||national|3',
      'export|report|doc||national|3|2025-11-19|2024',
      null,
    ])
      expect(parseKey(key)).toBeNull();
  });
});

/**
 * A closed gestión's national and department documents as jobs (decision 040), over the tiny demo
 * data, which holds the open year and the closed previous one.
 */
describe('exports of a closed gestión', () => {
  let open = 0;
  let closed = 0;
  /** Two departments with inscriptions in the closed year. */
  let mine = 0;
  let other = 0;

  beforeAll(async () => {
    demo = await startClosedYearDemo(serverEnv);
    ({ open, closed } = demo);
    demoTokens.demoAdmin = demo.admin;
    const db = demo.ctx.handle.db;
    const departments = await selectRows<{ id: number }>(
      db,
      `SELECT DISTINCT i.department_id AS id FROM inscriptions n JOIN institutions i ON i.id = n.institution_id
       WHERE n.year = ${closed} ORDER BY 1 LIMIT 2`,
    );
    [mine, other] = departments.map((d) => d.id) as [number, number];
    for (const [username, departmentId] of [
      ['demo_depto_a', mine],
      ['demo_depto_b', other],
    ] as const) {
      await makeUser(db, { username, type: 2, profile: 7, departmentId });
      demoTokens[username] = (await loginAs(demo.ctx.app, username, 2)).token;
    }
  }, 180_000);
  afterAll(() => demo?.ctx.close());

  it("prepares the closed year's national report with that year's figures, named for the year", async () => {
    const id = await enqueue('demoAdmin', `/exports/reports/national?year=${closed}`, { format: 'xlsx' });
    const status = await finished('demoAdmin', id);
    expect(status, status.error).toMatchObject({ kind: 'report', state: 'done' });
    expect(status.file?.filename).toMatch(new RegExp(`^reporte_nacional_${closed}_\\d{14}\\.xlsx$`));
    const file = await call('demoAdmin', 'GET', `/exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    const job = await sheets(file.rawPayload);
    // The same workbook as the closed year's direct download…
    const direct = await call('demoAdmin', 'GET', `/reports/national/document?format=xlsx&year=${closed}`);
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-disposition']).toMatch(
      new RegExp(`reporte_nacional_${closed}_\\d{14}\\.xlsx`),
    );
    expect(job).toEqual(await sheets(direct.rawPayload));
    // …holding the closed year's figures, not the open year's.
    const report = await call('demoAdmin', 'GET', `/reports/national?year=${closed}`);
    const figures = report.json<PlaceReport>();
    expect(figures.year).toBe(closed);
    const cells = JSON.stringify(job);
    expect(cells).toContain(String(closed));
    expect(cells).toContain(String(figures.summary.totalStudents));
    expect(cells).toContain(String(figures.summary.paidStudents));

    const openId = await enqueue('demoAdmin', '/exports/reports/national', { format: 'xlsx' });
    const openStatus = await finished('demoAdmin', openId);
    expect(openStatus.file?.filename).toMatch(/^reporte_nacional_\d{14}\.xlsx$/);
    const openFile = await call('demoAdmin', 'GET', `/exports/${openId}/file`);
    const openDirect = await call('demoAdmin', 'GET', '/reports/national/document?format=xlsx');
    const openSheets = await sheets(openFile.rawPayload);
    expect(openSheets).toEqual(await sheets(openDirect.rawPayload));
    expect(openSheets).not.toEqual(job);
    // Asking for the open year by its number is the same job as asking without one.
    const again = await enqueue('demoAdmin', `/exports/reports/national?year=${open}`, { format: 'pdf' });
    expect(await enqueue('demoAdmin', '/exports/reports/national', { format: 'pdf' })).toBe(again);
  });

  it("prepares a department's closed-year report for its staff and for nobody else's", async () => {
    const url = `/exports/reports/departments/${mine}?year=${closed}`;
    const id = await enqueue('demo_depto_a', url, { format: 'pdf' });
    const status = await finished('demo_depto_a', id);
    expect(status.state, status.error).toBe('done');
    expect(status.file?.filename).toMatch(
      new RegExp(`^reporte_departamento_${mine}_${closed}_\\d{14}\\.pdf$`),
    );
    const file = await call('demo_depto_a', 'GET', `/exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another department's staff can neither start it nor follow or download the one started.
    const start = await call('demo_depto_b', 'POST', url, { format: 'pdf' });
    expect(start.statusCode).toBe(403);
    for (const path of [`/exports/${id}`, `/exports/${id}/file`]) {
      const res = await call('demo_depto_b', 'GET', path);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No existe la descarga indicada.');
    }
    // Nor the national one of the closed year.
    const national = await call('demo_depto_a', 'POST', `/exports/reports/national?year=${closed}`, {
      format: 'pdf',
    });
    expect(national.statusCode).toBe(403);
    // The department's spreadsheet as a job is its closed-year direct download.
    const xlsxId = await enqueue('demo_depto_a', url, { format: 'xlsx' });
    expect((await finished('demo_depto_a', xlsxId)).state).toBe('done');
    const xlsx = await call('demo_depto_a', 'GET', `/exports/${xlsxId}/file`);
    const direct = await call(
      'demo_depto_a',
      'GET',
      `/reports/departments/${mine}/document?format=xlsx&year=${closed}`,
    );
    expect(await sheets(xlsx.rawPayload)).toEqual(await sheets(direct.rawPayload));
  });

  it('refuses a year the console does not hold, and the open-year-only documents of a closed year, in Spanish', async () => {
    const before = await demo!.ctx.handle.db.select().from(jobProgress);
    const unknown = `La gestión ${open - 7} no existe en la consola.`;
    for (const [url, message] of [
      [`/exports/reports/national?year=${open - 7}`, unknown],
      [`/exports/reports/departments/${mine}?year=${open - 7}`, unknown],
      [`/exports/reconciliation/national?year=${open - 7}`, unknown],
      [`/exports/progress?year=${open - 7}`, unknown],
      [
        `/exports/progress?year=${closed}`,
        `El reporte de avance de entrega es solo de la gestión abierta: la gestión ${closed} está cerrada.`,
      ],
      [
        `/exports/reconciliation/national?year=${closed}`,
        `La conciliación Banco – DDJJ se prepara solo para la gestión abierta: la gestión ${closed} está cerrada.`,
      ],
      [
        `/exports/reconciliation/departments/${mine}?year=${closed}`,
        `La conciliación Banco – DDJJ se prepara solo para la gestión abierta: la gestión ${closed} está cerrada.`,
      ],
    ]) {
      const res = await call(
        'demoAdmin',
        'POST',
        url!,
        url!.includes('progress') ? undefined : { format: 'pdf' },
      );
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 400,
        message,
      });
    }
    const malformed = await call('demoAdmin', 'POST', '/exports/reports/national?year=dos', {
      format: 'pdf',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('La gestión debe ser un año');
    expect(await demo!.ctx.handle.db.select().from(jobProgress)).toHaveLength(before.length);
    // The progress spreadsheet of the open year, asked for by its number, is prepared as before.
    const progress = await enqueue('demoAdmin', `/exports/progress?year=${open}`);
    expect((await finished('demoAdmin', progress)).state).toBe('done');
  });
});
