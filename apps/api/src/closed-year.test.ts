import type { DryRunResult } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from './db/rows.js';
import { refreshStatistics } from './db/summaries.js';
import { certificateFor } from './integrations/sereci/registry.js';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { multipartPayload } from './test/factories/events.js';
import { knownIdentity, makeHolderCourse, makePerson, makeTitular } from './test/factories/holders.js';
import { markPaid } from './test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from './test/factories.js';
import { openNextYear } from './test/years.js';

/**
 * Issue 18: once 2026 is opened, 2025 is read-only. A school's 2025 students, with titulars, a
 * payment and a consolidated sworn declaration; 2026 is opened through its route; then every write
 * route is tried on 2025's records, and each is refused while 2025's declaration, payments and
 * figures stay byte for byte as they were.
 */

let ctx: TestContext;
const t: Record<string, string> = {};
let sie = 0;
let departmentId = 0;
const ins: number[] = [];
const rudes: string[] = [];
let spareGuardianId = 0;
let titularPersonId = 0;
let otherPersonId = 0;
let otherCarnet = '';

const call = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return { status: res.statusCode, body: res.json<{ message: string }>() };
};

/** md5 of each query's rows in a stable order: 2025's records as a person or a report would read them. */
async function closedYearSnapshot(): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    declarations: 'SELECT d.* FROM declarations d WHERE d.year = 2025',
    payments: 'SELECT p.* FROM payments p JOIN inscriptions n ON n.id = p.inscription_id WHERE n.year = 2025',
    studentBonus: 'SELECT b.* FROM student_bonus b WHERE b.year = 2025',
    inscriptions: 'SELECT n.* FROM inscriptions n WHERE n.year = 2025',
    guardians:
      'SELECT g.* FROM guardians g JOIN inscriptions n ON n.id = g.inscription_id WHERE n.year = 2025',
    titulars:
      'SELECT a.* FROM titular_assignments a JOIN inscriptions n ON n.id = a.inscription_id WHERE n.year = 2025',
    blocks:
      'SELECT b.* FROM student_blocks b JOIN inscriptions n ON n.id = b.inscription_id WHERE n.year = 2025',
    paidValidations:
      'SELECT v.* FROM paid_validations v JOIN inscriptions n ON n.id = v.inscription_id WHERE n.year = 2025',
    removals: 'SELECT r.* FROM beneficiary_removals r WHERE r.year = 2025',
    adjustments: 'SELECT a.* FROM titular_adjustments a WHERE a.year = 2025',
    students: 'SELECT s.* FROM students s JOIN inscriptions n ON n.student_id = s.id WHERE n.year = 2025',
    sereci: 'SELECT v.* FROM sereci_validations v',
    persons: 'SELECT p.* FROM persons p',
    closedYear: 'SELECT y.* FROM closed_years y',
  };
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(queries)) {
    const row = await firstRow<{ n: number; h: string }>(
      ctx.handle.db,
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM (${query}) x`,
    );
    out[name] = `${row!.n}:${row!.h}`;
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  departmentId = district.departmentId;
  sie = (await makeSchool(db, { districtId: district.id })).id;
  // Four students of 2025, each with a titular; the last one's identity is not validated (SERECI).
  const { inscriptionIds } = await makeHolderCourse(db, {
    institutionId: sie,
    students: [{}, {}, {}, { segipId: 0 }],
  });
  ins.push(...inscriptionIds);
  for (const id of ins) {
    const rude = await firstRow<{ rude: string }>(
      db,
      sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = ${id}`,
    );
    rudes.push(rude!.rude);
  }
  const mother = await makePerson(db);
  const father = await makePerson(db);
  titularPersonId = mother.id;
  const other = await makePerson(db);
  otherPersonId = other.id;
  otherCarnet = other.carnet;
  for (const id of ins)
    await makeTitular(db, { inscriptionId: id, personId: mother.id, registeredInstitutionId: sie });
  spareGuardianId = (
    await makeTitular(db, {
      inscriptionId: ins[0]!,
      personId: father.id,
      relationshipId: 2,
      registeredInstitutionId: sie,
      selected: false,
    })
  ).id;
  await markPaid(db, ins[1]!);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  for (const [name, type] of [
    ['admin', 1],
    ['director', 2],
    ['depto', 2],
    ['distrito', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;
  // 2025's list consolidated, with its sworn declaration, while 2025 is open.
  const consolidated = await call('director', 'POST', `/holders/institutions/${sie}/consolidation`);
  expect(consolidated.status, JSON.stringify(consolidated.body)).toBe(200);
  await refreshStatistics(db);
  await openNextYear(ctx.app, t.admin!);
}, 60_000);
afterAll(() => ctx?.close());

describe('a closed year is read-only', () => {
  it('refuses every write to a 2025 student and leaves 2025 byte for byte as it was', async () => {
    const before = await closedYearSnapshot();
    expect(before.declarations.startsWith('1:')).toBe(true);
    expect(before.payments.startsWith('1:')).toBe(true);
    const closed = 'La gestión 2025 está cerrada: sus datos solo se pueden consultar.';
    // A person joins a student's guardians only once the user's own search found them.
    for (const who of ['director', 'admin']) {
      const found = await call(who, 'POST', '/holders/persons/search', {
        carnet: otherCarnet,
        complemento: '',
      });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
    }
    const holders = `/holders/institutions/${sie}/inscriptions/${ins[0]}`;
    const adjustments = `/adjustments/institutions/${sie}/inscriptions/${ins[0]}`;
    const identity = knownIdentity();
    const newTitular = {
      carnet: identity.carnet,
      complemento: '',
      relationshipId: 3,
      foreign: false,
      gender: identity.gender,
      birthDate: identity.birthDate,
      name: identity.name,
      paterno: identity.paterno,
      materno: identity.materno,
    };
    // [who, method, url, body, status, message]: the status and message each route answers.
    const attempts: Array<
      [string, 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, object | undefined, number, string]
    > = [
      ['director', 'PUT', `${holders}/titular`, { guardianId: spareGuardianId }, 409, closed],
      ['distrito', 'PUT', `${holders}/titular`, { guardianId: null }, 409, closed],
      [
        'director',
        'POST',
        `${holders}/guardians`,
        { personId: otherPersonId, relationshipId: 3 },
        409,
        closed,
      ],
      ['director', 'POST', `${holders}/guardians/new`, newTitular, 409, closed],
      ['director', 'PATCH', `${holders}/guardians/${spareGuardianId}`, { relationshipId: 4 }, 409, closed],
      ['director', 'DELETE', `${holders}/guardians/${spareGuardianId}`, undefined, 409, closed],
      ['admin', 'PUT', `${adjustments}/titular`, { guardianId: spareGuardianId }, 409, closed],
      ['admin', 'PUT', `${adjustments}/titular`, { guardianId: null }, 409, closed],
      [
        'admin',
        'POST',
        `${adjustments}/guardians`,
        { personId: otherPersonId, relationshipId: 3 },
        409,
        closed,
      ],
      [
        'director',
        'PUT',
        `/paid-validation/institutions/${sie}/inscriptions/${ins[1]}/validation`,
        { isPaid: true },
        409,
        closed,
      ],
    ];
    for (const [who, method, url, body, status, message] of attempts) {
      const res = await call(who, method, url, body);
      expect(res.status, `${who} ${method} ${url} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.message, `${method} ${url}`).toBe(message);
    }
    // Routes that find the student by RUDE look in the open year only: a 2025-only student is not there.
    const byRude: Array<[string, string, object]> = [
      [
        'depto',
        `/removals/departments/${departmentId}/students/${rudes[2]}`,
        { reason: 'Traslado al exterior' },
      ],
      ['admin', `/blocking/students/${rudes[2]}/block`, { observation: 'Observación de prueba' }],
      ['admin', `/blocking/students/${rudes[2]}/unblock`, { observation: 'Observación de prueba' }],
      ['admin', '/adjustments/reenable', { rude: rudes[2]! }],
    ];
    for (const [who, url, body] of byRude) {
      const res = await call(who, 'POST', url, body);
      expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.message).toMatch(/[a-záéíóúñ]/i);
    }
    // SERECI is asked first, then the student found to be of 2025 only.
    const sereci = await call(
      'admin',
      'POST',
      `/sereci/students/${rudes[3]}/validation`,
      certificateFor(rudes[3]!, '2015-05-05'),
    );
    expect(sereci.status, JSON.stringify(sereci.body)).toBe(409);
    expect(sereci.body.message).toBe(closed);
    // Titular validation and consolidation act on the open year's list: 2026 has none of these students.
    const validation = await call(
      'director',
      'POST',
      `/holders/institutions/${sie}/titulars/${titularPersonId}/validation`,
    );
    expect(validation.status).toBeGreaterThanOrEqual(400);
    expect(validation.status).toBeLessThan(500);
    // The bank's payment file: a 2025 student's payment is refused as having no inscription this year.
    const { payload, headers } = await multipartPayload({
      archivo: {
        bytes: Buffer.from(
          `RUDE;MONTO;FECHA_PAGO;BANCO;AGENCIA;MODALIDAD\r\n${rudes[0]};250;15/11/2025;BANCO UNIÓN;CENTRAL;VENTANILLA\r\n`,
          'utf8',
        ),
        filename: 'pagos.csv',
      },
    });
    const dry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/imports/payments/dry-run',
      payload,
      headers: { ...headers, ...bearer(t.admin!) },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<DryRunResult>().counts).toMatchObject({ rows: 1, new: 0, changed: 0, refused: 1 });
    // What a school and an administrator do in 2026 acts on 2026 only: consolidating (holders,
    // paid validation) and reopening them write 2026's rows and leave 2025's declaration in force.
    const reason = { sie, reason: 'Motivo de la habilitación' };
    const newYear: Array<[string, string, object | undefined]> = [
      ['director', `/holders/institutions/${sie}/consolidation`, undefined],
      ['director', `/paid-validation/institutions/${sie}/consolidation`, undefined],
      ['admin', '/enabling/paid-validation', reason],
      ['admin', '/enabling/holders', reason],
    ];
    for (const [who, url, body] of newYear) {
      const res = await call(who, 'POST', url, body);
      expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    expect(await closedYearSnapshot()).toEqual(before);
  });

  it("still answers 2025's student with its titular for reading", async () => {
    const res = await call('director', 'GET', `/holders/institutions/${sie}/inscriptions/${ins[0]}/titulars`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
