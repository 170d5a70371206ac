import { fillMessage, type SyncStatus, type SyncStepResult, syncMessages } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobProgress } from '../../db/schema/index.js';
import { JOB_FAILED_MESSAGE } from '../../jobs/index.js';
import { fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { controlSimulator, makeStudentsWithTitulars, movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { changeGatherers } from './queries/gatherers.js';
import { type StepJobStatus, stepJobKinds } from './step-jobs.js';
import { takeCopy } from './steps.js';

/**
 * The three 'Sincronización Sintesis' steps as jobs: 202 with the job, its progress and result read
 * at GET /sync/steps/jobs/:id, one job per step and day (409), the result the synchronous step
 * gives, and a failure of the job's last write (its result, committed with the work) leaving nothing.
 */
let ctx: TestContext;
let admin = '';

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin) });
const sintesis = (body: object, path?: string) =>
  controlSimulator(ctx.outside.endpoints.sintesis.url, body, path);
const jobStatus = async (id: string) => {
  const res = await call('GET', `/sync/steps/jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StepJobStatus>();
};
const finished = async (id: string) => {
  await expect.poll(async () => (await jobStatus(id)).state, { timeout: 20_000 }).toMatch(/done|failed/);
  return jobStatus(id);
};
const start = async (step: 'consolidate' | 'send' | 'copy') => {
  const res = await call('POST', `/sync/steps/${step}/jobs`);
  expect(res.statusCode, res.body).toBe(202);
  return finished(res.json<{ jobId: string }>().jobId);
};
const today = async () => (await call('GET', '/sync/status')).json<SyncStatus>();

/** Every table but the jobs' own, whose row records the failed attempt. */
const data = async () => {
  const { job_progress: _, ...rest } = await fingerprint(ctx.handle.db);
  return rest;
};

/** Makes the job's last write fail: its result, committed in the step's transaction. */
async function failingCommit<T>(act: () => Promise<T>): Promise<T> {
  const db = ctx.handle.db;
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_fail_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'prueba: falla forzada del resultado'; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER test_fail_commit BEFORE UPDATE ON job_progress FOR EACH ROW
             WHEN (NEW.state = 'done') EXECUTE FUNCTION test_fail_commit()`),
  );
  try {
    return await act();
  } finally {
    await db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_commit ON job_progress'));
  }
}

/** The step's job with its last write failing: the job fails and no data table changed. */
async function nothingWhenCommitFails(step: 'consolidate' | 'send' | 'copy') {
  const before = await data();
  const failed = await failingCommit(() => start(step));
  expect(failed).toMatchObject({ state: 'failed', error: JOB_FAILED_MESSAGE });
  expect(await data()).toEqual(before);
}

beforeAll(async () => {
  // 20 Nov 2025, 16:00 in Bolivia.
  ctx = await createTestApp({ clock: movableClock('2025-11-20T20:00:00Z') });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 7 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  await makeStudentsWithTitulars(db, {
    institutionId: school.id,
    students: [{}, {}, {}],
    titularAt: '2025-11-20T13:00:00Z',
  });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  await sintesis({ today: '2025-11-20' });
});
afterAll(() => ctx.close());

describe("'Sincronización Sintesis' steps as jobs", () => {
  it("'Consolidar modificaciones': nothing when its last write fails; then the step's answer, gatherer by gatherer", async () => {
    await nothingWhenCommitFails('consolidate');
    const done = await start('consolidate');
    const n = changeGatherers.length;
    expect(done).toMatchObject({
      kind: stepJobKinds.consolidate,
      state: 'done',
      progress: { done: n, total: n },
    });
    expect(done.progress.message).toBe(`Reuniendo modificaciones: ${n} de ${n} fuentes de cambios.`);
    const status = await today();
    expect(done.result).toEqual({
      message: fillMessage(syncMessages.consolidated, { count: 3 }),
      batch: status.batch!,
    } satisfies SyncStepResult);
    expect(status.batch).toMatchObject({ isSend: true, itemCount: 3 });
  });

  it('refuses a second start of a step while its job (of any instance) is unfinished', async () => {
    const running = '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    await ctx.handle.db.insert(jobProgress).values({
      id: running,
      kind: stepJobKinds.send,
      singletonKey: `${stepJobKinds.send}:2025-11-20`,
      state: 'running',
    });
    const again = await call('POST', '/sync/steps/send/jobs');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: syncMessages.busy, details: { jobId: running } });
    expect((await jobStatus(running)).state).toBe('running');
    await ctx.handle.db.update(jobProgress).set({ state: 'failed' }).where(eq(jobProgress.id, running));
  });

  it("'Sincronizar Cambios Síntesis': nothing when its last write fails; then sent and closed with the cut", async () => {
    await nothingWhenCommitFails('send');
    const done = await start('send');
    const status = await today();
    expect(done).toMatchObject({ state: 'done', progress: { done: 3, total: 3 } });
    expect(done.progress.message).toBe('Enviando cambios a Síntesis: 3 de 3 registros.');
    expect(done.result).toEqual({
      message: fillMessage(syncMessages.sent, { count: 3, cut: status.batch!.cut! }),
      batch: status.batch,
    });
    expect(status.batch).toMatchObject({ isSendChange: true, cut: `C20251120-${status.batch!.id}` });
  });

  it("'Ejecuta Copia Sincronizada': nothing when its last write fails; then the copy is stored", async () => {
    await nothingWhenCommitFails('copy');
    const done = await start('copy');
    const status = await today();
    expect(done).toMatchObject({ state: 'done', progress: { done: 3, total: 3 } });
    expect(done.result).toEqual({
      message: fillMessage(syncMessages.copied, { count: 3 }),
      batch: status.batch,
    });
    expect(status.batch).toMatchObject({ isSendCopy: true, copyCount: 3 });
  });

  it('an attempt that finds its result committed by an earlier one returns it and writes nothing', async () => {
    const before = await data();
    const earlier = { message: 'de un intento anterior', batch: (await today()).batch! };
    const again = await takeCopy({
      deps: ctx.deps,
      user: { id: 1 },
      ip: null,
      job: {
        committed: async () => earlier,
        commit: async () => expect.fail('committed twice'),
        report: async () => undefined,
      },
    });
    expect(again).toEqual(earlier);
    expect(await data()).toEqual(before);
  });

  it('a step that cannot run today fails with its Spanish message', async () => {
    const refused = await start('consolidate');
    expect(refused).toMatchObject({ state: 'failed', error: syncMessages.changesClosed });
  });

  it('answers in Spanish for an id that is not one, and 404 for another kind of job', async () => {
    const bad = await call('GET', '/sync/steps/jobs/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Identificador de proceso no válido.');
    const payment = await call('POST', '/sync/payments/jobs');
    expect(payment.statusCode, payment.body).toBe(202);
    const other = await call('GET', `/sync/steps/jobs/${payment.json<{ jobId: string }>().jobId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No existe el proceso de sincronización indicado.');
  });
});
