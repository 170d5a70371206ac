import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inscriptions } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeCourseWithStudents, makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const laPaz = await makeDistrict(db, { departmentId: 2 });
  const oruro = await makeDistrict(db, { departmentId: 4 });
  const lpSchool = await makeSchool(db, { districtId: laPaz.id, consolidated: true });
  const lpSecond = await makeSchool(db, { districtId: laPaz.id });
  const orCentre = await makeSchool(db, { districtId: oruro.id, codeType: 4 });
  await makeCourseWithStudents(db, {
    institutionId: lpSchool.id,
    count: 6,
    paid: 4,
    paidOn: '2025-10-20',
    levelId: 12,
  });
  await makeCourseWithStudents(db, {
    institutionId: lpSecond.id,
    count: 3,
    paid: 1,
    paidOn: '2025-11-05',
    levelId: 13,
  });
  await makeCourseWithStudents(db, {
    institutionId: orCentre.id,
    count: 2,
    paid: 2,
    paidOn: '2025-11-10',
    levelId: 1,
    gradeId: 99,
  });
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(admin) });

describe('dashboard statistics', () => {
  it('counts total and paid students by department, all nine listed', async () => {
    const body = (await get('/api/v1/statistics/departments-paid')).json();
    expect(body.amountPerStudent).toBe(200);
    expect(body.rows).toHaveLength(9);
    expect(body.rows.find((r: { code: string }) => r.code === 'LP')).toMatchObject({
      depto: 'La Paz',
      total: 9,
      paid: 5,
    });
    expect(body.rows.find((r: { code: string }) => r.code === 'OR')).toMatchObject({ total: 2, paid: 2 });
    expect(body.rows.find((r: { code: string }) => r.code === 'PN')).toMatchObject({ total: 0, paid: 0 });
  });

  it('filters paid students by payment date, inclusive', async () => {
    const body = (await get('/api/v1/statistics/departments-paid?from=2025-11-01&to=2025-11-05')).json();
    expect(body.rows.find((r: { code: string }) => r.code === 'LP')).toMatchObject({ total: 9, paid: 1 });
    expect(body.rows.find((r: { code: string }) => r.code === 'OR')).toMatchObject({ paid: 0 });
  });

  it('refuses a reversed date range with a Spanish message', async () => {
    const res = await get('/api/v1/statistics/departments-paid?from=2025-11-10&to=2025-11-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La fecha final debe ser posterior a la inicial.');
  });

  it('counts paid students by education system with their totals', async () => {
    const body = (await get('/api/v1/statistics/systems')).json();
    expect(body).toEqual({
      special: 2,
      primary: 4,
      secondary: 1,
      totals: { special: 2, primary: 6, secondary: 3 },
    });
  });

  it('applies the payment-date range to the students by system; the totals stay (issue 16)', async () => {
    const november = (await get('/api/v1/statistics/systems?from=2025-11-01&to=2025-11-05')).json();
    expect(november).toEqual({
      special: 0,
      primary: 0,
      secondary: 1,
      totals: { special: 2, primary: 6, secondary: 3 },
    });
    const from = (await get('/api/v1/statistics/systems?from=2025-11-06')).json();
    expect(from).toMatchObject({ special: 2, primary: 0, secondary: 0 });
    const all = (await get('/api/v1/statistics/systems?from=2025-10-20&to=2025-11-10')).json();
    expect(all).toMatchObject({ special: 2, primary: 4, secondary: 1 });
    const reversed = await get('/api/v1/statistics/systems?from=2025-11-10&to=2025-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('La fecha final debe ser posterior a la inicial.');
  });

  it('counts institutions and consolidated ones by department', async () => {
    const body = (await get('/api/v1/statistics/institutions-completion')).json();
    expect(body.rows.find((r: { code: string }) => r.code === 'LP')).toMatchObject({
      total: 2,
      completed: 1,
    });
    expect(body.rows.find((r: { code: string }) => r.code === 'OR')).toMatchObject({
      total: 1,
      completed: 0,
    });
  });

  it('excludes removed beneficiaries once statistics are refreshed', async () => {
    const db = ctx.handle.db;
    const district = await makeDistrict(db, { departmentId: 9 });
    const school = await makeSchool(db, { districtId: district.id });
    const [first] = await makeCourseWithStudents(db, { institutionId: school.id, count: 2, paid: 1 });
    await db.update(inscriptions).set({ removedAt: new Date() }).where(eq(inscriptions.id, first!));
    await refreshStatistics(db);
    const body = (await get('/api/v1/statistics/departments-paid')).json();
    expect(body.rows.find((r: { code: string }) => r.code === 'PN')).toMatchObject({ total: 1, paid: 0 });
  });

  it('moves the date filter’s department-by-day rollup with each refresh', async () => {
    const db = ctx.handle.db;
    const district = await makeDistrict(db, { departmentId: 8 });
    const school = await makeSchool(db, { districtId: district.id });
    const paidIds = await makeCourseWithStudents(db, {
      institutionId: school.id,
      count: 3,
      paid: 3,
      paidOn: '2025-11-07',
    });
    const paidOnSeventh = async () =>
      (await get('/api/v1/statistics/departments-paid?from=2025-11-07&to=2025-11-07'))
        .json()
        .rows.find((r: { departmentId: number }) => r.departmentId === 8).paid;
    expect(await paidOnSeventh()).toBe(0);
    await refreshStatistics(db, { districtIds: [district.id] });
    expect(await paidOnSeventh()).toBe(3);
    await db.update(inscriptions).set({ removedAt: new Date() }).where(eq(inscriptions.id, paidIds[0]!));
    await refreshStatistics(db, { districtIds: [district.id] });
    expect(await paidOnSeventh()).toBe(2);
  });
});
