import type { LastPaymentSync, PaymentSyncResult } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobProgress } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { controlSimulator, makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { PAYMENT_SYNC_JOB, type SyncJobStatus } from './jobs.js';

let ctx: TestContext;
let admin: string;
let ids: number[] = [];

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin) });
const sintesis = (body: object, path?: string) =>
  controlSimulator(ctx.outside.endpoints.sintesis.url, body, path);
const jobStatus = async (id: string) => {
  const res = await call('GET', `/sync/jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncJobStatus>();
};
const finished = async (id: string) => {
  await expect.poll(async () => (await jobStatus(id)).state, { timeout: 20_000 }).toMatch(/done|failed/);
  return jobStatus(id);
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 6 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  ids = (await makeStudentsWithTitulars(db, { institutionId: school.id, students: [{}, {}, {}] }))
    .inscriptionIds;
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  await sintesis({ today: '2025-11-20' });
  await sintesis(
    {
      pagos: [
        { inscripcion: ids[0], pagado: true, fechaPago: '2025-10-20' },
        { inscripcion: ids[1], pagado: true, fechaPago: '2025-10-21' },
        { inscripcion: ids[2], pagado: false },
      ],
    },
    '/control/pagos',
  );
});
afterAll(() => ctx.close());

describe('Sincronizar Datos de Pago de Sintesis as a job', () => {
  it('answers 202 with the job and reports its progress and result', async () => {
    expect((await call('GET', '/sync/payments/last')).json()).toEqual({ run: null });
    const res = await call('POST', '/sync/payments/jobs');
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished(res.json<{ jobId: string }>().jobId);
    expect(done).toMatchObject({
      state: 'done',
      progress: { done: 3, total: 3 },
      result: { beneficiaries: 3, received: 2, inserted: 2, updated: 0 } satisfies Partial<PaymentSyncResult>,
    });
    expect(done.progress.message).toBe('Consultando pagos en Síntesis: 3 de 3 beneficiarios.');
    const rows = await ctx.handle.db.execute(sql`SELECT count(*)::int AS n FROM payment_sync_runs`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    // The result panel that stays (issue 16): the last run's counts, when and by whom, after a reload.
    const last = (await call('GET', '/sync/payments/last')).json<LastPaymentSync>();
    expect(last.run).toMatchObject({ received: 2, inserted: 2, updated: 0, unchanged: 0, errors: 0 });
    expect(last.run!.by).toContain('admin');
    expect(last.run!.finishedAt).toBe('2025-11-20T14:00:00.000Z');
  });

  it('refuses a second start while a run (of any instance) is unfinished', async () => {
    // On PGlite every request waits for the running sync's transaction, so the other run is
    // written as another instance would leave it; resume.pg.test.ts races two real servers.
    const running = '0b8f3c1e-5f2a-4d0e-9a37-2c1d9e8f7a60';
    await ctx.handle.db.insert(jobProgress).values({
      id: running,
      kind: PAYMENT_SYNC_JOB,
      singletonKey: PAYMENT_SYNC_JOB,
      state: 'running',
    });
    const again = await call('POST', '/sync/payments/jobs');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya hay un proceso de sincronización en curso; espere a que termine.');
    expect((await jobStatus(running)).state).toBe('running');
    await ctx.handle.db.update(jobProgress).set({ state: 'failed' }).where(eq(jobProgress.id, running));
  });

  it('starts again once the previous run finished, and shows Síntesis’ message when it fails', async () => {
    await sintesis({ mode: 'fail' });
    const res = await call('POST', '/sync/payments/jobs');
    expect(res.statusCode, res.body).toBe(202);
    const failed = await finished(res.json<{ jobId: string }>().jobId);
    await sintesis({ mode: 'normal' });
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'Error en el servicio Síntesis: Servicio Síntesis no disponible temporalmente.',
    });
  });

  it('answers in Spanish for an id that is not one, and 404 for a job that does not exist', async () => {
    const bad = await call('GET', '/sync/jobs/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Identificador de proceso no válido.');
    const missing = await call('GET', '/sync/jobs/7b0e4a52-6d55-4c4e-9d87-8e3b1f0b4a11');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No existe el proceso de sincronización indicado.');
  });
});
