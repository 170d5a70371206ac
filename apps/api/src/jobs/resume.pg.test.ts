import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { paymentFor } from '../integrations/sintesis/payments.js';
import type { RunningSintesisSimulator } from '../integrations/sintesis/simulator.js';
import type { SyncJobStatus } from '../modules/sync/index.js';
import { controlSimulator } from '../test/factories/sync.js';
import {
  type Cluster,
  callInstance,
  type Instance,
  loginToInstance,
  startCluster,
} from '../test/instances.js';

/**
 * Issue 14: two real servers on one PostgreSQL database. A payment sync started on one runs once;
 * its progress is read from the other; the server running it is killed mid-way (SIGKILL) and the
 * job finishes on the survivor with nothing done twice: each payment once, one run recorded.
 */
let cluster: Cluster;
let handle: DatabaseHandle;
let sintesis: RunningSintesisSimulator;
let instances: Instance[] = [];

type Rows<T> = { rows: T[] };
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows[0]!;

beforeAll(async () => {
  cluster = await startCluster({
    prepare: (db) => db.db.execute(sql`DELETE FROM payments`).then(() => undefined),
    env: {
      SYNC_PAYMENT_PAGE_SIZE: '25',
      // A job whose server died is taken over once its lease (4 s, renewed every second) has run
      // out, not at pg-boss' expiry (an hour, the default); the run itself takes about 5 s.
      JOB_LEASE_SECONDS: '4',
      JOB_RETRY_LIMIT: '3',
    },
  });
  ({ handle, sintesis, instances } = cluster);
  // Every payment of the campaign exists; each page of the sync waits 400 ms for Síntesis.
  await controlSimulator(sintesis.url, { today: '2025-12-31', mode: 'slow', delayMs: 400 });
}, 180_000);

afterAll(() => cluster?.close());

describe('a payment sync job across two instances', () => {
  it('runs once, shows its progress anywhere and survives the death of the instance running it', async () => {
    const [a, b] = instances as [Instance, Instance];
    const tokens = {
      a: await loginToInstance(a, 'admin', 'Demo2025!', 1),
      b: await loginToInstance(b, 'admin', 'Demo2025!', 1),
    };
    const status = async (via: Instance) => {
      const res = await callInstance<SyncJobStatus>(
        via,
        'GET',
        `/sync/jobs/${jobId}`,
        via === a ? tokens.a : tokens.b,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    const started = await callInstance<{ jobId: string }>(a, 'POST', '/sync/payments/jobs', tokens.a);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const jobId = started.body.jobId;
    // The other instance refuses a second run while this one is unfinished.
    const second = await callInstance<{ message: string }>(b, 'POST', '/sync/payments/jobs', tokens.b);
    expect(second.status).toBe(409);
    // The refusal names the run in progress, so the page can follow it.
    expect(second.body).toMatchObject({
      message: 'Ya hay un proceso de sincronización en curso; espere a que termine.',
      details: { jobId },
    });

    // Whichever instance's worker took the job runs it; the other shows its progress.
    const worker = async () =>
      (await one<{ worker: string | null }>(sql`SELECT worker FROM job_progress WHERE id = ${jobId}`)).worker;
    await expect.poll(worker, { timeout: 20_000 }).toMatch(/:\d+$/);
    const runnerPid = Number((await worker())!.split(':').pop());
    const runner = instances.find((i) => i.pid === runnerPid)!;
    const other = runner === a ? b : a;
    expect(runner, `worker ${runnerPid}`).toBeDefined();
    await expect
      .poll(async () => (await status(other)).progress.done, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const midway = await status(other);
    expect(midway.state).toBe('running');
    expect(midway.progress.done).toBeLessThan(midway.progress.total);

    await runner.kill();
    instances.splice(instances.indexOf(runner), 1);
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM payments`)).toEqual({ n: 0 });

    await expect
      .poll(async () => (await status(other)).state, { timeout: 60_000, interval: 500 })
      .toBe('done');
    const done = await status(other);
    expect(done.progress.done).toBe(done.progress.total);

    // What Síntesis holds: the simulator's payments of this year's unremoved, unblocked beneficiaries.
    const beneficiaries = (
      (await handle.db.execute(sql`
        SELECT s.rude FROM inscriptions n
        JOIN students s ON s.id = n.student_id
        JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
        WHERE n.year = (SELECT year FROM programme_settings WHERE id = 1) AND n.removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = n.id AND b.unblocked_at IS NULL)`)) as unknown as Rows<{
        rude: string;
      }>
    ).rows;
    const expected = beneficiaries.filter((r) => paymentFor(r.rude, '2025-12-31')).length;
    expect(expected).toBeGreaterThan(100);
    expect(done.result).toMatchObject({ received: expected, inserted: expected, updated: 0 });
    expect(
      await one<{ n: number; distinct: number }>(
        sql`SELECT count(*)::int AS n, count(DISTINCT inscription_id)::int AS distinct FROM payments`,
      ),
    ).toEqual({ n: expected, distinct: expected });
    // One run recorded and audited: the killed attempt left nothing behind.
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM payment_sync_runs`)).toEqual({ n: 1 });
    expect(
      await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'sync.payments'`),
    ).toEqual({ n: 1 });
    expect(
      await one<{ attempts: number; worker: string }>(
        sql`SELECT attempts, worker FROM job_progress WHERE id = ${jobId}`,
      ),
    ).toMatchObject({ worker: expect.stringMatching(new RegExp(`:${other.pid}$`)) });
  }, 180_000);
});
