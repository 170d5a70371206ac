import {
  type InstitutionReport,
  type PlaceReport,
  type SystemStats,
  type TrackingInstitution,
  type TrackingOverview,
  type TrackingPage,
  trackingMessages,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from './db/rows.js';
import { refreshStatistics } from './db/summaries.js';
import { loginAs, type TestContext } from './test/app.js';
import { demoReads, startClosedYearDemo } from './test/closed-year-demo.js';
import { makeCourseWithStudents, makeSchool, makeUser } from './test/factories.js';

/**
 * Issue 18 (decision 040): the dashboard and tracking read a closed year through `?year=`, over the
 * tiny demo data, which holds the open year and the closed previous one. A closed year's figures are
 * what student_bonus of that year says; its CONCLUIDO schools are those that stored that year's
 * holders declaration (not the schools' open-year consolidation flag), of the schools with
 * inscriptions that year only; scope refusals hold; a bad year is a Spanish 400.
 */
let ctx: TestContext;
let admin = '';
let open = 0;
let closed = 0;
/** A department and a district with schools, and the schools given a closed-year holders declaration. */
let departmentId = 0;
let districtId = 0;
let declared: number[] = [];
let undeclared = 0;
/** A school of the district opened in the open year: inscriptions of the open year only. */
let opened = 0;
const tokens = { depto: '', otherDistrict: '' };

type PaidStats = {
  amountPerStudent: number;
  rows: Array<{ departmentId: number; total: number; paid: number }>;
};
type Completion = { rows: Array<{ departmentId: number; total: number; completed: number }> };

/**
 * A stored declaration row of a school, kind and year, its next version (the PDF is not what this
 * test reads).
 */
const declaration = (school: number, kind: number, year: number, superseded: boolean) =>
  sql.raw(`INSERT INTO declarations (institution_id, kind, version, year, data, pdf, sha256, file_name,
      verification_code, code_hash, consolidated_at, consolidated_by_name, stored_at, superseded_at)
    SELECT ${school}, ${kind}, v, ${year}, '{}', '\\x00', 'x', 'd.pdf', 'C-${school}-${kind}-' || v,
      'h-${school}-${kind}-' || v, TIMESTAMPTZ '${year}-10-01 10:00-04', 'Directora',
      TIMESTAMPTZ '${year}-10-01 10:00-04', ${superseded ? `TIMESTAMPTZ '${year}-10-02 10:00-04'` : 'NULL'}
    FROM (SELECT 1 + coalesce(max(version), 0) AS v FROM declarations
          WHERE institution_id = ${school} AND kind = ${kind}) n`);

beforeAll(async () => {
  ({ ctx, admin, open, closed } = await startClosedYearDemo());
  const db = ctx.handle.db;
  const [place] = await rows<{ district: number; department: number }>(
    db,
    `SELECT d.id AS district, d.department_id AS department
     FROM institutions i JOIN districts d ON d.id = i.district_id
     GROUP BY d.id ORDER BY count(*) DESC, d.id LIMIT 1`,
  );
  ({ district: districtId, department: departmentId } = place!);
  const schools = await rows<{ id: number }>(
    db,
    `SELECT id FROM institutions WHERE district_id = ${districtId} ORDER BY id LIMIT 3`,
  );
  const [a, b, c] = schools.map((s) => s.id);
  declared = [a!, b!];
  // The demo data's closed-year holders declarations are marked reopened (the one change the
  // table allows), so that only these count: a and b stored their holders declaration in the closed
  // year (a's first version was reopened); c only its paid-validation one, and a holders one of the
  // open year: neither is a closed-year holders consolidation.
  await db.execute(
    sql.raw(`UPDATE declarations SET superseded_at = TIMESTAMPTZ '${closed}-09-01 10:00-04', superseded_by = 0
      WHERE kind = 2 AND year = ${closed} AND superseded_at IS NULL`),
  );
  await db.execute(declaration(a!, 2, closed, true));
  await db.execute(declaration(a!, 2, closed, false));
  await db.execute(declaration(b!, 2, closed, false));
  await db.execute(declaration(c!, 1, closed, false));
  await db.execute(declaration(c!, 2, open, false));
  undeclared = c!;
  opened = (await makeSchool(db, { districtId, name: 'Unidad Educativa Nueva Gestión' })).id;
  await makeCourseWithStudents(db, { institutionId: opened, count: 2 });
  // Of a subsystem no other school of the district has: the closed year's filter must not offer it.
  await db.execute(sql.raw(`UPDATE institutions SET subsystem = 'Alternativa' WHERE id = ${opened}`));
  await db.transaction((tx) => refreshStatistics(tx));
  const [other] = await rows<{ id: number }>(
    db,
    `SELECT min(id) AS id FROM districts WHERE id <> ${districtId} AND department_id <> ${departmentId}`,
  );
  await makeUser(db, { username: 'depto18', type: 2, profile: 7, departmentId });
  await makeUser(db, { username: 'distrito18', type: 2, profile: 10, districtId: other!.id });
  tokens.depto = (await loginAs(ctx.app, 'depto18', 2)).token;
  tokens.otherDistrict = (await loginAs(ctx.app, 'distrito18', 2)).token;
}, 120_000);
afterAll(() => ctx?.close());

const { get, json } = demoReads(() => ({ ctx, admin }));

/** The schools of each department, straight from the tables: with inscriptions of `year` if given. */
async function schoolsByDepartment(year?: number) {
  const ofYear = year
    ? `WHERE EXISTS (SELECT 1 FROM inscriptions n WHERE n.institution_id = i.id AND n.year = ${year})`
    : '';
  const counted = await rows<{ departmentId: number; total: number }>(
    ctx.handle.db,
    `SELECT i.department_id AS "departmentId", count(*)::int AS total FROM institutions i ${ofYear}
     GROUP BY i.department_id`,
  );
  return new Map(counted.map((r) => [r.departmentId, r.total]));
}

/** A year's beneficiaries and paid ones by department, straight from student_bonus (paid in a range if given). */
async function directByDepartment(year: number, from?: string, to?: string) {
  const range = from && to ? `AND b.paid_on BETWEEN DATE '${from}' AND DATE '${to}'` : '';
  return rows<{ departmentId: number; total: number; paid: number }>(
    ctx.handle.db,
    `SELECT i.department_id AS "departmentId", count(*)::int AS total,
       (count(*) FILTER (WHERE b.counts_as_paid ${range}))::int AS paid
     FROM student_bonus b JOIN institutions i ON i.id = b.institution_id
     WHERE b.year = ${year} AND NOT b.removed GROUP BY i.department_id ORDER BY 1`,
  );
}

/** A year's beneficiaries and paid ones by level (1 special, 12 primary, 13 secondary). */
async function directByLevel(year: number) {
  return rows<{ levelId: number; total: number; paid: number }>(
    ctx.handle.db,
    `SELECT c.level_id AS "levelId", count(*)::int AS total, (count(*) FILTER (WHERE b.counts_as_paid))::int AS paid
     FROM student_bonus b JOIN courses c ON c.id = b.course_id
     WHERE b.year = ${year} AND NOT b.removed GROUP BY c.level_id ORDER BY 1`,
  );
}

const nonEmpty = (s: PaidStats) =>
  s.rows.filter((r) => r.total > 0).map(({ departmentId, total, paid }) => ({ departmentId, total, paid }));

describe('the dashboard of a closed year', () => {
  it("counts the closed year's beneficiaries and paid ones from that year's student_bonus", async () => {
    const closedStats = await json<PaidStats>(`/statistics/departments-paid?year=${closed}`);
    const openStats = await json<PaidStats>('/statistics/departments-paid');
    expect(nonEmpty(closedStats)).toEqual(await directByDepartment(closed));
    expect(nonEmpty(openStats)).toEqual(await directByDepartment(open));
    expect(nonEmpty(closedStats)).not.toEqual(nonEmpty(openStats));
    expect(closedStats.amountPerStudent).toBe(200);
    // The open year named explicitly is the open year.
    expect(await json<PaidStats>(`/statistics/departments-paid?year=${open}`)).toEqual(openStats);

    const systems = await json<SystemStats>(`/statistics/systems?year=${closed}`);
    const byLevel = new Map((await directByLevel(closed)).map((r) => [r.levelId, r]));
    expect(systems).toEqual({
      special: byLevel.get(1)?.paid ?? 0,
      primary: byLevel.get(12)?.paid ?? 0,
      secondary: byLevel.get(13)?.paid ?? 0,
      totals: {
        special: byLevel.get(1)?.total ?? 0,
        primary: byLevel.get(12)?.total ?? 0,
        secondary: byLevel.get(13)?.total ?? 0,
      },
    });
    expect(systems).not.toEqual(await json<SystemStats>('/statistics/systems'));
  });

  it("counts a payment-date range within the closed year's payments", async () => {
    const [from, to] = [`${closed}-10-20`, `${closed}-10-31`];
    const ranged = await json<PaidStats>(`/statistics/departments-paid?year=${closed}&from=${from}&to=${to}`);
    const direct = await directByDepartment(closed, from, to);
    expect(nonEmpty(ranged)).toEqual(direct);
    const paidInRange = direct.reduce((n, r) => n + r.paid, 0);
    expect(paidInRange).toBeGreaterThan(0);
    const systems = await json<SystemStats>(`/statistics/systems?year=${closed}&from=${from}&to=${to}`);
    expect(systems.special + systems.primary + systems.secondary).toBe(paidInRange);
    // The open year's range of the same days (a year later) holds none of the closed year's payments.
    const openRange = await json<PaidStats>(`/statistics/departments-paid?from=${from}&to=${to}`);
    expect(openRange.rows.every((r) => r.paid === 0)).toBe(true);
  });

  it("counts as completed the schools that stored that year's holders declaration", async () => {
    const closedSchools = await json<Completion>(`/statistics/institutions-completion?year=${closed}`);
    const row = closedSchools.rows.find((r) => r.departmentId === departmentId)!;
    expect(row.completed).toBe(declared.length);
    expect(closedSchools.rows.reduce((n, r) => n + r.completed, 0)).toBe(declared.length);
    const openSchools = await json<Completion>('/statistics/institutions-completion');
    expect(openSchools).not.toEqual(closedSchools);
    // The pie's totals: in the closed year the schools with inscriptions that year (not the school
    // opened since), in the open year every school.
    const [ofClosedYear, all] = [await schoolsByDepartment(closed), await schoolsByDepartment()];
    const totals = (c: Completion) => c.rows.map((r) => [r.departmentId, r.total]);
    expect(totals(closedSchools)).toEqual(
      closedSchools.rows.map((r) => [r.departmentId, ofClosedYear.get(r.departmentId) ?? 0]),
    );
    expect(totals(openSchools)).toEqual(
      openSchools.rows.map((r) => [r.departmentId, all.get(r.departmentId) ?? 0]),
    );
    expect(all.get(departmentId)).toBeGreaterThan(ofClosedYear.get(departmentId)!);
  });

  it("keeps the dashboard's refusal for a closed year: a department user has no dashboard", async () => {
    for (const url of [
      `/statistics/departments-paid?year=${closed}`,
      `/statistics/systems?year=${closed}`,
      `/statistics/institutions-completion?year=${closed}`,
    ]) {
      expect({ url, status: (await get(url, tokens.depto)).statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe('tracking of a closed year', () => {
  it("counts CONCLUIDO from the closed year's holders declarations, not the schools' open-year flag", async () => {
    const closedView = await json<TrackingOverview>(`/tracking/districts/${districtId}?year=${closed}`);
    const openView = await json<TrackingOverview>(`/tracking/districts/${districtId}`);
    const [flag] = await rows<{ total: number; consolidated: number; ofClosedYear: number }>(
      ctx.handle.db,
      `SELECT count(*)::int AS total, count(holders_consolidated_at)::int AS consolidated,
         (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM inscriptions n
           WHERE n.institution_id = i.id AND n.year = ${closed})))::int AS "ofClosedYear"
       FROM institutions i WHERE district_id = ${districtId}`,
    );
    expect(closedView.year).toBe(closed);
    expect(closedView.counts).toEqual({
      total: flag!.ofClosedYear,
      concluded: declared.length,
      pending: flag!.ofClosedYear - declared.length,
    });
    expect(openView.year).toBe(open);
    expect(openView.counts).toEqual({
      total: flag!.total,
      concluded: flag!.consolidated,
      pending: flag!.total - flag!.consolidated,
    });
    expect(openView.counts).not.toEqual(closedView.counts);

    const list = await json<TrackingPage>(
      `/tracking/districts/${districtId}/institutions?page=1&status=CONCLUIDO&year=${closed}`,
    );
    expect(list.items.map((r) => r.institutionId).sort()).toEqual([...declared].sort());
    expect(
      list.items.every((r) => r.status === 'CONCLUIDO' && r.consolidatedAt?.startsWith(`${closed}-10-01`)),
    ).toBe(true);
    const dept = await json<TrackingOverview>(`/tracking/departments/${departmentId}?year=${closed}`);
    expect(dept.counts.concluded).toBe(declared.length);

    const one = await json<TrackingInstitution>(`/tracking/institutions/${declared[0]}?year=${closed}`);
    expect(one).toMatchObject({ year: closed, row: { status: 'CONCLUIDO' } });
    const pdf = await get(`/tracking/districts/${districtId}/report?year=${closed}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
  });

  it('counts in a closed year only the schools with inscriptions that year', async () => {
    const url = (params: string) => `/tracking/districts/${districtId}/institutions?page=1${params}`;
    // The school opened since is tracked in the open year only, in the totals and in the list.
    const closedView = await json<TrackingOverview>(`/tracking/districts/${districtId}?year=${closed}`);
    const openView = await json<TrackingOverview>(`/tracking/districts/${districtId}`);
    expect((await json<TrackingPage>(url(`&year=${closed}`))).total).toBe(closedView.counts.total);
    expect((await json<TrackingPage>(url(''))).total).toBe(openView.counts.total);
    expect(openView.counts.total).toBeGreaterThan(closedView.counts.total);
    const found = (page: TrackingPage) => page.items.map((r) => r.institutionId);
    expect(found(await json<TrackingPage>(url(`&code=${opened}&year=${closed}`)))).toEqual([]);
    expect(found(await json<TrackingPage>(url(`&code=${opened}&status=PENDIENTE&year=${closed}`)))).toEqual(
      [],
    );
    expect(found(await json<TrackingPage>(url(`&code=${opened}`)))).toEqual([opened]);
    // Its subsystem is a choice of the open year's filter only, and its own lookup answers so.
    expect(openView.subsystems).toContain('Alternativa');
    expect(closedView.subsystems).not.toContain('Alternativa');
    expect(closedView.subsystems.length).toBeGreaterThan(0);
    const lookup = await get(`/tracking/institutions/${opened}?year=${closed}`);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json().message).toBe(trackingMessages.notInYear(closed));
    expect((await get(`/tracking/institutions/${opened}`)).statusCode).toBe(200);
    // The department's closed-year total is its schools with inscriptions that year.
    const dept = await json<TrackingOverview>(`/tracking/departments/${departmentId}?year=${closed}`);
    expect(dept.counts.total).toBe((await schoolsByDepartment(closed)).get(departmentId));
    const openDept = await json<TrackingOverview>(`/tracking/departments/${departmentId}`);
    expect(openDept.counts.total).toBe((await schoolsByDepartment()).get(departmentId));
  });

  it('keeps the place refusals for a closed year', async () => {
    for (const url of [
      `/tracking/districts/${districtId}?year=${closed}`,
      `/tracking/districts/${districtId}/institutions?page=1&year=${closed}`,
      `/tracking/departments/${departmentId}?year=${closed}`,
      `/tracking/institutions/${declared[0]}?year=${closed}`,
    ]) {
      const res = await get(url, tokens.otherDistrict);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    const own = await get(`/tracking/districts/${districtId}?year=${closed}`, tokens.depto);
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('a bad gestión', () => {
  const urls = (year: string) => [
    `/statistics/departments-paid?year=${year}`,
    `/statistics/systems?year=${year}`,
    `/statistics/institutions-completion?year=${year}`,
    `/tracking/districts/${districtId}?year=${year}`,
    `/tracking/districts/${districtId}/institutions?page=1&year=${year}`,
    `/tracking/districts/${districtId}/report?year=${year}`,
    `/tracking/institutions/${declared[0]}?year=${year}`,
  ];

  it('answers a Spanish 400, never a 5xx', async () => {
    for (const [year, message] of [
      [String(open - 7), `La gestión ${open - 7} no existe en la consola.`],
      ['99999999999999999999', 'La gestión debe ser un año'],
      ['dos', 'La gestión debe ser un año'],
      ['2024.5', 'La gestión debe ser un año'],
    ] as const) {
      for (const url of urls(year)) {
        const res = await get(url);
        expect({ url, status: res.statusCode, spanish: res.body.includes(message) }).toEqual({
          url,
          status: 400,
          spanish: true,
        });
      }
    }
  });
});

describe("one 'CONCLUIDO' for a closed year", () => {
  it('the report badge and Consolidadas answer what Seguimiento answers, with and without the declaration', async () => {
    for (const sie of [declared[0]!, undeclared]) {
      const report = await json<InstitutionReport>(`/reports/institutions/${sie}?year=${closed}`);
      const tracked = await json<TrackingInstitution>(`/tracking/institutions/${sie}?year=${closed}`);
      expect({ sie, consolidated: report.institution.consolidated, status: tracked.row.status }).toEqual({
        sie,
        consolidated: sie !== undeclared,
        status: sie !== undeclared ? 'CONCLUIDO' : 'PENDIENTE',
      });
    }
    // Consolidadas of the district's closed-year report: its schools with inscriptions that year
    // holding that year's holders declaration, the ones Seguimiento counts as CONCLUIDO.
    const place = await json<PlaceReport>(`/reports/districts/${districtId}?year=${closed}`);
    const total = place.dependencies.find((d) => d.dependency === null)!;
    const tracking = await json<TrackingOverview>(`/tracking/districts/${districtId}?year=${closed}`);
    expect(total.consolidated).toBe(declared.length);
    expect(tracking.counts.concluded).toBe(declared.length);
    // And the same schools: those with inscriptions that year.
    expect(total.institutions).toBe(tracking.counts.total);
    expect(total.institutions).toBeGreaterThan(total.consolidated);
  });
});
