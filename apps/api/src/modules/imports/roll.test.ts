import { type ImportDetail, importMessages, rollMessages, rowErrorText } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow, rows } from '../../db/rows.js';
import { refreshStatistics } from '../../db/summaries.js';
import { failAuditOf, fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { multipartPayload } from '../../test/factories/events.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
let viewer: string;
let year = 0;
let districtId = 0;
let schoolId = 0;
let rudes: string[] = [];

const call = (method: 'GET' | 'POST', url: string, token = admin) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token) });

async function upload(kind: string, text: string | Buffer, token = admin) {
  const { payload, headers } = await multipartPayload({
    archivo: { bytes: typeof text === 'string' ? Buffer.from(text, 'utf8') : text, filename: `${kind}.csv` },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/imports/roll/${kind}/dry-run`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

/** Waits for the import to leave 'checking' / 'queued' / 'running'. */
async function settled(id: number, until: RegExp) {
  await expect
    .poll(async () => (await call('GET', `/imports/${id}`)).json<ImportDetail>().state, { timeout: 20_000 })
    .toMatch(until);
  return (await call('GET', `/imports/${id}`)).json<ImportDetail>();
}

async function check(kind: string, text: string | Buffer) {
  const res = await upload(kind, text);
  expect(res.statusCode, res.body).toBe(202);
  return settled(res.json<{ id: number }>().id, /checked|failed/);
}

async function confirm(id: number) {
  const res = await call('POST', `/imports/${id}/confirm`);
  expect(res.statusCode, res.body).toBe(202);
  return settled(id, /done|failed/);
}

/** Every table but the import's own bookkeeping (its row, stored file, job, staged rows and differences). */
async function programmeTables() {
  const all = await fingerprint(ctx.handle.db);
  for (const name of [
    'file_imports',
    'stored_file',
    'job_progress',
    'roll_staging',
    'roll_changes',
    'audit_log',
  ])
    delete all[name];
  return all;
}

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const rollHeader =
  'GESTION;SIE;NIVEL;GRADO;PARALELO;TURNO;RUDE;PATERNO;MATERNO;NOMBRES;GENERO;FECHA_NACIMIENTO;CI;COMPLEMENTO';

/** The students as the console holds them, as roll lines (so an unchanged file is really unchanged). */
async function currentLines(only: string[]) {
  const found = await rows<{ line: string }>(
    ctx.handle.db,
    sql`SELECT concat_ws(';', n.year, c.institution_id, c.level_id, c.grade_id, chr(64 + c.parallel_id), c.shift_id,
        s.rude, s.first_last_name, s.second_last_name, s.name, s.gender, to_char(s.birth_date, 'DD/MM/YYYY'),
        coalesce(s.document_number, ''), s.document_complement) AS line
      FROM inscriptions n JOIN students s ON s.id = n.student_id JOIN courses c ON c.id = n.course_id
      WHERE s.rude = ANY(${`{${only.join(',')}}`}::text[]) ORDER BY s.rude`,
  );
  return found.map((f) => f.line);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  year = Number((await firstRow<{ y: number }>(db, sql`SELECT year AS y FROM programme_settings`))!.y);
  districtId = (await makeDistrict(db, { departmentId: 4 })).id;
  schoolId = (await makeSchool(db, { districtId, consolidated: true })).id;
  ({ rudes } = await makeStudentsWithTitulars(db, { institutionId: schoolId, students: [{}, {}, {}] }));
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  viewer = (await loginAs(ctx.app, 'ministerio', 1)).token;
});
afterAll(() => ctx.close());

describe('school roll import', () => {
  it('serves each file template with its layout header', async () => {
    const roll = await call('GET', '/imports/roll/roll/template');
    expect(roll.statusCode).toBe(200);
    const [header, example] = roll.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(rollHeader);
    expect(example!.startsWith(`${year};`)).toBe(true);
    expect((await call('GET', '/imports/roll/districts/template')).body).toContain(
      'COD_DEPARTAMENTO;COD_DISTRITO;DISTRITO',
    );
    expect((await call('GET', '/imports/roll/teachers/template')).statusCode).toBe(400);
  });

  it('districts: counts new, unchanged and a district of another department; confirm writes; a re-import changes nothing', async () => {
    const file = csv(
      'COD_DEPARTAMENTO;COD_DISTRITO;DISTRITO',
      `OR;${districtId};Distrito ${districtId}`,
      'OR;4901;Huanuni',
      `LP;${districtId};Otro nombre`.replace(`${districtId}`, String(districtId)),
    );
    // The third line repeats the district code: a structural error, nothing counted.
    const duplicate = await check('districts', file);
    expect(duplicate.state).toBe('failed');
    expect(duplicate.error).toBe(
      `Línea 4: el distrito ${districtId} ya aparece en la línea 2; cada fila debe figurar una sola vez.`,
    );

    const before = await programmeTables();
    const other = await makeDistrict(ctx.handle.db, { departmentId: 2 });
    const good = await check(
      'districts',
      csv(
        'cod departamento;cod distrito;distrito',
        `Oruro;${districtId};Distrito ${districtId}`,
        '4;4901;Huanuni',
        `OR;${other.id};Movido`,
      ),
    );
    expect(good.state).toBe('checked');
    expect(good.counts).toMatchObject({ rows: 3, new: 1, unchanged: 1, changed: 0, refused: 1, errors: 0 });
    expect(good.errorList?.map((e) => e.message)).toEqual([
      `Línea 4, COD_DEPARTAMENTO: el distrito ${other.id} ya existe en otro departamento; un distrito no cambia de departamento.`,
    ]);
    const now = await programmeTables();
    delete now.districts;
    delete before.districts;
    expect(now).toEqual(before);

    const done = await confirm(good.id);
    expect(done.state).toBe('done');
    expect(
      await firstRow(ctx.handle.db, sql`SELECT department_id AS d, name FROM districts WHERE id = 4901`),
    ).toEqual({ d: 4, name: 'Huanuni' });
    expect(
      await firstRow(ctx.handle.db, sql`SELECT department_id AS d FROM districts WHERE id = ${other.id}`),
    ).toEqual({ d: 2 });

    const again = await check('districts', csv('COD_DEPARTAMENTO;COD_DISTRITO;DISTRITO', 'OR;4901;Huanuni'));
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 1 });
  });

  it('institutions: a school in a district that does not exist is a row error; the others are written', async () => {
    const file = csv(
      'SIE;NOMBRE;TIPO;DEPENDENCIA;AREA;SUBSISTEMA;COD_DISTRITO',
      '40490001;Unidad Educativa Huanuni;UE;PUBLICA;URBANO;REGULAR;4901',
      '40490002;Centro Especial Huanuni;CEE;CONVENIO;R;Especial;9999999',
      '4049;Corto;UE;PUBLICA;URBANO;REGULAR;4901',
    );
    const checked = await check('institutions', file);
    expect(checked.counts).toMatchObject({ rows: 3, new: 1, refused: 1, errors: 1 });
    expect(checked.errorList?.map((e) => e.message)).toEqual([
      'Línea 3, COD_DISTRITO: el distrito 9999999 no existe: impórtelo antes en el archivo de distritos.',
      'Línea 4, SIE: código SIE no válido (8 cifras).',
    ]);
    expect((await confirm(checked.id)).state).toBe('done');
    expect(
      await firstRow(
        ctx.handle.db,
        sql`SELECT name, department_id AS d, code_type AS t FROM institutions WHERE id = 40490001`,
      ),
    ).toEqual({ name: 'Unidad Educativa Huanuni', d: 4, t: 1 });
    expect(
      await firstRow(ctx.handle.db, sql`SELECT 1 AS x FROM institutions WHERE id = 40490002`),
    ).toBeUndefined();
  });

  it('roll: counts new, changed, unchanged and withdrawn without writing; confirm merges; the withdrawn student keeps its titular', async () => {
    const [kept, renamed, left] = rudes as [string, string, string];
    const lines = await currentLines([kept, renamed]);
    const keptLine = lines.find((l) => l.includes(`;${kept};`))!;
    const renamedLine = lines
      .find((l) => l.includes(`;${renamed};`))!
      .replace(/;([^;]*);(\d);(\d\d\/\d\d\/\d{4})/, ';NUEVO NOMBRE;$2;$3');
    const file = csv(
      rollHeader,
      keptLine,
      renamedLine,
      `${year};40490001;Secundaria;2;B;Tarde;NUEVO2025000001;Choque;;Ana;F;01/02/2011;1234567;`,
      `${year};77777777;Primaria;1;A;M;NUEVO2025000002;Mamani;;Luis;M;01/02/2018;;`,
      `${year};40490001;Primaria;9;A;M;NUEVO2025000003;Mamani;;Luis;M;31/02/2018;;`,
    );
    const before = await programmeTables();
    const checked = await check('roll', file);
    expect(checked.state, checked.error ?? '').toBe('checked');
    expect(checked.counts).toEqual({
      rows: 5,
      new: 1,
      changed: 1,
      unchanged: 1,
      refused: 1,
      errors: 1,
      withdrawn: 1,
    });
    expect(checked.errorList?.map((e) => e.message)).toEqual([
      'Línea 5, SIE: la unidad educativa 77777777 no existe: impórtela antes en el archivo de unidades educativas.',
      'Línea 6, GRADO: grado no válido (de 1 a 6, o 99 para CEA).',
      'Línea 6, FECHA_NACIMIENTO: fecha no válida (use dd/mm/aaaa).',
    ]);
    expect(await programmeTables()).toEqual(before);
    // The students the file leaves out are listed for review on a sheet of the errors spreadsheet.
    const sheet = await call('GET', `/imports/${checked.id}/errors`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const listed = book
      .getWorksheet('Retirados')!
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[])[1]);
    expect(listed).toEqual([left]);

    const done = await confirm(checked.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ new: 1, changed: 1, unchanged: 1, withdrawn: 1 });
    const newcomer = await firstRow(
      ctx.handle.db,
      sql`SELECT s.name, s.document_number AS ci, c.level_id AS level, c.grade_id AS grade, c.parallel_id AS parallel,
          c.shift_id AS shift, n.institution_id AS sie
        FROM students s JOIN inscriptions n ON n.student_id = s.id AND n.year = ${year} JOIN courses c ON c.id = n.course_id
        WHERE s.rude = 'NUEVO2025000001'`,
    );
    expect(newcomer).toEqual({
      name: 'ANA',
      ci: '1234567',
      level: 13,
      grade: 2,
      parallel: 2,
      shift: 2,
      sie: 40490001,
    });
    expect(
      (await firstRow<{ name: string }>(
        ctx.handle.db,
        sql`SELECT name FROM students WHERE rude = ${renamed}`,
      ))!.name,
    ).toBe('NUEVO NOMBRE');
    const withdrawn = await firstRow<{ at: string | null; titular: number }>(
      ctx.handle.db,
      sql`SELECT n.withdrawn_at AS at, (SELECT count(*)::int FROM titular_assignments t WHERE t.inscription_id = n.id) AS titular
        FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE s.rude = ${left}`,
    );
    expect(withdrawn!.at).not.toBeNull();
    expect(withdrawn!.titular).toBeGreaterThan(0);
    expect(await firstRow(ctx.handle.db, sql`SELECT count(*)::int AS n FROM roll_staging`)).toEqual({ n: 0 });

    // The same file again: nothing changes (the withdrawn student stays withdrawn, not counted twice).
    const after = await programmeTables();
    const again = await check('roll', file);
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 3, withdrawn: 0 });
    expect((await confirm(again.id)).state).toBe('done');
    expect(await programmeTables()).toEqual(after);
  });

  it('roll: the figures rebuilt in the districts the file moves students in and out of, no other', async () => {
    const db = ctx.handle.db;
    const arrival = await makeDistrict(db, { departmentId: 4 });
    const arrivalSchool = await makeSchool(db, { districtId: arrival.id });
    const untouched = await makeDistrict(db, { departmentId: 4 });
    const current = await rows<{ rude: string }>(
      db,
      sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id
        WHERE n.year = ${year} AND n.withdrawn_at IS NULL`,
    );
    const [mover] = rudes as [string];
    const lines = (await currentLines(current.map((c) => c.rude))).map((l) =>
      l.includes(`;${mover};`) ? l.replace(/^(\d+);\d+;/, `$1;${arrivalSchool.id};`) : l,
    );
    // A stale row in a district the file does not touch: a rebuild of every district would drop it.
    const stale = sql`SELECT total FROM stats_beneficiaries WHERE district_id = ${untouched.id}`;
    await db.execute(sql`INSERT INTO stats_beneficiaries
      (department_id, district_id, dependency, area, level_id, grade_id, total, paid, male, female)
      VALUES (4, ${untouched.id}, 1, 1, 12, 1, 99, 0, 99, 0)`);
    const checked = await check('roll', csv(rollHeader, ...lines));
    expect(checked.counts).toMatchObject({ changed: 1, new: 0, withdrawn: 0 });
    expect((await confirm(checked.id)).state).toBe('done');

    const figures = sql`SELECT district_id AS d, level_id AS l, grade_id AS g, total, paid, male, female
      FROM stats_beneficiaries WHERE district_id IN (${districtId}, ${arrival.id}) ORDER BY 1, 2, 3`;
    const afterImport = await rows<{ d: number }>(db, figures);
    expect(afterImport.some((f) => f.d === arrival.id)).toBe(true);
    expect(await rows(db, stale)).toEqual([{ total: 99 }]);
    // The two districts as a rebuild of every district computes them.
    await refreshStatistics(db);
    expect(await rows(db, figures)).toEqual(afterImport);
    expect(await rows(db, stale)).toEqual([]);
  });

  it('roll: the confirmation writes the dry run differences, or counts again when the roll moved since', async () => {
    const db = ctx.handle.db;
    const currentFile = async (rename: string) => {
      const current = await rows<{ rude: string }>(
        db,
        sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id
          WHERE n.year = ${year} AND n.withdrawn_at IS NULL ORDER BY s.rude`,
      );
      const lines = await currentLines(current.map((c) => c.rude));
      const target = current[0]!.rude;
      const renamed = lines.map((l) =>
        l.includes(`;${target};`) ? l.replace(/;([^;]*);(\d);(\d\d\/\d\d\/\d{4})/, `;${rename};$2;$3`) : l,
      );
      return { file: csv(rollHeader, ...renamed), target };
    };
    const nameOf = async (rude: string) =>
      (await firstRow<{ name: string }>(db, sql`SELECT name FROM students WHERE rude = ${rude}`))!.name;

    // Nothing moved since the dry run: the confirmation writes the differences the dry run stored.
    const first = await currentFile('NOMBRE REVISADO');
    const checked = await check('roll', first.file);
    expect(checked.counts).toMatchObject({ changed: 1, new: 0, withdrawn: 0 });
    await db.execute(
      sql`UPDATE roll_changes SET name = 'NOMBRE DE LA REVISION' WHERE import_id = ${checked.id}`,
    );
    expect((await confirm(checked.id)).result).toMatchObject({ changed: 1, withdrawn: 0 });
    expect(await nameOf(first.target)).toBe('NOMBRE DE LA REVISION');

    // The roll moved after the dry run (the rename made another way, a student inscribed): the
    // confirmation counts again against the roll as it is now.
    const second = await currentFile('OTRO NOMBRE');
    const again = await check('roll', second.file);
    expect(again.counts).toMatchObject({ changed: 1, withdrawn: 0 });
    await db.execute(sql`UPDATE students SET name = 'OTRO NOMBRE' WHERE rude = ${second.target}`);
    const {
      rudes: [newcomer],
    } = await makeStudentsWithTitulars(db, { institutionId: schoolId, students: [{}] });
    const done = await confirm(again.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ changed: 0, withdrawn: 1 });
    const withdrawn = await firstRow<{ at: string | null }>(
      db,
      sql`SELECT n.withdrawn_at AS at FROM inscriptions n JOIN students s ON s.id = n.student_id
        WHERE s.rude = ${newcomer!} AND n.year = ${year}`,
    );
    expect(withdrawn!.at).not.toBeNull();
  });

  it('roll: the same RUDE twice or a row of another year refuses or flags; wrong columns refuse the file', async () => {
    const twice = await check(
      'roll',
      csv(
        rollHeader,
        `${year};40490001;Primaria;1;A;M;DOBLE000000001;Mamani;;Luis;M;01/02/2018;;`,
        `${year};40490001;Primaria;1;A;M;DOBLE000000001;Mamani;;Luis;M;01/02/2018;;`,
      ),
    );
    expect(twice.state).toBe('failed');
    expect(twice.error).toBe(
      'Línea 3: el RUDE DOBLE000000001 ya aparece en la línea 2; cada estudiante debe figurar una sola vez.',
    );
    expect((await call('POST', `/imports/${twice.id}/confirm`)).statusCode).toBe(409);
    const columns = await check('roll', csv('RUDE;NOMBRES', 'A1;Luis'));
    expect(columns.state).toBe('failed');
    expect(columns.error).toMatch(/^Las columnas del archivo no son las esperadas \(faltan: GESTION, SIE/);
    const otherYear = await check(
      'roll',
      csv(rollHeader, `${year - 1};40490001;Primaria;1;A;M;VIEJO0000001;Mamani;;Luis;M;01/02/2018;;`),
    );
    expect(otherYear.errorList?.[0]?.message).toBe(
      `Línea 2, GESTION: la fila es de otra gestión; este archivo debe ser de la gestión ${year}.`,
    );
    expect(
      await firstRow(
        ctx.handle.db,
        sql`SELECT count(*)::int AS n FROM roll_staging WHERE import_id = ${twice.id}`,
      ),
    ).toEqual({
      n: 0,
    });
  });

  it('roll: a quote not closed refuses the file with its line; a row wider or shorter than the header is its own error', async () => {
    const row = (rude: string) => `${year};40490001;Primaria;1;A;M;${rude};Mamani;;Luis;M;01/02/2018;;`;
    const quote = await check(
      'roll',
      csv(rollHeader, row('COMILLA000001'), `${row('COMILLA000002')}"`, row('COMILLA000003')),
    );
    expect(quote.state).toBe('failed');
    expect(quote.error).toBe(importMessages.quoting(3));
    const open = await check(
      'roll',
      csv(rollHeader, row('COMILLA000001'), `${year};"40490001;Primaria`, row('COMILLA000003')),
    );
    expect(open.error).toBe(importMessages.quoting(3));

    const widths = await check(
      'roll',
      csv(
        rollHeader,
        row('ANCHO00000001'),
        `${row('ANCHO00000002')};sobra`,
        `${year};40490001;Primaria;1;A;M;ANCHO00000003;Mamani;;Luis`,
        `${row('ANCHO00000004')};;`,
      ),
    );
    expect(widths.state, widths.error ?? '').toBe('checked');
    expect(widths.counts).toMatchObject({ rows: 4, new: 2, errors: 2 });
    expect(widths.errorList?.map((e) => e.message)).toEqual([
      rowErrorText({ line: 3, column: '', message: importMessages.rowWidth(15, 14) }),
      'Línea 4, GENERO: género no válido (use M o F).',
      'Línea 4, FECHA_NACIMIENTO: fecha no válida (use dd/mm/aaaa).',
    ]);
  });

  it('roll: a Latin-1 file, names in lower case or with spaces around, read and stored as the domain says', async () => {
    const file = csv(
      rollHeader,
      `${year};40490001;Primaria;1;E;Mañana;LATIN00000001;muñoz; Pérez ;José Ñandú;M;01/02/2018; 4455667 ;`,
      `${year};40490001;primaria;1;e;mañana;LATIN00000002;Quispe;;Ana;f;2018-02-03;;1a`,
    );
    const checked = await check('roll', Buffer.from(file, 'latin1'));
    expect(checked.state, checked.error ?? '').toBe('checked');
    expect(checked.counts).toMatchObject({ rows: 2, new: 2, errors: 0, refused: 0 });
    expect((await confirm(checked.id)).state).toBe('done');
    expect(
      await rows(
        ctx.handle.db,
        sql`SELECT s.first_last_name AS p, s.second_last_name AS m, s.name AS n, s.gender AS g, s.birth_date::text AS b,
            s.document_number AS ci, s.document_complement AS co, c.parallel_id AS par, c.shift_id AS sh
          FROM students s JOIN inscriptions i ON i.student_id = s.id AND i.year = ${year} JOIN courses c ON c.id = i.course_id
          WHERE s.rude LIKE 'LATIN%' ORDER BY s.rude`,
      ),
    ).toEqual([
      {
        p: 'MUÑOZ',
        m: 'PÉREZ',
        n: 'JOSÉ ÑANDÚ',
        g: 1,
        b: '2018-02-01',
        ci: '4455667',
        co: '',
        par: 5,
        sh: 1,
      },
      { p: 'QUISPE', m: '', n: 'ANA', g: 2, b: '2018-02-03', ci: null, co: '1A', par: 5, sh: 1 },
    ]);
  });

  it('writes nothing when the last step (the audit row) fails', async () => {
    const checked = await check(
      'roll',
      csv(rollHeader, `${year};40490001;Primaria;1;C;M;FALLA000000001;Quispe;;Eva;F;01/02/2018;;`),
    );
    expect(checked.state).toBe('checked');
    const before = await programmeTables();
    const restore = await failAuditOf(ctx.handle.db, 'imports.roll');
    try {
      const res = await call('POST', `/imports/${checked.id}/confirm`);
      expect(res.statusCode).toBe(202);
      // The in-process queue retries; each attempt fails at the audit row and rolls back.
      await expect
        .poll(async () => (await call('GET', `/imports/${checked.id}`)).json<ImportDetail>().state, {
          timeout: 20_000,
        })
        .toBe('failed');
    } finally {
      await restore();
    }
    expect(await programmeTables()).toEqual(before);
  });

  it('refuses to confirm a roll checked for a year that a new gestión has closed since, writing nothing', async () => {
    const checked = await check(
      'roll',
      csv(rollHeader, `${year};40490001;Primaria;1;C;M;CERRADA0000001;Quispe;;Eva;F;01/02/2018;;`),
    );
    expect(checked.state).toBe('checked');
    const before = await programmeTables();
    // What opening the next gestión does to the open year (settings' own tests open it for real).
    await ctx.handle.db.execute(sql`UPDATE programme_settings SET year = year + 1 WHERE id = 1`);
    try {
      const done = await confirm(checked.id);
      expect(done.state).toBe('failed');
      expect(done.error).toBe(rollMessages.yearNoLongerOpen(year, year + 1));
    } finally {
      await ctx.handle.db.execute(sql`UPDATE programme_settings SET year = year - 1 WHERE id = 1`);
    }
    const after = await programmeTables();
    expect(after).toEqual(before);
  });

  it('keeps one unconfirmed check staged; an earlier check, confirmed later, stages its file again', async () => {
    const file = (rude: string) =>
      csv(rollHeader, `${year};40490001;Primaria;1;D;M;${rude};Quispe;;Eva;F;01/02/2018;;`);
    const first = await check('roll', file('PRIMERO00000001'));
    const second = await check('roll', file('SEGUNDO00000001'));
    const staged = await rows<{ id: number }>(
      ctx.handle.db,
      sql`SELECT DISTINCT import_id AS id FROM roll_staging`,
    );
    // Only the latest check's rows stay (the failed confirmation's import above included).
    expect(staged.map((r) => Number(r.id))).toEqual([second.id]);
    const done = await confirm(first.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ rows: 1, new: 1 });
    expect(
      await firstRow(
        ctx.handle.db,
        sql`SELECT count(*)::int AS n FROM students WHERE rude = 'PRIMERO00000001'`,
      ),
    ).toEqual({ n: 1 });
  });

  it('roll: a confirmation whose stored differences were lost (a crash empties roll_changes) counts again', async () => {
    const db = ctx.handle.db;
    const active = sql`SELECT count(*)::int AS n FROM inscriptions WHERE year = ${year} AND withdrawn_at IS NULL`;
    const { n: before } = (await firstRow<{ n: number }>(db, active))!;
    expect(before).toBeGreaterThan(0);
    // Every row refused (a school that does not exist): nothing staged, the whole roll withdrawn.
    const checked = await check(
      'roll',
      csv(rollHeader, `${year};77777777;Primaria;1;A;M;PERDIDO0000001;Mamani;;Luis;M;01/02/2018;;`),
    );
    expect(checked.counts).toMatchObject({ new: 0, changed: 0, unchanged: 0, refused: 1, withdrawn: before });
    // What a crash of PostgreSQL does to the unlogged table; the roll's epoch has not moved.
    await db.execute(sql`DELETE FROM roll_changes WHERE import_id = ${checked.id}`);
    const done = await confirm(checked.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ withdrawn: before });
    expect(await firstRow(db, active)).toEqual({ n: 0 });
  });

  it('is for national administrators only', async () => {
    expect((await upload('roll', csv(rollHeader), viewer)).statusCode).toBe(403);
    expect((await call('GET', '/imports/roll/roll/template', viewer)).statusCode).toBe(403);
  });
});
