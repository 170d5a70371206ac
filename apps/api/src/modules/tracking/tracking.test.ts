import type { TrackingOverview, TrackingPage } from '@bjp/domain';
import { messages, trackingMessages } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingDocument } from '../../documents/reports/tracking-pdf.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeReportSchool } from '../../test/factories/reports.js';
import { makeDistrict, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const token = {} as Record<'admin' | 'depto' | 'distrito' | 'director', string>;
const ids = { lpA: 0, lpB: 0, oruro: 0, firstA: 0, special: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  ids.lpA = (await makeDistrict(db, { departmentId: 2, name: 'La Paz A' })).id;
  ids.lpB = (await makeDistrict(db, { departmentId: 2, name: 'La Paz B' })).id;
  ids.oruro = (await makeDistrict(db, { departmentId: 4, name: 'Oruro 1' })).id;
  // 12 schools in La Paz A (4 consolidated), 2 in La Paz B (one special), 1 in Oruro.
  for (let n = 0; n < 12; n++) {
    const school = await makeReportSchool(db, {
      districtId: ids.lpA,
      consolidated: n < 4,
      name: `Unidad Educativa ${String(n).padStart(2, '0')} Illimani`,
    });
    if (n === 0) ids.firstA = school.id;
  }
  await makeReportSchool(db, { districtId: ids.lpB, consolidated: true, name: 'Colegio Sorata' });
  ids.special = (
    await makeReportSchool(db, { districtId: ids.lpB, codeType: 4, name: 'Centro Especial Achacachi' })
  ).id;
  await makeReportSchool(db, { districtId: ids.oruro, name: 'Unidad Educativa Oruro' });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: ids.lpA });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [ids.firstA] });
  for (const name of ['admin', 'depto', 'distrito', 'director'] as const) {
    token[name] = (await loginAs(ctx.app, name, name === 'admin' ? 1 : 2)).token;
  }
});
afterAll(() => ctx.close());

const get = (who: keyof typeof token, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token[who]) });

describe('tracking', () => {
  it('counts Total, Concluidos and Pendientes for the place under the Gestión', async () => {
    const dept = (await get('admin', '/tracking/departments/2')).json<TrackingOverview>();
    expect(dept.place).toMatchObject({ level: 'department', id: 2, name: 'La Paz' });
    expect(dept.year).toBe(2025);
    expect(dept.counts).toEqual({ total: 14, concluded: 5, pending: 9 });
    expect(dept.subsystems).toEqual(['Especial', 'Regular']);
    expect(dept.districts.map((d) => d.name)).toEqual(['La Paz A', 'La Paz B']);
    const district = (await get('distrito', `/tracking/districts/${ids.lpA}`)).json<TrackingOverview>();
    expect(district.counts).toEqual({ total: 12, concluded: 4, pending: 8 });
    expect(district.districts).toEqual([]);
  });

  it('pages 10 a page and filters by status, code, name, district and subsystem on the server', async () => {
    const url = `/tracking/districts/${ids.lpA}/institutions`;
    const first = (await get('distrito', `${url}?page=1`)).json<TrackingPage>();
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    const second = (await get('distrito', `${url}?page=2`)).json<TrackingPage>();
    expect(second.items.map((r) => r.rowNumber)).toEqual([11, 12]);
    const pending = (await get('distrito', `${url}?status=PENDIENTE`)).json<TrackingPage>();
    expect(pending.total).toBe(8);
    expect(pending.items.every((r) => r.status === 'PENDIENTE')).toBe(true);
    const done = (await get('distrito', `${url}?status=CONCLUIDO`)).json<TrackingPage>();
    expect(done.total).toBe(4);
    expect(done.items[0]!.consolidatedAt).not.toBeNull();
    const byCode = (await get('distrito', `${url}?code=${ids.firstA}`)).json<TrackingPage>();
    expect(byCode.items.map((r) => r.institutionId)).toEqual([ids.firstA]);
    const byName = (await get('distrito', `${url}?name=05%20illi`)).json<TrackingPage>();
    expect(byName.items.map((r) => r.name)).toEqual(['Unidad Educativa 05 Illimani']);
    const deptUrl = '/tracking/departments/2/institutions';
    expect((await get('depto', `${deptUrl}?districtId=${ids.lpB}`)).json<TrackingPage>().total).toBe(2);
    const special = (await get('depto', `${deptUrl}?subsystem=Especial`)).json<TrackingPage>();
    expect(special.items.map((r) => [r.institutionId, r.districtName, r.subsystem])).toEqual([
      [ids.special, 'La Paz B', 'Especial'],
    ]);
    expect((await get('depto', `${deptUrl}?code=abc`)).json().message).toBe('Ingrese un código válido.');
  });

  it('answers the SIE level for one school', async () => {
    const res = (await get('depto', `/tracking/institutions/${ids.firstA}`)).json();
    expect(res.row).toMatchObject({
      institutionId: ids.firstA,
      status: 'CONCLUIDO',
      districtName: 'La Paz A',
    });
    expect(res.departmentName).toBe('La Paz');
  });

  it('keeps each user inside their place', async () => {
    const other = await get('distrito', `/tracking/districts/${ids.lpB}/institutions`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.outOfScope);
    expect((await get('distrito', '/tracking/departments/2')).statusCode).toBe(403);
    expect((await get('depto', '/tracking/departments/4/institutions')).statusCode).toBe(403);
    expect((await get('depto', `/tracking/districts/${ids.oruro}`)).statusCode).toBe(403);
    expect((await get('distrito', `/tracking/institutions/${ids.special}`)).statusCode).toBe(403);
    expect((await get('director', `/tracking/districts/${ids.lpA}`)).statusCode).toBe(403);
    expect((await get('admin', '/tracking/departments/12')).statusCode).toBe(404);
  });

  it('names the kind of place it did not find', async () => {
    for (const [url, message] of [
      ['/tracking/institutions/99999999', messages.unknownPlace.institution],
      ['/tracking/districts/99999', messages.unknownPlace.district],
      ['/tracking/departments/12', messages.unknownPlace.department],
    ] as const) {
      const res = await get('depto', url);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 404,
        message,
      });
    }
  });

  it('loads the user routes place from the session, or says Usuario no válido.', async () => {
    expect((await get('distrito', '/tracking/me/district')).json()).toMatchObject({
      level: 'district',
      id: ids.lpA,
      name: 'La Paz A',
    });
    expect((await get('depto', '/tracking/me/department')).json()).toMatchObject({
      level: 'department',
      id: 2,
    });
    for (const [who, level] of [
      ['admin', 'department'],
      ['depto', 'district'],
    ] as const) {
      const res = await get(who, `/tracking/me/${level}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(trackingMessages.invalidUser);
    }
  });

  it('prints the tracking report with the filters and the footer text of part 2 §9', async () => {
    const res = await get('depto', '/tracking/departments/2/report?status=PENDIENTE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = trackingDocument({
      place: { level: 'district', id: 1, name: 'X', departmentId: 2, departmentName: 'La Paz' },
      year: 2025,
      counts: { total: 0, concluded: 0, pending: 0 },
      rows: [],
      filtersLabel: '',
      printedAt: new Date('2025-11-20T16:05:00Z'),
    });
    expect(doc.pageOrientation).toBe('landscape');
    const footer = JSON.stringify((doc.footer as (p: number, c: number) => unknown)(2, 3));
    expect(footer).toContain(trackingMessages.reportFooter);
    expect(footer).toContain('Página 2 de 3');
    expect(footer).toContain('Fecha de impresión: 20/11/2025 12:05');
  });
});
