import {
  type BonusState,
  bonusStateLabels,
  countsAsPaid,
  formatBOB,
  formatCount,
  messages,
  type PlaceReport,
  percentagePair,
  reportMessages,
  trackingMessages,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription, unblockInscription } from '../../test/factories/blocking.js';
import { makeReportSchool, removeBeneficiaries } from '../../test/factories/reports.js';
import { makeCourseWithStudents, makeDistrict, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const token = {} as Record<'admin' | 'ministerio' | 'depto' | 'distrito' | 'director', string>;
const ids = { lpA: 0, lpB: 0, oruro: 0, empty: 0, s1: 0, s2: 0, s3: 0, s4: 0 };
let s1Primary: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  ids.lpA = (await makeDistrict(db, { departmentId: 2, name: 'La Paz A' })).id;
  ids.lpB = (await makeDistrict(db, { departmentId: 2, name: 'La Paz B' })).id;
  ids.oruro = (await makeDistrict(db, { departmentId: 4, name: 'Oruro 1' })).id;
  ids.empty = (await makeDistrict(db, { departmentId: 9, name: 'Pando vacío' })).id;
  const s1 = await makeReportSchool(db, {
    districtId: ids.lpA,
    dependency: 1,
    area: 'U',
    consolidated: true,
  });
  const s2 = await makeReportSchool(db, { districtId: ids.lpA, dependency: 2, area: 'R' });
  const s3 = await makeReportSchool(db, { districtId: ids.lpB, dependency: 1, area: 'R', codeType: 4 });
  const s4 = await makeReportSchool(db, { districtId: ids.oruro, dependency: 1, area: 'U' });
  Object.assign(ids, { s1: s1.id, s2: s2.id, s3: s3.id, s4: s4.id });
  s1Primary = await makeCourseWithStudents(db, {
    institutionId: s1.id,
    count: 6,
    paid: 4,
    levelId: 12,
    gradeId: 1,
    gender: 1,
  });
  await makeCourseWithStudents(db, {
    institutionId: s1.id,
    count: 3,
    paid: 1,
    levelId: 13,
    gradeId: 6,
    gender: 2,
  });
  await makeCourseWithStudents(db, { institutionId: s2.id, count: 4, paid: 2, levelId: 12, gradeId: 3 });
  await makeCourseWithStudents(db, { institutionId: s3.id, count: 2, paid: 2, levelId: 1, gradeId: 99 });
  await makeCourseWithStudents(db, { institutionId: s3.id, count: 3, paid: 0, levelId: 1, gradeId: 3 });
  const oruro = await makeCourseWithStudents(db, {
    institutionId: s4.id,
    count: 5,
    paid: 5,
    levelId: 12,
    gradeId: 2,
  });
  await removeBeneficiaries(db, oruro.slice(0, 1));
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: ids.lpA });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [s1.id] });
  for (const name of ['admin', 'ministerio', 'depto', 'distrito', 'director'] as const) {
    token[name] = (await loginAs(ctx.app, name, name === 'admin' || name === 'ministerio' ? 1 : 2)).token;
  }
});
afterAll(() => ctx.close());

const get = (who: keyof typeof token, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token[who]) });

/** The same figures counted straight from the inscriptions, as a check on the summary tables. */
async function directCount(where: string) {
  const result = await ctx.handle.db.execute(
    sql.raw(`SELECT count(*)::int AS total, (count(*) FILTER (WHERE p.paid))::int AS paid
      FROM inscriptions n JOIN institutions i ON i.id = n.institution_id
      LEFT JOIN payments p ON p.inscription_id = n.id
      WHERE n.removed_at IS NULL AND n.year = 2025 AND ${where}`),
  );
  return (result as unknown as { rows: Array<{ total: number; paid: number }> }).rows[0]!;
}

function expectAddsUp(report: PlaceReport) {
  const { matrix, summary, dependencies } = report;
  expect(matrix.totalGeneral.total).toEqual({ total: summary.totalStudents, paid: summary.paidStudents });
  for (const line of [...matrix.rows, matrix.totalGeneral]) {
    const sum = (xs: Array<{ total: number; paid: number }>, k: 'total' | 'paid') =>
      xs.reduce((s, x) => s + x[k], 0);
    expect(sum(line.primaria, 'paid')).toBe(line.primariaTotal.paid);
    expect(sum(line.secundaria, 'total')).toBe(line.secundariaTotal.total);
    expect(line.especial.paid + line.primariaTotal.paid + line.secundariaTotal.paid).toBe(line.total.paid);
    expect(line.especial.total + line.primariaTotal.total + line.secundariaTotal.total).toBe(
      line.total.total,
    );
  }
  expect(matrix.rows.reduce((s, r) => s + r.total.total, 0)).toBe(summary.totalStudents);
  const total = dependencies.find((d) => d.dependency === null)!;
  expect(total.totalStudents).toBe(summary.totalStudents);
  expect(total.paidStudents).toBe(summary.paidStudents);
  expect(summary.paidAmount).toBe(summary.paidStudents * report.amountPerStudent);
  expect(summary.totalAmount).toBe(summary.totalStudents * 200);
  expect(summary.paidPercentage).toBe(percentagePair(summary.paidStudents, summary.totalStudents).paid);
}

describe('national, department and district reports', () => {
  it('national: cards, dependencies and matrix agree with a direct count and exclude removed beneficiaries', async () => {
    const res = await get('admin', '/reports/national');
    expect(res.statusCode).toBe(200);
    const report = res.json<PlaceReport>();
    const direct = await directCount('true');
    expect(direct).toEqual({ total: 22, paid: 13 });
    expect(report.summary).toMatchObject({
      totalStudents: 22,
      paidStudents: 13,
      totalAmount: 4400,
      paidAmount: 2600,
      paidPercentage: '59.09',
      pendingPercentage: '40.91',
    });
    expectAddsUp(report);
    expect(report.matrix.rows.map((r) => `${r.dependencyName} ${r.areaName}`)).toEqual([
      'PUBLICA RURAL',
      'PUBLICA URBANO',
      'CONVENIO RURAL',
      'CONVENIO URBANO',
    ]);
    const publicaRural = report.matrix.rows[0]!;
    // Grade 99 'CEA' and special grade 3 both count under Especial.
    expect(publicaRural.especial).toEqual({ total: 5, paid: 2 });
    const publicaUrbano = report.matrix.rows[1]!;
    expect(publicaUrbano.primaria[0]).toEqual({ total: 6, paid: 4 });
    expect(publicaUrbano.primaria[1]).toEqual({ total: 4, paid: 4 });
    expect(publicaUrbano.secundaria[5]).toEqual({ total: 3, paid: 1 });
    expect(
      report.dependencies.map((d) => [
        d.name,
        d.institutions,
        d.consolidated,
        d.totalStudents,
        d.paidStudents,
      ]),
    ).toEqual([
      ['PUBLICA', 3, 1, 18, 11],
      ['CONVENIO', 1, 0, 4, 2],
      ['TOTAL', 4, 1, 22, 13],
    ]);
  });

  it('department and district reports equal the direct count of their place', async () => {
    const dept = (await get('admin', '/reports/departments/2')).json<PlaceReport>();
    expect(dept.place).toEqual({ level: 'department', id: 2, name: 'La Paz', departmentName: 'La Paz' });
    const d = await directCount('i.department_id = 2');
    expect([dept.summary.totalStudents, dept.summary.paidStudents]).toEqual([d.total, d.paid]);
    expectAddsUp(dept);
    const district = (await get('distrito', `/reports/districts/${ids.lpA}`)).json<PlaceReport>();
    const c = await directCount(`i.district_id = ${ids.lpA}`);
    expect([district.summary.totalStudents, district.summary.paidStudents]).toEqual([c.total, c.paid]);
    expect(district.summary.paidPercentage).toBe('53.85');
    expectAddsUp(district);
  });

  it('keeps its rollups in step with consolidations, removals and scoped refreshes', async () => {
    const db = ctx.handle.db;
    await db.execute(sql.raw(`UPDATE institutions SET holders_consolidated_at = now() WHERE id = ${ids.s2}`));
    const removed = await db.execute(
      sql.raw(`SELECT n.id FROM inscriptions n WHERE n.institution_id = ${ids.s2} ORDER BY n.id LIMIT 2`),
    );
    await removeBeneficiaries(
      db,
      (removed as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id),
    );
    await refreshStatistics(db, { districtIds: [ids.lpA] });
    const report = (await get('admin', '/reports/national')).json<PlaceReport>();
    const direct = await directCount('true');
    expect([report.summary.totalStudents, report.summary.paidStudents]).toEqual([direct.total, direct.paid]);
    expect(report.dependencies.find((d) => d.name === 'CONVENIO')).toMatchObject({
      institutions: 1,
      consolidated: 1,
    });
    expectAddsUp(report);
    const district = (await get('admin', `/reports/districts/${ids.lpA}`)).json<PlaceReport>();
    const inDistrict = await directCount(`i.district_id = ${ids.lpA}`);
    expect([district.summary.totalStudents, district.summary.paidStudents]).toEqual([
      inDistrict.total,
      inDistrict.paid,
    ]);
  });

  it('formats money and percentages with 2 decimals and comma thousands', () => {
    expect(formatBOB(460_000_000)).toBe('460,000,000.00 Bs.');
    expect(formatCount(2_299_716)).toBe('2,299,716');
    expect(percentagePair(7, 13)).toEqual({ paid: '53.85', pending: '46.15' });
  });

  it('refuses places outside the caller scope', async () => {
    const otherDistrict = await get('distrito', `/reports/districts/${ids.lpB}`);
    expect(otherDistrict.statusCode).toBe(403);
    expect(otherDistrict.json().message).toBe(messages.outOfScope);
    expect((await get('distrito', '/reports/departments/2')).statusCode).toBe(403);
    expect((await get('depto', '/reports/departments/4')).statusCode).toBe(403);
    expect((await get('depto', `/reports/districts/${ids.oruro}`)).statusCode).toBe(403);
    expect((await get('depto', `/reports/districts/${ids.lpB}`)).statusCode).toBe(200);
    const national = await get('depto', '/reports/national');
    expect(national.statusCode).toBe(403);
    expect(national.json().message).toBe(reportMessages.nationalOnly);
    expect((await get('director', `/reports/institutions/${ids.s2}`)).statusCode).toBe(403);
    expect((await get('distrito', `/reports/institutions/${ids.s4}/students`)).statusCode).toBe(403);
  });

  it('resolves the user routes from the logged-in user, and refuses users without a place', async () => {
    expect((await get('distrito', '/reports/me/district')).json()).toEqual({
      level: 'district',
      id: ids.lpA,
      name: 'La Paz A',
    });
    expect((await get('depto', '/reports/me/department')).json()).toEqual({
      level: 'department',
      id: 2,
      name: 'La Paz',
    });
    const admin = await get('admin', '/reports/me/district');
    expect(admin.statusCode).toBe(404);
    expect(admin.json().message).toBe(trackingMessages.invalidUser);
    expect((await get('distrito', '/reports/me/department')).json().message).toBe(
      trackingMessages.invalidUser,
    );
  });

  it('downloads PDF and spreadsheet, and says there is no data for an empty place', async () => {
    const pdf = await get('ministerio', '/reports/national/document?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/reporte_nacional_\d{14}\.pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await get('depto', '/reports/departments/2/document?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const empty = await get('admin', `/reports/districts/${ids.empty}/document?format=pdf`);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(reportMessages.noData);
    expect((await get('admin', '/reports/national/document?format=doc')).statusCode).toBe(400);
  });
});

describe('institution report', () => {
  it('gives both pies, the level and course list, and scales the paid pie to 100', async () => {
    const res = await get('director', `/reports/institutions/${ids.s1}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.institution).toMatchObject({
      id: ids.s1,
      dependencyName: 'PUBLICA',
      areaName: 'URBANO',
      consolidated: true,
    });
    expect(body.gender).toEqual({ male: 6, female: 3 });
    expect(body.payment).toEqual({ paid: 5, notPaid: 4, total: 9, paidShare: 55.56, notPaidShare: 44.44 });
    expect(
      body.levels.map((l: { name: string; courses: Array<{ label: string; students: number }> }) => [
        l.name,
        l.courses.map((c) => `${c.label}:${c.students}`),
      ]),
    ).toEqual([
      ['Primaria', ['Primero - A:6']],
      ['Secundaria', ['Sexto - A:3']],
    ]);
    const cea = (await get('admin', `/reports/institutions/${ids.s3}`)).json();
    expect(cea.levels[0].courses.map((c: { label: string }) => c.label)).toEqual(['Tercero - A', 'CEA - A']);
  });

  it('pages Estado Cobro de Estudiantes, sorted, with bank only when paid', async () => {
    const first = (await get('admin', `/reports/institutions/${ids.s1}/students?page=1`)).json();
    expect(first.total).toBe(9);
    expect(first.items).toHaveLength(9);
    expect(first.items[0].rowNumber).toBe(1);
    expect(first.items.filter((r: { paid: boolean }) => r.paid)).toHaveLength(5);
    for (const r of first.items) expect(r.bank === null).toBe(!r.paid);
    expect(Object.keys(first.items[0]).sort()).toEqual([
      'bank',
      'blocked',
      'firstLastName',
      'gender',
      'name',
      'paid',
      'rowNumber',
      'rude',
      'secondLastName',
      'state',
      'stateLabel',
    ]);
    // 'paid' and the label are the one payment truth's, never a copy computed here.
    for (const r of first.items) {
      expect(countsAsPaid(r.state)).toBe(r.paid);
      expect(r.stateLabel).toBe(bonusStateLabels[r.state as BonusState]);
    }
    const special = (await get('admin', `/reports/institutions/${ids.s3}/students?page=1`)).json();
    expect(special.total).toBe(5);
  });

  it("marks a blocked student 'blocked' in Estado Cobro de Estudiantes, and not once unblocked", async () => {
    const items = async (): Promise<Array<{ rude: string; blocked: boolean }>> =>
      (await get('director', `/reports/institutions/${ids.s1}/students?page=1`)).json().items;
    const found = await ctx.handle.db.execute(
      sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = ${s1Primary[0]!}`,
    );
    const target = (found as unknown as { rows: Array<{ rude: string }> }).rows[0]!;
    await blockInscription(ctx.handle.db, s1Primary[0]!);
    const blocked = await items();
    expect(blocked.filter((r) => r.blocked).map((r) => r.rude)).toEqual([target.rude]);
    expect(blocked).toHaveLength(9);
    await unblockInscription(ctx.handle.db, s1Primary[0]!);
    expect((await items()).some((r) => r.blocked)).toBe(false);
  });

  it('lists the director schools and downloads the students report', async () => {
    expect(
      (await get('director', '/reports/institutions')).json().items.map((i: { id: number }) => i.id),
    ).toEqual([ids.s1]);
    expect((await get('admin', '/reports/institutions')).json().items).toEqual([]);
    const pdf = await get('director', `/reports/institutions/${ids.s1}/document?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const special = await get('admin', `/reports/institutions/${ids.s3}/document?format=xlsx`);
    expect(special.statusCode).toBe(200);
  });
});
