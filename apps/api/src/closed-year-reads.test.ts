import type {
  InstitutionReport,
  PaidReport,
  PaymentDetailPage,
  PaymentGeneralSummary,
  PlaceReport,
  PublicStatusResponse,
  StudentPaymentPage,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from './db/rows.js';
import { DEMO_PASSWORD } from './db/seed/index.js';
import { refreshStatistics } from './db/summaries.js';
import { bearer, loginAs, type TestContext } from './test/app.js';
import { demoReads, startClosedYearDemo } from './test/closed-year-demo.js';
import { makeSchool, makeUser } from './test/factories.js';

/**
 * Issue 18, reading a closed year (decision 040), over the tiny demo data, which holds the open year
 * and the closed previous one: every read route of a year's records answers for `?year=` of the
 * closed year with that year's figures, which writes in the open year leave unchanged; the open
 * year's answers never count the closed year's records; an unknown year is a Spanish 400; scope
 * refusals still hold.
 */
let ctx: TestContext;
let admin = '';
let director = '';
let open = 0;
let closed = 0;
/** A school consolidated (paid validation) in the closed year, in the demo director's scope or not. */
let school = 0;
let directorSchool = 0;
let districtId = 0;

beforeAll(async () => {
  ({ ctx, admin, open, closed } = await startClosedYearDemo());
  director = (await loginAs(ctx.app, 'director', 2, DEMO_PASSWORD)).token;
  const [picked] = await rows<{ school: number; district: number; mine: number }>(
    ctx.handle.db,
    `SELECT (SELECT c.institution_id FROM paid_validation_consolidations c
             WHERE c.year = ${closed} AND c.institution_id NOT IN (
               SELECT s.institution_id FROM user_scopes s JOIN users u ON u.id = s.user_id
               WHERE u.username = 'director' AND s.institution_id IS NOT NULL)
             ORDER BY c.institution_id LIMIT 1) AS school,
       (SELECT min(s.institution_id) FROM user_scopes s JOIN users u ON u.id = s.user_id
        WHERE u.username = 'director' AND s.institution_id IS NOT NULL) AS mine,
       0 AS district`,
  );
  school = picked!.school;
  directorSchool = picked!.mine;
  const [place] = await rows<{ district: number }>(
    ctx.handle.db,
    `SELECT district_id AS district FROM institutions WHERE id = ${school}`,
  );
  districtId = place!.district;
}, 120_000);
afterAll(() => ctx?.close());

const { get, json } = demoReads(() => ({ ctx, admin }));

/** Everything the closed year's read routes answer for the picked school and its district. */
async function closedYearAnswers() {
  const q = `year=${closed}`;
  return {
    institution: await json<InstitutionReport>(`/reports/institutions/${school}?${q}`),
    students: await json<StudentPaymentPage>(`/reports/institutions/${school}/students?page=1&${q}`),
    district: await json<PlaceReport>(`/reports/districts/${districtId}?${q}`),
    national: await json<PlaceReport>(`/reports/national?${q}`),
    paid: await json<PaidReport>(`/paid-validation/institutions/${school}/report?${q}`),
    payments: await json<PaymentDetailPage>(`/payments?page=1&${q}`),
    summary: await json<PaymentGeneralSummary>(`/payments/summary?${q}`),
  };
}

/** 'Resumen General' of a year counted straight from student_bonus: by department, by day, in all. */
async function directSummary(year: number) {
  const db = ctx.handle.db;
  const departments = await rows<{ departmentId: number; total: number; paid: number }>(
    db,
    `SELECT i.department_id AS "departmentId", count(*)::int AS total,
       (count(*) FILTER (WHERE b.counts_as_paid))::int AS paid
     FROM student_bonus b JOIN institutions i ON i.id = b.institution_id
     WHERE b.year = ${year} AND NOT b.removed GROUP BY i.department_id ORDER BY 1`,
  );
  const days = await rows<{ paidOn: string; paid: number }>(
    db,
    `SELECT b.paid_on::text AS "paidOn", count(*)::int AS paid FROM student_bonus b
     WHERE b.year = ${year} AND NOT b.removed AND b.counts_as_paid AND b.paid_on IS NOT NULL
     GROUP BY b.paid_on ORDER BY b.paid_on`,
  );
  return { departments, days };
}

/** The figures of a 'Resumen General' answer, shaped as directSummary's. */
const summaryFigures = (s: PaymentGeneralSummary) => ({
  departments: s.departments
    .filter((d) => d.totalStudents > 0)
    .map((d) => ({ departmentId: d.departmentId, total: d.totalStudents, paid: d.paidStudents })),
  days: s.days,
});

describe('reading a closed year', () => {
  it("answers with the closed year's figures, from student_bonus of that year and its frozen amount", async () => {
    const answers = await closedYearAnswers();
    const [direct] = await rows<{ total: number; paid: number }>(
      ctx.handle.db,
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE counts_as_paid))::int AS paid
       FROM student_bonus WHERE institution_id = ${school} AND year = ${closed} AND NOT removed`,
    );
    expect(answers.institution).toMatchObject({
      year: closed,
      amountPerStudent: 200,
      payment: { total: direct!.total, paid: direct!.paid },
    });
    // 'CONCLUIDO' in a closed year: the school holds a current holders declaration of that year.
    const [declared] = await rows<{ n: number }>(
      ctx.handle.db,
      `SELECT count(*)::int AS n FROM declarations
       WHERE institution_id = ${school} AND kind = 2 AND year = ${closed} AND superseded_at IS NULL`,
    );
    expect(answers.institution.institution.consolidated).toBe(declared!.n === 1);
    expect(answers.students.total).toBe(direct!.total);
    expect(answers.district.year).toBe(closed);
    expect(answers.national.year).toBe(closed);
    expect(answers.paid.year).toBe(closed);
    expect(answers.paid.amountPerStudent).toBe(200);
    // The payments list of the closed year holds that year's payments only, and the open year's
    // list none of them.
    expect(answers.payments.total).toBeGreaterThan(0);
    expect(answers.payments.items.every((p) => p.paidOn?.startsWith(String(closed)))).toBe(true);
    const openPayments = await json<PaymentDetailPage>('/payments?page=1');
    const [counts] = await rows<{ open: number; closed: number }>(
      ctx.handle.db,
      `SELECT (count(*) FILTER (WHERE n.year = ${open}))::int AS open, (count(*) FILTER (WHERE n.year = ${closed}))::int AS closed
       FROM payments p JOIN inscriptions n ON n.id = p.inscription_id WHERE p.paid`,
    );
    expect(openPayments.total).toBe(counts!.open);
    expect(answers.payments.total).toBe(counts!.closed);
    expect(openPayments.items.every((p) => p.paidOn?.startsWith(String(open)))).toBe(true);
    // 'Resumen General' of the closed year: that year's student_bonus figures at its frozen amount,
    // apart from the open year's (which the summary tables hold).
    expect(answers.summary.year).toBe(closed);
    expect(answers.summary.amountPerStudent).toBe(200);
    expect(summaryFigures(answers.summary)).toEqual(await directSummary(closed));
    expect(answers.summary.totals.totalStudents).toBeGreaterThan(0);
    expect(answers.summary.days.every((d) => d.paidOn.startsWith(String(closed)))).toBe(true);
    const paidAmount = answers.summary.departments.reduce((sum, d) => sum + d.paidAmount, 0);
    expect(paidAmount).toBe(answers.summary.totals.paidStudents * 200);
    const openSummary = await json<PaymentGeneralSummary>('/payments/summary');
    expect(openSummary.year).toBe(open);
    expect(summaryFigures(openSummary)).toEqual(await directSummary(open));
  });

  it("the open year's reports never count the closed year's inscriptions", async () => {
    const report = await json<InstitutionReport>(`/reports/institutions/${school}`);
    const [direct] = await rows<{ total: number }>(
      ctx.handle.db,
      `SELECT count(*)::int AS total FROM inscriptions WHERE institution_id = ${school} AND year = ${open}
         AND removed_at IS NULL`,
    );
    expect(report.year).toBe(open);
    expect(report.payment.total).toBe(direct!.total);
    // A school consolidated in the closed year only: its open-year students are not declared.
    const [declared] = await rows<{ n: number }>(
      ctx.handle.db,
      `SELECT count(*)::int AS n FROM student_bonus b
       WHERE b.year = ${open} AND b.school_declared AND NOT EXISTS (
         SELECT 1 FROM paid_validation_consolidations c WHERE c.institution_id = b.institution_id
           AND c.year = ${open} AND c.reopened_at IS NULL)`,
    );
    expect(declared!.n).toBe(0);
    // Not vacuous: some schools declared in the closed year and not (yet) in the open one.
    const [only] = await rows<{ n: number }>(
      ctx.handle.db,
      `SELECT count(*)::int AS n FROM paid_validation_consolidations c WHERE c.year = ${closed}
         AND NOT EXISTS (SELECT 1 FROM paid_validation_consolidations o WHERE o.institution_id = c.institution_id
           AND o.year = ${open})`,
    );
    expect(only!.n).toBeGreaterThan(0);
  });

  it("stores and serves the closed year's paid declaration as that year's, apart from the open year's", async () => {
    const pdf = await get(`/paid-validation/institutions/${school}/report/document?year=${closed}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const again = await get(`/paid-validation/institutions/${school}/report/document?year=${closed}`);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const versions = await json<{ items: Array<{ version: number }> }>(
      `/paid-validation/institutions/${school}/report/document/versions?year=${closed}`,
    );
    expect(versions.items).toHaveLength(1);
    const [stored] = await rows<{ year: number; current: boolean }>(
      ctx.handle.db,
      `SELECT year, superseded_at IS NULL AS current FROM declarations WHERE institution_id = ${school} AND kind = 1
       ORDER BY version`,
    );
    expect(stored).toEqual({ year: closed, current: true });
    // The open year's list of versions does not show it.
    const openVersions = await json<{ items: unknown[] }>(
      `/paid-validation/institutions/${school}/report/document/versions`,
    );
    expect(openVersions.items).toHaveLength(0);
    // The holders' declaration of the closed year: the demo data record it without its print, so it
    // is rendered on demand with the recorded code; a school that stored none gets a Spanish 404.
    const [recorded] = await rows<{ sie: number; code: string }>(
      ctx.handle.db,
      `SELECT institution_id AS sie, verification_code AS code FROM declarations
       WHERE kind = 2 AND year = ${closed} AND length(pdf) = 0 ORDER BY institution_id LIMIT 1`,
    );
    const printed = await get(`/holders/institutions/${recorded!.sie}/declaration?year=${closed}`);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.headers['content-type']).toContain('application/pdf');
    expect(printed.rawPayload.length).toBeGreaterThan(1000);
    expect(printed.headers['x-declaration-version']).toBe('1');
    // Printed as of its consolidation: a later download gives the same bytes, as a stored one does.
    const printedAgain = await get(`/holders/institutions/${recorded!.sie}/declaration?year=${closed}`);
    expect(printedAgain.rawPayload.equals(printed.rawPayload)).toBe(true);
    // Versions are numbered per year (decision 042): the closed year's version 1 is asked by its year.
    const version = await get(`/holders/institutions/${recorded!.sie}/declaration/versions/1?year=${closed}`);
    expect(version.statusCode).toBe(200);
    expect(version.rawPayload.length).toBeGreaterThan(1000);
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/declarations/${recorded!.code}`,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [district] = await rows<{ id: number }>(ctx.handle.db, 'SELECT min(id) AS id FROM districts');
    const undeclared = await makeSchool(ctx.handle.db, { districtId: district!.id });
    const holders = await get(`/holders/institutions/${undeclared.id}/declaration?year=${closed}`);
    expect(holders.statusCode, holders.body).toBe(404);
    expect(holders.json<{ message: string }>().message).toBe(
      `La unidad educativa no tiene declaración guardada de la gestión ${closed}.`,
    );
  });

  it('stays as it was after writes in the open year', async () => {
    const before = await closedYearAnswers();
    const db = ctx.handle.db;
    // The open year moves on: payments arrive, a student is removed, the statistics are refreshed,
    // and an administrator reopens the school's open-year paid validation if it was consolidated.
    await db.execute(
      sql.raw(`INSERT INTO payments (inscription_id, paid, paid_on, bank, mode, synced_at)
       SELECT n.id, true, DATE '${open}-11-19', 'BANCO UNION S.A.', 'VENTANILLA', now()
       FROM inscriptions n WHERE n.institution_id = ${school} AND n.year = ${open}
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.inscription_id = n.id)`),
    );
    await db.execute(
      sql.raw(`UPDATE inscriptions SET removed_at = now() WHERE id = (SELECT min(id) FROM inscriptions
         WHERE institution_id = ${school} AND year = ${open} AND removed_at IS NULL)`),
    );
    await db.transaction((tx) => refreshStatistics(tx));
    const reopened = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enabling/paid-validation',
      headers: bearer(admin),
      payload: { sie: school, reason: 'Prueba de gestión cerrada' },
    });
    // 409 when the school had nothing open in the open year: the closed year's consolidation is not reopened.
    expect([200, 409]).toContain(reopened.statusCode);
    const after = await closedYearAnswers();
    expect(after).toEqual(before);
    // Not only kept: still the closed year's own count, while the open year's summary moved on.
    expect(summaryFigures(after.summary)).toEqual(await directSummary(closed));
    const openSummary = await json<PaymentGeneralSummary>('/payments/summary');
    expect(summaryFigures(openSummary)).toEqual(await directSummary(open));
    expect(openSummary.days.some((d) => d.paidOn === `${open}-11-19`)).toBe(true);
    const [kept] = await rows<{ open: number }>(
      db,
      `SELECT count(*)::int AS open FROM paid_validation_consolidations
       WHERE institution_id = ${school} AND year = ${closed} AND reopened_at IS NULL`,
    );
    expect(kept!.open).toBe(1);
  });

  it('tells a family the closed year under the open one', async () => {
    const [student] = await rows<{ rude: string; birthDate: string }>(
      ctx.handle.db,
      `SELECT s.rude, s.birth_date::text AS "birthDate" FROM students s
       JOIN inscriptions n ON n.student_id = s.id AND n.year = ${closed}
       JOIN payments p ON p.inscription_id = n.id AND p.paid
       JOIN student_bonus b ON b.inscription_id = n.id AND b.state = 'PAGADO'
       ORDER BY s.id LIMIT 1`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/student-status',
      payload: student,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PublicStatusResponse>();
    expect(body.year).toBe(open);
    expect(body.closedYears).toEqual([
      expect.objectContaining({
        year: closed,
        status: 'COBRADO',
        paidOn: expect.stringMatching(`^${closed}-`),
      }),
    ]);
  });

  it("names a closed year in its downloads' file names, and only a closed year", async () => {
    const stamp = '\\d{14}';
    for (const [url, name] of [
      [
        `/reports/institutions/${school}/document?format=pdf&year=${closed}`,
        `reporte_estudiantes_${school}_${closed}_${stamp}\\.pdf`,
      ],
      [
        `/reports/districts/${districtId}/document?format=xlsx&year=${closed}`,
        `reporte_distrito_${districtId}_${closed}_${stamp}\\.xlsx`,
      ],
      [`/reports/institutions/${school}/document?format=pdf`, `reporte_estudiantes_${school}_${stamp}\\.pdf`],
      [
        `/reports/districts/${districtId}/document?format=xlsx&year=${open}`,
        `reporte_distrito_${districtId}_${stamp}\\.xlsx`,
      ],
    ] as const) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="${name}"$`));
    }
  });

  it('refuses an unknown year with a Spanish 400, on every read route', async () => {
    const message = `La gestión ${open - 7} no existe en la consola.`;
    for (const url of [
      `/reports/institutions/${school}?year=${open - 7}`,
      `/reports/institutions/${school}/students?page=1&year=${open - 7}`,
      `/reports/institutions/${school}/document?format=pdf&year=${open - 7}`,
      `/reports/districts/${districtId}?year=${open - 7}`,
      `/reports/districts/${districtId}/document?format=xlsx&year=${open - 7}`,
      `/reports/national?year=${open - 7}`,
      `/paid-validation/institutions/${school}/report?year=${open - 7}`,
      `/paid-validation/institutions/${school}/report/document?year=${open - 7}`,
      `/paid-validation/institutions/${school}/report/document/versions?year=${open - 7}`,
      `/holders/institutions/${school}/declaration?year=${open - 7}`,
      `/holders/institutions/${school}/declaration/versions?year=${open - 7}`,
      `/payments?page=1&year=${open - 7}`,
      `/payments/summary?year=${open - 7}`,
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, message: res.json<{ message: string }>().message }).toEqual({
        url,
        status: 400,
        message,
      });
    }
    const malformed = await get(`/reports/national?year=dos`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('La gestión debe ser un año');
    const malformedSummary = await get(`/payments/summary?year=dos`);
    expect(malformedSummary.statusCode).toBe(400);
    expect(malformedSummary.body).toContain('La gestión debe ser un año');
  });

  it("lets a school that declared last year validate this year's students", async () => {
    const db = ctx.handle.db;
    // `school` declared (consolidated its paid validation) in the closed year, not in the open one.
    const [declared] = await rows<{ closedYear: number; openYear: number; teacher: number }>(
      db,
      `SELECT (SELECT count(*) FROM paid_validation_consolidations WHERE institution_id = ${school}
                AND year = ${closed} AND reopened_at IS NULL)::int AS "closedYear",
         (SELECT count(*) FROM paid_validation_consolidations WHERE institution_id = ${school}
                AND year = ${open} AND reopened_at IS NULL)::int AS "openYear",
         (SELECT min(v.person_id) FROM paid_validations v JOIN inscriptions n ON n.id = v.inscription_id
          WHERE v.institution_id = ${school} AND n.year = ${closed}) AS teacher`,
    );
    expect(declared).toMatchObject({ closedYear: 1, openYear: 0 });
    // This year a teacher (last year's) collects one student's bonus, paid by the bank.
    const [student] = await rows<{ id: number }>(
      db,
      `SELECT min(id) AS id FROM inscriptions WHERE institution_id = ${school} AND year = ${open}
         AND removed_at IS NULL`,
    );
    const id = student!.id;
    await db.execute(
      sql.raw(
        `UPDATE titular_assignments SET removed_at = now() WHERE inscription_id = ${id} AND removed_at IS NULL`,
      ),
    );
    await db.execute(
      sql.raw(`INSERT INTO guardians (inscription_id, person_id, relationship_id) VALUES (${id}, ${declared!.teacher}, 6)
               ON CONFLICT (inscription_id, person_id) DO UPDATE SET relationship_id = 6, removed_at = NULL`),
    );
    await db.execute(
      sql.raw(`INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id, registered_institution_id)
               VALUES (${id}, ${declared!.teacher}, 6, 2, ${school})`),
    );
    // payments is the ledger's view (decision 047): an insert appends an entry superseding any earlier one.
    await db.execute(
      sql.raw(`INSERT INTO payments (inscription_id, paid, paid_on, bank, mode, synced_at)
               VALUES (${id}, true, DATE '${open}-11-18', 'BANCO UNION S.A.', 'VENTANILLA', now())`),
    );
    await makeUser(db, { username: 'directora', type: 2, profile: 9, institutionIds: [school] });
    const token = (await loginAs(ctx.app, 'directora', 2)).token;
    const state = await json<{ consolidation: unknown; canValidate: boolean }>(
      `/paid-validation/institutions/${school}`,
      token,
    );
    expect(state).toMatchObject({ consolidation: null, canValidate: true });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/paid-validation/institutions/${school}/inscriptions/${id}/validation`,
      headers: bearer(token),
      payload: { isPaid: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('keeps the scope refusals for a closed year', async () => {
    for (const url of [
      `/reports/institutions/${school}?year=${closed}`,
      `/paid-validation/institutions/${school}/report?year=${closed}`,
      `/holders/institutions/${school}/declaration/versions?year=${closed}`,
      `/payments/summary?year=${closed}`,
    ]) {
      const res = await get(url, director);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    // A district technician of another district, on the district's and the national report: the
    // place is refused before the year is read, so an unknown year changes nothing in the answer.
    const [other] = await rows<{ id: number }>(
      ctx.handle.db,
      `SELECT min(id) AS id FROM districts WHERE id <> ${districtId}`,
    );
    await makeUser(ctx.handle.db, { username: 'otro-distrito', type: 2, profile: 10, districtId: other!.id });
    const technician = (await loginAs(ctx.app, 'otro-distrito', 2)).token;
    for (const year of [closed, open - 7])
      for (const place of [`districts/${districtId}`, 'national']) {
        const url = `/reports/${place}/document?format=pdf&year=${year}`;
        const res = await get(url, technician);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      }
    const own = await get(`/reports/institutions/${directorSchool}?year=${closed}`, director);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<InstitutionReport>().year).toBe(closed);
  });
});
