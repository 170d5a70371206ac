import type { PaymentDetailPage, PaymentGeneralSummary } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { giveTitulars, makeReportSchool } from '../../test/factories/reports.js';
import { makeCourseWithStudents, makeDistrict, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin = '';
let depto = '';
let carnets: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const laPaz = await makeDistrict(db, { departmentId: 2 });
  const beni = await makeDistrict(db, { departmentId: 8 });
  const lp = await makeReportSchool(db, { districtId: laPaz.id });
  const bn = await makeReportSchool(db, { districtId: beni.id });
  const lpIds = await makeCourseWithStudents(db, {
    institutionId: lp.id,
    count: 14,
    paid: 12,
    paidOn: '2025-10-20',
  });
  const bnIds = await makeCourseWithStudents(db, {
    institutionId: bn.id,
    count: 4,
    paid: 1,
    paidOn: '2025-11-05',
  });
  carnets = await giveTitulars(db, [...lpIds.slice(0, 3), bnIds[0]!], lp.id);
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  depto = (await loginAs(ctx.app, 'depto', 2)).token;
});
afterAll(() => ctx.close());

const get = (url: string, token = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

describe('Resumen General', () => {
  it('sums by department and by payment day from the summary tables', async () => {
    const body = (await get('/payments/summary')).json<PaymentGeneralSummary>();
    expect(body.departments).toHaveLength(9);
    expect(body.departments.find((d) => d.code === 'LP')).toMatchObject({
      totalStudents: 14,
      paidStudents: 12,
      paidPercentage: '85.71',
      paidAmount: 2400,
      totalAmount: 2800,
    });
    expect(body.departments.find((d) => d.code === 'BN')).toMatchObject({
      totalStudents: 4,
      paidStudents: 1,
      paidPercentage: '25.00',
    });
    expect(body.days).toEqual([
      { paidOn: '2025-10-20', paid: 12 },
      { paidOn: '2025-11-05', paid: 1 },
    ]);
    expect(body.totals).toEqual({ totalStudents: 18, paidStudents: 13, paidPercentage: '72.22' });
  });

  it('is for national users only', async () => {
    expect((await get('/payments/summary', depto)).statusCode).toBe(403);
    expect((await get('/payments', depto)).statusCode).toBe(403);
  });
});

describe('Detalle Pago', () => {
  it('pages payments newest first, 10 a page, with an exact count under the cap', async () => {
    const first = (await get('/payments?page=1')).json<PaymentDetailPage>();
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 13 });
    expect(first.items[0]).toMatchObject({ paidOn: '2025-11-05', departmentCode: 'BN' });
    // Paid by the bank, no teacher titular, no declaration: the one payment truth says PAGADO.
    expect(new Set(first.items.map((i) => i.state))).toEqual(new Set(['PAGADO']));
    expect((await get('/payments?page=2')).json<PaymentDetailPage>().items).toHaveLength(3);
  });

  it('searches by RUDE, titular CI, bank and dates', async () => {
    const all = (await get('/payments')).json<PaymentDetailPage>();
    const rude = all.items[3]!.rude;
    expect(
      (await get(`/payments?rude=${rude.toLowerCase()}`)).json<PaymentDetailPage>().items.map((r) => r.rude),
    ).toEqual([rude]);
    const byCi = (await get(`/payments?ci=${carnets[1]}`)).json<PaymentDetailPage>();
    expect(byCi.total).toBe(1);
    expect(byCi.items[0]).toMatchObject({
      titularCarnet: carnets[1],
      titular: `Condori Flores Titular ${carnets[1]}`,
    });
    expect((await get('/payments?bank=uni%C3%B3n')).json<PaymentDetailPage>().total).toBe(13);
    expect((await get('/payments?bank=Sol')).json<PaymentDetailPage>().total).toBe(0);
    expect((await get('/payments?from=2025-11-01&to=2025-11-30')).json<PaymentDetailPage>().total).toBe(1);
    const reversed = await get('/payments?from=2025-11-30&to=2025-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('La fecha final debe ser posterior a la inicial.');
  });
});
