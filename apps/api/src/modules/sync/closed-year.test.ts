import type { StepOnePage } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import {
  closedYears,
  courses,
  guardians,
  inscriptions,
  institutions,
  titularAssignments,
} from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeStudentsWithTitulars, movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 18: a school that consolidates its list sends Síntesis its titulars of the open year only;
 * the same students' titulars of the closed year (another inscription) are not sent again.
 */
let ctx: TestContext;
let admin = '';
let rude = '';

beforeAll(async () => {
  ctx = await createTestApp({ clock: movableClock('2025-11-20T20:00:00Z') });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  const school = await makeSchool(db, { districtId: district.id });
  const made = await makeStudentsWithTitulars(db, {
    institutionId: school.id,
    students: [{ paterno: 'DOSGESTIONES' }],
    titularAt: '2025-10-20T12:00:00Z',
  });
  rude = made.rudes[0]!;
  // The same student in the closed year 2024, with that year's titular.
  const [open] = await db.select().from(inscriptions).where(eq(inscriptions.id, made.inscriptionIds[0]!));
  const [course] = await db.select().from(courses).where(eq(courses.id, open!.courseId));
  await db.insert(closedYears).values({
    year: 2024,
    amountPerStudent: 200,
    directorDeadline: '2024-11-29',
    calendarStart: '2024-02-01',
    registrationPeriodId: 1,
  });
  const [previousCourse] = await db
    .insert(courses)
    .values({ ...course!, id: undefined, year: 2024 })
    .returning({ id: courses.id });
  const [previous] = await db
    .insert(inscriptions)
    .values({
      studentId: open!.studentId,
      courseId: previousCourse!.id,
      institutionId: school.id,
      year: 2024,
    })
    .returning({ id: inscriptions.id });
  const [titular] = await db
    .select()
    .from(titularAssignments)
    .where(eq(titularAssignments.inscriptionId, open!.id));
  await db
    .insert(guardians)
    .values({ inscriptionId: previous!.id, personId: titular!.personId, relationshipId: 1 });
  await db.insert(titularAssignments).values({
    inscriptionId: previous!.id,
    personId: titular!.personId,
    relationshipId: 1,
    holderTypeId: 1,
    registeredInstitutionId: school.id,
    createdAt: new Date('2024-10-20T12:00:00Z'),
  });
  // The school consolidates its list today.
  await db
    .update(institutions)
    .set({ holdersConsolidatedAt: new Date('2025-11-20T14:00:00Z') })
    .where(eq(institutions.id, school.id));
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx?.close());

describe('a consolidated list in the synchronisation', () => {
  it("sends the open year's titulars only, not the closed year's", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sync/steps/consolidate',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/sync/step-one', headers: bearer(admin) })
    ).json<StepOnePage>();
    expect(list.items.map((i) => [i.codigoRude, i.descripcion.split(':')[0]])).toEqual([
      [rude, 'Alta de titular (lista consolidada)'],
    ]);
    const [sent] = await rows<{ years: number[] }>(
      ctx.handle.db,
      sql`SELECT array_agg(DISTINCT n.year ORDER BY n.year)::int[] AS years FROM sync_batch_items b
          JOIN inscriptions n ON n.id = b.inscription_id`,
    );
    expect(sent!.years).toEqual([2025]);
  });
});
