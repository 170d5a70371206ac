import {
  type BonusState,
  countsAsPaid,
  type InstitutionReport,
  type PlaceReport,
  type PublicStatusResponse,
  publicStatusFor,
  type StudentPaymentPage,
} from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from './db/rows.js';
import { seedDatabase } from './db/seed/index.js';
import { reportStudents } from './modules/paid-validation/index.js';
import { publicAnswers } from './modules/public-status/index.js';
import { studentDetails } from './modules/reports/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { makeUser } from './test/factories.js';

/**
 * Issue 12, "one payment truth": over every school of the demo data, the school's figures agree
 * across the school report (its pies, its student list and the rows of its PDF/XLSX), the district,
 * department and national reports, the dashboard and 'Resumen General', the paid-validation DDJJ of
 * consolidated schools, and the public lookup of each of its students.
 *
 * Reports, dashboard and summaries are read through the HTTP API. Per student, the test calls the
 * functions the routes call (the school document's rows, the DDJJ's students, the public lookup's
 * answers) once per school instead of 25,000 requests, which on PGlite would take minutes; for each
 * school, the first page of its list, one public lookup per state and (for some) the stored DDJJ are
 * also fetched over HTTP and must equal what those functions return.
 */
let ctx: TestContext;
let token = '';

type School = {
  sie: number;
  districtId: number;
  departmentId: number;
  paidConsolidated: boolean;
  holdersConsolidated: boolean;
};
type Student = { rude: string; birthDate: string; sie: number };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDatabase(ctx.handle, { scale: 'demo', today: '2025-11-20' });
  await makeUser(ctx.handle.db, { username: 'consistencia', type: 1, roles: ['Administrador'] });
  token = (await loginAs(ctx.app, 'consistencia', 1)).token;
}, 300_000);
afterAll(() => ctx.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
};

const add = (map: Map<number, { total: number; paid: number }>, key: number, total: number, paid: number) => {
  const sum = map.get(key) ?? { total: 0, paid: 0 };
  map.set(key, { total: sum.total + total, paid: sum.paid + paid });
};

describe('one payment truth over every school of the demo data', () => {
  it('school, district, department and national reports, dashboard, DDJJ and public lookup agree', async () => {
    const schools = await rows<School>(
      ctx.handle.db,
      `SELECT i.id AS sie, i.district_id AS "districtId", i.department_id AS "departmentId",
         EXISTS (SELECT 1 FROM paid_validation_consolidations c
                 WHERE c.institution_id = i.id AND c.reopened_at IS NULL
                   AND c.year = (SELECT year FROM programme_settings)) AS "paidConsolidated",
         i.holders_consolidated_at IS NOT NULL AS "holdersConsolidated"
       FROM institutions i ORDER BY i.id`,
    );
    const birth = new Map(
      (await rows<Student>(ctx.handle.db, `SELECT rude, birth_date::text AS "birthDate" FROM students`)).map(
        (s) => [s.rude, s.birthDate],
      ),
    );
    expect(schools.length).toBeGreaterThan(150);
    const { year } = await get<PlaceReport>('/reports/national');

    const byDistrict = new Map<number, { total: number; paid: number }>();
    const byDepartment = new Map<number, { total: number; paid: number }>();
    const states = new Map<BonusState, number>();
    let lookups = 0;
    let declaredSchools = 0;

    let httpDeclarations = 0;
    for (const school of schools) {
      const report = await get<InstitutionReport>(`/reports/institutions/${school.sie}`);
      const details = await studentDetails(ctx.handle.db, school.sie, year);
      const paid = details.filter((s) => countsAsPaid(s.state)).length;
      // The school report's pie and the rows of its PDF/XLSX: one definition, the same figures.
      expect({ sie: school.sie, total: report.payment.total, paid: report.payment.paid }).toEqual({
        sie: school.sie,
        total: details.length,
        paid,
      });
      expect(details.every((s) => s.paid === countsAsPaid(s.state))).toBe(true);
      const stateOf = new Map(details.map((s) => [s.rude, s.state]));
      for (const s of details) states.set(s.state, (states.get(s.state) ?? 0) + 1);
      add(byDistrict, school.districtId, details.length, paid);
      add(byDepartment, school.departmentId, details.length, paid);

      // 'Estado Cobro de Estudiantes' over HTTP: the same state for the same student.
      const listed = await get<StudentPaymentPage>(`/reports/institutions/${school.sie}/students?page=1`);
      expect(listed.total).toBe(details.length);
      for (const row of listed.items)
        expect({ rude: row.rude, state: row.state, paid: row.paid }).toEqual({
          rude: row.rude,
          state: stateOf.get(row.rude),
          paid: countsAsPaid(row.state),
        });

      // The sworn DDJJ's students against their states.
      if (school.paidConsolidated) {
        declaredSchools++;
        const declared = await reportStudents(ctx.deps, school.sie, year);
        if (httpDeclarations < 5) {
          // The stored document holds exactly those students (stored at its first download).
          httpDeclarations++;
          const pdf = await ctx.app.inject({
            method: 'GET',
            url: `/api/v1/paid-validation/institutions/${school.sie}/report/document`,
            headers: bearer(token),
          });
          expect(pdf.statusCode, pdf.body).toBe(200);
          const [stored] = await rows<{
            data: { content: { students: Array<{ rude: string; isPaid: boolean }> } };
          }>(
            ctx.handle.db,
            `SELECT data FROM declarations WHERE institution_id = ${school.sie} AND kind = 1 AND superseded_at IS NULL
               AND year = ${year}`,
          );
          const pick = (list: Array<{ rude: string; isPaid: boolean | null }>) =>
            list.map((d) => `${d.rude}:${d.isPaid}`).sort();
          expect(pick(stored!.data.content.students)).toEqual(pick(declared));
        }
        for (const d of declared) {
          const state = stateOf.get(d.rude);
          if (state === undefined || state === 'BAJA') continue;
          expect({ rude: d.rude, isPaid: d.isPaid, state }).toEqual({
            rude: d.rude,
            isPaid: d.isPaid,
            state: d.isPaid
              ? expect.stringMatching(/^(PAGADO|DECLARADO_SIN_PAGO)$/)
              : expect.stringMatching(/^(NO_PAGADO_DECLARADO|BLOQUEADO|PENDIENTE|SIN_TITULAR)$/),
          });
        }
        // Every student whose state names the declaration is in it.
        const inDeclaration = new Set(declared.map((d) => d.rude));
        for (const s of details)
          if (s.state === 'NO_PAGADO_DECLARADO' || s.state === 'DECLARADO_SIN_PAGO')
            expect(inDeclaration.has(s.rude), s.rude).toBe(true);
      }

      // The public lookup tells each family what the school's report says.
      const answers = await publicAnswers(
        ctx.handle.db,
        year,
        details.map((s) => s.rude),
      );
      const askedOverHttp = new Set<string>();
      for (const s of details) {
        const found = answers.get(s.rude);
        expect({ rude: s.rude, status: found?.answer.status }).toEqual({
          rude: s.rude,
          status: publicStatusFor(s.state, school.holdersConsolidated),
        });
        lookups++;
        if (askedOverHttp.has(s.state)) continue;
        askedOverHttp.add(s.state);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/public/student-status',
          payload: { rude: s.rude, birthDate: birth.get(s.rude) },
          // One address per family, as in life: the page's per-address limit is not what is tested.
          remoteAddress: `10.${(lookups >> 16) & 255}.${(lookups >> 8) & 255}.${lookups & 255}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<PublicStatusResponse>()).toEqual({
          ...found?.answer,
          closedYears: expect.any(Array),
        });
      }
    }

    // Districts, departments and the country: the sums of their schools.
    for (const [districtId, sum] of byDistrict) {
      const r = await get<PlaceReport>(`/reports/districts/${districtId}`);
      expect({ districtId, total: r.summary.totalStudents, paid: r.summary.paidStudents }).toEqual({
        districtId,
        total: sum.total,
        paid: sum.paid,
      });
      expect(r.summary.paidAmount).toBe(sum.paid * r.amountPerStudent);
    }
    for (const [departmentId, sum] of byDepartment) {
      const r = await get<PlaceReport>(`/reports/departments/${departmentId}`);
      expect({ departmentId, total: r.summary.totalStudents, paid: r.summary.paidStudents }).toEqual({
        departmentId,
        total: sum.total,
        paid: sum.paid,
      });
    }
    const country = [...byDepartment.values()].reduce((a, b) => ({
      total: a.total + b.total,
      paid: a.paid + b.paid,
    }));
    const national = await get<PlaceReport>('/reports/national');
    expect({ total: national.summary.totalStudents, paid: national.summary.paidStudents }).toEqual(country);

    const dashboard = await get<{ rows: Array<{ departmentId: number; total: number; paid: number }> }>(
      '/statistics/departments-paid',
    );
    for (const row of dashboard.rows)
      expect({ departmentId: row.departmentId, total: row.total, paid: row.paid }).toEqual({
        departmentId: row.departmentId,
        ...(byDepartment.get(row.departmentId) ?? { total: 0, paid: 0 }),
      });
    const general = await get<{ totals: { totalStudents: number; paidStudents: number } }>(
      '/payments/summary',
    );
    expect({ total: general.totals.totalStudents, paid: general.totals.paidStudents }).toEqual(country);

    // The demo data exercises the states that matter here, so the agreement is not vacuous.
    expect(declaredSchools).toBeGreaterThan(0);
    expect(httpDeclarations).toBeGreaterThan(0);
    expect(lookups).toBe(country.total);
    for (const state of [
      'PAGADO',
      'PAGADO_POR_VALIDAR',
      'NO_PAGADO_DECLARADO',
      'PENDIENTE',
      'BLOQUEADO',
    ] as const)
      expect(states.get(state) ?? 0, state).toBeGreaterThan(0);
  }, 300_000);

  it("the closed previous year: its school, district, department and national figures agree, apart from the open year's", async () => {
    const { year: open } = await get<PlaceReport>('/reports/national');
    const closed = open - 1;
    const schools = await rows<School>(
      ctx.handle.db,
      `SELECT i.id AS sie, i.district_id AS "districtId", i.department_id AS "departmentId"
       FROM institutions i ORDER BY i.id`,
    );
    const byDistrict = new Map<number, { total: number; paid: number }>();
    const byDepartment = new Map<number, { total: number; paid: number }>();
    let openTotal = 0;
    for (const school of schools) {
      const report = await get<InstitutionReport>(`/reports/institutions/${school.sie}?year=${closed}`);
      expect(report.year).toBe(closed);
      const details = await studentDetails(ctx.handle.db, school.sie, closed);
      const paid = details.filter((s) => countsAsPaid(s.state)).length;
      expect({ sie: school.sie, total: report.payment.total, paid: report.payment.paid }).toEqual({
        sie: school.sie,
        total: details.length,
        paid,
      });
      const listed = await get<StudentPaymentPage>(
        `/reports/institutions/${school.sie}/students?page=1&year=${closed}`,
      );
      expect(listed.total).toBe(details.length);
      add(byDistrict, school.districtId, details.length, paid);
      add(byDepartment, school.departmentId, details.length, paid);
      openTotal += (await get<InstitutionReport>(`/reports/institutions/${school.sie}`)).payment.total;
    }
    for (const [districtId, sum] of byDistrict) {
      const r = await get<PlaceReport>(`/reports/districts/${districtId}?year=${closed}`);
      expect({ districtId, total: r.summary.totalStudents, paid: r.summary.paidStudents }).toEqual({
        districtId,
        ...sum,
      });
    }
    for (const [departmentId, sum] of byDepartment) {
      const r = await get<PlaceReport>(`/reports/departments/${departmentId}?year=${closed}`);
      expect({ departmentId, total: r.summary.totalStudents, paid: r.summary.paidStudents }).toEqual({
        departmentId,
        ...sum,
      });
    }
    const country = [...byDepartment.values()].reduce((a, b) => ({
      total: a.total + b.total,
      paid: a.paid + b.paid,
    }));
    const national = await get<PlaceReport>(`/reports/national?year=${closed}`);
    expect({ total: national.summary.totalStudents, paid: national.summary.paidStudents }).toEqual(country);
    expect(national.summary.paidAmount).toBe(country.paid * 200);
    const general = await get<{ year: number; totals: { totalStudents: number; paidStudents: number } }>(
      `/payments/summary?year=${closed}`,
    );
    expect(general.year).toBe(closed);
    expect({ total: general.totals.totalStudents, paid: general.totals.paidStudents }).toEqual(country);
    // Both years hold data, and neither is counted in the other.
    expect(country.total).toBeGreaterThan(0);
    expect(country.total).toBeLessThan(openTotal);
    expect((await get<PlaceReport>('/reports/national')).summary.totalStudents).toBe(openTotal);
  }, 300_000);
});
