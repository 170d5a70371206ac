import { type DryRunResult, type ImportDetail, type ImportPage, importMessages } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow, rows } from '../../db/rows.js';
import { JOB_FAILED_MESSAGE } from '../../jobs/index.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { failAuditOf, fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription } from '../../test/factories/blocking.js';
import { multipartPayload } from '../../test/factories/events.js';
import { makeHolderCourse } from '../../test/factories/holders.js';
import { removeBeneficiaries } from '../../test/factories/reports.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { upsertPayments } from '../sync/index.js';
import { runPaymentImport } from './index.js';

let ctx: TestContext;
let admin: string;
let viewer: string;
let amount = 0;
let rudes: string[] = [];
let ids: number[] = [];
let noTitularRude = '';

const upload = async (bytes: Buffer | string, filename = 'pagos.csv', token = admin) => {
  const { payload, headers } = await multipartPayload({
    archivo: { bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes, filename },
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/imports/payments/dry-run',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};
const call = (method: 'GET' | 'POST', url: string, token = admin) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token) });

const header = 'RUDE;MONTO;FECHA_PAGO;BANCO;AGENCIA;MODALIDAD';
const line = (
  rude: string,
  extra: Partial<{ amount: string; date: string; bank: string; mode: string }> = {},
) =>
  [
    rude,
    extra.amount ?? String(amount),
    extra.date ?? '15/11/2025',
    extra.bank ?? 'BANCO UNIÓN',
    'CENTRAL',
    extra.mode ?? 'VENTANILLA',
  ].join(';');
const csv = (...lines: string[]) => `${[header, ...lines].join('\r\n')}\r\n`;

const finished = async (id: number) => {
  await expect
    .poll(async () => (await call('GET', `/imports/${id}`)).json<ImportDetail>().state, { timeout: 20_000 })
    .toMatch(/done|failed/);
  return (await call('GET', `/imports/${id}`)).json<ImportDetail>();
};

async function confirm(id: number) {
  const res = await call('POST', `/imports/${id}/confirm`);
  expect(res.statusCode, res.body).toBe(202);
  return finished(id);
}

/** Every table but the import's own bookkeeping (its row and stored file). */
async function programmeTables() {
  const all = await fingerprint(ctx.handle.db);
  delete all.file_imports;
  delete all.stored_file;
  delete all.job_progress;
  return all;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  amount = Number(
    (await firstRow<{ a: number }>(db, sql`SELECT amount_per_student AS a FROM programme_settings`))!.a,
  );
  const district = await makeDistrict(db, { departmentId: 6 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  ({ inscriptionIds: ids, rudes } = await makeStudentsWithTitulars(db, {
    institutionId: school.id,
    students: [{}, {}, {}, {}, {}],
  }));
  await blockInscription(db, ids[3]!);
  await removeBeneficiaries(db, [ids[4]!]);
  const lone = await makeHolderCourse(db, { institutionId: school.id, students: [{}] });
  noTitularRude = (await firstRow<{ rude: string }>(
    db,
    sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = ${lone.inscriptionIds[0]}`,
  ))!.rude;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  viewer = (await loginAs(ctx.app, 'ministerio', 1)).token;
});
afterAll(() => ctx.close());

describe('payment file import', () => {
  it('serves the template with the layout header', async () => {
    const res = await call('GET', '/imports/payments/template');
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(header);
  });

  it('dry run counts new and refused rows, lists errors by line, writes no payment; confirm writes them once', async () => {
    const before = await programmeTables();
    const file = csv(
      line(rudes[0]!),
      line(rudes[1]!),
      line(rudes[2]!),
      line(rudes[3]!),
      line(rudes[4]!),
      line(noTitularRude),
      line('99999999999999'),
      line('ABC-123'),
      line('88888888888888', { date: '2025/11/15' }),
      line('77777777777777', { date: '15-11-2025', amount: '150' }),
    );
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DryRunResult>();
    expect(body.counts).toEqual({ rows: 10, new: 3, unchanged: 0, changed: 0, refused: 4, errors: 3 });
    const messages = body.errorList.map((e) => e.message);
    expect(messages).toContain('Línea 10, FECHA_PAGO: fecha no válida (use dd/mm/aaaa).');
    expect(messages).toContain(
      `Línea 11, MONTO: el monto debe ser ${amount} Bs, el monto del programa por estudiante.`,
    );
    expect(messages.some((m) => m.startsWith('Línea 9, RUDE: RUDE no válido'))).toBe(true);
    expect(messages).toContain('Línea 5, RUDE: el estudiante está bloqueado; su pago no se registra.');
    expect(messages).toContain('Línea 6, RUDE: el estudiante está dado de baja; su pago no se registra.');
    expect(messages).toContain(
      'Línea 7, RUDE: el estudiante no tiene titular asignado; su pago no se registra.',
    );
    expect(messages).toContain('Línea 8, RUDE: el RUDE no tiene inscripción en la gestión del programa.');
    expect(await programmeTables()).toEqual(before);

    const errors = await call('GET', `/imports/${body.id}/errors`);
    expect(errors.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(errors.rawPayload as never);
    expect(book.worksheets[0]!.rowCount).toBe(1 + 8);

    const done = await confirm(body.id);
    expect(done.state, JSON.stringify(done)).toBe('done');
    expect(done.result).toEqual(body.counts);
    const paid = await rows<{ id: number; bank: string; paid_on: string }>(
      ctx.handle.db,
      sql`SELECT inscription_id AS id, bank, paid_on::text FROM payments WHERE paid ORDER BY inscription_id`,
    );
    expect(paid).toEqual(ids.slice(0, 3).map((id) => ({ id, bank: 'Banco Unión', paid_on: '2025-11-15' })));
    const audit = await rows<{ after: { sha256: string } }>(
      ctx.handle.db,
      sql`SELECT after FROM audit_log WHERE action = 'imports.payments'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.sha256).toBe(body.sha256);

    // The same file again: recognised, nothing doubled, nothing written.
    const afterFirst = await programmeTables();
    const again = (await upload(file)).json<DryRunResult>();
    expect(again.counts).toMatchObject({ new: 0, unchanged: 3, changed: 0 });
    const second = await confirm(again.id);
    expect(second.result).toMatchObject({ new: 0, unchanged: 3, changed: 0 });
    const now = await programmeTables();
    // Only the second import's audit row differs.
    expect({ ...now, audit_log: '' }).toEqual({ ...afterFirst, audit_log: '' });

    const history = (await call('GET', '/imports')).json<ImportPage>();
    expect(history.total).toBeGreaterThanOrEqual(2);
    expect(history.items[0]).toMatchObject({ id: again.id, state: 'done', kind: 'payments' });
  });

  it('counts a recorded payment with another bank as changed', async () => {
    const res = await upload(csv(line(rudes[0]!, { bank: 'BANCO BISA' })));
    expect(res.json<DryRunResult>().counts).toMatchObject({ changed: 1, new: 0, unchanged: 0 });
  });

  it('reads a Latin-1 file with commas, and a UTF-8 file with a BOM', async () => {
    const latin = Buffer.from(csv(line(rudes[0]!)).replaceAll(';', ','), 'latin1');
    const a = await upload(latin);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json<DryRunResult>().counts).toMatchObject({ unchanged: 1, errors: 0 });
    const bom = await upload(`\uFEFF${csv(line(rudes[1]!, { date: '2025-11-15' }))}`);
    expect(bom.statusCode, bom.body).toBe(200);
    expect(bom.json<DryRunResult>().counts).toMatchObject({ unchanged: 1, errors: 0 });
  });

  it('reads a file larger than one read chunk whole, and refuses binary bytes found late', async () => {
    const many = Array.from({ length: 3_000 }, (_, i) => line(String(90_000_000_000 + i)));
    const res = await upload(csv(...many));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DryRunResult>().counts).toMatchObject({ rows: 3_000, refused: 3_000, errors: 0 });
    const late = Buffer.concat([Buffer.from(csv(...many)), Buffer.from([0, 1, 2, 0x0d, 0x0a])]);
    const refused = await upload(late);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/binarios/);
  });

  it('accepts header names in any case and accents', async () => {
    const res = await upload(`rude;Monto;Fecha Pago;Banco;Agéncia;modalidad\r\n${line(rudes[0]!)}\r\n`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('reads the first sheet of an XLSX', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Pagos');
    sheet.addRow(['RUDE', 'MONTO', 'FECHA_PAGO', 'BANCO', 'AGENCIA', 'MODALIDAD']);
    sheet.addRow([
      rudes[0],
      amount,
      new Date(Date.UTC(2025, 10, 15)),
      'BANCO UNIÓN',
      'CENTRAL',
      'VENTANILLA',
    ]);
    sheet.addRow([rudes[1], amount, '31/02/2025', 'BANCO UNIÓN', 'CENTRAL', 'VENTANILLA']);
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'pagos.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DryRunResult>();
    expect(body.counts).toMatchObject({ rows: 2, unchanged: 1, errors: 1 });
    expect(body.errorList[0]!.message).toBe('Línea 3, FECHA_PAGO: fecha no válida (use dd/mm/aaaa).');
  });

  describe('refuses a file with a structural error, in Spanish, writing nothing', () => {
    const zipOf = async (name: string) => {
      const zip = new JSZip();
      zip.file(name, 'hola');
      return zip.generateAsync({ type: 'nodebuffer' });
    };
    // A sheet of 6 MB of XML that deflates a thousand times: a zip bomb, scaled down (issue 34).
    const bomb = () => {
      const zip = new JSZip();
      zip.file('[Content_Types].xml', '<Types/>');
      zip.file('xl/worksheets/sheet1.xml', '<row r="1"><c t="s"><v>0</v></c></row>'.repeat(160_000));
      return zip.generateAsync({
        type: 'nodebuffer',
        compression: 'DEFLATE',
        compressionOptions: { level: 9 },
      });
    };
    const cases: Array<[string, () => Promise<Buffer | string> | Buffer | string, RegExp]> = [
      ['a missing column', () => 'RUDE;MONTO;FECHA_PAGO;BANCO;AGENCIA\r\n1;2;3;4;5\r\n', /faltan: MODALIDAD/],
      ['an extra column', () => `${header};OBSERVACION\r\n${line('1')};x\r\n`, /sobran: OBSERVACION/],
      ['a repeated column', () => `${header};RUDE\r\n`, /RUDE aparece más de una vez/],
      ['a quoting error', () => csv(line('1'), '"12345;200;15/11/2025;B;A;M'), /Línea 3: las comillas/],
      [
        'a duplicate RUDE',
        () => csv(line(rudes[0]!), line(rudes[1]!), line(rudes[0]!)),
        /Línea 4: el RUDE .* línea 2/,
      ],
      ['an empty file', () => '', /vacío/],
      ['a header without rows', () => `${header}\r\n`, /no tiene filas/],
      [
        'a zip that is not an XLSX',
        () => zipOf('datos.txt'),
        /ZIP pero no una planilla|no se puede leer como planilla/,
      ],
      [
        'a damaged XLSX',
        () => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]),
        /planilla/,
      ],
      ['a zip bomb posing as an XLSX', bomb, /se descomprime en demasiados datos/],
      ['a binary file', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2]), /binarios/],
    ];
    for (const [name, make, message] of cases)
      it(name, async () => {
        const before = await fingerprint(ctx.handle.db);
        const res = await upload(await make());
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(message);
        expect(await fingerprint(ctx.handle.db)).toEqual(before);
      });
  });

  it('is for national administrators only', async () => {
    expect((await upload(csv(line(rudes[0]!)), 'pagos.csv', viewer)).statusCode).toBe(403);
    expect((await call('GET', '/imports', viewer)).statusCode).toBe(403);
    expect((await call('POST', '/imports/1/confirm', viewer)).statusCode).toBe(403);
  });

  it('checks again when confirmed: a student blocked since the dry run is refused, not paid', async () => {
    const dry = (await upload(csv(line(rudes[2]!, { bank: 'BANCO SOL' })))).json<DryRunResult>();
    expect(dry.counts).toMatchObject({ changed: 1, refused: 0 });
    await blockInscription(ctx.handle.db, ids[2]!);
    const done = await confirm(dry.id);
    expect(done.result).toMatchObject({ changed: 0, refused: 1 });
    const bank = await firstRow<{ bank: string }>(
      ctx.handle.db,
      sql`SELECT bank FROM payments WHERE inscription_id = ${ids[2]}`,
    );
    expect(bank!.bank).toBe('Banco Unión');
  });

  it("re-imports what the sync wrote, in the bank's own spelling, as 'Sin cambios' (issue 35 §7)", async () => {
    // The sync's spelling ('BancoSol', 'ABONO') written as a sync run would, then the bank's file
    // with its own ('BANCO SOL', 'Abono'): the same payment, so nothing changes and nothing is added.
    await ctx.handle.db.transaction((tx) =>
      upsertPayments(
        tx,
        [{ inscripcion: ids[0]!, fechaPago: '2025-11-20', banco: 'BancoSol', modalidad: 'ABONO' }],
        new Date(),
        { kind: 'sync', id: 1 },
      ),
    );
    const entries = async () =>
      Number(
        (await firstRow<{ n: number }>(
          ctx.handle.db,
          sql`SELECT count(*)::int AS n FROM payment_ledger WHERE inscription_id = ${ids[0]}`,
        ))!.n,
      );
    const before = await entries();
    const dry = (
      await upload(csv(line(rudes[0]!, { bank: 'BANCO SOL', date: '20/11/2025', mode: 'Abono' })))
    ).json<DryRunResult>();
    expect(dry.counts).toMatchObject({ rows: 1, unchanged: 1, changed: 0, new: 0 });
    const done = await confirm(dry.id);
    expect(done.result).toMatchObject({ changed: 0 });
    expect(await entries()).toBe(before);
  });

  it('writes nothing when the stored file no longer matches the one checked', async () => {
    const dry = (await upload(csv(line(rudes[0]!, { bank: 'BANCO SOL' })))).json<DryRunResult>();
    await ctx.handle.db.execute(sql`UPDATE file_imports SET sha256 = ${'0'.repeat(64)} WHERE id = ${dry.id}`);
    const before = await programmeTables();
    const done = await confirm(dry.id);
    expect(done.state).toBe('failed');
    expect(done.error).toBe('El archivo guardado ya no coincide con el revisado; vuelva a subirlo.');
    expect(await programmeTables()).toEqual(before);
  });

  it('writes nothing when the last step (the audit row) fails', async () => {
    const dry = (await upload(csv(line(rudes[1]!, { bank: 'BANCO FIE' })))).json<DryRunResult>();
    expect(dry.counts.changed).toBe(1);
    const before = await fingerprint(ctx.handle.db);
    const restore = await failAuditOf(ctx.handle.db, 'imports.payments');
    try {
      // Not the last attempt: the queue will retry, so the import stays as it was.
      await expect(runPaymentImport(ctx.deps, attempt(dry.id, false))).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await fingerprint(ctx.handle.db)).toEqual(before);
  });

  it('closes the import as failed when the last attempt fails, writing nothing else', async () => {
    const dry = (await upload(csv(line(rudes[1]!, { bank: 'BANCO PYME' })))).json<DryRunResult>();
    const before = await programmeTables();
    const restore = await failAuditOf(ctx.handle.db, 'imports.payments');
    try {
      await expect(runPaymentImport(ctx.deps, attempt(dry.id, true))).rejects.toThrow();
    } finally {
      await restore();
    }
    const detail = (await call('GET', `/imports/${dry.id}`)).json<ImportDetail>();
    expect(detail.state).toBe('failed');
    expect(detail.error).toBe(JOB_FAILED_MESSAGE);
    expect(await programmeTables()).toEqual(before);
  });
});

/** One attempt of the confirmation job, run directly; `final`: no retry is left after it. */
const attempt = (importId: number, final: boolean) => ({
  id: '00000000-0000-4000-8000-000000000000',
  data: { importId },
  userId: 1,
  final,
  report: async () => undefined,
  committed: async () => null,
  commit: async () => undefined,
});

describe('dry runs left unconfirmed', () => {
  it('lose their stored file after a week, at the next upload; the history keeps them as expired', async () => {
    const old = (await upload(csv(line(rudes[0]!, { bank: 'BANCO ECOFUTURO' })))).json<DryRunResult>();
    const recent = (await upload(csv(line(rudes[1]!, { bank: 'BANCO ECOFUTURO' })))).json<DryRunResult>();
    const eightDaysAgo = new Date(ctx.deps.clock.now().getTime() - 8 * 24 * 3600 * 1000);
    await ctx.handle.db.execute(
      sql`UPDATE file_imports SET created_at = ${eightDaysAgo.toISOString()} WHERE id = ${old.id}`,
    );
    const { fileKey } = (await firstRow<{ fileKey: string }>(
      ctx.handle.db,
      sql`SELECT file_key AS "fileKey" FROM file_imports WHERE id = ${old.id}`,
    ))!;
    const store = fileStoreFor(ctx.deps);
    const stored = await store.open(`${fileKey}/00000.part`);
    expect(stored).not.toBeNull();
    stored?.destroy();

    await upload(csv(line(rudes[2]!)));

    expect((await call('GET', `/imports/${old.id}`)).json<ImportDetail>().state).toBe('expired');
    expect(await store.open(`${fileKey}/00000.part`)).toBeNull();
    const again = await call('POST', `/imports/${old.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(importMessages.expired);
    // A dry run of this week keeps its file and can still be confirmed.
    expect((await call('GET', `/imports/${recent.id}`)).json<ImportDetail>().state).toBe('checked');
    expect((await confirm(recent.id)).state).toBe('done');
  });
});

describe('a too-large upload', () => {
  let small: TestContext;
  beforeAll(async () => {
    process.env.IMPORT_MAX_BYTES = '2048';
    small = await createTestApp();
    delete process.env.IMPORT_MAX_BYTES;
    await makeUser(small.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  });
  afterAll(() => small.close());

  it('is refused with 413 in Spanish and leaves nothing', async () => {
    const token = (await loginAs(small.app, 'admin', 1)).token;
    const big = csv(...Array.from({ length: 200 }, (_, i) => line(String(10_000_000 + i))));
    const { payload, headers } = await multipartPayload({
      archivo: { bytes: Buffer.from(big), filename: 'p.csv' },
    });
    const before = await fingerprint(small.handle.db);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/v1/imports/payments/dry-run',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/supera el tamaño máximo/);
    expect(res.json<{ code: string }>().code).toBe('payload_too_large');
    expect(await fingerprint(small.handle.db)).toEqual(before);
  });
});
