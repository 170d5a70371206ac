import { type SereciStudent, type SereciValidationPage, sereciMessages } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sereciValidations, students } from '../../db/schema/index.js';
import {
  certificateFor,
  certificateSql,
  SERECI_TEST_OFICIALIAS,
} from '../../integrations/sereci/registry.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse } from '../../test/factories/holders.js';
import { controlSimulator } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
let director: string;
const rudes = { segip: '', sereci: '', pending: [] as string[] };

const get = (url: string, token = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const validate = (rude: string, body: object, token = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sereci/students/${encodeURIComponent(rude)}/validation`,
    headers: bearer(token),
    payload: body,
  });
const certificateOf = (rude: string) => certificateFor(rude, '2015-05-05');

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 4 });
  const school = await makeSchool(db, { districtId: district.id });
  const other = await makeSchool(db, { districtId: district.id });
  const { inscriptionIds } = await makeHolderCourse(db, {
    institutionId: school.id,
    students: [
      { segipId: 1 },
      { segipId: 0, sereci: true },
      ...Array.from({ length: 13 }, () => ({ segipId: 0 })),
    ],
  });
  const rows = await db.execute(sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id
    WHERE n.id = ANY(${`{${inscriptionIds.join(',')}}`}::int[]) ORDER BY n.id`);
  const all = (rows as unknown as { rows: Array<{ rude: string }> }).rows.map((r) => r.rude);
  rudes.segip = all[0]!;
  rudes.sereci = all[1]!;
  rudes.pending = all.slice(2);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [other.id] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  director = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx.close());

describe('SERECI registry', () => {
  it('computes the same certificates in SQL as in TypeScript (the generator relies on it)', async () => {
    const c = certificateSql('d.rude', 'd.birth');
    const result = await ctx.handle.db.execute(
      sql.raw(`SELECT d.rude, d.birth::text AS birth, ${c.oficialia} AS oficialia, ${c.libro} AS libro, ${c.partida} AS partida,
        ${c.folio} AS folio FROM (SELECT (80000000 + g * 7919)::text || '2015' || lpad(g::text, 4, '0') AS rude,
        DATE '2010-01-01' + g AS birth FROM generate_series(1, 500) AS g) d`),
    );
    for (const row of (result as unknown as { rows: Array<Record<string, string>> }).rows) {
      expect({ oficialia: row.oficialia, libro: row.libro, partida: row.partida, folio: row.folio }).toEqual(
        certificateFor(row.rude!, row.birth!),
      );
    }
  });
});

describe('Validación SERECI: lookup and status', () => {
  it('finds a student by RUDE trimmed and upper-cased, with the status badge', async () => {
    const res = await get(`/sereci/students/${encodeURIComponent(`  ${rudes.pending[0]!.toLowerCase()} `)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<SereciStudent>();
    expect(body).toMatchObject({
      rude: rudes.pending[0],
      status: 'pending',
      statusLabel: 'Pendiente de Validación',
      certificate: null,
    });
    expect((await get(`/sereci/students/${rudes.segip}`)).json<SereciStudent>().statusLabel).toBe(
      'Validado SEGIP',
    );
    expect((await get(`/sereci/students/${rudes.sereci}`)).json<SereciStudent>().statusLabel).toBe(
      'Validado SERECI',
    );
  });

  it('answers the specification messages for an empty or unknown RUDE', async () => {
    const empty = await get('/sereci/students/%20%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(sereciMessages.enterValidRude);
    const unknown = await get('/sereci/students/NOEXISTE123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Estudiante no encontrado');
  });

  it('is for administrators only', async () => {
    expect((await get(`/sereci/students/${rudes.pending[0]}`, director)).statusCode).toBe(403);
    expect((await validate(rudes.pending[0]!, certificateOf(rudes.pending[0]!), director)).statusCode).toBe(
      403,
    );
  });
});

describe('Validación SERECI: validating', () => {
  it('requires the four fields after trimming', async () => {
    const res = await validate(rudes.pending[0]!, { ...certificateOf(rudes.pending[0]!), folio: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Folio: El campo es obligatorio.');
  });

  it('only validates pending students', async () => {
    const segip = await validate(rudes.segip, certificateOf(rudes.segip));
    expect(segip.statusCode).toBe(409);
    expect(segip.json().message).toBe(sereciMessages.alreadyValidatedSegip);
    const sereci = await validate(rudes.sereci, certificateOf(rudes.sereci));
    expect(sereci.json().message).toBe(sereciMessages.alreadyValidatedSereci);
  });

  it('refuses a certificate that differs, naming the fields, and changes nothing', async () => {
    const rude = rudes.pending[1]!;
    const right = certificateOf(rude);
    const res = await validate(rude, {
      ...right,
      folio: String(Number(right.folio) + 1),
      libro: `0${right.libro}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Los datos del certificado de nacimiento no coinciden con el registro de SERECI: Folio.',
    );
    const [student] = await ctx.handle.db.select().from(students).where(eq(students.rude, rude));
    expect(student!.emparejaSereci).toBe(false);
  });

  it('reports SERECI refusing (no record), failing and being slow, changing nothing', async () => {
    const rude = rudes.pending[2]!;
    const unknown = await validate(rude, {
      ...certificateOf(rude),
      oficialia: SERECI_TEST_OFICIALIAS.unknown,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([409, sereciMessages.unknownRecord]);
    const failure = await validate(rude, {
      ...certificateOf(rude),
      oficialia: SERECI_TEST_OFICIALIAS.failure,
    });
    expect([failure.statusCode, failure.json().message]).toEqual([503, sereciMessages.serviceUnavailable]);
    await controlSimulator(ctx.outside.endpoints.sereci.url, { mode: 'slow', delayMs: 2_500 });
    const slow = await validate(rude, certificateOf(rude));
    await controlSimulator(ctx.outside.endpoints.sereci.url, { mode: 'normal' });
    expect([slow.statusCode, slow.json().message]).toEqual([503, sereciMessages.serviceUnavailable]);
    await controlSimulator(ctx.outside.endpoints.sereci.url, { mode: 'refuse' });
    const refused = await validate(rude, certificateOf(rude));
    await controlSimulator(ctx.outside.endpoints.sereci.url, { mode: 'normal' });
    expect(refused.statusCode).toBe(409);
    const [row] = await ctx.handle.db.select().from(sereciValidations).where(sql`true`).limit(1);
    expect(row).toBeUndefined();
  });

  it('validates a pending student: empareja_sereci, the record, the audit row and the prefill', async () => {
    const rude = rudes.pending[3]!;
    const res = await validate(rude, {
      ...certificateOf(rude),
      oficialia: ` ${certificateOf(rude).oficialia} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Validación exitosa',
      student: { status: 'sereci', certificate: certificateOf(rude) },
    });
    const [student] = await ctx.handle.db.select().from(students).where(eq(students.rude, rude));
    expect(student!.emparejaSereci).toBe(true);
    const audits = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'sereci.validate'));
    expect(audits).toHaveLength(1);
    const again = await validate(rude, certificateOf(rude));
    expect(again.statusCode).toBe(409);
  });

  it('lets only one of two racing validations through', async () => {
    const rude = rudes.pending[4]!;
    const results = await Promise.all([
      validate(rude, certificateOf(rude)),
      validate(rude, certificateOf(rude)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.handle.db.execute(
      sql`SELECT count(*)::int AS n FROM sereci_validations v JOIN students s ON s.id = v.student_id WHERE s.rude = ${rude}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });
});

describe('Estudiantes Validados', () => {
  it('pages 10 at a time on the server, newest first, and searches by RUDE or name', async () => {
    for (const rude of rudes.pending.slice(5))
      expect((await validate(rude, certificateOf(rude))).statusCode).toBe(200);
    const first = (await get('/sereci/validations')).json<SereciValidationPage>();
    expect(first.total).toBe(10);
    expect(first.items).toHaveLength(10);
    expect((await get('/sereci/validations?page=2')).json<SereciValidationPage>().items).toHaveLength(0);
    const byRude = (await get(`/sereci/validations?search=${rudes.pending[3]}`)).json<SereciValidationPage>();
    expect(byRude.items.map((i) => i.rude)).toEqual([rudes.pending[3]]);
    expect((await get('/sereci/validations?search=NADIE')).json<SereciValidationPage>().total).toBe(0);
  });
});
