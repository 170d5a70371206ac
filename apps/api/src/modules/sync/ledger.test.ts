import type { PaymentSyncResult } from '@bjp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLedger, payments } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { controlSimulator, makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

// The payment ledger (decision 047): the bank's records appended, corrections superseding, nothing lost.
let ctx: TestContext;
let admin: string;
let ids: number[] = [];

const run = async () => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/sync/payments', headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  return res.json<PaymentSyncResult>();
};
// The second student stays unpaid throughout.
const bank = (pagos: object[]) =>
  controlSimulator(
    ctx.outside.endpoints.sintesis.url,
    { pagos: [...pagos, { inscripcion: ids[1], pagado: false }] },
    '/control/pagos',
  );
const ledger = () => ctx.handle.db.select().from(paymentLedger).orderBy(asc(paymentLedger.id));
const failure = async (statement: string) => {
  try {
    await ctx.handle.db.execute(sql.raw(statement));
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
  return 'no error';
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 6 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  const made = await makeStudentsWithTitulars(db, { institutionId: school.id, students: [{}, {}] });
  ids = made.inscriptionIds;
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  await controlSimulator(ctx.outside.endpoints.sintesis.url, { today: '2025-11-20' });
  await bank([]);
});
afterAll(() => ctx.close());

describe('the payment ledger', () => {
  it('appends each record the sync brings, names its run, and adds nothing for an identical one', async () => {
    await bank([
      { inscripcion: ids[0], pagado: true, fechaPago: '2025-10-27', banco: 'BancoSol', modalidad: 'ABONO' },
    ]);
    const first = await run();
    expect(first).toMatchObject({ inserted: 1, updated: 0 });
    const entries = await ledger();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      inscriptionId: ids[0],
      sourceKind: 'sync',
      sourceId: first.runId,
      paidOn: '2025-10-27',
      bank: 'BancoSol',
      mode: 'ABONO',
      bankStatus: 'PAGADO',
      supersedesId: null,
    });
    expect(entries[0]!.rude).toBeTruthy();
    expect(await run()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await ledger()).toHaveLength(1);
  });

  it('keeps a corrected record beside its correction, which supersedes it; payments shows the correction', async () => {
    await bank([
      {
        inscripcion: ids[0],
        pagado: true,
        fechaPago: '2025-10-17',
        banco: 'Banco Unión',
        modalidad: 'VENTANILLA',
      },
    ]);
    const second = await run();
    expect(second).toMatchObject({ inserted: 0, updated: 1 });
    const entries = await ledger();
    expect(entries.map((e) => [e.paidOn, e.bank, e.sourceId])).toEqual([
      ['2025-10-27', 'BancoSol', entries[0]!.sourceId],
      ['2025-10-17', 'Banco Unión', second.runId],
    ]);
    expect(entries[1]!.supersedesId).toBe(entries[0]!.id);
    const current = await ctx.handle.db.select().from(payments).where(eq(payments.inscriptionId, ids[0]!));
    expect(current.map((p) => [p.paid, p.paidOn, p.bank, p.mode])).toEqual([
      [true, '2025-10-17', 'Banco Unión', 'VENTANILLA'],
    ]);
  });

  it("lists every entry in the student's Kardex, a correction as before → after with its source", async () => {
    const [first, second] = await ledger();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/kardex/students/${first!.rude}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ ledger: Array<Record<string, unknown>> }>().ledger;
    expect(entries.map((e) => [e.source, e.sourceId, e.before, e.after])).toEqual([
      [
        'sync',
        first!.sourceId,
        null,
        {
          paidOn: '2025-10-27',
          bank: 'BancoSol',
          mode: 'ABONO',
          amountBob: first!.amountBob,
          bankStatus: 'PAGADO',
        },
      ],
      [
        'sync',
        second!.sourceId,
        {
          paidOn: '2025-10-27',
          bank: 'BancoSol',
          mode: 'ABONO',
          amountBob: first!.amountBob,
          bankStatus: 'PAGADO',
        },
        {
          paidOn: '2025-10-17',
          bank: 'Banco Unión',
          mode: 'VENTANILLA',
          amountBob: second!.amountBob,
          bankStatus: 'PAGADO',
        },
      ],
    ]);
  });

  it('is append-only at the database level: UPDATE, DELETE and TRUNCATE are refused', async () => {
    expect(await failure(`UPDATE payment_ledger SET bank = 'Otro'`)).toContain('append-only');
    expect(await failure('DELETE FROM payment_ledger')).toContain('append-only');
    expect(await failure('TRUNCATE payment_ledger')).toContain('append-only');
    expect(await ledger()).toHaveLength(2);
  });

  it('allows one current entry per student: a second first entry or a second correction of one entry is refused', async () => {
    const [a, b] = await ledger();
    expect(
      await failure(
        `INSERT INTO payment_ledger (inscription_id, source_kind) VALUES (${a!.inscriptionId}, 'manual')`,
      ),
    ).toContain('payment_ledger_one_first');
    expect(
      await failure(
        `INSERT INTO payment_ledger (inscription_id, source_kind, supersedes_id) VALUES (${a!.inscriptionId}, 'manual', ${a!.id})`,
      ),
    ).toContain('payment_ledger_supersedes_once');
    expect(b!.supersedesId).toBe(a!.id);
  });

  it('turns a write to payments into ledger entries: a delete is an annulment, kept with the rest', async () => {
    await ctx.handle.db.execute(sql`DELETE FROM payments WHERE inscription_id = ${ids[0]}`);
    expect(await ctx.handle.db.select().from(payments)).toEqual([]);
    const entries = await ledger();
    expect(entries.map((e) => e.bankStatus)).toEqual(['PAGADO', 'PAGADO', 'ANULADO']);
    // The bank reporting it again is a new entry superseding the annulment.
    const third = await run();
    expect(third).toMatchObject({ inserted: 1, updated: 0 });
    const after = await ledger();
    expect(after).toHaveLength(4);
    expect(after[3]!.supersedesId).toBe(after[2]!.id);
    expect((await ctx.handle.db.select().from(payments)).map((p) => p.paidOn)).toEqual(['2025-10-17']);
  });
});
