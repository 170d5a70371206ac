import {
  type DryRunResult,
  type ObservedRecordCounts,
  observedKindLabels,
  type PaymentSyncResult,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '../../db/rows.js';
import { programmeSettings } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { multipartPayload } from '../../test/factories/events.js';
import { controlSimulator, makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { runPaymentImport } from '../imports/index.js';

/**
 * The sync's and the import's results say how many of the records they wrote are observed, per kind
 * ('Pagos observados', decision 059). Titulars registered on 01/09, the year's payments from 01/10.
 */
let ctx: TestContext;
let admin: string;
let ids: number[] = [];
let rudes: string[] = [];
let amount = 0;

const sync = async () => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/sync/payments', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentSyncResult>();
};
const bank = (pagos: object[]) =>
  controlSimulator(ctx.outside.endpoints.sintesis.url, { pagos }, '/control/pagos');
const paid = (inscripcion: number, fechaPago: string) => ({
  inscripcion,
  pagado: true,
  fechaPago,
  banco: 'BancoSol',
  modalidad: 'ABONO',
});
const beforeStart: ObservedRecordCounts = [
  { kind: 'ANTES_DEL_INICIO', label: observedKindLabels.ANTES_DEL_INICIO, records: 1 },
];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  await db.update(programmeSettings).set({ calendarStart: '2025-10-01' });
  amount = Number(
    (await firstRow<{ a: number }>(db, sql`SELECT amount_per_student AS a FROM programme_settings`))!.a,
  );
  const district = await makeDistrict(db, { departmentId: 6 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  ({ inscriptionIds: ids, rudes } = await makeStudentsWithTitulars(db, {
    institutionId: school.id,
    students: [{}, {}, {}, {}],
    titularAt: '2025-09-01T12:00:00Z',
  }));
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  await controlSimulator(ctx.outside.endpoints.sintesis.url, { today: '2025-11-20' });
});
afterAll(() => ctx.close());

describe('observed records in the writers’ results', () => {
  it('the sync counts what it wrote per kind, and nothing on a run that changes nothing', async () => {
    // The last two students are left to the payment file.
    await bank([
      paid(ids[0]!, '2025-09-20'),
      paid(ids[1]!, '2025-10-27'),
      { inscripcion: ids[2], pagado: false },
      { inscripcion: ids[3], pagado: false },
    ]);
    const first = await sync();
    expect(first).toMatchObject({ inserted: 2, observed: beforeStart });
    expect((await sync()).observed).toEqual([]);
  });

  it('the import counts what it wrote per kind, not the sync’s records', async () => {
    const file = [
      'RUDE;MONTO;FECHA_PAGO;BANCO;AGENCIA;MODALIDAD',
      `${rudes[2]};${amount};15/09/2025;BANCO UNIÓN;CENTRAL;VENTANILLA`,
      `${rudes[3]};${amount};15/11/2025;BANCO UNIÓN;CENTRAL;VENTANILLA`,
    ].join('\r\n');
    const { payload, headers } = await multipartPayload({
      archivo: { bytes: Buffer.from(`${file}\r\n`, 'utf8'), filename: 'pagos.csv' },
    });
    const dry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/imports/payments/dry-run',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const result = await runPaymentImport(ctx.deps, {
      id: '00000000-0000-4000-8000-000000000000',
      data: { importId: dry.json<DryRunResult>().id },
      userId: 1,
      final: true,
      report: async () => undefined,
      committed: async () => null,
      commit: async () => undefined,
    });
    expect(result).toMatchObject({ written: 2, observed: beforeStart });
  });
});
