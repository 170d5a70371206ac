import type { PaymentSyncResult } from '@bjp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inscriptions, payments } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { SintesisError } from '../../integrations/sintesis/client.js';
import { paymentFor } from '../../integrations/sintesis/payments.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { controlSimulator, makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { syncPayments } from './payments.js';

let ctx: TestContext;
let admin: string;
let ids: number[] = [];
let rudes: string[] = [];

const run = () => ctx.app.inject({ method: 'POST', url: '/api/v1/sync/payments', headers: bearer(admin) });
const sintesis = (body: object, path?: string) =>
  controlSimulator(ctx.outside.endpoints.sintesis.url, body, path);
const paymentRows = () => ctx.handle.db.select().from(payments).orderBy(asc(payments.inscriptionId));
const paidInStats = async () => {
  const result = await ctx.handle.db.execute(
    sql`SELECT coalesce(sum(paid), 0)::int AS paid FROM stats_beneficiaries`,
  );
  return (result as unknown as { rows: Array<{ paid: number }> }).rows[0]!.paid;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 6 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  const made = await makeStudentsWithTitulars(db, {
    institutionId: school.id,
    students: [{}, {}, {}, {}, {}],
  });
  ids = made.inscriptionIds;
  rudes = made.rudes;
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  // Removed (baja) and blocked beneficiaries are left out of the sync.
  await db
    .update(inscriptions)
    .set({ removedAt: new Date('2025-11-10T12:00:00Z') })
    .where(eq(inscriptions.id, ids[3]!));
  const blocked = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/blocking/students/${rudes[4]}/block`,
    headers: bearer(admin),
    payload: { observation: 'Bloqueo antes del pago del bono' },
  });
  expect(blocked.statusCode).toBe(200);
  await sintesis({ today: '2025-11-20' });
  await sintesis(
    {
      pagos: [
        {
          inscripcion: ids[0],
          pagado: true,
          fechaPago: '2025-10-20',
          banco: 'Banco Unión',
          modalidad: 'VENTANILLA',
        },
        { inscripcion: ids[1], pagado: true, fechaPago: '2025-10-21', banco: 'BancoSol', modalidad: 'ABONO' },
        { inscripcion: ids[2], pagado: false },
        { inscripcion: ids[3], pagado: true, fechaPago: '2025-10-22' },
        { inscripcion: ids[4], pagado: true, fechaPago: '2025-10-23' },
      ],
    },
    '/control/pagos',
  );
});
afterAll(() => ctx.close());

describe('Síntesis payment records (simulator)', () => {
  it('are a deterministic function of the RUDE and exist only once their day has come', () => {
    let paid = 0;
    for (let i = 0; i < 2_000; i++) {
      const record = paymentFor(`4000${i}`, '2025-12-31');
      expect(record).toEqual(paymentFor(`4000${i}`, '2025-12-31'));
      if (!record) continue;
      paid++;
      expect(record.paidOn >= '2025-10-13' && record.paidOn <= '2025-11-21').toBe(true);
      expect(new Date(`${record.paidOn}T00:00:00Z`).getUTCDay()).not.toBe(0);
      expect(paymentFor(`4000${i}`, '2025-10-12')).toBeNull();
    }
    expect(paid).toBeGreaterThan(1_700);
    expect(paid).toBeLessThan(1_820);
  });
});

describe('Sincronizar Datos de Pago de Sintesis', () => {
  it('pulls the payments of the beneficiaries, leaving out removed and blocked ones, and refreshes the statistics', async () => {
    expect(await paidInStats()).toBe(0);
    const res = await run();
    expect(res.statusCode).toBe(200);
    expect(res.json<PaymentSyncResult>()).toMatchObject({
      beneficiaries: 3,
      received: 2,
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    expect((await paymentRows()).map((p) => [p.inscriptionId, p.paid, p.paidOn, p.bank, p.mode])).toEqual([
      [ids[0], true, '2025-10-20', 'Banco Unión', 'VENTANILLA'],
      [ids[1], true, '2025-10-21', 'BancoSol', 'ABONO'],
    ]);
    expect(await paidInStats()).toBe(2);
  });

  it('changes nothing when run a second time', async () => {
    const before = await paymentRows();
    const res = await run();
    expect(res.json<PaymentSyncResult>()).toMatchObject({
      received: 2,
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(res.json<PaymentSyncResult>().message).toBe(
      'Datos de pago sincronizados: 2 pagos leídos, 0 registros actualizados.',
    );
    expect(await paymentRows()).toEqual(before);
  });

  it('updates only what Síntesis reports differently', async () => {
    await sintesis(
      {
        pagos: [
          {
            inscripcion: ids[1],
            pagado: true,
            fechaPago: '2025-10-25',
            banco: 'BancoSol',
            modalidad: 'ABONO',
          },
        ],
      },
      '/control/pagos',
    );
    const res = await run();
    expect(res.json<PaymentSyncResult>()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect((await paymentRows())[1]!.paidOn).toBe('2025-10-25');
  });

  it('shows Síntesis’ message when it fails and changes nothing', async () => {
    await sintesis({ mode: 'fail' });
    const res = await run();
    await sintesis({ mode: 'normal' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'Error en el servicio Síntesis: Servicio Síntesis no disponible temporalmente.',
    );
  });

  it('rolls back pages already written when a later page fails', async () => {
    await sintesis(
      { pagos: [{ inscripcion: ids[2], pagado: true, fechaPago: '2025-11-02' }] },
      '/control/pagos',
    );
    const before = await paymentRows();
    const real = ctx.deps.integrations.sintesis;
    let calls = 0;
    const failing = {
      ...ctx.deps,
      integrations: {
        ...ctx.deps.integrations,
        sintesis: {
          ...real,
          queryPayments: async (page: Parameters<typeof real.queryPayments>[0]) => {
            if (++calls > 1) throw new SintesisError('Síntesis cortó la conexión.', false);
            return real.queryPayments(page);
          },
        },
      },
    };
    const actor = { id: 1 } as Parameters<typeof syncPayments>[1];
    await expect(syncPayments(failing, actor, { pageSize: 1 })).rejects.toMatchObject({
      message: 'Error en el servicio Síntesis: Síntesis cortó la conexión.',
    });
    expect(calls).toBe(2);
    expect(await paymentRows()).toEqual(before);
    const res = await run();
    expect(res.json<PaymentSyncResult>()).toMatchObject({ inserted: 1 });
  });
});
