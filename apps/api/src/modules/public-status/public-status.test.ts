import { PUBLIC_STATUS_RATE, publicStatusMessages } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, students } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { giveTitulars, makeReportSchool, removeBeneficiaries } from '../../test/factories/reports.js';
import { makeCourseWithStudents, makeDistrict } from '../../test/factories.js';

let ctx: TestContext;
const rude = { paid: '', titular: '', pending: '', removed: '' };
let schoolId = 0;
let calls = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  const school = await makeReportSchool(db, { districtId: district.id, name: 'Unidad Educativa Tunari' });
  schoolId = school.id;
  const ids = await makeCourseWithStudents(db, {
    institutionId: school.id,
    count: 4,
    paid: 1,
    paidOn: '2025-11-03',
  });
  await giveTitulars(db, ids.slice(0, 2), school.id);
  await removeBeneficiaries(db, ids.slice(3));
  const rows = await db.select({ rude: students.rude, id: students.id }).from(students).orderBy(students.id);
  [rude.paid, rude.titular, rude.pending, rude.removed] = rows.map((r) => r.rude);
  await db.update(students).set({ birthDate: '2016-02-29' }).where(eq(students.rude, rude.paid));
});
afterAll(() => ctx.close());

/** Every call counts against the per-address limit, so the file stays under it until the last test. */
const ask = (payload: object) => {
  calls++;
  return ctx.app.inject({ method: 'POST', url: '/api/v1/public/student-status', payload });
};

describe('public status lookup', () => {
  it('answers only status and collection point for the exact RUDE and birth date', async () => {
    const res = await ask({ rude: rude.paid.toLowerCase(), birthDate: '2016-02-29' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rude: rude.paid,
      year: 2025,
      status: 'COBRADO',
      statusLabel: 'Bono cobrado',
      collectionPoint: 'Banco Unión — VENTANILLA',
      paidOn: '2025-11-03',
      // No closed year on this database (closed-year.test.ts covers the answer with two years).
      closedYears: [],
    });
    const titular = (await ask({ rude: rude.titular, birthDate: '2015-05-05' })).json();
    expect(titular).toMatchObject({
      status: 'HABILITADO',
      collectionPoint: `Unidad Educativa Tunari (SIE ${schoolId})`,
      paidOn: null,
    });
    expect((await ask({ rude: rude.pending, birthDate: '2015-05-05' })).json().status).toBe(
      'PENDIENTE_TITULAR',
    );
    // Once the school consolidated its list, the family is not told the school will still do it.
    await ctx.handle.db
      .update(institutions)
      .set({ holdersConsolidatedAt: new Date() })
      .where(eq(institutions.id, schoolId));
    expect((await ask({ rude: rude.pending, birthDate: '2015-05-05' })).json()).toMatchObject({
      status: 'SIN_TITULAR',
      statusLabel: 'Sin titular de cobro: la unidad educativa cerró su lista sin designarlo',
    });
    await ctx.handle.db
      .update(institutions)
      .set({ holdersConsolidatedAt: null })
      .where(eq(institutions.id, schoolId));
    expect((await ask({ rude: rude.removed, birthDate: '2015-05-05' })).json()).toMatchObject({
      status: 'BAJA',
      collectionPoint: null,
    });
  });

  it('gives the same not-found answer for a wrong birth date and an unknown RUDE', async () => {
    const wrongDate = await ask({ rude: rude.paid, birthDate: '2016-03-01' });
    const unknown = await ask({ rude: 'RUDE99999999999', birthDate: '2016-02-29' });
    expect(wrongDate.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongDate.body).toBe(unknown.body);
    expect(wrongDate.json().message).toBe(publicStatusMessages.notFound);
  });

  it('needs both fields and never lists', async () => {
    expect((await ask({ rude: rude.paid })).statusCode).toBe(400);
    expect((await ask({ birthDate: '2016-02-29' })).statusCode).toBe(400);
    expect((await ask({ rude: 'RUDE%', birthDate: '2016-02-29' })).statusCode).toBe(400);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/student-status' });
    expect(list.statusCode).toBe(404);
  });

  it('is rate-limited per address', async () => {
    while (calls < PUBLIC_STATUS_RATE.max) await ask({ rude: rude.paid, birthDate: '2016-02-29' });
    const limited = await ask({ rude: rude.paid, birthDate: '2016-02-29' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
  });
});
