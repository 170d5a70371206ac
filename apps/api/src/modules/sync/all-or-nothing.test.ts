import type { PaymentSyncResult, SyncStepResult } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, syncBatches, syncCopyItems } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { controlSimulator, makeStudentsWithTitulars, movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, the Síntesis synchronisation: each daily step (consolidate the changes, send
 * them, take the synchronised copy) and the payment sync write several rows; the last one, the audit
 * row, is made to fail, and no table may keep the others. The bank is the simulator each test file
 * starts; after the failure the same step must still go through (Síntesis' side is idempotent).
 */
let ctx: TestContext;
let admin = '';
let inscriptionIds: number[] = [];

const run = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(admin) });
  return { status: res.statusCode, body: res.body, json: () => res.json<T>() };
};
const sintesis = (body: object, path?: string) =>
  controlSimulator(ctx.outside.endpoints.sintesis.url, body, path);

/** Runs `act` with the audit row of `action` failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (
  action: string,
  tables: string[],
  act: () => Promise<{ status: number; body?: unknown }>,
) => expectNothingWrittenWhenAuditFails(ctx.handle.db, action, tables, act);

beforeAll(async () => {
  // 20 Nov 2025, 16:00 in Bolivia.
  ctx = await createTestApp({ clock: movableClock('2025-11-20T20:00:00Z') });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  inscriptionIds = (
    await makeStudentsWithTitulars(db, {
      institutionId: school.id,
      students: [{}, {}, {}],
      titularAt: '2025-11-20T13:00:00Z',
    })
  ).inscriptionIds;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  await sintesis({ today: '2025-11-20' });
  await sintesis(
    {
      pagos: inscriptionIds.map((inscripcion, i) => ({
        inscripcion,
        pagado: true,
        fechaPago: `2025-10-2${i}`,
        banco: 'Banco Unión',
        modalidad: 'VENTANILLA',
      })),
    },
    '/control/pagos',
  );
});
afterAll(() => ctx.close());

describe('Sincronización Sintesis: each step’s last write failing leaves nothing', () => {
  it("step 1 'Consolidar modificaciones' (batch + its items + item count + audit)", async () => {
    await withFailingAudit('sync.consolidate', ['sync_batches', 'sync_batch_items'], () =>
      run('/sync/steps/consolidate'),
    );
    expect(await ctx.handle.db.select().from(syncBatches)).toHaveLength(0);
    const ok = await run<SyncStepResult>('/sync/steps/consolidate');
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json().batch.itemCount).toBe(3);
  });

  it("step 2 'Sincronizar Cambios Síntesis' (batch closed with the cut + audit), then a re-run succeeds", async () => {
    await withFailingAudit('sync.send', ['sync_batches'], () => run('/sync/steps/send'));
    const [batch] = await ctx.handle.db.select().from(syncBatches);
    expect(batch).toMatchObject({ isSendChange: false, cut: null });
    // Síntesis already closed the batch on its side: the re-run must still record the cut.
    const ok = await run<SyncStepResult>('/sync/steps/send');
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json().batch).toMatchObject({ isSendChange: true, cut: `C20251120-${batch!.id}` });
  });

  it("step 3 'Ejecuta Copia Sincronizada' (copy items + batch stamp + audit)", async () => {
    await withFailingAudit('sync.copy', ['sync_batches', 'sync_copy_items'], () => run('/sync/steps/copy'));
    expect(await ctx.handle.db.select().from(syncCopyItems)).toHaveLength(0);
    const ok = await run<SyncStepResult>('/sync/steps/copy');
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json().batch).toMatchObject({ isSendCopy: true, copyCount: 3 });
  });
});

describe("'Sincronizar Datos de Pago de Sintesis': the last write failing leaves nothing", () => {
  it('payments + statistics + run record + audit', async () => {
    await withFailingAudit('sync.payments', ['payment_ledger', 'payment_sync_runs'], () =>
      run('/sync/payments'),
    );
    expect(await ctx.handle.db.select().from(payments)).toHaveLength(0);
    const ok = await run<PaymentSyncResult>('/sync/payments');
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ beneficiaries: 3, received: 3, inserted: 3 });
    expect(await ctx.handle.db.select().from(payments)).toHaveLength(3);
  });
});
